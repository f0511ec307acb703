// /sessions/{id}: the product rule gives two readings of where a session opens (/session and
// /sessions/{id}); both work. This one makes the session current and shows the same screen.
// On the Pages Router like /session: it is the same screen with the same first load (119.9 kB
// gzip here, 169.1 kB when served from the App Router: src/pages/session.tsx has the
// measurement), the dashboard's Recent Sessions opens the screen through it, and
// one router keeps the screen one implementation (the never-hydrated header of _document, no tRPC
// in its first load). /sessions (the list) stays on the App Router: Next serves each path from its
// own router.
import type { GetServerSideProps } from 'next';
import { signedInOrRedirect, type SessionPageProps } from '@/features/session/guard.server';
import { SessionPage } from '@/features/session/SessionScreen';

type Props = SessionPageProps & { sessionId: string };

export const getServerSideProps: GetServerSideProps<Props> = async (context) => {
  const guard = await signedInOrRedirect(context);
  if ('redirect' in guard) return guard;
  const id = context.params?.id;
  return { props: { ...guard.props, sessionId: typeof id === 'string' ? id : '' } };
};

export default function SessionByIdPage({ sessionId, timeZone }: Props) {
  return <SessionPage sessionId={sessionId} timeZone={timeZone} />;
}

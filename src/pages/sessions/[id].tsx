// /sessions/{id}: the spec gives two readings of where a session opens (/session and
// /sessions/{id}); both work. This one makes the session current and shows the same screen.
// On the Pages Router like /session, for the same first-load budget (src/pages/session.tsx says
// why); /sessions (the list) stays on the App Router: Next serves each path from its own router.
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

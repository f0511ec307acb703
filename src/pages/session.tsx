// /session: the current focus session (src/features/session/SessionScreen.tsx).
//
// WHY THIS PAGE IS ON THE PAGES ROUTER (issue 10: /session first-load JavaScript < 120 kB gzip,
// measured by `npm run bench:frontend`, browser column). The App Router's own runtime (React DOM,
// Next's app router and the Flight client: rootMainFiles) is 128.8 kB gzip with Turbopack and
// 129.9 kB with webpack, so no App Router page can ever be under 120 kB. The Pages Router's
// runtime (framework + main + Turbopack runtime, with _buildManifest/_ssgManifest) is about
// 110.5 kB, which leaves this page about 9 kB of its own: the screen uses plain fetch instead of
// tRPC + TanStack Query, plain links instead of the router (a navigation between the two routers
// is a full page load anyway), and loads every dialog, the toasts and the rest after the page.
// /sessions/{id} (src/pages/sessions/[id].tsx) is here too, so the screen has one implementation.
import type { GetServerSideProps } from 'next';
import { signedInOrRedirect } from '@/features/session/guard.server';
import { SessionPage } from '@/features/session/SessionScreen';

export const getServerSideProps: GetServerSideProps = async (context) => (await signedInOrRedirect(context)) ?? { props: {} };

export default function CurrentSessionPage() {
  return <SessionPage />;
}

// /session: the current focus session (src/features/session/SessionScreen.tsx).
//
// WHY THIS PAGE IS ON THE PAGES ROUTER (issue 10: /session first-load JavaScript < 120 kB gzip,
// measured by `npm run bench:frontend`, browser column). The App Router's own runtime (React DOM,
// Next's app router and the Flight client: rootMainFiles) is 128.8-129.1 kB gzip with Turbopack and
// 129.9 kB with webpack, so no App Router page can ever be under 120 kB. The Pages Router's runtime
// (React DOM, Next's pages client, _app, the Turbopack runtime and the build manifests) is 112.5 kB
// in this build, which leaves this page about 7.5 kB of its own (it uses 7.3: 119.8 kB in all).
// To fit: plain fetch to the REST door instead of tRPC + TanStack Query; the app shell's header
// written by _document on the server and never hydrated; plain links instead of the router (a
// navigation between the two routers is a full page load anyway); the screen's styles and icons
// in CSS (src/features/session/session.css); and every dialog, the toasts, the keyboard shortcuts
// and the rest loaded after the page (src/features/session/SessionLater.tsx). Anything added to
// the screen's first load must be paid for: measure it.
// /sessions/{id} (src/pages/sessions/[id].tsx) is here too, so the screen has one implementation.
import type { GetServerSideProps } from 'next';
import { signedInOrRedirect, type SessionPageProps } from '@/features/session/guard.server';
import { SessionPage } from '@/features/session/SessionScreen';

export const getServerSideProps: GetServerSideProps<SessionPageProps> = signedInOrRedirect;

export default function CurrentSessionPage({ timeZone }: SessionPageProps) {
  return <SessionPage timeZone={timeZone} />;
}

// /session: the current focus session (src/features/session/SessionScreen.tsx).
//
// WHY THIS PAGE IS ON THE PAGES ROUTER: its first-load JavaScript must stay under 120 kB gzip
// (`npm run bench:frontend`, browser column), and no App Router page can be. Measured 2026-11-25
// on one production build (Next 16.4.6, Turbopack), then on a trial build that served this page
// and /sessions/{id} from the App Router instead: a route group whose server layout ran the same
// signed-in guard and wrote the same static header (ShellFrame), the page a server component
// rendering this same SessionPage (one client boundary), src/pages removed:
//   Pages Router (this file):           /session 119.9 kB, /sessions/{id} 119.9 kB (pass)
//   App Router trial:                   /session 169.1 kB, /sessions/{id} 169.1 kB (fail, +49.2)
//   App Router floors: the framework alone (rootMainFiles: React DOM, Next's app router, the
//   Flight client) 129.1 kB; with the root layout every App Router page loads (providers, toasts,
//   theme keeper, error reporter) 157.5 kB. Pages Router runtime: 112.6 kB.
// Time to interactive on the same bench (median of 5, cold cache): 1667 ms here, 3031 ms on the
// App Router (/dashboard in the same runs: 1099 and 1406 ms); the machine was busy (load average
// about 12 during the first run, 25 during the second, on 2 CPUs), so only the direction holds. Lighthouse mobile, median
// of 3, `npm run bench:lighthouse -- --routes=/session`: performance 0.44 here and 0.41 on the
// App Router, both within that load's noise; the unused JavaScript it reports was 114 and 76 kB.
// docs/architecture.md ("Two routers for pages") keeps the same figures.
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

'use client';
// The dashboard as an island hydrated after the page has loaded. What page.tsx (a server
// component) renders, with the state it prefetched.
//
// WHY: /dashboard's first-load JavaScript must stay under 150 kB gzip (`npm run bench:frontend`),
// and the App Router's own runtime (React DOM, the router, the Flight client) is about 129 kB of
// it. The typed API client with TanStack Query, the dashboard's queries, lists, dialogs and task
// actions did not fit in the 21 kB left. So all of it is one module, ./DashboardApp, and this
// boundary waits for the window's `load` event before asking for it:
// - on the server the lazy component resolves at once, so the whole dashboard (task list, stats,
//   sessions) is in the HTML and is the first paint, as before;
// - in the browser React leaves this Suspense boundary dehydrated (the server's HTML stays on
//   screen, untouched) until the code is there, then hydrates it in place: no flash, no shift;
// - until then the island is `inert` (./DashboardApp), so a click or key press on one of its
//   controls is refused visibly (no hover, no focus) instead of being swallowed; a test waiting
//   for the control to be actionable (Playwright) waits for it.
// On a client navigation to /dashboard the page has long loaded: only the module's fetch is left,
// and a pointer, finger or focus on a link to /dashboard starts it early (./PrefetchDashboard.tsx).
// The first server render after the server starts streams the island after the shell (React
// resolves the lazy module then); every later render has it in place in the HTML.
// Keep what is above this boundary still until it hydrates: a context value that changes there
// (a provider in a layout) before then makes React give up on the server's HTML and render the
// boundary on the client, blank until the code is there (e2e/dashboard-island.spec.ts checks
// that the server's elements are the ones kept).
// Measured 2026-11-25 on production builds (Next 16.4.6, Turbopack), gzip, `npm run
// bench:frontend` (manifest / browser column):
//   before (providers in the root layout, the dashboard hydrated with the page): 175.6 kB
//   this island + providers out of the root layout + the shell's Sign out loaded on click:
//   144.0 / 144.6 kB; with the notification stack loaded after the page too: 143.0 kB.
// The framework alone is 128.9 kB of it: whatever the dashboard adds to its first load must be
// paid for from the rest. docs/architecture.md ("The dashboard island") keeps the figures.
import type { DehydratedState } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { afterPageLoad } from '@/components/lazy';
import { prepareDateFormatting } from '@/lib/local-format';

// While the island's code is fetched, the platform's date formatting is set up in a task of its
// own (its first Intl.DateTimeFormat: ICU's data, src/lib/local-format.ts): the island's hydration
// draws the tasks' due dates and the sessions' times, and that set-up was most of its longest slice.
// The island renders only after it (e2e/dashboard-island.spec.ts). Not on the server: no page there.
const DashboardApp = lazy(() =>
  afterPageLoad()
    .then(() => {
      const code = import('./DashboardApp');
      if (typeof window === 'undefined') return code;
      return new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
        prepareDateFormatting();
        return code;
      });
    })
    .then((module) => ({ default: module.DashboardApp })),
);

/** `keptDate`: the day the Today card's "Keep anyway" was chosen for (its cookie, src/features/today/today-kept.ts). */
export function DashboardIsland({ state, keptDate }: { state: DehydratedState; keptDate: string | null }) {
  return (
    <Suspense>
      <DashboardApp state={state} keptDate={keptDate} />
    </Suspense>
  );
}

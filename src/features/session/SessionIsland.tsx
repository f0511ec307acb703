'use client';
// The focus session screen as an island hydrated after the page has loaded, the way the dashboard
// is (src/features/dashboard/DashboardIsland.tsx, docs/architecture.md "The islands"): the page
// (src/app/(app)/session/page.tsx, src/app/(app)/sessions/[id]/page.tsx) sits in the app shell of
// every signed-in page, and the screen's code — the typed API client with its query cache, the
// clock, the task panel, the controls — is one module (./SessionApp) asked for after the window's
// `load` event. The server renders the island's first state ("Opening your session…": the clock
// and the current session need the browser, its storage and its time); React leaves the boundary
// dehydrated until the code is there, then hydrates it in place and the screen draws.
import type { DehydratedState } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { afterPageLoad } from '@/components/lazy';
import './session.css';

const SessionApp = lazy(() =>
  afterPageLoad()
    .then(() => import('./SessionApp'))
    .then((module) => ({ default: module.SessionApp })),
);

/** `sessionId`: /sessions/{id} (omitted: /session, the tab's current session). `state`: what the server read. */
export function SessionIsland({ sessionId, state }: { sessionId?: string; state?: DehydratedState }) {
  return (
    <Suspense>
      <SessionApp sessionId={sessionId} state={state} />
    </Suspense>
  );
}

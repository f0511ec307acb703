'use client';
// The focus session screen as an island, the way the dashboard is
// (src/features/dashboard/DashboardIsland.tsx, docs/architecture.md "The islands"): the page
// (src/app/(app)/session/page.tsx, src/app/(app)/sessions/[id]/page.tsx) sits in the app shell of
// every signed-in page, and the screen's code — the typed API client with its query cache, the
// clock, the task panel, the controls — is one module (./SessionApp). The server renders the
// island's first state ("Opening your session…": the clock and the current session need the
// browser, its storage and its time); React leaves the boundary dehydrated until the code is
// there, then hydrates it in place and the screen draws.
//
// Unlike the dashboard's, this module is asked for as soon as this file runs in the browser, not
// after the window's `load` event: here the screen's largest paint (the clock) is drawn by that
// code, so waiting for `load` put one more round of requests in front of it. Fetched beside the
// page's own scripts, it saved that round: /sessions/{id} and /session drew the clock after two
// waves of requests instead of three (bench/results.md, "Lighthouse: the focus session's island").
import type { DehydratedState } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import './session.css';

const loadSessionApp = () => import('./SessionApp').then((module) => ({ default: module.SessionApp }));
/** Started at once in the browser (on the server the lazy component resolves during the render). */
const sessionApp = typeof window === 'undefined' ? null : loadSessionApp();
// A failed fetch (offline) is the lazy component's to report when it renders, not an unhandled rejection now.
sessionApp?.catch(() => {});

const SessionApp = lazy(() => sessionApp ?? loadSessionApp());

/** `sessionId`: /sessions/{id} (omitted: /session, the tab's current session). `state`: what the server read. */
export function SessionIsland({ sessionId, state }: { sessionId?: string; state?: DehydratedState }) {
  return (
    <Suspense>
      <SessionApp sessionId={sessionId} state={state} />
    </Suspense>
  );
}

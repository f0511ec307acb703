'use client';
// The focus session screen as an island, the way the dashboard is
// (src/features/dashboard/DashboardIsland.tsx, docs/architecture.md "The islands"): the page
// (src/app/(app)/session/page.tsx, src/app/(app)/sessions/[id]/page.tsx) sits in the app shell of
// every signed-in page, and the screen's code — the typed API client with its query cache, the
// clock, the task panel, the controls — is one module (./SessionApp). The server renders the
// island's first state (the clock's first frame, ./FirstFrame.tsx, whose time an inline script
// draws from the browser's storage and clock before the first paint; "Opening your session…"
// without a session read); the Suspense boundary makes React hydrate it after the page around
// it, in short slices, and the screen draws in its place.
//
// Unlike the dashboard's, the screen's code comes with the page's own scripts, not after the
// window's `load` event: here the largest paint (the clock) is drawn by that code, so fetching it
// after `load` put a third wave of requests in front of it (the page's scripts, then the island's,
// then the clock). Measured in bench/results.md ("Lighthouse: the focus session's island").
import type { DehydratedState } from '@tanstack/react-query';
import { Suspense } from 'react';
import type { FirstFrameData } from './first-frame-data';
import { SessionApp } from './SessionApp';
import './session.css';

/**
 * `sessionId`: /sessions/{id} (omitted: /session, the tab's current session). `state`: what the
 * server read. `firstFrame`: what the first frame shows (./first-frame-data.ts, drawn by ./FirstFrame.tsx until hydrated).
 */
export function SessionIsland({ sessionId, state, firstFrame }: { sessionId?: string; state?: DehydratedState; firstFrame?: FirstFrameData }) {
  return (
    <Suspense>
      <SessionApp sessionId={sessionId} state={state} firstFrame={firstFrame} />
    </Suspense>
  );
}

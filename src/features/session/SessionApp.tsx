'use client';
// The focus session's interactive code in one module, hydrated after the page around it (./SessionIsland says
// why): the typed API client and the query cache (with what the server read), the account's sync
// (AuthSync), the screen, and what follows it — the header's Mini timer, Full screen and Keep
// screen on (./HeaderExtras), and the phase-end push (./push).
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { InertUntilHydrated } from '@/components/InertUntilHydrated';
import { SignedInProviders } from '@/features/auth/SignedInProviders';
import { SessionHeaderExtras } from './HeaderExtras';
import type { FirstFrameData } from './first-frame-data';
import { PhaseEndPush } from './push';
import { SessionPage } from './SessionScreen';

export function SessionApp({ sessionId, state, firstFrame }: { sessionId?: string; state?: DehydratedState; firstFrame?: FirstFrameData }) {
  return (
    <InertUntilHydrated>
      <SignedInProviders>
        <HydrationBoundary state={state}>
          <SessionPage sessionId={sessionId} firstFrame={firstFrame} />
        </HydrationBoundary>
      </SignedInProviders>
      <SessionHeaderExtras />
      <PhaseEndPush />
    </InertUntilHydrated>
  );
}

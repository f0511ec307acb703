'use client';
// The dashboard's interactive code in one module, loaded after the page (./DashboardIsland says
// why): the typed API client and the query cache (seeded with what the server prefetched), the
// account's sync (AuthSync), and the dashboard itself.
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { Suspense } from 'react';
import { InertUntilHydrated } from '@/components/InertUntilHydrated';
import { SignedInProviders } from '@/features/auth/SignedInProviders';
import { Dashboard } from './Dashboard';

export function DashboardApp({ state, keptDate }: { state: DehydratedState; keptDate: string | null }) {
  return (
    <InertUntilHydrated>
      <SignedInProviders>
        <HydrationBoundary state={state}>
          {/* useSearchParams (?verified, ?task) needs a Suspense boundary. */}
          <Suspense>
            <Dashboard keptDate={keptDate} />
          </Suspense>
        </HydrationBoundary>
      </SignedInProviders>
    </InertUntilHydrated>
  );
}


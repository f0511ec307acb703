'use client';
// The dashboard's interactive code in one module, loaded after the page (./DashboardIsland says
// why): the typed API client and the query cache (seeded with what the server prefetched), the
// account's sync (AuthSync), and the dashboard itself.
import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { useHydrated } from '@/components/useHydrated';
import { SignedInProviders } from '@/features/auth/SignedInProviders';
import { Dashboard } from './Dashboard';

export function DashboardApp({ state }: { state: DehydratedState }) {
  return (
    <InertUntilHydrated>
      <SignedInProviders>
        <HydrationBoundary state={state}>
          {/* useSearchParams (?verified, ?task) needs a Suspense boundary. */}
          <Suspense>
            <Dashboard />
          </Suspense>
        </HydrationBoundary>
      </SignedInProviders>
    </InertUntilHydrated>
  );
}

/**
 * The server's HTML of the island is on screen before its code runs: `inert` until hydrated,
 * so that nobody clicks a button that does nothing. The server and the hydration render agree
 * ("not hydrated"), and React drops the attribute right after hydration. `display: contents`:
 * the wrapper changes no layout.
 */
function InertUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div className="contents" inert={!hydrated}>
      {children}
    </div>
  );
}

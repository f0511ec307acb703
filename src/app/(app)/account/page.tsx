// /account: the page lives in src/features/account. The person comes with the page, read on the
// server with the query the page polls (src/features/account/useMe.ts has the same key), so the
// sections are in the first HTML and hydrate in place.
import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AccountPage } from '@/features/account/AccountPage';
import { SignedInProviders } from '@/features/auth/SignedInProviders';
import { prefetchedState } from '@/trpc/server';

export const metadata: Metadata = { title: 'Account' };

export default async function Page() {
  const state = await prefetchedState((trpc, queryClient) => [queryClient.prefetchQuery(trpc.auth.me.queryOptions())]);
  return (
    <SignedInProviders>
      <HydrationBoundary state={state}>
        <Suspense>
          <AccountPage />
        </Suspense>
      </HydrationBoundary>
    </SignedInProviders>
  );
}

// /account: the page lives in src/features/account. The person comes with the page, read on the
// server with the query the page polls (src/features/account/useMe.ts has the same key), and so do
// the sections' lists, so the sections are in the first HTML and hydrate in place.
import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { HydratesApart } from '@/components/HydrateWhenNeeded';
import { AccountPage } from '@/features/account/AccountPage';
import { SignedInProviders } from '@/features/auth/SignedInProviders';
import { plusPricesByCountry } from '@/lib/pricing';
import { prefetchedState } from '@/trpc/server';

export const metadata: Metadata = { title: 'Account' };

export default async function Page() {
  // With it, the API tokens and connected apps (names, prefixes, dates), under the sections' own
  // keys: drawn in the first HTML, with no requests and renders of their own after `load`. Not the
  // calendar feed's secret URL nor the subscribed calendars' URLs: the worker keeps a page's HTML
  // for offline use (src/worker/sw.ts), and those are credentials, read by the browser only.
  const state = await prefetchedState((trpc, queryClient) => [
    queryClient.prefetchQuery(trpc.auth.me.queryOptions()),
    queryClient.prefetchQuery(trpc.user.listTokens.queryOptions()),
    queryClient.prefetchQuery(trpc.user.listConnectedApps.queryOptions()),
    // Whether Plus can be bought here (no secrets, no database): the Subscription section is whole
    // in the HTML, with no request, re-render and layout of its own after it hydrates.
    queryClient.prefetchQuery(trpc.billing.status.queryOptions()),
  ]);
  return (
    <SignedInProviders>
      <HydrationBoundary state={state}>
        {/* The page hydrates after the shell, in a commit of its own, and its HTML stays in place
            (an Activity: a Suspense boundary this size would be moved to the end of the HTML and
            revealed by a script; src/components/HydrateWhenNeeded.tsx). */}
        <HydratesApart>
          <AccountPage prices={plusPricesByCountry()} />
        </HydratesApart>
      </HydrationBoundary>
    </SignedInProviders>
  );
}

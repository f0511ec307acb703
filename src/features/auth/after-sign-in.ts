'use client';
// What happens in the browser once an account is signed in (sign-in and sign-up alike): the
// user goes into the query cache as `auth.me` (the answer carries it, so no second call), into
// local storage as the cached user (the public pages learn it from the server with their next render). After a
// sign-in, tasks and sessions are loaded too before the first app page shows,
// for verified accounts only: the app data of an unverified one is refused until verification.
import type { QueryClient } from '@tanstack/react-query';
import type { TUser } from '@/lib/schemas/user';
import { completedHistoryOptions, openTasksOptions, taskCountsOptions } from '@/features/dashboard/queries';
import { takeUpgradeIntent } from '@/lib/upgrade-intent';
import type { useTRPC } from '@/trpc/react';
import { browserStorage, cacheUser } from './session-sync';

type Trpc = ReturnType<typeof useTRPC>;

export function rememberSignedInUser(queryClient: QueryClient, trpc: Trpc, user: TUser): void {
  queryClient.setQueryData(trpc.auth.me.queryKey(), user);
  cacheUser(browserStorage('local'), user);
}

export async function preloadAppData(queryClient: QueryClient, trpc: Trpc, user: TUser): Promise<void> {
  if (!user.emailVerified) return;
  // prefetchQuery never throws: a failed preload just leaves the page to load it itself.
  await Promise.all([
    queryClient.prefetchQuery(openTasksOptions(trpc)),
    queryClient.prefetchQuery(taskCountsOptions(trpc)),
    queryClient.prefetchInfiniteQuery(completedHistoryOptions(trpc)),
    queryClient.prefetchQuery(trpc.session.list.queryOptions()),
  ]);
}

/**
 * The account page's address that finishes a Plus upgrade chosen on the landing page
 * (`/account?upgrade=plus&country=UK|USA`), reading and clearing the stored intent; null when
 * there is none.
 */
export function takeUpgradeDestination(): string | null {
  const storage = browserStorage('local');
  if (!storage) return null;
  const intent = takeUpgradeIntent(storage);
  return intent ? `/account?upgrade=${intent.plan}&country=${intent.country}` : null;
}

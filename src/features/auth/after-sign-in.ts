'use client';
// What happens in the browser once an account is signed in (sign-in and sign-up alike): the
// user goes into the query cache as `auth.me` (the answer carries it, so no second call), into
// local storage as the cached user (the public pages learn it from the server with their next render). After a
// sign-in, tasks and sessions are loaded too before the first app page shows,
// for verified accounts only: the app data of an unverified one is refused until verification.
// Loaded when a sign-in or sign-up form is first used, not with its page: the API client, the
// query cache and the dashboard's queries are not in /signin's and /signup's first load.
import type { QueryClient } from '@tanstack/react-query';
import type { TUser } from '@/lib/schemas/user';
import { completedHistoryOptions, openTasksOptions, taskCountsOptions } from '@/features/dashboard/queries';
import type { TSignInForm } from '@/lib/schemas/auth-forms';
import { getQueryClient, getTRPC, getTRPCClient, type useTRPC } from '@/trpc/react';
import { browserStorage, cacheUser } from './session-sync';

type Trpc = ReturnType<typeof useTRPC>;

export function rememberSignedInUser(queryClient: QueryClient, trpc: Trpc, user: TUser): void {
  queryClient.setQueryData(trpc.auth.me.queryKey(), user);
  cacheUser(browserStorage('local'), user);
}

async function preloadAppData(queryClient: QueryClient, trpc: Trpc, user: TUser): Promise<void> {
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
 * Signs in with the form's values (the query cache's running requests cancelled first), keeps
 * the user, and loads the app data; resolves once the person can be taken on. Rejects with the
 * API's error (a wrong password, a rate limit, the server or the network down).
 */
export async function signIn(values: TSignInForm): Promise<void> {
  const queryClient = getQueryClient();
  const trpc = getTRPC();
  await queryClient.cancelQueries();
  const { user } = await getTRPCClient().auth.signin.mutate(values);
  rememberSignedInUser(queryClient, trpc, user);
  await preloadAppData(queryClient, trpc, user);
}

// /dashboard: the signed-in home (src/features/dashboard).
import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Dashboard } from '@/features/dashboard/Dashboard';
import { completedHistoryOptions, openTasksOptions, taskCountsOptions } from '@/features/dashboard/queries';
import { prefetchedState } from '@/trpc/server';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  // The person, their tasks and sessions come with the page (the task list is the largest paint),
  // read with the very query options the dashboard uses so that the cache entries match.
  const state = await prefetchedState((trpc, queryClient) => [
    queryClient.prefetchQuery(trpc.auth.me.queryOptions()),
    queryClient.prefetchQuery(openTasksOptions(trpc)),
    queryClient.prefetchQuery(taskCountsOptions(trpc)),
    queryClient.prefetchInfiniteQuery(completedHistoryOptions(trpc)),
    queryClient.prefetchQuery(trpc.session.list.queryOptions()),
  ]);
  // useSearchParams (?verified, ?task) needs a Suspense boundary.
  return (
    <HydrationBoundary state={state}>
      <Suspense>
        <Dashboard />
      </Suspense>
    </HydrationBoundary>
  );
}

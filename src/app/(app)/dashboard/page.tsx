// /dashboard: the signed-in home (src/features/dashboard), an island hydrated after the page has
// loaded (src/features/dashboard/DashboardIsland.tsx says why).
import type { Metadata } from 'next';
import { DashboardIsland } from '@/features/dashboard/DashboardIsland';
import { completedHistoryOptions, openTasksOptions, taskCountsOptions } from '@/features/dashboard/queries';
import { prefetchedState } from '@/trpc/server';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  // The person, their tasks, sessions and day come with the page,
  // read with the very query options the dashboard uses so that the cache entries match.
  const state = await prefetchedState((trpc, queryClient) => [
    queryClient.prefetchQuery(trpc.auth.me.queryOptions()),
    queryClient.prefetchQuery(openTasksOptions(trpc)),
    queryClient.prefetchQuery(taskCountsOptions(trpc)),
    queryClient.prefetchInfiniteQuery(completedHistoryOptions(trpc)),
    queryClient.prefetchQuery(trpc.session.list.queryOptions()),
    // Today's words (src/features/today/TodaySummary.tsx) are the largest paint: in the HTML, not after a fetch.
    queryClient.prefetchQuery(trpc.today.get.queryOptions()),
  ]);
  return <DashboardIsland state={state} />;
}

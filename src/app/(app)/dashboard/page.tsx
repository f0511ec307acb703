// /dashboard: the signed-in home (src/features/dashboard), an island hydrated after the page has
// loaded (src/features/dashboard/DashboardIsland.tsx says why).
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { DashboardIsland } from '@/features/dashboard/DashboardIsland';
import { completedHistoryOptions, openTasksOptions, taskCountsOptions } from '@/features/dashboard/queries';
import { TODAY_KEPT_COOKIE } from '@/features/today/today-kept';
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
  // The Today card's "Keep anyway" for today, so its choices are drawn as the browser will draw them.
  const keptDate = (await cookies()).get(TODAY_KEPT_COOKIE)?.value ?? null;
  return <DashboardIsland state={state} keptDate={keptDate} />;
}

// The dashboard's task reads, shared with the sign-in preload so both fill the same cache
// entries: the open tasks (plain array), the counts, and the completed history one page at a
// time, newest first.
import { taskItems } from '@/lib/tasks';
import type { useTRPC } from '@/trpc/react';

type Trpc = ReturnType<typeof useTRPC>;

/** Completed tasks per page of the Completed list. */
const COMPLETED_PAGE = 20;

export const openTasksOptions = (trpc: Trpc) => trpc.task.list.queryOptions({ status: 'open' }, { select: taskItems });

export const taskCountsOptions = (trpc: Trpc) => trpc.task.counts.queryOptions();

export const completedHistoryOptions = (trpc: Trpc) =>
  trpc.task.list.infiniteQueryOptions(
    { status: 'completed', limit: COMPLETED_PAGE },
    { getNextPageParam: (page) => (Array.isArray(page) ? null : page.nextCursor) },
  );

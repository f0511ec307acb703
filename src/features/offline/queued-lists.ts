'use client';
// Writes kept offline shown over the page's own task lists: a page opened from the worker's copy
// (its lists as they were when it was kept) or whose list could not be read again shows the
// account's queued creations and completions (src/lib/offline-writes.ts's applyWrites, the rule
// the worker applies too) until they reach the server.
// Every signed-in page follows its lists with this module from idle time on (src/features/auth/AuthSync.tsx),
// so it stays small: the rule and the cache's list shapes (with zod's schemas and rrule behind them,
// about 200 kB) are fetched only when the worker has writes waiting. Loaded with it, they were one
// long task after `load` on every page (Lighthouse, bench/results.md "Pages: code on interaction").
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { TTaskOutput } from '@/lib/schemas/task';
import { askWorker, workerState } from './worker-client';

/** Asks the worker for the account's queued writes and shows them in every cached list under `listKey`. */
export async function showQueuedWrites(queryClient: QueryClient, listKey: QueryKey): Promise<void> {
  const answer = await askWorker({ type: 'pending' }, 2000);
  if (!answer.ok || !answer.writes?.length) return;
  const writes = answer.writes;
  const [{ changeCached }, { applyWrites }] = await Promise.all([import('@/features/tasks/useTaskMutations'), import('@/lib/offline-writes')]);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: listKey })) {
    // A list of open tasks drops what the writes completed, as the server's answer would.
    const open = isOpenList(query.queryKey);
    queryClient.setQueryData(query.queryKey, (old: unknown) =>
      changeCached(old, (tasks: TTaskOutput[]) => {
        const shown = applyWrites(tasks, writes);
        return open ? shown.filter((task) => !task.completed) : shown;
      }),
    );
  }
}

/** Whether a task list's query asks for open tasks only (tRPC's key: [path, { input, type }]). */
function isOpenList(queryKey: QueryKey): boolean {
  const input = (queryKey[1] as { input?: { status?: unknown } } | undefined)?.input;
  return input?.status === 'open';
}

/** Follows the query cache: a task list loaded, or failed to load, while writes wait gets them shown over it. */
export function followQueuedWrites(queryClient: QueryClient, listKey: QueryKey): () => void {
  void showQueuedWrites(queryClient, listKey);
  const prefix = JSON.stringify(listKey).slice(0, -1);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { action } = event;
    if ((action.type !== 'success' || action.manual) && action.type !== 'error') return;
    if (!JSON.stringify(event.query.queryKey).startsWith(prefix)) return;
    if (workerState().pending > 0 || !navigator.onLine) void showQueuedWrites(queryClient, listKey);
  });
}

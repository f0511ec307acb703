'use client';
// Completing, reopening and deleting a task, optimistically: the cached task
// lists change at once (a completed task leaves the Active list, a deleted parent takes its
// subtasks with it), the lists refresh from the server 400 ms later, and a failure puts the
// lists back and says so. Every cached task list (task.list with any filter) is updated, so
// the dashboard, the calendar and the session screen all react.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/Toast';
import { COMPLETION_REFRESH_MS, PLAN_LIMITS, STORAGE_KEYS } from '@/lib/constants';
import type { TTaskOutput } from '@/lib/schemas/task';
import { idsRemovedWith } from '@/lib/tasks';
import { newWriteKey, sendOrQueue } from '@/features/offline/offline-write';
import { useTRPC, useTRPCClient } from '@/trpc/react';

type Snapshot = [readonly unknown[], unknown][];

const SERIES_PAUSED_TITLE = 'Repeating task paused';
/** The gentle notice when a repeating task's next occurrence would pass the Free plan's task limit. */
function seriesPausedText(title: string): string {
  return `“${title}” is done. Its next one wasn't added: you've reached your limit of ${PLAN_LIMITS.free.tasks} tasks per month on the Free plan.`;
}

/** A cached task list: the plain array, one page, or the pages of an infinite (paged) list. */
type CachedList = TTaskOutput[] | { items: TTaskOutput[]; nextCursor: string | null } | { pages: unknown[]; pageParams: unknown[] };

export function changeCached(data: unknown, change: (tasks: TTaskOutput[]) => TTaskOutput[]): unknown {
  if (Array.isArray(data)) return change(data as TTaskOutput[]);
  if (data && typeof data === 'object' && 'items' in data && Array.isArray(data.items)) return { ...data, items: change(data.items as TTaskOutput[]) };
  if (data && typeof data === 'object' && 'pages' in data && Array.isArray(data.pages)) return { ...data, pages: data.pages.map((page) => changeCached(page, change)) };
  return data;
}

export interface TaskMutationCallbacks {
  /** Replaces the default destructive toast (the session screen shows its own dialog). */
  onError?: (error: unknown) => void;
  onSuccess?: (task?: TTaskOutput) => void;
}

export function useTaskMutations() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const listKey = trpc.task.list.pathKey();

  /** A task's title from the cached lists (the worker says it should a queued completion be refused). */
  function titleOf(id: string): string | undefined {
    for (const [, data] of queryClient.getQueriesData<CachedList>({ queryKey: listKey })) {
      let title: string | undefined;
      changeCached(data, (tasks) => {
        title ??= tasks.find((task) => task.id === id)?.title;
        return tasks;
      });
      if (title) return title;
    }
    return undefined;
  }

  async function applyOptimistic(change: (tasks: TTaskOutput[]) => TTaskOutput[]): Promise<Snapshot> {
    // In-flight queries are cancelled before any mutation starts, so a late
    // answer cannot overwrite the optimistic change.
    await queryClient.cancelQueries();
    const snapshot = queryClient.getQueriesData<CachedList>({ queryKey: listKey }) as Snapshot;
    queryClient.setQueriesData<CachedList>({ queryKey: listKey }, (old) => changeCached(old, change) as CachedList | undefined);
    return snapshot;
  }

  function rollback(snapshot: Snapshot | undefined) {
    for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
  }

  function refreshSoon() {
    setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: trpc.task.current.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.task.counts.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.session.tasks.pathKey() });
    }, COMPLETION_REFRESH_MS);
  }

  // Works offline: sent with an Idempotency-Key, or kept by the service worker until the network
  // is back (src/features/offline/offline-write.ts); never paused by the query client's own idea of online.
  const completeMutation = useMutation({
    mutationKey: trpc.task.complete.mutationKey(),
    networkMode: 'always',
    mutationFn: (input: { id: string; sessionId?: string }) =>
      sendOrQueue({ kind: 'complete', key: newWriteKey(), taskId: input.id, sessionId: input.sessionId, title: titleOf(input.id) }, (key) =>
        client.task.complete.mutate(input, { context: { idempotencyKey: key } }),
      ),
    onMutate: async (input) => {
      const completedAt = new Date().toISOString();
      const snapshot = await applyOptimistic((tasks) =>
        tasks.map((task) => (task.id === input.id ? { ...task, completed: true, completedAt, completedInSessionId: input.sessionId ?? null } : task)),
      );
      return { snapshot };
    },
    onError: (_error, _input, context) => rollback(context?.snapshot),
    onSuccess: () => cacheTasksLocally(queryClient, listKey),
    onSettled: refreshSoon,
  });

  const reopenMutation = useMutation(
    trpc.task.patch.mutationOptions({
      onMutate: async (input) => {
        const snapshot = await applyOptimistic((tasks) =>
          tasks.map((task) => (task.id === input.id ? { ...task, completed: false, completedAt: null, completedInSessionId: null } : task)),
        );
        return { snapshot };
      },
      onError: (_error, _input, context) => rollback(context?.snapshot),
      onSettled: refreshSoon,
    }),
  );

  const deleteMutation = useMutation(
    trpc.task.delete.mutationOptions({
      onMutate: async (input) => {
        const snapshot = await applyOptimistic((tasks) => {
          const gone = idsRemovedWith(tasks, input.id);
          return tasks.filter((task) => !gone.has(task.id));
        });
        return { snapshot };
      },
      onError: (_error, _input, context) => rollback(context?.snapshot),
      onSettled: refreshSoon,
    }),
  );

  return {
    complete(task: Pick<TTaskOutput, 'id'>, options: TaskMutationCallbacks & { sessionId?: string } = {}) {
      completeMutation.mutate(
        { id: task.id, sessionId: options.sessionId },
        {
          onSuccess: (done) => {
            // Completing always completes; at the plan's task limit a repeating task's series pauses.
            // (A completion kept offline by the worker answers nothing yet.)
            if (done && 'seriesPaused' in done && done.seriesPaused) toast({ title: SERIES_PAUSED_TITLE, description: seriesPausedText(done.title) });
            options.onSuccess?.(done ?? undefined);
          },
          onError: (error) => {
            if (options.onError) options.onError(error);
            else toast({ title: 'Failed to complete task', description: messageOf(error), variant: 'destructive' });
          },
        },
      );
    },
    reopen(task: Pick<TTaskOutput, 'id'>, options: TaskMutationCallbacks = {}) {
      reopenMutation.mutate(
        { id: task.id, completed: false, completedAt: null },
        {
          onSuccess: (done) => options.onSuccess?.(done),
          onError: (error) => {
            if (options.onError) options.onError(error);
            else toast({ title: 'Failed to mark task as incomplete', description: messageOf(error), variant: 'destructive' });
          },
        },
      );
    },
    remove(task: Pick<TTaskOutput, 'id'>, options: TaskMutationCallbacks = {}) {
      deleteMutation.mutate(
        { id: task.id },
        {
          onSuccess: () => {
            toast({ title: 'Task deleted successfully!' });
            options.onSuccess?.();
          },
          onError: (error) => {
            if (options.onError) options.onError(error);
            else toast({ title: 'Failed to delete task', description: messageOf(error), variant: 'destructive' });
          },
        },
      );
    },
    completing: completeMutation.isPending,
    reopening: reopenMutation.isPending,
    deleting: deleteMutation.isPending,
  };
}

/** Tasks are cached in local storage after a completion (cleared on sign-out). */
function cacheTasksLocally(queryClient: QueryClient, listKey: readonly unknown[]) {
  try {
    const all = queryClient
      .getQueriesData<TTaskOutput[]>({ queryKey: listKey })
      .map(([, data]) => data)
      .find((data) => Array.isArray(data));
    if (all) window.localStorage.setItem(STORAGE_KEYS.cachedTasks, JSON.stringify(all));
  } catch {
    // Storage full or blocked: the cache is a convenience only.
  }
}

/** The server's words for an error, when it gave any. */
export function messageOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) return error.message;
  return undefined;
}

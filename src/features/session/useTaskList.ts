'use client';
// The focus screen's open tasks (completed ones never show here): the dashboard's own query
// (src/features/dashboard/queries.ts, one cache entry for both pages), with what the screen does
// to it: a reload, in-flight loads cancelled before a change (a late answer cannot overwrite an
// optimistic change), and the optimistic change itself. A load that fails shows an empty list.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { openTasksOptions } from '@/features/dashboard/queries';
import { SYNCED_EVENT } from '@/features/offline/events';
import type { TTaskOutput } from '@/lib/schemas/task';
import { taskItems } from '@/lib/tasks';
import { useTRPC } from '@/trpc/react';

export interface TaskList {
  tasks: TTaskOutput[];
  pending: boolean;
  reload: () => void;
  cancel: () => void;
  change: (update: (tasks: TTaskOutput[]) => TTaskOutput[]) => void;
  /** The tasks as they are now (for code running after a change, before the next render). */
  latest: { current: TTaskOutput[] };
}

export function useTaskList(): TaskList {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = openTasksOptions(trpc);
  const { queryKey } = options;
  const query = useQuery(options);
  const tasks = useMemo(() => query.data ?? [], [query.data]);
  const latest = useRef(tasks);
  useEffect(() => {
    latest.current = tasks;
  });
  const cancel = useCallback(() => void queryClient.cancelQueries({ queryKey, exact: true }), [queryClient, queryKey]);
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey, exact: true }), [queryClient, queryKey]);
  const change = useCallback(
    (update: (tasks: TTaskOutput[]) => TTaskOutput[]) => {
      queryClient.setQueryData(queryKey, (data) => {
        const next = update(taskItems<TTaskOutput>(data));
        latest.current = next;
        return next;
      });
    },
    [queryClient, queryKey],
  );
  useEffect(() => {
    // Writes made offline reached the server (src/features/offline): show what it now holds.
    addEventListener(SYNCED_EVENT, reload);
    return () => removeEventListener(SYNCED_EVENT, reload);
  }, [reload]);
  return { tasks, pending: query.isPending, reload, cancel, change, latest };
}

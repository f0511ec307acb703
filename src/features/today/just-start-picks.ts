'use client';
// Where Just start gets its picks and writes its steps, online and offline, with the app's
// one plain-REST path (src/lib/api-fetch.ts) and its one offline path for task writes
// (src/features/offline/offline-write.ts). Online the server picks (GET /api/today/next); with no
// network the same rule runs on the open tasks the page has: the dashboard's list handed over
// with the tap (./just-start-handoff.ts), else the last copy kept in the service worker
// ("open-tasks", as the focus session keeps it). No AI call anywhere, so it works offline and on
// every plan. Ticked steps and focused time go through the app's one offline write path (its
// schemas: zod, the recurrence rules), which loads after the timer runs (`preloadStepWrites`),
// never before it.
import { apiQuery, apiRequest } from '@/lib/api-fetch';
import { pickFromTasks, type StarterPick } from '@/lib/just-start';
import type { TTaskOutput } from '@/lib/schemas/task';
import type { TNextOutput } from '@/lib/schemas/today';
import { taskItems } from '@/lib/tasks';
import { displayTimeZone } from '@/lib/time-zone';
import { askWorker, tellWorker } from '@/features/offline/worker-client';

/** The worker's copy of the open tasks (the focus session keeps the same one). */
const OPEN_TASKS_COPY = 'open-tasks';

/** Keeps `tasks` in the worker for opening Just start (or the session) with no network. */
export function keepOpenTasks(tasks: readonly TTaskOutput[]): void {
  tellWorker({ type: 'keep', name: OPEN_TASKS_COPY, data: tasks });
}

/** The open tasks this page can pick from without a network: `known` (the hand-off's), else the worker's copy. */
async function lastSyncedTasks(known: readonly TTaskOutput[] | null): Promise<TTaskOutput[]> {
  if (known) return [...known];
  const answer = await askWorker({ type: 'read', name: OPEN_TASKS_COPY }, 3000);
  return answer.ok ? taskItems(answer.data as TTaskOutput[] | { items: TTaskOutput[] } | undefined) : [];
}

/** The server's pick, skipping `skip`; offline (or no answer), the same rule on the last synced list. */
export async function fetchNext(skip: readonly string[], known: readonly TTaskOutput[] | null): Promise<StarterPick> {
  try {
    return await apiQuery<TNextOutput>(`/today/next${skip.length ? `?skip=${encodeURIComponent(skip.join(','))}` : ''}`);
  } catch {
    return pickFromTasks(await lastSyncedTasks(known), skip, new Date(), displayTimeZone());
  }
}

/** The open step after `done` of `task`: from the server, else from the last synced list. */
export async function followingStep(taskId: string, done: readonly string[], known: readonly TTaskOutput[] | null): Promise<{ title: string; id: string } | null> {
  const tasks = await apiQuery<TTaskOutput[] | { items: TTaskOutput[] }>('/tasks?status=open')
    .then(taskItems)
    .catch(() => lastSyncedTasks(known));
  const step = tasks.find((candidate) => candidate.parentTaskId === taskId && !candidate.completed && !done.includes(candidate.id));
  return step ? { title: step.title, id: step.id } : null;
}

/**
 * Ticks a step (a subtask) done: sent at once with an Idempotency-Key or, with no network, queued
 * in the service worker and written once when the network is back, as every completion is.
 */
export async function completeStep(step: { id: string; title: string }): Promise<unknown> {
  const { newWriteKey, sendOrQueue } = await preloadStepWrites();
  return sendOrQueue({ kind: 'complete', key: newWriteKey(), taskId: step.id, title: step.title }, (key) =>
    apiRequest('POST', `/tasks/${encodeURIComponent(step.id)}/complete`, {}, { headers: { 'idempotency-key': key } }),
  );
}

/** The offline write path's code, fetched once the timer runs (kept by the worker for offline use). */
export function preloadStepWrites() {
  return import('@/features/offline/offline-write');
}

/** The offline write path, once loaded. */
export type StepWrites = Awaited<ReturnType<typeof preloadStepWrites>>;

/**
 * Focused seconds written to the task (POST /api/tasks/{id}/focus) as a ticked step is: sent at
 * once with an Idempotency-Key or, with no network, queued in the service worker and written once
 * when the network is back (a replay of a write that did reach the server adds nothing).
 * `writes`, the offline path already loaded, lets a write as the page goes (`keepalive`, on
 * pagehide) leave at once; without it the write waits for the path to load.
 */
export function writeFocus(writes: StepWrites | null, task: { id: string; title: string }, seconds: number, keepalive: boolean): void {
  const send = ({ newWriteKey, sendOrQueue }: StepWrites) =>
    sendOrQueue({ kind: 'focus', key: newWriteKey(), taskId: task.id, seconds, title: task.title }, (key) =>
      apiRequest('POST', `/tasks/${encodeURIComponent(task.id)}/focus`, { seconds }, { keepalive, headers: { 'idempotency-key': key } }),
    );
  void (writes ? send(writes) : preloadStepWrites().then(send)).catch(() => {});
}

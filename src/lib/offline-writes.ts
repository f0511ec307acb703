// Task writes made without a network (a creation, a completion, focused time on a task), as the app hands them to the service worker
// (src/features/offline/offline-write.ts) and the worker keeps, shows and replays them
// (src/worker/sw.ts): one typed shape for both sides, built from the API's own schemas
// (src/lib/schemas/task.ts), so the queue can never fall behind the task's shape or its rules.
import './schemas/zod-config';
import * as z from 'zod';
import { TEMP_ID_PREFIX } from './offline-ids';
import { ZCreateTaskInput, ZId, ZRecordFocusInput, type TTaskOutput } from './schemas/task';

/** The Idempotency-Key every write goes out with, first try and replays alike (1-200 visible ASCII). */
const ZKey = z.string().regex(/^[\x21-\x7e]{1,200}$/);

/** A task's creation as the API reads it (before its defaults are applied). */
export type TCreateTaskInput = z.input<typeof ZCreateTaskInput>;

/** A write as the app asks for it: the create input as the API reads it, a completion, or focused seconds on a task. */
export const ZTaskWrite = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('create'), key: ZKey, input: ZCreateTaskInput }),
  z.object({ kind: z.literal('complete'), key: ZKey, taskId: ZId, sessionId: ZId.nullish(), title: z.string().max(1000).optional() }),
  z.object({ kind: z.literal('focus'), key: ZKey, taskId: ZId, seconds: ZRecordFocusInput.shape.seconds, title: z.string().max(1000).optional() }),
]);
export type TTaskWrite = z.input<typeof ZTaskWrite>;

/** A write kept on the device: whose it is, when it was made, and what it looks like until it is sent. */
export type QueuedWrite = z.output<typeof ZTaskWrite> & {
  /** The account that made it: it is sent only while that account is signed in here. */
  account: string;
  /** When it was made (ISO). */
  at: string;
  /** A creation's temporary id (TEMP_ID_PREFIX). */
  tempId?: string;
  /** The task's title, for the person's words if the server refuses it. */
  title?: string;
  /** IndexedDB's key: the order of the queue. */
  seq?: number;
};

/** The task a queued creation shows until the server answers: every field of the API's task. */
export function optimisticTask(write: QueuedWrite & { kind: 'create' }): TTaskOutput {
  const input = write.input;
  return {
    id: write.tempId ?? `${TEMP_ID_PREFIX}${write.key}`,
    title: input.title,
    description: input.description ?? null,
    importance: input.importance,
    difficulty: input.difficulty,
    dueDate: input.dueDate ?? null,
    completed: false,
    completedAt: null,
    createdAt: write.at,
    sessionId: input.sessionId ?? null,
    completedInSessionId: null,
    parentTaskId: input.parentTaskId ?? null,
    isAiGenerated: input.isAiGenerated,
    color: input.color ?? null,
    recurrence: input.recurrence ?? null,
    estimatedMinutes: input.estimatedMinutes ?? null,
    firstStep: input.firstStep ?? null,
    actualMinutes: 0,
    letGoAt: null,
  };
}

/**
 * A task list as it will be once `writes` (one account's, in order) reach the server. Focused
 * seconds leave it as it is: actualMinutes is the server's rounding of the task's whole sum, which
 * a part of it cannot tell; it shows once they are written.
 */
export function applyWrites(tasks: TTaskOutput[], writes: QueuedWrite[]): TTaskOutput[] {
  let list = tasks.slice();
  for (const write of writes) {
    if (write.kind === 'create') {
      const task = optimisticTask(write);
      if (!list.some((t) => t.id === task.id)) list.push(task);
    } else if (write.kind === 'complete') {
      list = list.map((task) =>
        task.id === write.taskId ? { ...task, completed: true, completedAt: write.at, completedInSessionId: write.sessionId ?? null } : task,
      );
    }
  }
  return list;
}

/** The REST call (docs/api-contract.md) that makes a queued write, once its task has its real id. */
export function restCallOf(write: QueuedWrite, realTaskId?: string): { path: string; body: unknown } {
  if (write.kind === 'create') return { path: '/api/tasks', body: write.input };
  if (write.kind === 'focus') return { path: `/api/tasks/${encodeURIComponent(realTaskId ?? write.taskId)}/focus`, body: { seconds: write.seconds } };
  return { path: `/api/tasks/${encodeURIComponent(realTaskId ?? write.taskId)}/complete`, body: write.sessionId ? { sessionId: write.sessionId } : {} };
}

/** Why a queued write on a task created offline was not kept: that task never reached the server. */
export function neverCreatedMessage(write: QueuedWrite): string {
  const title = `“${write.title ?? 'A task'}”`;
  return write.kind === 'focus' ? `The time focused on ${title} was not kept: the task was never created.` : `${title} could not be completed: it was never created.`;
}

/** Why a refused replay was not kept, in the person's words. */
export function refusalMessage(write: QueuedWrite, status: number, serverMessage: string | undefined): string {
  const title = `“${write.title ?? 'A task'}”`;
  if (status === 404) {
    if (write.kind === 'focus') return `${title} was deleted elsewhere, so the time focused on it was not kept.`;
    return write.kind === 'complete'
      ? `${title} was deleted elsewhere, so its completion was not kept.`
      : `${title} could not be created: its session was deleted elsewhere.`;
  }
  return `${title} could not be saved: ${serverMessage ?? `the server answered ${status}`}.`;
}

// ---------------------------------------------------------------- the page ↔ worker messages

/** What a page asks the worker (posted with a MessageChannel port for the answer where one is awaited). */
export const ZPageMessage = z.discriminatedUnion('type', [
  /** A page started (or came back online): the worker asks the server whose account this is. */
  z.object({ type: z.literal('hello') }),
  /** Queue this write for the signed-in account; answered with WorkerAnswer. */
  z.object({ type: z.literal('queue'), write: ZTaskWrite, account: z.string().nullish() }),
  /** This account's queued writes (to show them over a page's own copy of the lists). */
  z.object({ type: z.literal('pending') }),
  /** Send the queue now. */
  z.object({ type: z.literal('replay') }),
  /** The person signed out here: forget the account's copies on this device (answered when done). */
  z.object({ type: z.literal('signed-out') }),
  z.object({ type: z.literal('dismiss-conflict'), id: z.number() }),
  /** Keep this answer for the account, to open its screen offline (src/features/offline/offline-copies.ts). */
  z.object({ type: z.literal('keep'), name: z.string().min(1).max(200), data: z.unknown() }),
  /** The account's kept answer of that name; answered with WorkerAnswer's `data`. */
  z.object({ type: z.literal('read'), name: z.string().min(1).max(200) }),
  z.object({ type: z.literal('skip-waiting') }),
]);
export type PageMessage = z.input<typeof ZPageMessage>;

export type Conflict = { id: number; message: string };

/** The queue as a page shows it. */
export type QueueStatus = {
  /** The signed-in account's writes not yet answered by the server. */
  pending: number;
  /** Writes made by another account than the one signed in: kept, not sent. */
  held: number;
  conflicts: Conflict[];
};

/** What the worker tells the pages (every open one), unasked. */
export type WorkerEvent = { type: 'status'; status: QueueStatus } | { type: 'synced'; status: QueueStatus };

/** The worker's answer to a `queue`, `pending` or `signed-out` message. */
export type WorkerAnswer =
  | { ok: true; task?: TTaskOutput; writes?: QueuedWrite[]; data?: unknown }
  | { ok: false; message: string };

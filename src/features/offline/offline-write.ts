'use client';
// The one way a page writes a task that must also work offline (a creation, a completion or
// focused time, from the dashboard, the calendar, the focus session or Just start): sent at once with an Idempotency-Key;
// if the network is gone, handed to the service worker as a typed message (src/lib/offline-writes.ts)
// with the same key, kept there for the signed-in account and sent when the network is back.
// Writes behind queued ones, and completions of tasks created offline, join the queue so that
// the server sees them in order. The worker never reads a write off the wire.
import { isTempId } from '@/lib/offline-ids';
import type { TTaskWrite } from '@/lib/offline-writes';
import type { TTaskOutput } from '@/lib/schemas/task';
import { STORAGE_KEYS } from '@/lib/session-constants';
import { askWorker, markWritesWaiting, workerState } from './worker-client';

/** A fresh Idempotency-Key for one write (its first try and every replay share it). */
export const newWriteKey = (): string => crypto.randomUUID();

/** Whether `error` is the network being gone (fetch's TypeError, or a client error caused by one), not an answer. */
function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof TypeError) return true;
  }
  return false;
}

/** The signed-in account this browser remembers (the App Router pages keep it), to check the worker's. */
function rememberedAccount(): string | null {
  try {
    const user = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.cachedUser) ?? 'null') as { id?: unknown } | null;
    return typeof user?.id === 'string' ? user.id : null;
  } catch {
    return null;
  }
}

/** Refused by the worker (no account known here, or another one): the write was not kept. */
class NotKeptOffline extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotKeptOffline';
  }
}

/**
 * Sends `write` with `send(key)`; offline, queues it. Answers the server's answer, or (queued)
 * what the worker shows meanwhile: a creation's task with its temporary id, a completion's null.
 */
export async function sendOrQueue<T>(write: TTaskWrite, send: (idempotencyKey: string) => Promise<T>): Promise<T | TTaskOutput | null> {
  const inOrder = (write.kind !== 'create' && isTempId(write.taskId)) || workerState().pending > 0;
  if (!inOrder) {
    try {
      return await send(write.key);
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
    }
  }
  // Marked before it is kept: a reload at once already knows the server's list is not the whole story.
  markWritesWaiting(true);
  const answer = await askWorker({ type: 'queue', write, account: rememberedAccount() });
  if (!answer.ok) {
    markWritesWaiting(workerState().pending > 0);
    throw new NotKeptOffline(answer.message);
  }
  return answer.task ?? null;
}

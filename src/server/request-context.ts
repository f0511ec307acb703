// The request a piece of server code is running for, without threading it through every call:
// an AsyncLocalStorage scope opened by each door (REST, tRPC, next-auth, webhooks, jobs) so
// that every log line (src/server/log.ts) carries the request id, and the same id goes back to
// the caller in the X-Request-Id response header for support and error reports.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { processSingleton } from './process-singleton';

export const REQUEST_ID_HEADER = 'x-request-id';

type RequestScope = { requestId: string };

// One scope for the process: the door opens it, and the pages' server components (another copy
// of this module in Next's bundle) read it.
const storage = processSingleton('requestContext', () => new AsyncLocalStorage<RequestScope>());

/** An inbound X-Request-Id is kept when it is short and plain (set by a trusted proxy), else a new one. */
export function requestIdFrom(inbound: string | null | undefined): string {
  return inbound && /^[A-Za-z0-9._:-]{8,64}$/.test(inbound) ? inbound : randomUUID();
}

/** Runs `fn` with `requestId` as the current request's id (for logs and error reports). */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

/** The current request's id, or undefined outside a request (startup, tests). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** A fresh id for a run of a background job (e.g. `reminders-…`), so its log lines group together. */
export function jobRunId(job: string): string {
  return `${job}-${randomUUID()}`;
}

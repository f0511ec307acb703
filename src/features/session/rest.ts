// The focus session page's API client: plain `fetch` to the REST door (docs/api-contract.md), not tRPC and
// TanStack Query (about 17 kB gzip that the page's first load cannot afford; see
// src/pages/session.tsx). The session cookie goes along (same origin), and so does the browser's
// Origin header, which is what the server's cross-site check on every mutation reads
// (src/server/auth/origin.ts): nothing else is needed for CSRF. A 401 means the session ended
// (signed out elsewhere, password reset, account deleted): like AuthSync on the other pages,
// the tab goes to /signin?next=<this page> and comes back after signing in.
import type { TFocusSession } from '@/lib/schemas/session';
import type { TTaskOutput } from '@/lib/schemas/task';
import { leaveTo } from '@/features/auth/leave';

/** A failed call: the HTTP status and the server's words. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function call<T>(method: 'GET' | 'POST', path: string, options: { body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {}): Promise<T> {
  // A network failure rejects as fetch does: no caller shows its words (they show the product's).
  const response = await fetch(`/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const data = (await response.json().catch(() => null)) as { message?: unknown } | null;
  if (response.status === 401) {
    const here = `${window.location.pathname}${window.location.search}`;
    // The link only: the sign-in page follows `next` only when it is safe (safeNextPath in
    // src/features/auth/next-path.ts), so that check and its code stay out of this first load.
    leaveTo(`/signin?next=${encodeURIComponent(here).replace(/%2F/gi, '/')}`);
  }
  if (!response.ok) throw new ApiError(response.status, typeof data?.message === 'string' ? data.message : `Request failed (${response.status})`);
  return data as T;
}

export const getSession = (id: string) => call<TFocusSession>('GET', `/sessions/${encodeURIComponent(id)}`);
export const listTasks = (signal?: AbortSignal) => call<TTaskOutput[]>('GET', '/tasks?status=open', { signal });

// The focus session page's API calls: the app's typed REST helper (src/lib/api-fetch.ts) to the
// REST door (docs/api-contract.md), not tRPC and TanStack Query (about 17 kB gzip that the page's first load cannot afford; see
// src/pages/session.tsx). The session cookie goes along (same origin), and so does the browser's
// Origin header, which is what the server's cross-site check on every mutation reads
// (src/server/auth/origin.ts): nothing else is needed for CSRF. A 401 means the session ended
// (signed out elsewhere, password reset, account deleted): like AuthSync on the other pages,
// the tab goes to /signin?next=<this page> and comes back after signing in.
import type { TFocusSession } from '@/lib/schemas/session';
import type { TTaskOutput } from '@/lib/schemas/task';
import { leaveTo } from '@/features/auth/leave';
import { ApiError } from '@/lib/api-error';
import { apiQuery, apiRequest } from '@/lib/api-fetch';

export { ApiError };

/**
 * A call through the app's typed REST helper (src/lib/api-fetch.ts: failures are the one
 * ApiError, with the spec's texts). A 401 also sends the tab to sign in.
 */
export async function call<T>(method: 'GET' | 'POST', path: string, options: { body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {}): Promise<T> {
  try {
    return method === 'GET' ? await apiQuery<T>(path, { signal: options.signal, headers: options.headers }) : await apiRequest<T>(method, path, options.body, { signal: options.signal, headers: options.headers });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      const here = `${window.location.pathname}${window.location.search}`;
      // The link only: the sign-in page follows `next` only when it is safe (safeNextPath in
      // src/features/auth/next-path.ts), so that check and its code stay out of this first load.
      leaveTo(`/signin?next=${encodeURIComponent(here).replace(/%2F/gi, '/')}`);
    }
    throw error;
  }
}

export const getSession = (id: string) => call<TFocusSession>('GET', `/sessions/${encodeURIComponent(id)}`);
export const listTasks = (signal?: AbortSignal) => call<TTaskOutput[]>('GET', '/tasks?status=open', { signal });

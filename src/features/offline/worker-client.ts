'use client';
// The pages' side of the service worker (public/sw.js): registration, the update flow, the
// offline queue's status and its conflicts, as one small store that OfflineStatus shows. Loaded
// after the page (./LazyOfflineStatus and the session page's after-load code): a first load
// never carries it.

export type Conflict = { id: number; message: string };

export type WorkerState = {
  online: boolean;
  /** Writes made offline that the server has not yet answered. */
  pending: number;
  /** A new build's worker is installed and waits for "Reload". */
  updateReady: boolean;
  /** Writes the server refused on replay (a task deleted elsewhere), in the person's words. */
  conflicts: Conflict[];
  /** Writes made offline by another account than the one signed in now: kept, not sent, until it signs in again. */
  held: number;
};

import { STORAGE_KEYS } from '@/lib/session-constants';
import { SYNCED_EVENT } from './events';

let state: WorkerState = { online: true, pending: 0, updateReady: false, conflicts: [], held: 0 };
const listeners = new Set<() => void>();
function set(change: Partial<WorkerState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}
export const workerState = () => state;
export const subscribeWorker = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** Dismissed here and in the worker's store (other tabs follow). */
export function dismissConflict(id: number) {
  set({ conflicts: state.conflicts.filter((conflict) => conflict.id !== id) });
  navigator.serviceWorker?.controller?.postMessage({ type: 'dismiss-conflict', id });
}

let registration: ServiceWorkerRegistration | null = null;
let started = false;

/** Registers the worker once per page and follows it. */
export function startWorker() {
  if (started || typeof window === 'undefined') return;
  started = true;
  set({ online: navigator.onLine });
  const replay = () => navigator.serviceWorker?.controller?.postMessage({ type: 'replay' });
  window.addEventListener('online', () => {
    set({ online: true });
    replay();
  });
  window.addEventListener('offline', () => set({ online: false }));
  if (!('serviceWorker' in navigator)) return;

  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; pending?: number; held?: number; conflicts?: Conflict[] }>) => {
    const data = event.data ?? {};
    if (data.type === 'queued' || data.type === 'status') set({ pending: data.pending ?? 0 });
    if (data.held !== undefined) set({ held: data.held });
    if (data.conflicts) set({ conflicts: data.conflicts });
    if (data.type === 'synced' || data.type === 'conflicts') window.dispatchEvent(new Event(SYNCED_EVENT));
    if (data.type === 'synced') set({ pending: 0 });
  });

  void navigator.serviceWorker
    .register('/sw.js', { scope: '/', updateViaCache: 'none' })
    .then((reg) => {
      registration = reg;
      const watch = (worker: ServiceWorker | null) => {
        if (!worker) return;
        const check = () => {
          // Installed while a worker already controls this page: a new build is waiting.
          if (worker.state === 'installed' && navigator.serviceWorker.controller) set({ updateReady: true });
        };
        check();
        worker.addEventListener('statechange', check);
      };
      if (reg.waiting && navigator.serviceWorker.controller) set({ updateReady: true });
      watch(reg.installing);
      reg.addEventListener('updatefound', () => watch(reg.installing));
      // A tab left open for days still learns of a deploy when it comes back into view.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void reg.update().catch(() => undefined);
      });
      // Signed in (the signed-in pages keep the account in local storage): the worker asks the
      // server whose account it is, to stamp writes made offline with it. Not asked from the
      // public pages, where the answer would only be a 401.
      let signedIn = false;
      try {
        signedIn = window.localStorage.getItem(STORAGE_KEYS.cachedUser) !== null;
      } catch {
        // no storage: the worker keeps what it knew
      }
      navigator.serviceWorker.controller?.postMessage({ type: 'status', signedIn });
      if (navigator.onLine) replay();
    })
    .catch(() => undefined);
}

/** "Reload": the waiting worker takes over, then the page loads the new build. */
export function reloadToUpdate() {
  const waiting = registration?.waiting;
  if (!waiting) {
    window.location.reload();
    return;
  }
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  waiting.postMessage({ type: 'skip-waiting' });
}

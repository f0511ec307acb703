'use client';
// The pages' side of the service worker (src/worker/sw.ts, served at /sw.js): registration, the
// update flow, the offline queue's status and its conflicts, as one small store that
// OfflineStatus shows, and the typed messages a page sends it (src/lib/offline-writes.ts).
// Loaded after the page (./LazyOfflineStatus and the session page's after-load code): a first
// load never carries it.
import type { Conflict, PageMessage, WorkerAnswer, WorkerEvent } from '@/lib/offline-writes';
import { STORAGE_KEYS } from '@/lib/session-constants';
import { SYNCED_EVENT } from './events';

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

/** The worker that answers this page's messages (the controller, else the active one). */
async function activeWorker(): Promise<ServiceWorker | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  if (navigator.serviceWorker.controller) return navigator.serviceWorker.controller;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration?.active ?? null;
}

/** Posts a message to the worker without waiting for an answer. */
export function tellWorker(message: PageMessage): void {
  void activeWorker().then((worker) => worker?.postMessage(message));
}

/** Posts a message and waits for the worker's answer (at most `waitMs`; no worker: not ok). */
export async function askWorker(message: PageMessage, waitMs = 5000): Promise<WorkerAnswer> {
  const worker = await activeWorker();
  if (!worker) return { ok: false, message: 'No service worker' };
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve({ ok: false, message: 'The service worker did not answer' }), waitMs);
    channel.port1.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/** Dismissed here and in the worker's store (other tabs follow). */
export function dismissConflict(id: number) {
  set({ conflicts: state.conflicts.filter((conflict) => conflict.id !== id) });
  tellWorker({ type: 'dismiss-conflict', id });
}

/**
 * Kept in local storage while this account's writes wait in the worker: the focus screen's first
 * frame (src/features/session/first-frame.ts), drawn before any of the page's code, reads it to
 * leave the server's choice of the current task out (the screen shows those writes over it).
 */
export function markWritesWaiting(waiting: boolean) {
  try {
    if (waiting) window.localStorage.setItem(STORAGE_KEYS.offlineWritesWaiting, '1');
    else window.localStorage.removeItem(STORAGE_KEYS.offlineWritesWaiting);
  } catch {
    // Storage blocked: the first frame cannot read it either.
  }
}

/** Whether this account's writes wait in the worker, as the last status or queued write left it marked. */
export function writesWaiting(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.offlineWritesWaiting) !== null;
  } catch {
    return false;
  }
}

let registration: ServiceWorkerRegistration | null = null;
let started = false;

/** Registers the worker once per page and follows it. */
export function startWorker() {
  if (started || typeof window === 'undefined') return;
  started = true;
  set({ online: navigator.onLine });
  window.addEventListener('online', () => {
    set({ online: true });
    // Whose account it is may have changed while offline; then the queue goes out.
    tellWorker({ type: 'hello' });
  });
  window.addEventListener('offline', () => set({ online: false }));
  if (!('serviceWorker' in navigator)) return;

  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerEvent>) => {
    const data = event.data;
    if (!data || (data.type !== 'status' && data.type !== 'synced')) return;
    set({ pending: data.status.pending, held: data.status.held, conflicts: data.status.conflicts });
    markWritesWaiting(data.status.pending > 0);
    if (data.type === 'synced') window.dispatchEvent(new Event(SYNCED_EVENT));
  });
  // The first worker takes this page over once installed: then it learns whose page it is.
  navigator.serviceWorker.addEventListener('controllerchange', () => tellWorker({ type: 'hello' }));

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
      // The worker asks the server whose page this is (it keeps this account's copies and
      // stamps writes made offline with it), answers the queue's status and sends what waits.
      if (navigator.serviceWorker.controller) tellWorker({ type: 'hello' });
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
  waiting.postMessage({ type: 'skip-waiting' } satisfies PageMessage);
}

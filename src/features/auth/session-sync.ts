// Signing out in the browser: the cached tasks, sessions and user are
// cleared from browser storage, and every other open tab hears about it twice over: a message
// on the 'onething-auth' BroadcastChannel, and the `storage` event of the cached user's removal
// (which also reaches browsers without BroadcastChannel). Either one sends that tab to /signin.
// The service worker forgets the account's offline copies too.
import { STORAGE_KEYS } from '@/lib/constants';
import type { PageMessage } from '@/lib/offline-writes';
import { forgetTodayKept } from '@/features/today/today-kept';

export const AUTH_CHANNEL = 'onething-auth';
type AuthMessage = { type: 'signed-out' };
const SIGNED_OUT: AuthMessage = { type: 'signed-out' };

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** Cached account data in local storage: removed on sign-out. */
const CACHED_ACCOUNT_KEYS = [STORAGE_KEYS.cachedTasks, STORAGE_KEYS.cachedSessions, STORAGE_KEYS.cachedUser] as const;

/** Keys of `storage` that start with `prefix`. */
function keysWithPrefix(storage: StorageLike, prefix: string): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

/**
 * Removes what belongs to the signed-out account (a shared computer must not show the next
 * person anything of it): the cached tasks, sessions and user (local storage; the user last,
 * since its removal is what other tabs listen for), every focus session's clock state (its
 * start time, pauses and phase, kept per session id in local storage), and this tab's current
 * focus session and its configuration (session storage). Theme, cookie choice, region and an
 * upgrade intent are the device's, not the account's, and stay.
 */
export function clearAccountStorage(local: StorageLike | null, session: StorageLike | null): void {
  const clockPrefix = STORAGE_KEYS.sessionStart('');
  if (local) {
    for (const key of keysWithPrefix(local, clockPrefix)) local.removeItem(key);
    for (const key of CACHED_ACCOUNT_KEYS) local.removeItem(key);
  }
  if (session) {
    session.removeItem(STORAGE_KEYS.currentSessionId);
    session.removeItem(STORAGE_KEYS.sessionConfig);
    for (const key of keysWithPrefix(session, clockPrefix)) session.removeItem(key);
  }
}

/**
 * Forgets the signed-in account's data in this browser's storage and tells the other tabs (a
 * message on the channel; the cached user's removal is the `storage` event). The sign-out of the
 * App Router pages (useSignOut, which also clears its query cache) and of the focus session page
 * (src/features/session/sign-out.ts) both use it.
 */
export function forgetAccountStorage(): void {
  clearAccountStorage(browserStorage('local'), browserStorage('session'));
  forgetTodayKept();
  forgetAccountInWorker();
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.postMessage(SIGNED_OUT);
    channel.close();
  }
}

/**
 * The service worker forgets the account's copies on this device (its pages, task lists and
 * sessions; src/worker/sw.ts), posted at once so that it leaves before the page does.
 */
function forgetAccountInWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const message = { type: 'signed-out' } satisfies PageMessage;
  if (navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage(message);
  else void navigator.serviceWorker.getRegistration().then((registration) => registration?.active?.postMessage(message));
}

/** Whether a `storage` event from another tab means that tab signed out. */
export function isSignOutStorageEvent(event: { key: string | null; newValue: string | null }): boolean {
  // key null: the other tab cleared all of local storage, cached user included.
  return event.key === null || (event.key === STORAGE_KEYS.cachedUser && event.newValue === null);
}

export function isSignOutMessage(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SIGNED_OUT.type;
}

/** Keeps the signed-in user in local storage (the cached user). */
export function cacheUser(local: Pick<Storage, 'setItem'> | null, user: unknown): void {
  if (!local || !user) return;
  try {
    local.setItem(STORAGE_KEYS.cachedUser, JSON.stringify(user));
  } catch {
    // Storage full or blocked: the cache is a convenience.
  }
}

export function browserStorage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

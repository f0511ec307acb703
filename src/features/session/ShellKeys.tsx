'use client';
// The focus session page's link to the app shell: the static header's buttons (./ShellHeader:
// written by the server, never hydrated) hand their clicks to ./SessionLater, which opens the
// drawer or the list of shortcuts, or signs out. That module — with the keyboard shortcuts and
// everything the App Router's layouts mount on every page (toasts, theme keeper, error reporter,
// sign-out in another tab): SessionExtras — loads after the page, in idle time once the screen
// shows its session (the screen calls wantExtrasWhenIdle: fetched and run earlier, its 70 kB
// would compete with drawing the screen), or at once when needed (src/components/lazy.tsx).
import { useEffect, useSyncExternalStore } from 'react';
import { lazyUntilOpen, whenIdle, type LazyComponent } from '@/components/lazy';
import { STORAGE_KEYS } from '@/lib/session-constants';
import type { ShellAction } from './ShellHeader';

/** The page's after-load code (./SessionLater): one module, one request. */
export const later = () => import('./SessionLater');

// Created when first wanted: lazyUntilOpen schedules its idle-time preload on creation.
let SessionExtras: LazyComponent<{ open: boolean }> | null = null;

let extrasWanted = false;
const extrasListeners = new Set<() => void>();
/** Mounts SessionExtras now (a toast is about to show, the header was used) instead of in idle time. */
export function wantExtras() {
  if (extrasWanted) return;
  extrasWanted = true;
  for (const listener of extrasListeners) listener();
}
const subscribeExtras = (listener: () => void) => {
  extrasListeners.add(listener);
  return () => extrasListeners.delete(listener);
};

function hasHandedOffToast(): boolean {
  try {
    return window.sessionStorage.getItem(STORAGE_KEYS.pendingToast) !== null;
  } catch {
    return false;
  }
}

/** Loads SessionExtras (and the screen's dialogs) once the page is idle. */
export const wantExtrasWhenIdle = () => whenIdle(wantExtras);

export function ShellKeys() {
  const extras = useSyncExternalStore(subscribeExtras, () => extrasWanted, () => false);

  useEffect(() => {
    if (hasHandedOffToast()) wantExtras();
    const onClick = (event: MouseEvent) => {
      const action = (event.target instanceof Element ? event.target.closest<HTMLElement>('[data-shell]') : null)?.dataset.shell;
      if (!action) return;
      wantExtras();
      void later().then((module) => module.shellAction(action as ShellAction));
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  if (!extras) return null;
  SessionExtras ??= lazyUntilOpen(() => later().then((module) => module.SessionExtras));
  return <SessionExtras open />;
}

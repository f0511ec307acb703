'use client';
// The notification stack: bottom right, newest first, at most three,
// each with a title, description, optional action and close button, in a default or destructive
// variant. A toast stays 5 s (paused while pointed at or focused, so nobody loses a message
// they are reading), a swipe to the right past 50 px dismisses it, and F8 moves focus to the
// stack. The rules live in src/lib/toast.ts; `toast()` works from anywhere, `useToast()` in React;
// the stack itself (./Toaster) loads after the page, see LazyToaster.
// Hand-written rather than sonner: sonner 2.0.8 minified is 12.8 kB gzip against 2.8 kB for this
// file and its rules (measured with rolldown --minify, React external). The stack now loads after
// the page, so that is no longer first-load JavaScript, but every page still downloads and runs
// 10 kB more for the same behaviour, and sonner inserts its stylesheet from script at run time
// instead of shipping it in the pages' CSS.
import { useEffect, useState, type ComponentType } from 'react';
import { afterPageLoad } from './lazy';
import { store } from './toast-store';

export { toast, useToast } from './toast-store';

/**
 * Mount once (root layout): the stack (./Toaster), loaded once the page has loaded, or at once
 * when a toast is shown before that; the toast waits in the store meanwhile, nothing is lost.
 */
export function LazyToaster() {
  const [Stack, setStack] = useState<ComponentType | null>(null);
  useEffect(() => {
    let current = true;
    let requested = false;
    const load = () => {
      if (requested) return;
      requested = true;
      void import('./Toaster').then(
        (module) => current && setStack(() => module.Toaster),
        () => {
          requested = false; // offline: tried again with the next toast
        },
      );
    };
    if (store.getState().toasts.length > 0) load();
    const unsubscribe = store.subscribe(() => {
      if (store.getState().toasts.length > 0) load();
    });
    void afterPageLoad().then(load);
    return () => {
      current = false;
      unsubscribe();
    };
  }, []);
  return Stack ? <Stack /> : null;
}

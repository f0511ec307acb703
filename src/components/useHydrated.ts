import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False on the server and in the hydration render, true from the render after: for what must
 * match the server's HTML first and change once the page's code runs. That render after is a
 * synchronous one (React re-renders a store whose browser value differs from the server's at
 * once, in one task): for a small change only (an attribute, a label).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNever, () => true, () => false);
}

/**
 * As useHydrated, for a large tree drawn in place of the server's HTML (the focus session's
 * screen): the synchronous render after hydration still returns false, and the tree comes in a
 * transition right after, which React renders in slices that yield to the browser (on a phone,
 * one long task after hydration otherwise: Lighthouse's TBT). True from the first render when the
 * component mounts after the page has hydrated (a client navigation). `prepare`: work the tree's
 * first render would otherwise start with (the platform's date formatting), done first in a task
 * of its own, so that no slice of the render carries it.
 */
export function useHydratedInTransition(prepare?: () => void): boolean {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(hydrated);
  useEffect(() => {
    if (!hydrated || shown) return;
    if (!prepare) {
      startTransition(() => setShown(true));
      return;
    }
    const timer = setTimeout(() => {
      prepare();
      startTransition(() => setShown(true));
    }, 0);
    return () => clearTimeout(timer);
  }, [hydrated, shown, prepare]);
  return shown;
}

import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False on the server and in the hydration render, true from the render after: for what must
 * match the server's HTML first and change once the page's code runs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNever, () => true, () => false);
}

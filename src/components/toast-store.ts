// The notification stack's store (src/lib/toast.ts has its rules): `toast()` from anywhere,
// `useToast()` in React. Code imports them from ./Toast; kept in a module of its own so that the
// stack (./Toaster, which ./Toast loads after the page) reads the same store without an import
// cycle.
import { useSyncExternalStore } from 'react';
import { createToastStore, visibleToasts, type ToastInput, type ToastState } from '@/lib/toast';

export const store = createToastStore();
/**
 * The store's first state (no notification yet): what the server renders with and hydration
 * reads. The same object the browser's store holds until a first notification, so a page hydrates
 * without React rendering every component that reads the store again (a store whose browser value
 * differs from the server's is rendered again, synchronously, right after hydration).
 */
const firstState: ToastState = store.getState();

/** Shows a notification; returns `{ id, dismiss, update }`. */
export function toast(input: ToastInput) {
  return store.toast(input);
}

export function dismissToast(id?: string) {
  store.dismiss(id);
}

export function useToast() {
  const state = useSyncExternalStore(store.subscribe, store.getState, () => firstState);
  return { toasts: visibleToasts(state), toast, dismiss: dismissToast };
}

// The notification stack's store (src/lib/toast.ts has its rules): `toast()` from anywhere,
// `useToast()` in React. Code imports them from ./Toast; kept in a module of its own so that the
// stack (./Toaster, which ./Toast loads after the page) reads the same store without an import
// cycle.
import { useSyncExternalStore } from 'react';
import { createToastStore, visibleToasts, type ToastInput, type ToastState } from '@/lib/toast';

export const store = createToastStore();
const emptyState: ToastState = { toasts: [] };

/** Shows a notification; returns `{ id, dismiss, update }`. */
export function toast(input: ToastInput) {
  return store.toast(input);
}

export function dismissToast(id?: string) {
  store.dismiss(id);
}

export function useToast() {
  const state = useSyncExternalStore(store.subscribe, store.getState, () => emptyState);
  return { toasts: visibleToasts(state), toast, dismiss: dismissToast };
}

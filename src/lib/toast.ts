// The notification stack's rules, free of React: newest first, at most TOAST_LIMIT open at once,
// a dismissed toast stays (hidden) until TOAST_REMOVE_DELAY_MS later and is then removed, and a
// horizontal swipe past TOAST_SWIPE_THRESHOLD_PX dismisses. src/components/Toast.tsx renders it.
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX } from './constants';

type ToastVariant = 'default' | 'destructive';

interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title?: string;
  description?: string;
  action?: ToastAction;
  variant?: ToastVariant;
  /** How long the toast stays before it dismisses itself; Infinity keeps it until closed. */
  duration?: number;
}

export interface ToastItem extends Required<Pick<ToastInput, 'variant' | 'duration'>> {
  id: string;
  title?: string;
  description?: string;
  action?: ToastAction;
  /** false once dismissed: hidden at once, removed from the state TOAST_REMOVE_DELAY_MS later. */
  open: boolean;
}

export interface ToastState {
  /** Newest first. */
  toasts: ToastItem[];
}

export type ToastEvent =
  | { type: 'add'; toast: ToastItem }
  | { type: 'update'; id: string; patch: Partial<Omit<ToastItem, 'id'>> }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

function toastReducer(state: ToastState, event: ToastEvent, limit = TOAST_LIMIT): ToastState {
  switch (event.type) {
    case 'add': {
      // The newest goes on top; open toasts beyond the limit are pushed out for good, dismissed
      // ones wait for their own removal.
      let open = 0;
      const toasts = [event.toast, ...state.toasts].filter((toast) => !toast.open || ++open <= limit);
      return { toasts };
    }
    case 'update':
      return { toasts: state.toasts.map((toast) => (toast.id === event.id ? { ...toast, ...event.patch } : toast)) };
    case 'dismiss':
      return {
        toasts: state.toasts.map((toast) => (event.id === undefined || toast.id === event.id ? { ...toast, open: false } : toast)),
      };
    case 'remove':
      return { toasts: event.id === undefined ? [] : state.toasts.filter((toast) => toast.id !== event.id) };
  }
}

/** The toasts to show, newest first. */
export function visibleToasts(state: ToastState, limit = TOAST_LIMIT): ToastItem[] {
  return state.toasts.filter((toast) => toast.open).slice(0, limit);
}

/** A swipe to the right past the threshold dismisses; anything shorter springs back. */
export function swipeDismisses(deltaX: number, threshold = TOAST_SWIPE_THRESHOLD_PX): boolean {
  return deltaX >= threshold;
}

type Timer = ReturnType<typeof setTimeout>;

/**
 * A small store shared by every component (and callable outside React): `toast()` adds,
 * `dismiss()` hides at once and schedules the removal.
 */
export function createToastStore(options: { limit?: number; removeDelayMs?: number; durationMs?: number } = {}) {
  const limit = options.limit ?? TOAST_LIMIT;
  const removeDelayMs = options.removeDelayMs ?? TOAST_REMOVE_DELAY_MS;
  const durationMs = options.durationMs ?? TOAST_DURATION_MS;
  let state: ToastState = { toasts: [] };
  let counter = 0;
  const listeners = new Set<() => void>();
  const removals = new Map<string, Timer>();

  function dispatch(event: ToastEvent) {
    state = toastReducer(state, event, limit);
    for (const id of removals.keys()) {
      if (!state.toasts.some((toast) => toast.id === id)) {
        clearTimeout(removals.get(id));
        removals.delete(id);
      }
    }
    for (const listener of listeners) listener();
  }

  function scheduleRemoval(id: string) {
    if (removals.has(id)) return;
    removals.set(
      id,
      setTimeout(() => {
        removals.delete(id);
        dispatch({ type: 'remove', id });
      }, removeDelayMs),
    );
  }

  function dismiss(id?: string) {
    for (const toast of state.toasts) {
      if (id === undefined || toast.id === id) scheduleRemoval(toast.id);
    }
    dispatch({ type: 'dismiss', id });
  }

  function toast(input: ToastInput) {
    counter += 1;
    const id = `toast-${counter}`;
    dispatch({
      type: 'add',
      toast: {
        id,
        title: input.title,
        description: input.description,
        action: input.action,
        variant: input.variant ?? 'default',
        duration: input.duration ?? durationMs,
        open: true,
      },
    });
    return {
      id,
      dismiss: () => dismiss(id),
      update: (patch: Partial<ToastInput>) => dispatch({ type: 'update', id, patch }),
    };
  }

  return {
    toast,
    dismiss,
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}


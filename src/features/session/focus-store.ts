// The focus screen as it is now — its session, its clock (with pause, start and the stored
// state), the current task, alerts on or off, and Complete — published by ./SessionScreen after
// every render, for the page's after-load code to follow without reading the screen's DOM: the
// mini timer (./MiniTimer), Keep screen on (./HeaderExtras) and the phase-end push (./push).
// Part of the page's first load, so it stays this small.
import type { TFocusSession } from '@/lib/schemas/session';
import type { TTaskOutput } from '@/lib/schemas/task';
import type { SessionClock } from './useSessionClock';

export interface FocusScreenView {
  session: TFocusSession;
  clock: SessionClock;
  /** The current task; null when there is none (a 'Just focus' session); undefined while the tasks load. */
  task: TTaskOutput | null | undefined;
  alerts: boolean;
  /** Completes `task`, as the screen's Complete does. */
  complete: () => void;
}

let view: FocusScreenView | null = null;
const listeners = new Set<() => void>();

/** Null: no screen (still loading, or gone). */
export function publishFocusScreen(next: FocusScreenView | null) {
  view = next;
  for (const listener of listeners) listener();
}

export function subscribeFocusScreen(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const focusScreen = () => view;

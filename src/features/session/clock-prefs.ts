'use client';
// The focus clock's options (./ClockOptions): the time-left disc with its end time, a finished
// timer's overtime, soft cues 5 and 1 minutes before the end, and the pomodoro's "take the
// break" hold. All off by default. Kept in this browser's local storage, as the session alerts
// and Keep screen on are: they suit the device more than the person (a cue sound for the laptop
// on the desk, not the phone in a meeting; a disc for the screen across the room), they take
// effect without a request, and the page's after-load code reads them without waiting for the
// account. One store, so the options dialog and the clock redraw together.
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/lib/session-constants';

const CLOCK_OPTIONS_KEY = STORAGE_KEYS.clockOptions;

export type ClockOptions = {
  /** The time-left disc beside the digits, and 'Ends at' under them. */
  disc: boolean;
  /** A finished timer counts on past zero until stopped. */
  overtime: boolean;
  /** A soft sound and a note 5 and 1 minutes before the end. */
  cues: boolean;
  /** A pomodoro holds at the end of work until the break is taken or skipped. */
  breakPrompt: boolean;
};

const DEFAULT_CLOCK_OPTIONS: ClockOptions = { disc: false, overtime: false, cues: false, breakPrompt: false };

let cached: ClockOptions | null = null;
const listeners = new Set<() => void>();

function read(): ClockOptions {
  if (cached) return cached;
  let stored: Partial<Record<keyof ClockOptions, unknown>> = {};
  try {
    stored = (JSON.parse(window.localStorage.getItem(CLOCK_OPTIONS_KEY) ?? '{}') as typeof stored | null) ?? {};
  } catch {
    // Unreadable or blocked: the defaults.
  }
  cached = { ...DEFAULT_CLOCK_OPTIONS };
  for (const key of Object.keys(DEFAULT_CLOCK_OPTIONS) as (keyof ClockOptions)[]) {
    if (typeof stored[key] === 'boolean') cached[key] = stored[key];
  }
  return cached;
}

export function setClockOption(key: keyof ClockOptions, on: boolean) {
  cached = { ...read(), [key]: on };
  try {
    window.localStorage.setItem(CLOCK_OPTIONS_KEY, JSON.stringify(cached));
  } catch {
    // Not kept: still on for this page view.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed them.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CLOCK_OPTIONS_KEY) return;
    cached = null;
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useClockOptions(): ClockOptions {
  return useSyncExternalStore(subscribe, read, () => DEFAULT_CLOCK_OPTIONS);
}

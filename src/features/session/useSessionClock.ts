'use client';
// The session's clock over the pure state machine of src/lib/timer.ts. The shown time is always
// derived from the stored TimerState (when the clock last started, and the running time before
// that), kept per session in local storage: a reload, a sleeping laptop or a throttled tab shows
// the right time. The one-second interval only re-renders; it never counts anything.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { DisplayMode } from '@/lib/constants';
import { STORAGE_KEYS } from '@/lib/session-constants';
import {
  elapsedMs,
  noticesBetween,
  parseTimerState,
  pauseTimer,
  resumeTimer,
  settle,
  snapshot,
  startTimer,
  type TimedMode,
  type TimerConfig,
  type TimerSnapshot,
  type TimerState,
} from '@/lib/timer';

function isTimedMode(mode: DisplayMode): mode is TimedMode {
  return mode === 'timer' || mode === 'stopwatch' || mode === 'pomodoro';
}

const clockNow = () => Date.now();

function readState(sessionId: string): TimerState | null {
  try {
    return parseTimerState(window.localStorage.getItem(STORAGE_KEYS.sessionStart(sessionId)));
  } catch {
    return null;
  }
}

/**
 * 'Take the break' (after load, ./ClockExtras) holds a pomodoro at the start of its break. Should
 * the work phase have run out while the page was closed, the first paint already shows that hold,
 * not the phase after it: ClockExtras keeps where the next hold is, in running time.
 */
function holdForBreak(sessionId: string, state: TimerState, now: number): TimerState {
  try {
    const at = Number(window.localStorage.getItem(STORAGE_KEYS.breakHoldAt(sessionId)));
    const options = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.clockOptions) ?? '{}') as { breakPrompt?: unknown } | null;
    if (options?.breakPrompt === true && at > 0 && state.accumulatedMs !== at && elapsedMs(state, now) >= at) return { accumulatedMs: at, runningSince: null };
  } catch {
    // Unreadable: the after-load code holds it a moment later.
  }
  return state;
}

function writeState(sessionId: string, state: TimerState) {
  try {
    window.localStorage.setItem(STORAGE_KEYS.sessionStart(sessionId), JSON.stringify(state));
  } catch {
    // Storage blocked: the clock still runs for this page view.
  }
}

export interface SessionClock {
  now: number;
  /** Null for the clock and clock-date modes. */
  snap: TimerSnapshot | null;
  config: TimerConfig | null;
  running: boolean;
  toggle: () => void;
  /** Starts a stopped clock (creating a task does). */
  start: () => void;
  pause: () => void;
  /** The stored state, and a replacement for it (the after-load clock options: overtime, breaks). */
  state: TimerState | null;
  set: (next: TimerState) => void;
}

/**
 * Must render on the client only (it reads storage while initialising). Timer, stopwatch and
 * pomodoro start running the first time a session is opened; a paused clock stays paused across
 * reloads. `onNotice` hears the product's notices ('Timer ended!', the pomodoro flips).
 */
export function useSessionClock(
  sessionId: string,
  displayMode: DisplayMode,
  settings: { timerDuration: number | null; pomodoroWork: number; pomodoroBreak: number },
  onNotice: (notice: string) => void,
): SessionClock {
  const config: TimerConfig | null = isTimedMode(displayMode)
    ? { mode: displayMode, timerMinutes: settings.timerDuration, workMinutes: settings.pomodoroWork, breakMinutes: settings.pomodoroBreak }
    : null;
  const configRef = useRef(config);

  const [state, setState] = useState<TimerState | null>(() => {
    if (!config) return null;
    const stored = readState(sessionId);
    if (stored) {
      const settled = settle(stored, config, clockNow());
      const held = holdForBreak(sessionId, settled, clockNow());
      if (held !== settled) writeState(sessionId, held);
      return held;
    }
    const started = startTimer(clockNow());
    writeState(sessionId, started);
    return started;
  });
  const [now, setNow] = useState(clockNow);
  const stateRef = useRef(state);
  const noticeRef = useRef(onNotice);
  // The interval reads the latest values through refs, kept in step after each render.
  useLayoutEffect(() => {
    configRef.current = config;
    stateRef.current = state;
    noticeRef.current = onNotice;
  });
  const lastSnap = useRef<TimerSnapshot | null>(state && config ? snapshot(state, config, clockNow()) : null);

  const commit = useCallback(
    (next: TimerState) => {
      stateRef.current = next;
      writeState(sessionId, next);
      setState(next);
    },
    [sessionId],
  );

  useEffect(() => {
    const tick = () => {
      const at = clockNow();
      const current = stateRef.current;
      const cfg = configRef.current;
      if (current && cfg) {
        const snap = snapshot(current, cfg, at);
        const before = lastSnap.current;
        if (before) for (const notice of noticesBetween(before, snap, cfg.mode)) noticeRef.current(notice);
        lastSnap.current = snap;
        const settled = settle(current, cfg, at);
        if (settled !== current) commit(settled);
      }
      setNow(at);
    };
    const id = setInterval(tick, 1000);
    // A tab coming back from the background catches up at once.
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(id);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [commit]);

  const snap = state && config ? snapshot(state, config, now) : null;

  const toggle = useCallback(() => {
    const current = stateRef.current;
    const cfg = configRef.current;
    if (!current || !cfg) return;
    const at = clockNow();
    // A finished timer starts over when started again.
    if (cfg.mode === 'timer' && snapshot(current, cfg, at).ended) {
      const restarted = startTimer(at);
      lastSnap.current = snapshot(restarted, cfg, at);
      commit(restarted);
      setNow(at);
      return;
    }
    commit(current.runningSince === null ? resumeTimer(current, at) : pauseTimer(current, at));
    setNow(at);
  }, [commit]);

  const start = useCallback(() => {
    const current = stateRef.current;
    if (!current || current.runningSince !== null) return;
    const cfg = configRef.current;
    if (cfg?.mode === 'timer' && snapshot(current, cfg, clockNow()).ended) return;
    commit(resumeTimer(current, clockNow()));
  }, [commit]);

  const pause = useCallback(() => {
    const current = stateRef.current;
    if (!current || current.runningSince === null) return;
    commit(pauseTimer(current, clockNow()));
  }, [commit]);

  // A replacement is not a tick: the next tick compares from it, so what it skipped brings no
  // notice (a skipped break is not 'Break ended!').
  const set = (next: TimerState) => {
    if (configRef.current) lastSnap.current = snapshot(next, configRef.current, clockNow());
    commit(next);
  };

  return { now, snap, config, running: snap?.running ?? false, toggle, start, pause, state, set };
}

// The session clock's state machine, as pure functions of time. Nothing counts ticks: the
// shown time is always derived from timestamps (when the clock last started and how much
// running time came before), so a reload, a sleeping laptop or a throttled background tab
// shows the right time. The UI stores a TimerState per session id in browser storage.

export type TimedMode = 'timer' | 'stopwatch' | 'pomodoro';

export type TimerConfig = {
  mode: TimedMode;
  /** Timer length in minutes (timer mode). */
  timerMinutes?: number | null;
  /** Pomodoro work and break lengths in minutes. */
  workMinutes?: number;
  breakMinutes?: number;
};

export type TimerState = {
  /** Running time (ms) accumulated before the current run. */
  accumulatedMs: number;
  /** Epoch ms when the current run began; null while paused. */
  runningSince: number | null;
  /** Timer mode: when it reached zero (its overtime counts from here). */
  endedAt?: number;
};

export type PomodoroPhase = 'work' | 'break';

export type TimerSnapshot = {
  running: boolean;
  /** Total running time so far. */
  elapsedMs: number;
  /** Time left in the timer or the current pomodoro phase; null for the stopwatch. */
  remainingMs: number | null;
  /** Timer mode only: it reached zero. */
  ended: boolean;
  phase: PomodoroPhase | null;
  /** Counts phases since the start (0 = first work, 1 = first break, ...). */
  phaseIndex: number;
};

export const TIMER_NOTICES = {
  timerEnded: 'Timer ended!',
  workEnded: 'Work session ended! Starting break.',
  breakEnded: 'Break ended! Starting work session.',
} as const;

const MINUTE = 60_000;

function minutes(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A clock that starts running at `now` (timer, stopwatch and pomodoro start on load). */
export function startTimer(now: number): TimerState {
  return { accumulatedMs: 0, runningSince: now };
}

export function elapsedMs(state: TimerState, now: number): number {
  const running = state.runningSince === null ? 0 : Math.max(0, now - state.runningSince);
  return state.accumulatedMs + running;
}

export function pauseTimer(state: TimerState, now: number): TimerState {
  if (state.runningSince === null) return state;
  return { accumulatedMs: elapsedMs(state, now), runningSince: null };
}

export function resumeTimer(state: TimerState, now: number): TimerState {
  if (state.runningSince !== null) return state;
  return { ...state, runningSince: now };
}

export function toggleTimer(state: TimerState, now: number): TimerState {
  return state.runningSince === null ? resumeTimer(state, now) : pauseTimer(state, now);
}

export function timerDurationMs(config: TimerConfig): number {
  return minutes(config.timerMinutes, 25) * MINUTE;
}

export function snapshot(state: TimerState, config: TimerConfig, now: number): TimerSnapshot {
  const elapsed = elapsedMs(state, now);
  const running = state.runningSince !== null;
  if (config.mode === 'stopwatch') {
    return { running, elapsedMs: elapsed, remainingMs: null, ended: false, phase: null, phaseIndex: 0 };
  }
  if (config.mode === 'timer') {
    const duration = timerDurationMs(config);
    const ended = elapsed >= duration;
    return {
      running: running && !ended,
      elapsedMs: Math.min(elapsed, duration),
      remainingMs: Math.max(0, duration - elapsed),
      ended,
      phase: null,
      phaseIndex: 0,
    };
  }
  const work = minutes(config.workMinutes, 25) * MINUTE;
  const rest = minutes(config.breakMinutes, 5) * MINUTE;
  const cycle = work + rest;
  const cycles = Math.floor(elapsed / cycle);
  const position = elapsed - cycles * cycle;
  const phase: PomodoroPhase = position < work ? 'work' : 'break';
  return {
    running,
    elapsedMs: elapsed,
    remainingMs: phase === 'work' ? work - position : cycle - position,
    ended: false,
    phase,
    phaseIndex: cycles * 2 + (phase === 'break' ? 1 : 0),
  };
}

/**
 * A timer that reached zero stops: the stored state is frozen at its duration, so resuming
 * later does not count past the end.
 */
export function settle(state: TimerState, config: TimerConfig, now: number): TimerState {
  if (config.mode !== 'timer' || state.runningSince === null) return state;
  const duration = timerDurationMs(config);
  return elapsedMs(state, now) >= duration ? { accumulatedMs: duration, runningSince: null, endedAt: state.runningSince + duration - state.accumulatedMs } : state;
}

/** The notices to show when the clock moves from `before` to `after`. */
export function noticesBetween(before: TimerSnapshot, after: TimerSnapshot, mode: TimedMode): string[] {
  if (mode === 'timer') return !before.ended && after.ended ? [TIMER_NOTICES.timerEnded] : [];
  if (mode !== 'pomodoro' || after.phaseIndex <= before.phaseIndex) return [];
  // Only the latest flip is announced (a laptop waking after an hour should not replay them all).
  return [after.phase === 'break' ? TIMER_NOTICES.workEnded : TIMER_NOTICES.breakEnded];
}

/** 'MM:SS', or 'H:MM:SS' from an hour on. Rounds up so a countdown shows 00:00 only at zero. */
export function formatClock(ms: number, roundUp = false): string {
  const totalSeconds = Math.max(0, roundUp ? Math.ceil(ms / 1000) : Math.floor(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const mins = Math.floor((totalSeconds % 3600) / 60);
  const secs = totalSeconds % 60;
  const mm = String(mins).padStart(2, '0');
  const ss = String(secs).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** Reads a stored state defensively (browser storage can hold anything). */
export function parseTimerState(raw: string | null): TimerState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<TimerState>;
    if (typeof value.accumulatedMs !== 'number' || value.accumulatedMs < 0) return null;
    if (value.runningSince !== null && typeof value.runningSince !== 'number') return null;
    return { accumulatedMs: value.accumulatedMs, runningSince: value.runningSince ?? null, endedAt: Number(value.endedAt) || undefined };
  } catch {
    return null;
  }
}

// When the running timer or pomodoro phase ends, and what a push at that moment says: both for
// the focus session's after-load code that tells the server (its first load needs neither).
import type { PomodoroPhase, TimedMode, TimerSnapshot } from './timer';

/**
 * When the running timer or pomodoro phase ends (epoch ms); null while paused, for a finished
 * timer and for the stopwatch (no time left to count). Constant for a run: `now` plus the time
 * left is the same at every tick, so callers can key on it.
 */
export function phaseEndAt(snap: TimerSnapshot, now: number): number | null {
  return snap.running && snap.remainingMs !== null ? now + snap.remainingMs : null;
}

/** What a push at the end of the running phase says (the tab may be closed by then). */
export const PHASE_END_TEXTS = {
  timer: "Time's up",
  work: 'Break time',
  break: 'Back to focus',
} as const;

/** The words for the end of the current phase: the timer's, or the pomodoro phase's. */
export function phaseEndText(mode: TimedMode, phase: PomodoroPhase | null): string {
  return mode === 'pomodoro' ? PHASE_END_TEXTS[phase === 'break' ? 'break' : 'work'] : PHASE_END_TEXTS.timer;
}

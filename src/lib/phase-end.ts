// When the running phase of a timer or pomodoro ends, and what a push then says, from the clock's
// snapshot (./timer). Two halves: the focus session's first load needs only the time (to notice a
// new phase, a pause or a resume); the words are chosen by the after-load code that tells the
// server.
import type { PomodoroPhase, TimedMode, TimerSnapshot } from './timer';

/** What a push at the end of the running phase says (the tab may be closed by then). */
export const PHASE_END_TEXTS = {
  timer: "Time's up",
  work: 'Break time',
  break: 'Back to focus',
} as const;

/**
 * When the running timer or pomodoro phase ends (epoch ms); null while paused, for a finished
 * timer and for the stopwatch (no time left to count). Constant for a run: `now` plus the time
 * left is the same at every tick, so callers can key on it.
 */
export function phaseEndAt(snap: TimerSnapshot, now: number): number | null {
  return snap.running && snap.remainingMs !== null ? now + snap.remainingMs : null;
}

/** The words for the end of the current phase: the timer's, or the pomodoro phase's. */
export function phaseEndText(mode: TimedMode, phase: PomodoroPhase | null): string {
  return mode === 'pomodoro' ? PHASE_END_TEXTS[phase === 'break' ? 'break' : 'work'] : PHASE_END_TEXTS.timer;
}

// What a push at the end of the running timer or pomodoro phase says. Its time is ./timer's
// phaseEndAt (the focus session's first load needs only that, to notice a new phase, a pause or a
// resume); the words are chosen by the after-load code that tells the server.
import type { PomodoroPhase, TimedMode } from './timer';

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

// The focus clock's optional extras, as pure functions of time over ./timer's state: when the
// running phase ends, how much of it is left (the time-left disc), a finished timer's overtime,
// the soft cues before the end, and the break a pomodoro can hold for ("take the break"). Only
// the session page's after-load code uses them (its first load has no room).
import { elapsedMs, timerDurationMs, type TimerConfig, type TimerSnapshot, type TimerState } from './timer';

const MINUTE = 60_000;

/** Minutes before the end at which a cue sounds, largest first. */
const CUE_MINUTES = [5, 1] as const;
export type CueMinute = (typeof CUE_MINUTES)[number];

/**
 * When the timer or pomodoro phase would end (epoch ms): fixed while it runs, moving on with
 * `now` while paused (it ends that much later once resumed). Null for the stopwatch and a
 * finished timer.
 */
export function endsAt(snap: TimerSnapshot, now: number): number | null {
  if (snap.remainingMs === null || snap.ended) return null;
  return now + snap.remainingMs;
}

/** The length of the timer or of the current pomodoro phase; null for the stopwatch. */
function phaseLengthMs(snap: TimerSnapshot, config: TimerConfig): number | null {
  if (config.mode === 'timer') return timerDurationMs(config);
  if (config.mode !== 'pomodoro') return null;
  return minutes(snap.phase === 'break' ? config.breakMinutes : config.workMinutes, snap.phase === 'break' ? 5 : 25) * MINUTE;
}

/** The part of the timer or phase still to go, 1 (all) to 0 (none); null for the stopwatch. */
export function remainingFraction(snap: TimerSnapshot, config: TimerConfig): number | null {
  const length = phaseLengthMs(snap, config);
  if (length === null || snap.remainingMs === null) return null;
  return Math.min(1, Math.max(0, snap.remainingMs / length));
}

/**
 * The same fraction in whole steps of `steps` (rounded up, so the disc is empty only at zero):
 * with reduced motion the disc moves in visible steps instead of a smooth sweep.
 */
export function steppedFraction(fraction: number, steps: number): number {
  return Math.ceil(fraction * steps) / steps;
}

/**
 * A finished timer's time past zero (ms) while its overtime runs: from the moment it reached
 * zero (./timer's settle stores it) until stopped. Null otherwise.
 */
export function overtimeMs(state: TimerState, snap: TimerSnapshot, now: number): number | null {
  if (!snap.ended || state.endedAt === undefined) return null;
  return Math.max(0, now - state.endedAt);
}

/** Stops a finished timer's overtime (the timer stays finished: 'Time’s up'). */
export function stopOvertime(state: TimerState): TimerState {
  return { accumulatedMs: state.accumulatedMs, runningSince: state.runningSince };
}

/**
 * The cue due when the clock moves from `before` to `after`: 5 or 1 (minutes left) when that
 * mark was crossed within the same phase, else null. After a jump over both marks (a laptop
 * waking) only the nearer one sounds; a phase shorter than a mark never crosses it.
 */
export function cueBetween(before: TimerSnapshot, after: TimerSnapshot): CueMinute | null {
  if (before.remainingMs === null || after.remainingMs === null) return null;
  if (before.phaseIndex !== after.phaseIndex || after.ended || after.remainingMs <= 0) return null;
  for (const mark of [...CUE_MINUTES].reverse()) {
    const at = mark * MINUTE;
    if (before.remainingMs > at && after.remainingMs <= at) return mark;
  }
  return null;
}

// ---------------------------------------------------------------- take the break
// With the option on, a pomodoro does not run from a work phase into the next one on its own:
// at the end of work the clock holds at the very start of the break (paused), until the person
// takes the break (the break runs) or skips it on purpose (the next work phase starts now).
// `cleared` is the last cycle whose break was taken or skipped (-1: none yet; cycle k is work
// phase k and the break after it), kept per session by the caller.

function minutes(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

function cycleLengths(config: TimerConfig) {
  const work = minutes(config.workMinutes, 25) * MINUTE;
  return { work, cycle: work + minutes(config.breakMinutes, 5) * MINUTE };
}

/** Where the break of cycle k begins, in running time. */
export function breakStartMs(config: TimerConfig, cycle: number): number {
  const { work, cycle: length } = cycleLengths(config);
  return cycle * length + work;
}

/**
 * `cleared` for a session where the option was just turned on: every break already reached
 * counts as taken, so turning it on never sends the clock back.
 */
export function clearedSoFar(state: TimerState, config: TimerConfig, now: number): number {
  const { work, cycle } = cycleLengths(config);
  const elapsed = elapsedMs(state, now);
  const current = Math.floor(elapsed / cycle);
  return elapsed - current * cycle >= work ? current : current - 1;
}

export type BreakGate = {
  /** The state to keep (the held one when a work phase just ended). */
  state: TimerState;
  cleared: number;
  /** Waiting at the start of a break for the person's choice. */
  held: boolean;
};

/** Applies the option to the clock at `now` (call it every tick, and after every change). */
export function gateBreak(state: TimerState, config: TimerConfig, now: number, cleared: number): BreakGate {
  if (config.mode !== 'pomodoro') return { state, cleared, held: false };
  const next = cleared + 1;
  const boundary = breakStartMs(config, next);
  if (elapsedMs(state, now) < boundary) return { state, cleared, held: false };
  if (state.accumulatedMs === boundary) {
    // Held and still waiting; or started again from the hold (Start): the break is being taken.
    return state.runningSince === null ? { state, cleared, held: true } : { state, cleared: next, held: false };
  }
  // The work phase ran out (or did while the page was away): hold at the start of its break.
  return { state: { accumulatedMs: boundary, runningSince: null }, cleared, held: true };
}

/** Take the held break: it starts now. */
export function takeBreak(state: TimerState, config: TimerConfig, now: number, cleared: number): BreakGate {
  return { state: { accumulatedMs: breakStartMs(config, cleared + 1), runningSince: now }, cleared: cleared + 1, held: false };
}

/** Skip the held break on purpose: the next work phase starts now. */
export function skipBreak(state: TimerState, config: TimerConfig, now: number, cleared: number): BreakGate {
  const { cycle } = cycleLengths(config);
  return { state: { accumulatedMs: (cleared + 2) * cycle, runningSince: now }, cleared: cleared + 1, held: false };
}

// The focus clock's optional extras: what a person sees beside the digits (ends at, the disc),
// a finished timer's overtime, the cues before the end and a pomodoro holding for its break.
import { describe, expect, it } from 'vitest';
import { noticesBetween, parseTimerState, pauseTimer, resumeTimer, settle, snapshot, startTimer, TIMER_NOTICES } from './timer';
import {
  breakStartMs,
  clearedSoFar,
  cueBetween,
  endsAt,
  gateBreak,
  overtimeMs,
  remainingFraction,
  skipBreak,
  steppedFraction,
  stopOvertime,
  takeBreak,
} from './timer-extras';

const MIN = 60_000;
const t0 = Date.UTC(2026, 10, 25, 15, 0, 0);

describe('ends at', () => {
  const config = { mode: 'timer' as const, timerMinutes: 40 };

  it('is fixed while running and moves on by the time spent paused', () => {
    const running = startTimer(t0);
    expect(endsAt(snapshot(running, config, t0), t0)).toBe(t0 + 40 * MIN);
    expect(endsAt(snapshot(running, config, t0 + 10 * MIN), t0 + 10 * MIN)).toBe(t0 + 40 * MIN);
    // Paused after 10 minutes, for 7 minutes: 30 minutes still to go from whenever it resumes.
    const paused = pauseTimer(running, t0 + 10 * MIN);
    expect(endsAt(snapshot(paused, config, t0 + 17 * MIN), t0 + 17 * MIN)).toBe(t0 + 47 * MIN);
    const resumed = resumeTimer(paused, t0 + 17 * MIN);
    expect(endsAt(snapshot(resumed, config, t0 + 30 * MIN), t0 + 30 * MIN)).toBe(t0 + 47 * MIN);
  });

  it('is the current pomodoro phase’s end, and none for a finished timer or the stopwatch', () => {
    const pomodoro = { mode: 'pomodoro' as const, workMinutes: 25, breakMinutes: 5 };
    const state = startTimer(t0);
    expect(endsAt(snapshot(state, pomodoro, t0 + 26 * MIN), t0 + 26 * MIN)).toBe(t0 + 30 * MIN);
    const ended = settle(state, config, t0 + 41 * MIN);
    expect(endsAt(snapshot(ended, config, t0 + 41 * MIN), t0 + 41 * MIN)).toBeNull();
    expect(endsAt(snapshot(state, { mode: 'stopwatch' }, t0 + MIN), t0 + MIN)).toBeNull();
  });
});

describe('the time-left disc', () => {
  it('shrinks from whole to empty over the timer or the phase', () => {
    const timer = { mode: 'timer' as const, timerMinutes: 10 };
    const state = startTimer(t0);
    expect(remainingFraction(snapshot(state, timer, t0), timer)).toBe(1);
    expect(remainingFraction(snapshot(state, timer, t0 + 2.5 * MIN), timer)).toBe(0.75);
    expect(remainingFraction(snapshot(state, timer, t0 + 11 * MIN), timer)).toBe(0);
    const pomodoro = { mode: 'pomodoro' as const, workMinutes: 20, breakMinutes: 4 };
    expect(remainingFraction(snapshot(state, pomodoro, t0 + 21 * MIN), pomodoro)).toBe(0.75);
    expect(remainingFraction(snapshot(state, { mode: 'stopwatch' }, t0), { mode: 'stopwatch' })).toBeNull();
  });

  it('moves in whole steps for reduced motion, empty only at zero', () => {
    expect(steppedFraction(0.75, 60)).toBe(0.75);
    expect(steppedFraction(0.741, 60)).toBeCloseTo(45 / 60);
    expect(steppedFraction(0.001, 60)).toBeCloseTo(1 / 60);
    expect(steppedFraction(0, 60)).toBe(0);
  });
});

describe('overtime', () => {
  const config = { mode: 'timer' as const, timerMinutes: 10 };

  it('counts up from the moment the timer reached zero, even when settled long after', () => {
    // The laptop slept through the end: settled 20 minutes after it, the end is still known.
    const settled = settle(startTimer(t0), config, t0 + 30 * MIN);
    expect(settled).toEqual({ accumulatedMs: 10 * MIN, runningSince: null, endedAt: t0 + 10 * MIN });
    const snap = snapshot(settled, config, t0 + 30 * MIN);
    expect(snap).toMatchObject({ ended: true, remainingMs: 0 });
    expect(overtimeMs(settled, snap, t0 + 30 * MIN)).toBe(20 * MIN);
    expect(overtimeMs(settled, snap, t0 + 31 * MIN)).toBe(21 * MIN);
  });

  it('counts from the true end after a pause in the middle', () => {
    const paused = pauseTimer(startTimer(t0), t0 + 4 * MIN);
    const resumed = resumeTimer(paused, t0 + 9 * MIN);
    const settled = settle(resumed, config, t0 + 16 * MIN);
    expect(settled.endedAt).toBe(t0 + 15 * MIN);
  });

  it('survives a reload (the stored state keeps the end) and stops when the person stops it', () => {
    const settled = settle(startTimer(t0), config, t0 + 12 * MIN);
    const reloaded = parseTimerState(JSON.stringify(settled))!;
    expect(reloaded.endedAt).toBe(t0 + 10 * MIN);
    const stopped = stopOvertime(reloaded);
    const snap = snapshot(stopped, config, t0 + 13 * MIN);
    expect(snap.ended).toBe(true);
    expect(overtimeMs(stopped, snap, t0 + 13 * MIN)).toBeNull();
    expect(parseTimerState(JSON.stringify(stopped))!.endedAt).toBeUndefined();
  });

  it('is none while the timer still runs, and the end notice still comes once', () => {
    const state = startTimer(t0);
    const before = snapshot(state, config, t0 + 10 * MIN - 1000);
    expect(overtimeMs(state, before, t0 + 10 * MIN - 1000)).toBeNull();
    const settled = settle(state, config, t0 + 10 * MIN);
    const atZero = snapshot(settled, config, t0 + 10 * MIN);
    const later = snapshot(settled, config, t0 + 15 * MIN);
    expect(noticesBetween(before, atZero, 'timer')).toEqual([TIMER_NOTICES.timerEnded]);
    expect(noticesBetween(atZero, later, 'timer')).toEqual([]);
  });
});

describe('cues before the end', () => {
  const timer = { mode: 'timer' as const, timerMinutes: 25 };
  const state = startTimer(t0);
  const at = (minutesIn: number) => snapshot(state, timer, t0 + minutesIn * MIN);

  it('sound once at 5 and once at 1 minute left', () => {
    expect(cueBetween(at(19), at(19.99))).toBeNull();
    expect(cueBetween(at(19.99), at(20))).toBe(5);
    expect(cueBetween(at(20), at(20.02))).toBeNull();
    expect(cueBetween(at(23.99), at(24))).toBe(1);
    expect(cueBetween(at(24), at(24.5))).toBeNull();
    // Zero is the end's own chime, not a cue.
    const settled = settle(state, timer, t0 + 25 * MIN);
    expect(cueBetween(at(24.99), snapshot(settled, timer, t0 + 25 * MIN))).toBeNull();
  });

  it('after a jump over both marks only the nearer one sounds; a new phase resets them', () => {
    expect(cueBetween(at(10), at(24.5))).toBe(1);
    const pomodoro = { mode: 'pomodoro' as const, workMinutes: 25, breakMinutes: 10 };
    const p = (minutesIn: number) => snapshot(state, pomodoro, t0 + minutesIn * MIN);
    // Crossing from work into break is a phase change: no cue, the phase end speaks.
    expect(cueBetween(p(24.5), p(26))).toBeNull();
    expect(cueBetween(p(29.9), p(30))).toBe(5);
    // A break shorter than 5 minutes only ever crosses the 1-minute mark.
    const short = { mode: 'pomodoro' as const, workMinutes: 25, breakMinutes: 3 };
    const s = (minutesIn: number) => snapshot(state, short, t0 + minutesIn * MIN);
    expect(cueBetween(s(25), s(26.9))).toBeNull();
    expect(cueBetween(s(26.9), s(27))).toBe(1);
  });
});

describe('take the break', () => {
  const config = { mode: 'pomodoro' as const, workMinutes: 25, breakMinutes: 5 };

  it('holds at the start of the break when work ends, and the next work does not start by itself', () => {
    const state = startTimer(t0);
    expect(gateBreak(state, config, t0 + 24 * MIN, -1)).toEqual({ state, cleared: -1, held: false });
    const gate = gateBreak(state, config, t0 + 25 * MIN + 800, -1);
    expect(gate).toEqual({ state: { accumulatedMs: 25 * MIN, runningSince: null }, cleared: -1, held: true });
    // An hour later it still waits at the break's start, a full break to go, in no work phase.
    const later = gateBreak(gate.state, config, t0 + 90 * MIN, gate.cleared);
    expect(later.held).toBe(true);
    const snap = snapshot(later.state, config, t0 + 90 * MIN);
    expect(snap).toMatchObject({ phase: 'break', phaseIndex: 1, remainingMs: 5 * MIN, running: false });
  });

  it('a page away past the end comes back held at the first break it missed', () => {
    const gate = gateBreak(startTimer(t0), config, t0 + 95 * MIN, -1);
    expect(gate).toMatchObject({ held: true, state: { accumulatedMs: 25 * MIN, runningSince: null } });
  });

  it('taking the break runs it, and work follows the break as usual', () => {
    const held = gateBreak(startTimer(t0), config, t0 + 26 * MIN, -1);
    const taken = takeBreak(held.state, config, t0 + 40 * MIN, held.cleared);
    expect(taken).toEqual({ state: { accumulatedMs: 25 * MIN, runningSince: t0 + 40 * MIN }, cleared: 0, held: false });
    const endOfBreak = t0 + 45 * MIN + 1000;
    expect(gateBreak(taken.state, config, endOfBreak, taken.cleared)).toMatchObject({ held: false });
    expect(snapshot(taken.state, config, endOfBreak)).toMatchObject({ phase: 'work', phaseIndex: 2 });
    // The second work phase's end holds again.
    const second = gateBreak(taken.state, config, t0 + 70 * MIN + 1000, taken.cleared);
    expect(second).toMatchObject({ held: true, state: { accumulatedMs: breakStartMs(config, 1), runningSince: null } });
  });

  it('Start from the hold counts as taking the break', () => {
    const held = gateBreak(startTimer(t0), config, t0 + 26 * MIN, -1);
    const started = resumeTimer(held.state, t0 + 30 * MIN);
    expect(gateBreak(started, config, t0 + 31 * MIN, held.cleared)).toEqual({ state: started, cleared: 0, held: false });
  });

  it('skipping on purpose starts the next work phase now, with no break', () => {
    const held = gateBreak(startTimer(t0), config, t0 + 26 * MIN, -1);
    const skipped = skipBreak(held.state, config, t0 + 27 * MIN, held.cleared);
    expect(skipped).toMatchObject({ cleared: 0, held: false });
    const snap = snapshot(skipped.state, config, t0 + 27 * MIN);
    expect(snap).toMatchObject({ phase: 'work', phaseIndex: 2, remainingMs: 25 * MIN, running: true });
    // The skip is no phase end: no 'Break ended!' notice for it from the clock.
    expect(gateBreak(skipped.state, config, t0 + 40 * MIN, skipped.cleared).held).toBe(false);
  });

  it('turned on mid-session, never sends the clock back', () => {
    const state = startTimer(t0);
    expect(clearedSoFar(state, config, t0 + 10 * MIN)).toBe(-1);
    expect(clearedSoFar(state, config, t0 + 27 * MIN)).toBe(0);
    expect(clearedSoFar(state, config, t0 + 31 * MIN)).toBe(0);
    const cleared = clearedSoFar(state, config, t0 + 27 * MIN);
    expect(gateBreak(state, config, t0 + 28 * MIN, cleared)).toEqual({ state, cleared: 0, held: false });
  });

  it('leaves a timer alone', () => {
    const state = startTimer(t0);
    expect(gateBreak(state, { mode: 'timer', timerMinutes: 1 }, t0 + 60 * MIN, -1)).toEqual({ state, cleared: -1, held: false });
  });
});

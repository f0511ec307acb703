// The session clock derives everything from timestamps; these cases are what a person would
// see on the session screen.
import { describe, expect, it } from 'vitest';
import {
  TIMER_NOTICES,
  formatClock,
  noticesBetween,
  parseTimerState,
  pauseTimer,
  resumeTimer,
  settle,
  snapshot,
  startTimer,
  toggleTimer,
} from './timer';
import { PHASE_END_TEXTS, phaseEndAt, phaseEndText } from './phase-end';

const phaseEnd = (snap: ReturnType<typeof snapshot>, mode: 'timer' | 'pomodoro' | 'stopwatch', now: number) => {
  const at = phaseEndAt(snap, now);
  return at === null ? null : { at, text: phaseEndText(mode, snap.phase) };
};

const MIN = 60_000;
const t0 = Date.UTC(2026, 10, 22, 9, 0, 0);

describe('timer mode', () => {
  const config = { mode: 'timer' as const, timerMinutes: 10 };

  it('counts down from its duration and ends at zero with the product’s notice', () => {
    const state = startTimer(t0);
    expect(formatClock(snapshot(state, config, t0).remainingMs!, true)).toBe('10:00');
    expect(formatClock(snapshot(state, config, t0 + 61_000).remainingMs!, true)).toBe('08:59');
    const before = snapshot(state, config, t0 + 10 * MIN - 1000);
    const after = snapshot(state, config, t0 + 10 * MIN);
    expect(after).toMatchObject({ ended: true, running: false, remainingMs: 0 });
    expect(noticesBetween(before, after, 'timer')).toEqual([TIMER_NOTICES.timerEnded]);
  });

  it('does not count past the end once settled, even after a long sleep', () => {
    const state = settle(startTimer(t0), config, t0 + 3 * 60 * MIN);
    expect(state).toEqual({ accumulatedMs: 10 * MIN, runningSince: null, endedAt: t0 + 10 * MIN });
    expect(snapshot(resumeTimer(state, t0 + 4 * 60 * MIN), config, t0 + 5 * 60 * MIN).remainingMs).toBe(0);
  });
});

describe('pause and resume', () => {
  it('keeps exact time across a pause, whatever happens between ticks', () => {
    const config = { mode: 'stopwatch' as const };
    let state = startTimer(t0);
    state = pauseTimer(state, t0 + 90_000);
    // an hour passes while paused
    expect(snapshot(state, config, t0 + 60 * MIN).elapsedMs).toBe(90_000);
    state = resumeTimer(state, t0 + 60 * MIN);
    expect(snapshot(state, config, t0 + 60 * MIN + 30_000).elapsedMs).toBe(120_000);
    expect(toggleTimer(state, t0 + 61 * MIN).runningSince).toBeNull();
  });

  it('survives a reload through its stored form', () => {
    const stored = JSON.stringify(pauseTimer(startTimer(t0), t0 + 5000));
    expect(parseTimerState(stored)).toEqual({ accumulatedMs: 5000, runningSince: null });
    expect(parseTimerState('{"accumulatedMs":"x"}')).toBeNull();
    expect(parseTimerState('not json')).toBeNull();
  });
});

describe('pomodoro', () => {
  const config = { mode: 'pomodoro' as const, workMinutes: 25, breakMinutes: 5 };

  it('starts in work, flips to break at 25 minutes and back to work at 30', () => {
    const state = startTimer(t0);
    const start = snapshot(state, config, t0);
    expect(start).toMatchObject({ phase: 'work', phaseIndex: 0, remainingMs: 25 * MIN });
    const atBreak = snapshot(state, config, t0 + 25 * MIN);
    expect(atBreak).toMatchObject({ phase: 'break', phaseIndex: 1, remainingMs: 5 * MIN });
    expect(noticesBetween(snapshot(state, config, t0 + 25 * MIN - 1000), atBreak, 'pomodoro')).toEqual([TIMER_NOTICES.workEnded]);
    const backToWork = snapshot(state, config, t0 + 30 * MIN);
    expect(backToWork).toMatchObject({ phase: 'work', phaseIndex: 2, remainingMs: 25 * MIN });
    expect(noticesBetween(atBreak, backToWork, 'pomodoro')).toEqual([TIMER_NOTICES.breakEnded]);
  });

  it('uses the defaults of 25 and 5 when the session has none', () => {
    expect(snapshot(startTimer(t0), { mode: 'pomodoro' }, t0 + 26 * MIN)).toMatchObject({ phase: 'break' });
  });
});

describe('formatClock', () => {
  it('formats minutes and hours with steady digits', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(59_999)).toBe('00:59');
    expect(formatClock(59_001, true)).toBe('01:00');
    expect(formatClock(3_600_000 + 61_000)).toBe('1:01:01');
  });
});

describe('phaseEnd (the push at the end of the running phase)', () => {
  it('is the timer end while it runs, the same at every tick, and nothing when paused or finished', () => {
    const config = { mode: 'timer' as const, timerMinutes: 10 };
    const state = startTimer(t0);
    expect(phaseEnd(snapshot(state, config, t0), 'timer', t0)).toEqual({ at: t0 + 10 * MIN, text: PHASE_END_TEXTS.timer });
    expect(phaseEnd(snapshot(state, config, t0 + 61_001), 'timer', t0 + 61_001)).toEqual({ at: t0 + 10 * MIN, text: "Time's up" });
    const paused = pauseTimer(state, t0 + 4 * MIN);
    expect(phaseEnd(snapshot(paused, config, t0 + 5 * MIN), 'timer', t0 + 5 * MIN)).toBeNull();
    // Resumed a minute later: the end moves by that minute.
    const resumed = resumeTimer(paused, t0 + 5 * MIN);
    expect(phaseEnd(snapshot(resumed, config, t0 + 5 * MIN), 'timer', t0 + 5 * MIN)?.at).toBe(t0 + 11 * MIN);
    expect(phaseEnd(snapshot(state, config, t0 + 10 * MIN), 'timer', t0 + 10 * MIN)).toBeNull();
  });

  it('is the end of the current pomodoro phase: break time after work, back to focus after the break', () => {
    const config = { mode: 'pomodoro' as const, workMinutes: 25, breakMinutes: 5 };
    const state = startTimer(t0);
    expect(phaseEnd(snapshot(state, config, t0 + MIN), 'pomodoro', t0 + MIN)).toEqual({ at: t0 + 25 * MIN, text: 'Break time' });
    expect(phaseEnd(snapshot(state, config, t0 + 26 * MIN), 'pomodoro', t0 + 26 * MIN)).toEqual({ at: t0 + 30 * MIN, text: 'Back to focus' });
    expect(phaseEnd(snapshot(state, config, t0 + 31 * MIN), 'pomodoro', t0 + 31 * MIN)).toEqual({ at: t0 + 55 * MIN, text: 'Break time' });
    expect(phaseEnd(snapshot(startTimer(t0), { mode: 'stopwatch' }, t0), 'stopwatch', t0)).toBeNull();
  });
});

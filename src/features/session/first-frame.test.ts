// The first frame's inline script (./first-frame.ts) writes the timer's rule again, because it
// cannot import: here it is held to the screen's own rule (lib/timer.ts through ./clock-face.ts,
// as ./useSessionClock.ts starts it) state by state, run from its own text alone, as the browser runs it.
import { describe, expect, it } from 'vitest';
import { formatLocal, TIME_SIMPLE } from '@/lib/local-format';
import type { TFocusSession } from '@/lib/schemas/session';
import { DISPLAY_MODE_LABELS, STORAGE_KEYS } from '@/lib/session-constants';
import { settle, snapshot, startTimer, type TimerConfig, type TimerState } from '@/lib/timer';
import { CLOCK_DATE_FORMAT, clockFace } from './clock-face';
import { DUE_FORMATS } from './due-format';
import { drawFirstFrame, FIRST_FRAME_ID, firstFrameScript, type FirstFrameArgs } from './first-frame';
import type { SessionClock } from './useSessionClock';

const NOW = Date.parse('2026-11-27T14:03:27.400Z');
const MIN = 60_000;

type Mode = TFocusSession['displayMode'];
const session = (mode: Mode, extra: Partial<TFocusSession> = {}) =>
  ({ id: 's1', sessionName: 'Deep work', displayMode: mode, timerDuration: 25, pomodoroWork: 25, pomodoroBreak: 5, ...extra }) as TFocusSession;

const argsOf = (s: TFocusSession, checkCurrent = false): FirstFrameArgs => ({
  id: FIRST_FRAME_ID,
  sessionId: s.id,
  checkCurrent,
  mode: s.displayMode,
  timerMinutes: s.timerDuration,
  workMinutes: s.pomodoroWork,
  breakMinutes: s.pomodoroBreak,
  stateKey: STORAGE_KEYS.sessionStart(s.id),
  currentKey: STORAGE_KEYS.currentSessionId,
  optionsKey: STORAGE_KEYS.clockOptions,
  clockLabel: DISPLAY_MODE_LABELS[s.displayMode],
  timeFormat: TIME_SIMPLE,
  dateFormat: CLOCK_DATE_FORMAT,
  writesKey: STORAGE_KEYS.offlineWritesWaiting,
  zone: null,
  dueFormats: DUE_FORMATS,
});

const storage = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });

// The function as the inline script has it: its own text, evaluated with nothing else in scope.
const fromItsText = new Function(`return ${drawFirstFrame.toString()}`)() as typeof drawFirstFrame;

function script(s: TFocusSession, local: Record<string, string>, current?: string, checkCurrent = false) {
  return fromItsText(argsOf(s, checkCurrent), { local: storage(local), session: storage(current ? { [STORAGE_KEYS.currentSessionId]: current } : {}), now: NOW });
}

/** What the screen draws on opening (./useSessionClock.ts's first state, then ./clock-face.ts). */
function screen(s: TFocusSession, stored: TimerState | null) {
  const mode = s.displayMode;
  const config: TimerConfig | null =
    mode === 'timer' || mode === 'stopwatch' || mode === 'pomodoro' ? { mode, timerMinutes: s.timerDuration, workMinutes: s.pomodoroWork, breakMinutes: s.pomodoroBreak } : null;
  const state = config ? (stored ? settle(stored, config, NOW) : startTimer(NOW)) : null;
  const snap = state && config ? snapshot(state, config, NOW) : null;
  const face = clockFace({ now: NOW, snap, config } as SessionClock, s);
  return { label: face.label, main: face.main, sub: face.sub, paused: face.paused };
}

const cases: [string, TFocusSession, TimerState | null][] = [
  ['a timer opened for the first time', session('timer'), null],
  ['a running timer', session('timer', { timerDuration: 45 }), { accumulatedMs: 2 * MIN, runningSince: NOW - 10_300 }],
  ['a paused timer', session('timer'), { accumulatedMs: 7 * MIN + 1_500, runningSince: null }],
  ['a timer that ran out while the page was closed', session('timer'), { accumulatedMs: 0, runningSince: NOW - 40 * MIN }],
  ['a settled, ended timer', session('timer'), { accumulatedMs: 25 * MIN, runningSince: null, endedAt: NOW - 5 * MIN }],
  ['a timer without a length', session('timer', { timerDuration: null }), { accumulatedMs: 0, runningSince: NOW - 61_000 }],
  ['a stopwatch opened for the first time', session('stopwatch'), null],
  ['a stopwatch past an hour', session('stopwatch'), { accumulatedMs: 50 * MIN, runningSince: NOW - 75 * MIN - 999 }],
  ['a paused stopwatch', session('stopwatch'), { accumulatedMs: 3 * MIN, runningSince: null }],
  ['a pomodoro at work', session('pomodoro'), { accumulatedMs: 0, runningSince: NOW - 12 * MIN }],
  ['a pomodoro on its break', session('pomodoro', { pomodoroWork: 50, pomodoroBreak: 10 }), { accumulatedMs: 0, runningSince: NOW - 53 * MIN }],
  ['a pomodoro in its third round, paused', session('pomodoro'), { accumulatedMs: 61 * MIN, runningSince: null }],
  ['a pomodoro opened for the first time', session('pomodoro'), null],
  ['the clock', session('clock'), null],
  ['the clock and date', session('clock-date'), null],
];

describe('the first frame’s script', () => {
  it.each(cases)('draws what the screen draws: %s', (_name, s, stored) => {
    const local = stored ? { [STORAGE_KEYS.sessionStart(s.id)]: JSON.stringify(stored) } : {};
    expect(script(s, local)).toEqual(screen(s, stored));
  });

  it('on /session, draws only when the tab’s current session is the one the server read', () => {
    const s = session('stopwatch');
    expect(script(s, {}, 's1', true)).toEqual(screen(s, null));
    expect(script(s, {}, 'another', true)).toBeNull();
    expect(script(s, {}, undefined, true)).toBeNull();
  });

  it('leaves the clock to the screen for a pomodoro held at its break, and for a stored state it cannot read', () => {
    const s = session('pomodoro');
    expect(script(s, { [STORAGE_KEYS.clockOptions]: JSON.stringify({ breakPrompt: true }) })).toBeNull();
    expect(script(s, { [STORAGE_KEYS.clockOptions]: JSON.stringify({ breakPrompt: false }) })).toEqual(screen(s, null));
    expect(script(session('timer'), { [STORAGE_KEYS.sessionStart('s1')]: '{"accumulatedMs":-4}' })).toBeNull();
    expect(script(session('timer'), { [STORAGE_KEYS.sessionStart('s1')]: 'not json' })).toBeNull();
  });

  it('is a script of its own: the function called with this session’s arguments, with no markup that could end it', () => {
    const text = firstFrameScript({ ...argsOf(session('timer')), clockLabel: '</script><b>' });
    expect(text.startsWith(`(${drawFirstFrame.toString()})(`)).toBe(true);
    expect(text).not.toContain('</script>');
    // The clock modes' time is the screen's format.
    expect(script(session('clock'), {})?.main).toBe(formatLocal(NOW, TIME_SIMPLE));
  });
});

// What the focus clock shows — its label ('Timer', 'Work', 'Time’s up', …), its time and the
// line under it — one rule for the screen (./SessionScreen) and the mini timer (./MiniTimer).
import { DISPLAY_MODE_LABELS } from '@/lib/session-constants';
import { formatLocal, TIME_SIMPLE } from '@/lib/local-format';
import type { TFocusSession } from '@/lib/schemas/session';
import { formatClock } from '@/lib/timer';
import type { SessionClock } from './useSessionClock';

/** The line under the clock in the clock-and-date mode (also ./first-frame.ts's). */
export const CLOCK_DATE_FORMAT: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' };

export function clockFace({ snap, now, config }: SessionClock, session: TFocusSession) {
  let main: string;
  let label: string;
  let sub: string | null = null;
  if (snap && config) {
    const countdown = snap.remainingMs !== null;
    main = formatClock(countdown ? (snap.remainingMs ?? 0) : snap.elapsedMs, countdown);
    if (session.displayMode === 'pomodoro') {
      label = snap.phase === 'break' ? 'Break' : 'Work';
      sub = `Round ${Math.floor(snap.phaseIndex / 2) + 1} · ${snap.phase === 'break' ? `${session.pomodoroBreak} min break` : `${session.pomodoroWork} min focus`}`;
    } else if (session.displayMode === 'timer') {
      label = snap.ended ? 'Time’s up' : 'Timer';
    } else {
      label = 'Stopwatch';
    }
  } else {
    main = formatLocal(now, TIME_SIMPLE);
    label = DISPLAY_MODE_LABELS[session.displayMode];
    if (session.displayMode === 'clock-date') sub = formatLocal(now, CLOCK_DATE_FORMAT);
  }
  return { main, label, sub, paused: snap !== null && !snap.running && !snap.ended };
}

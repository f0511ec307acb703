'use client';
// What the focus clock shows beside its digits, loaded after the clock is first painted
// (./ClockPanel): the thin progress bar's fill (./ClockPanel draws its track), the time-left disc and
// 'Ends at' in the account's time zone, a finished timer's overtime, the soft cues 5 and 1
// minutes before the end, the pomodoro's "take the break" hold, the Clock options button in the
// header and the time in the tab's title. The rules are src/lib/timer-extras.ts; the options
// ./clock-prefs (all off by default). Calm: nothing moves but the disc, and with reduced motion
// it moves in steps and nothing fades.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@/components/ButtonCore';
import { Dialog } from '@/components/Dialog';
import { Switch } from '@/components/Field';
import { clockSizes } from '@/lib/clock-sizes';
import { TIME_SIMPLE } from '@/lib/local-format';
import { STORAGE_KEYS } from '@/lib/session-constants';
import type { TFocusSession } from '@/lib/schemas/session';
import { formatClock, type TimerConfig, type TimerSnapshot } from '@/lib/timer';
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
  type CueMinute,
} from '@/lib/timer-extras';
import { displayTimeZone } from '@/lib/time-zone';
import { playCue } from './alerts';
import { setClockOption, useClockOptions, type ClockOptions } from './clock-prefs';
import type { SessionClock } from './useSessionClock';

export interface ClockExtrasProps {
  open: boolean;
  clock: SessionClock;
  session: TFocusSession;
}

const HEADER_SLOT_ID = 'fs-header-extras';
/** With reduced motion the disc moves in 60 steps (6° each, a kitchen timer's minute marks). */
const REDUCED_STEPS = 60;
/** How long a cue's note stays under the clock. */
const CUE_SHOWN_MS = 20_000;

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(reducedMotionQuery);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(reducedMotionQuery).matches,
    () => true,
  );
}

function timeOfDay(at: number): string {
  return new Intl.DateTimeFormat(undefined, { ...TIME_SIMPLE, timeZone: displayTimeZone() }).format(at);
}

function breakClearedKey(sessionId: string) {
  return `sessionBreakCleared:${sessionId}`;
}

function readCleared(sessionId: string): number | null {
  try {
    const raw = window.localStorage.getItem(breakClearedKey(sessionId));
    return raw === null || !Number.isInteger(Number(raw)) ? null : Number(raw);
  } catch {
    return null;
  }
}

/**
 * The last break taken or skipped, and with it where the next hold is (in running time): the
 * first-load clock (./useSessionClock) reads that, so a reload after work ran out while the page
 * was closed paints the hold at once.
 */
function storeCleared(sessionId: string, cleared: number | null, config: TimerConfig | null) {
  try {
    const holdAtKey = STORAGE_KEYS.breakHoldAt(sessionId);
    if (cleared === null || !config) {
      window.localStorage.removeItem(breakClearedKey(sessionId));
      window.localStorage.removeItem(holdAtKey);
      return;
    }
    if (readCleared(sessionId) !== cleared) window.localStorage.setItem(breakClearedKey(sessionId), String(cleared));
    const holdAt = String(breakStartMs(config, cleared + 1));
    if (window.localStorage.getItem(holdAtKey) !== holdAt) window.localStorage.setItem(holdAtKey, holdAt);
  } catch {
    // Not kept: the hold still works for this page view.
  }
}

/**
 * The pomodoro's "take the break" as the clock stands: whether it holds at the start of a break,
 * waiting for the person, and their answer (take it: the break runs; skip it: work starts now).
 * Shared by the screen's prompt and the mini timer (./MiniTimer).
 */
export function breakHold(clock: SessionClock, session: TFocusSession, options: ClockOptions) {
  const { state, config, now, set } = clock;
  const on = options.breakPrompt && session.displayMode === 'pomodoro' && state !== null && config !== null;
  const cleared = on ? readCleared(session.id) : null;
  const held = cleared !== null && state && config ? gateBreak(state, config, now, cleared).held : false;
  const answer = (take: boolean) => {
    if (!state || !config || cleared === null) return;
    const gate = (take ? takeBreak : skipBreak)(state, config, Date.now(), cleared);
    storeCleared(session.id, gate.cleared, config);
    set(gate.state);
  };
  return { on, held, answer };
}

export function ClockExtras({ clock, session }: ClockExtrasProps) {
  const options = useClockOptions();
  const reduced = useReducedMotion();
  const { snap, config, state, now } = clock;
  const mode = session.displayMode;

  // ------------------------------------------------ take the break
  // The last break taken or skipped lives in storage (per session): it outlasts a reload, and
  // the clock's every-second redraw reads it again.
  const { on: gateOn, held, answer: answerBreak } = breakHold(clock, session, options);
  const sessionId = session.id;
  const { set } = clock;
  useEffect(() => {
    if (!gateOn || !state || !config) {
      if (readCleared(sessionId) !== null) storeCleared(sessionId, null, null);
      return;
    }
    // Turned on (or first seen on) here: every break reached so far counts as taken.
    const cleared = readCleared(sessionId) ?? clearedSoFar(state, config, Date.now());
    const gate = gateBreak(state, config, Date.now(), cleared);
    storeCleared(sessionId, gate.cleared, config);
    if (gate.state !== state) set(gate.state);
  }, [gateOn, state, config, sessionId, set, now]);

  // ------------------------------------------------ cues
  const [cue, setCue] = useState<{ mark: CueMinute; at: number } | null>(null);
  const lastSnap = useRef<TimerSnapshot | null>(snap);
  useEffect(() => {
    const before = lastSnap.current;
    lastSnap.current = snap;
    if (!options.cues || !before || !snap) return;
    const mark = cueBetween(before, snap);
    if (mark === null) return;
    setCue({ mark, at: Date.now() });
    playCue();
  }, [snap, options.cues]);
  const shownCue = cue && options.cues && now - cue.at < CUE_SHOWN_MS && snap && !snap.ended ? cue : null;

  // ------------------------------------------------ overtime
  const overMs = options.overtime && state && snap ? overtimeMs(state, snap, now) : null;

  useTabTitle(snap, mode, overMs);

  if (!snap || !config || (mode !== 'timer' && mode !== 'pomodoro')) return null;

  const fraction = remainingFraction(snap, config) ?? 0;
  const shownFraction = reduced ? steppedFraction(fraction, REDUCED_STEPS) : fraction;
  const end = endsAt(snap, now);
  const prefix = mode === 'pomodoro' ? (snap.phase === 'break' ? 'Break ends' : 'Work ends') : 'Ends';
  let endText: string | null = null;
  if (end !== null) endText = snap.running ? `${prefix} at ${timeOfDay(end)}` : `${prefix} at ${timeOfDay(end)} if started now`;
  else if (snap.ended && state?.endedAt !== undefined) endText = `Ended at ${timeOfDay(state.endedAt)}`;
  const tone = overMs !== null ? 'over' : snap.phase === 'break' ? 'break' : snap.running ? 'run' : 'paused';

  const track = document.querySelector('.fs-clock .fs-progress');

  return (
    <>
      {track && !options.disc ? createPortal(<div style={{ width: `${(1 - fraction) * 100}%` }} />, track) : null}
      {options.disc ? (
        <>
          <div aria-hidden className="fs-disc" data-tone={tone} data-stepped={reduced} style={{ ['--fs-left' as string]: shownFraction }} />
          {endText ? <p className="fs-ends tabular">{endText}</p> : null}
        </>
      ) : null}

      {overMs !== null ? (
        <>
          <p role="timer" aria-label={`Overtime: ${formatClock(overMs)}`} className="tabular fs-time fs-over" style={{ fontSize: clockSizes.clock }}>
            +{formatClock(overMs)}
          </p>
          <p className="fs-over-note">
            <span className="fs-over-badge">Overtime</span>
            <Button variant="secondary" size="sm" onClick={() => state && set(stopOvertime(state))}>
              Stop overtime
            </Button>
          </p>
        </>
      ) : null}

      {options.cues ? (
        <p aria-live="polite" className="fs-cue">
          {shownCue ? <span key={shownCue.at}>{shownCue.mark === 1 ? '1 minute left' : `${shownCue.mark} minutes left`}</span> : null}
        </p>
      ) : null}

      {held ? (
        <div role="group" aria-labelledby="fs-break-title" className="fs-break">
          <p id="fs-break-title" className="font-medium">
            Work done. Time for a break.
          </p>
          <p className="text-sm text-muted">The next work phase waits until you take your break or skip it.</p>
          <div className="fs-break-actions">
            <Button onClick={() => answerBreak(true)}>Take the break</Button>
            <Button variant="secondary" onClick={() => answerBreak(false)}>
              Skip the break
            </Button>
          </div>
        </div>
      ) : null}

      <ClockOptionsButton mode={mode} options={options} />
    </>
  );
}

/** The header's Clock options: a button opening the options (portalled into the header's slot). */
function ClockOptionsButton({ mode, options }: { mode: 'timer' | 'pomodoro'; options: ClockOptions }) {
  const [open, setOpen] = useState(false);
  const slot = useSyncExternalStore(
    () => () => {},
    () => document.getElementById(HEADER_SLOT_ID),
    () => null,
  );
  if (!slot) return null;
  const toggle = (key: keyof ClockOptions) => (event: { currentTarget: HTMLInputElement }) => setClockOption(key, event.currentTarget.checked);
  return createPortal(
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <span aria-hidden className="fs-icon fs-icon-dial size-4" />
        Clock options
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Clock options"
        description="Kept in this browser. All off until you turn them on."
        size="sm"
        footer={<Button onClick={() => setOpen(false)}>Done</Button>}
      >
        <div className="flex flex-col gap-5">
          <Switch label="Time-left disc" hint="A shrinking disc beside the time, and when it ends." checked={options.disc} onChange={toggle('disc')} />
          {mode === 'timer' ? (
            <Switch label="Overtime" hint="A finished timer keeps counting up until you stop it." checked={options.overtime} onChange={toggle('overtime')} />
          ) : null}
          <Switch label="Cues before the end" hint="A soft sound and a note 5 and 1 minutes before the end." checked={options.cues} onChange={toggle('cues')} />
          {mode === 'pomodoro' ? (
            <Switch
              label="Take the break"
              hint="When work ends, the next work phase waits until you take your break or skip it."
              checked={options.breakPrompt}
              onChange={toggle('breakPrompt')}
            />
          ) : null}
        </div>
      </Dialog>
    </>,
    slot,
  );
}

/** An extra: the remaining (or elapsed, or overtime) time in the tab title. */
function useTabTitle(snap: TimerSnapshot | null, mode: TFocusSession['displayMode'], overMs: number | null) {
  let text: string | null = null;
  if (overMs !== null) text = `+${formatClock(overMs)} · Overtime · Onething`;
  else if (snap)
    text = `${formatClock(snap.remainingMs ?? snap.elapsedMs, snap.remainingMs !== null)}${mode === 'pomodoro' ? (snap.phase === 'break' ? ' · Break' : ' · Work') : ''}${!snap.running ? ' · Paused' : ''} · Onething`;
  useEffect(() => {
    if (!text) return;
    const before = document.title;
    document.title = text;
    return () => {
      document.title = before;
    };
  }, [text]);
}

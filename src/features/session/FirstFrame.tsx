// The focus screen's first frame, in the server's HTML (a server component: no code of its own in
// the browser): the session's name, and the clock's place laid out as ./FocusView lays it out,
// its label, time and line filled in before the first paint by the inline script of
// ./first-frame.ts (what it needs is only in the browser). The island shows it until it has
// hydrated (./SessionScreen.tsx), then the screen draws the same clock in the same place.
import { headers } from 'next/headers';
import { clockSizes } from '@/lib/clock-sizes';
import { NONCE_HEADER } from '@/server/http/content-security-policy';
import { TIME_SIMPLE } from '@/lib/local-format';
import type { TFocusSession } from '@/lib/schemas/session';
import { DISPLAY_MODE_LABELS, STORAGE_KEYS } from '@/lib/session-constants';
import { CLOCK_DATE_FORMAT } from './clock-face';
import { FIRST_FRAME_ID, firstFrameScript } from './first-frame';

/** `checkCurrent`: /session (drawn only if the tab's current session is this one). */
export async function FirstFrame({ session, checkCurrent }: { session: TFocusSession; checkCurrent: boolean }) {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  const mode = session.displayMode;
  const script = firstFrameScript({
    id: FIRST_FRAME_ID,
    sessionId: session.id,
    checkCurrent,
    mode,
    timerMinutes: session.timerDuration,
    workMinutes: session.pomodoroWork,
    breakMinutes: session.pomodoroBreak,
    stateKey: STORAGE_KEYS.sessionStart(session.id),
    currentKey: STORAGE_KEYS.currentSessionId,
    optionsKey: STORAGE_KEYS.clockOptions,
    clockLabel: DISPLAY_MODE_LABELS[mode],
    timeFormat: TIME_SIMPLE,
    dateFormat: CLOCK_DATE_FORMAT,
  });
  return (
    <div id={FIRST_FRAME_ID} className="fs-view">
      <div className="fs-top">
        <div className="min-w-0">
          <h1 className="fs-name">{session.sessionName}</h1>
        </div>
        {/* The toggles' line (./SessionControls.tsx) holds its height before they arrive, so the clock does not move. */}
        <div className="fs-row" />
      </div>
      <div className="fs-grid">
        {/* Not yet the Clock region and its timer: the frame is inert (the island until hydrated) and
            only shows; the screen's clock, with its roles, takes its place. */}
        <div className="fs-clock">
          <p data-ff="label" className="fs-clock-label" suppressHydrationWarning>
            {DISPLAY_MODE_LABELS[mode]}
          </p>
          <p data-ff="main" className="tabular fs-time" style={{ fontSize: clockSizes.clock }} suppressHydrationWarning>
            {'\u00a0'}
          </p>
          <p data-ff="sub" hidden className="text-muted" style={{ fontSize: clockSizes.date }} suppressHydrationWarning>
            {'\u00a0'}
          </p>
          {mode === 'timer' || mode === 'pomodoro' ? <div aria-hidden className="fs-progress" /> : null}
        </div>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
      </div>
    </div>
  );
}

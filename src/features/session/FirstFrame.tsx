// The focus screen's first frame, in the server's HTML (a server component: no code of its own in
// the browser): the session's name, and the clock's place laid out as ./FocusView lays it out,
// its label, time and line filled in before the first paint by the inline script of
// ./first-frame.ts (what it needs is only in the browser). The island shows it until it has
// hydrated (./SessionScreen.tsx), then the screen draws the same clock in the same place.
//
// Beside the clock, the current task's card and Up next as the screen will show them (./TaskPanel.tsx),
// chosen by the screen's own rule (visibleTasks) from the server's read of the open tasks: on a phone
// the card's title is the screen's largest paint, and drawn only by the screen's code it came after
// `load` (Lighthouse's largest paint then held the download of all the page's code). The browser's
// first paint has it. The inline script hides it where the tab may know more than the server (writes
// kept offline, which the screen shows over the tasks; no network, where the page may be the worker's
// older copy) and writes its due dates in the browser's locale.
import { buttonClass } from '@/components/ButtonCore';
import { clockSizes } from '@/lib/clock-sizes';
import { formatLocal, TIME_SIMPLE } from '@/lib/local-format';
import type { TFocusSession } from '@/lib/schemas/session';
import type { TTaskOutput } from '@/lib/schemas/task';
import { DISPLAY_MODE_LABELS, STORAGE_KEYS } from '@/lib/session-constants';
import { visibleTasks } from '@/lib/visible-tasks';
import { CLOCK_DATE_FORMAT } from './clock-face';
import { DUE_FORMATS } from './due-format';
import { FIRST_FRAME_ID, firstFrameScript } from './first-frame';
import { FrameScript } from './FrameScript';
import { Icon } from './Icon';

/**
 * `checkCurrent`: /session (drawn only if the tab's current session is this one). `tasks`: the
 * server's read of the open tasks (undefined: not read). `zone`: the account's time zone. `nonce`:
 * the request's CSP nonce, for the inline script.
 *
 * Not an async component (the page reads the nonce), and its script goes in pieces (./FrameScript):
 * an async component, like a string of 1,024 characters or more, is a row of its own in the server's
 * stream, which the HTML's renderer could meet unresolved; it then sent the frame after the page's
 * shell in a hidden element that React reveals 300 ms after the shell's first paint (its reveal
 * throttle), and the frame was not in the first paint.
 */
export function FirstFrame({ session, checkCurrent, tasks, zone, nonce }: { session: TFocusSession; checkCurrent: boolean; tasks?: TTaskOutput[]; zone: string | null; nonce?: string }) {
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
    writesKey: STORAGE_KEYS.offlineWritesWaiting,
    zone,
    dueFormats: DUE_FORMATS,
  });
  const [current, ...upNext] = tasks ? visibleTasks(tasks, session) : [];
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
        {current ? <FirstFrameTasks current={current} upNext={upNext} zone={zone} /> : null}
        <FrameScript parts={script.match(/[\s\S]{1,1000}/g) ?? []} nonce={nonce} />
      </div>
    </div>
  );
}

/** A due date as the server writes it; the inline script writes it again in the browser's locale. */
function Due({ value, format, zone, className }: { value: string; format: keyof typeof DUE_FORMATS; zone: string | null; className?: string }) {
  return (
    <span data-ff-due={value} data-ff-fmt={format} className={className} suppressHydrationWarning>
      {formatLocal(value, DUE_FORMATS[format], zone ?? undefined)}
    </span>
  );
}

/**
 * ./TaskPanel.tsx's current task and Up next, as they will be drawn (same elements and classes, so
 * the same place and size). Only shown: `inert` (its buttons answer once the screen is here), and
 * not yet the Tasks region.
 */
function FirstFrameTasks({ current, upNext, zone }: { current: TTaskOutput; upNext: TTaskOutput[]; zone: string | null }) {
  return (
    <div data-ff="tasks" className="fs-tasks" inert suppressHydrationWarning>
      <article className="fs-card">
        <span aria-hidden className="fs-card-edge" style={{ background: current.color ?? 'var(--color-accent)' }} />
        <p className="fs-eyebrow">Now</p>
        <h2 data-ff="task-title" className="fs-card-title">
          {current.title}
        </h2>
        {current.description ? <p className="fs-card-text">{current.description}</p> : null}
        <div className="fs-badges">
          {current.dueDate ? (
            <span className="fs-badge">
              Due <Due value={current.dueDate} format="card" zone={zone} />
            </span>
          ) : null}
          <span className="fs-badge">{current.difficulty}</span>
          <span className="fs-badge">{current.importance} importance</span>
        </div>
        <button type="button" className={buttonClass('primary', 'lg', 'mt-6 w-full sm:w-auto')}>
          <Icon name="check" size="size-5" />
          Complete
        </button>
      </article>
      {upNext.length > 0 ? (
        <div>
          <p className="fs-eyebrow mb-2">Up next</p>
          <ol className="fs-next-list">
            {upNext.map((task) => (
              <li key={task.id} className="fs-next">
                <span aria-hidden className="fs-dot" style={{ background: task.color ?? 'var(--color-accent)' }} />
                <span className="fs-next-title">{task.title}</span>
                {task.dueDate ? <Due value={task.dueDate} format="next" zone={zone} className="tabular fs-next-due" /> : null}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <div>
        <button type="button" className={buttonClass('ghost', 'sm')}>
          <Icon name="plus" />
          Create New Task
        </button>
      </div>
    </div>
  );
}

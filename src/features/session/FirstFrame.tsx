'use client';
// The focus screen's first frame, in the server's HTML: the session's name, and the clock's place laid
// out as ./FocusView lays it out, its label, time and line filled in before the first paint by the
// inline script of ./first-frame.ts (what it needs is only in the browser). The island shows it until
// it has hydrated (./SessionScreen.tsx), then the screen draws the same clock in the same place.
//
// Beside the clock, the current task's card and Up next as the screen will show them (./TaskPanel.tsx):
// on a phone the card's title is the screen's largest paint, and drawn only by the screen's code it
// came after `load` (Lighthouse's largest paint then held the download of all the page's code). The
// browser's first paint has it. The inline script hides it where the tab may know more than the
// server (writes kept offline, which the screen shows over the tasks; no network, where the page may
// be the worker's older copy) and writes its due dates in the browser's locale.
//
// A client component drawn from plain data (./first-frame-data.ts says why): it only draws, with no
// state, no effect and no date formatting of its own.
import { buttonClass } from '@/components/ButtonCore';
import { clockSizes } from '@/lib/clock-sizes';
import { FIRST_FRAME_ID } from './first-frame';
import type { FirstFrameData, FirstFrameTask } from './first-frame-data';
import { Icon } from './Icon';

export function FirstFrame({ data }: { data: FirstFrameData }) {
  const { mode, tasks } = data;
  return (
    // Hidden until the inline script has checked this tab's session (/session), and the tasks until it
    // has checked that the tab knows nothing more than the server: nothing is painted before it decides.
    <div id={FIRST_FRAME_ID} className="fs-view" hidden={data.checkCurrent || undefined} suppressHydrationWarning>
      <div className="fs-top">
        <div className="min-w-0">
          <h1 className="fs-name">{data.sessionName}</h1>
        </div>
        {/* The toggles' line (./SessionControls.tsx) holds its height before they arrive, so the clock does not move. */}
        <div className="fs-row" />
      </div>
      <div className="fs-grid">
        {/* Not yet the Clock region and its timer: the frame is inert (the island until hydrated) and
            only shows; the screen's clock, with its roles, takes its place. */}
        <div className="fs-clock">
          <p data-ff="label" className="fs-clock-label" suppressHydrationWarning>
            {data.label}
          </p>
          <p data-ff="main" className="tabular fs-time" style={{ fontSize: clockSizes.clock }} suppressHydrationWarning>
            {'\u00a0'}
          </p>
          <p data-ff="sub" hidden className="text-muted" style={{ fontSize: clockSizes.date }} suppressHydrationWarning>
            {'\u00a0'}
          </p>
          {mode === 'timer' || mode === 'pomodoro' ? <div aria-hidden className="fs-progress" /> : null}
        </div>
        {tasks ? <FirstFrameTasks current={tasks.current} upNext={tasks.upNext} /> : null}
        <script nonce={data.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: data.script }} />
      </div>
    </div>
  );
}

/** A due date as the server wrote it; the inline script writes it again in the browser's locale (`format`: ./due-format.ts). */
function Due({ due, format, className }: { due: NonNullable<FirstFrameTask['due']>; format: 'card' | 'next'; className?: string }) {
  return (
    <span data-ff-due={due.at} data-ff-fmt={format} className={className} suppressHydrationWarning>
      {due.text}
    </span>
  );
}

/**
 * ./TaskPanel.tsx's current task and Up next, as they will be drawn (same elements and classes, so
 * the same place and size). Only shown: `inert` (its buttons answer once the screen is here), and
 * not yet the Tasks region.
 */
function FirstFrameTasks({ current, upNext }: { current: FirstFrameTask; upNext: FirstFrameTask[] }) {
  return (
    <div data-ff="tasks" className="fs-tasks" hidden inert suppressHydrationWarning>
      <article className="fs-card">
        <span aria-hidden className="fs-card-edge" style={{ background: current.color ?? 'var(--color-accent)' }} />
        <p className="fs-eyebrow">Now</p>
        <h2 data-ff="task-title" className="fs-card-title">
          {current.title}
        </h2>
        {current.description ? <p className="fs-card-text">{current.description}</p> : null}
        <div className="fs-badges">
          {current.due ? (
            <span className="fs-badge">
              Due <Due due={current.due} format="card" />
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
                {task.due ? <Due due={task.due} format="next" className="tabular fs-next-due" /> : null}
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

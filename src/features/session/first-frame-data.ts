// What the focus screen's first frame (./FirstFrame.tsx) shows, read by the page on the server and
// handed to the island as plain data: the session's name, the clock's mode and label, the inline
// script's text (./first-frame.ts), and the current task and Up next chosen by the screen's own rule
// (visibleTasks) from the server's read of the open tasks, their due dates written on the account's
// clock (the inline script writes them again in the browser's locale).
//
// Data, not a server-rendered element: React's server stream defers every element it meets once a
// row has passed 3,200 bytes (the island's prefetched state comes first and is larger) to a row of its
// own, which the HTML's renderer met unresolved in most renders; it then sent the island's whole
// boundary after the page's shell, hidden, for React to reveal 300 ms after the shell's first paint
// (its reveal throttle), and the frame missed the first paint. Data is never deferred.
import { formatLocal, TIME_SIMPLE } from '@/lib/local-format';
import type { TFocusSession } from '@/lib/schemas/session';
import type { TTaskOutput } from '@/lib/schemas/task';
import { DISPLAY_MODE_LABELS, STORAGE_KEYS } from '@/lib/session-constants';
import { visibleTasks } from '@/lib/visible-tasks';
import { CLOCK_DATE_FORMAT } from './clock-face';
import { DUE_FORMATS } from './due-format';
import { FIRST_FRAME_ID, firstFrameScript } from './first-frame';

interface FirstFrameDue {
  /** The ISO moment, for the inline script. */
  at: string;
  /** As the server writes it (the account's zone). */
  text: string;
}

export interface FirstFrameTask {
  id: string;
  title: string;
  description: string | null;
  color: string | null;
  difficulty: string;
  importance: string;
  due: FirstFrameDue | null;
}

export interface FirstFrameData {
  sessionName: string;
  mode: TFocusSession['displayMode'];
  label: string;
  /** /session: the frame is drawn only for this tab's current session (the script shows it). */
  checkCurrent: boolean;
  /** The inline script's text. */
  script: string;
  nonce?: string;
  /** The current task and Up next (null: no task to show, or the tasks were not read). */
  tasks: { current: FirstFrameTask; upNext: FirstFrameTask[] } | null;
}

/**
 * `checkCurrent`: /session (drawn only if the tab's current session is this one). `tasks`: the
 * server's read of the open tasks (undefined: not read). `zone`: the account's time zone. `nonce`:
 * the request's CSP nonce, for the inline script.
 */
export function firstFrameData({ session, checkCurrent, tasks, zone, nonce }: { session: TFocusSession; checkCurrent: boolean; tasks?: TTaskOutput[]; zone: string | null; nonce?: string }): FirstFrameData {
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
  const frameTask = (task: TTaskOutput, format: keyof typeof DUE_FORMATS): FirstFrameTask => ({
    id: task.id,
    title: task.title,
    description: task.description ?? null,
    color: task.color ?? null,
    difficulty: task.difficulty,
    importance: task.importance,
    due: task.dueDate ? { at: task.dueDate, text: formatLocal(task.dueDate, DUE_FORMATS[format], zone ?? undefined) } : null,
  });
  const [current, ...upNext] = tasks ? visibleTasks(tasks, session) : [];
  return {
    sessionName: session.sessionName,
    mode,
    label: DISPLAY_MODE_LABELS[mode],
    checkCurrent,
    script,
    nonce,
    tasks: current ? { current: frameTask(current, 'card'), upNext: upNext.map((task) => frameTask(task, 'next')) } : null,
  };
}

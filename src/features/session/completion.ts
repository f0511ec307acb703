'use client';
// What the focus screen does with its tasks and alerts, apart from drawing them: Complete
// (optimistic, with its refresh, 'Great work!' and its failure notice), the focused time written
// to the current task, the alerts choice and a notice's chime.
import { COMPLETION_REFRESH_MS, STORAGE_KEYS } from '@/lib/session-constants';
import type { TFocusSession } from '@/lib/schemas/session';
import type { TTaskOutput } from '@/lib/schemas/task';
import { openSessionTasks } from '@/lib/visible-tasks';
import { getTRPCClient } from '@/trpc/react';
import { newWriteKey, sendOrQueue } from '@/features/offline/offline-write';
import { notify, playChime } from './alerts';
import { storeAlertsEnabled } from './alerts-setting';
import { askNotificationPermission } from './push';
import type { SessionClock } from './useSessionClock';
import type { TaskList } from './useTaskList';

export type SessionDialog = 'none' | 'great' | 'end' | 'create';
export type SetDialog = (update: SessionDialog | ((open: SessionDialog) => SessionDialog)) => void;

/** What completing a task on the focus screen touches (./FocusView). */
export interface CompletionScreen {
  session: TFocusSession;
  /** The tasks on screen, the current one first. */
  shown: TTaskOutput[];
  taskList: TaskList;
  clock: SessionClock;
  setDialog: SetDialog;
  setNotices: (update: (queue: string[]) => string[]) => void;
}

/** Tasks are cached in local storage after a completion (cleared on sign-out). */
function cacheTasksLocally(tasks: TTaskOutput[]) {
  try {
    window.localStorage.setItem(STORAGE_KEYS.cachedTasks, JSON.stringify(tasks));
  } catch {
    // Storage full or blocked: the cache is a convenience only.
  }
}

/**
 * The screen's Complete (and the mini timer's). Optimistic: the task leaves the list at once; the
 * list refreshes from the server 400 ms after the answer, and a failure puts it back and says so.
 * No task left in view pauses the clock; others left from the session bring 'Great work!'.
 */
export function completeOnScreen({ session, shown, taskList, clock, setDialog, setNotices }: CompletionScreen, task: TTaskOutput) {
  const remainingInView = shown.filter((t) => t.id !== task.id).length;
  const othersFromSession = openSessionTasks(taskList.latest.current, session.id, task.id).length;
  const before = taskList.latest.current;
  const completedAt = new Date().toISOString();
  taskList.cancel();
  taskList.change((tasks) => tasks.map((t) => (t.id === task.id ? { ...t, completed: true, completedAt, completedInSessionId: session.id } : t)));
  // Works offline: sent with an Idempotency-Key, or kept by the service worker until the network is back.
  const write = { kind: 'complete' as const, key: newWriteKey(), taskId: task.id, sessionId: session.id, title: task.title };
  sendOrQueue(write, (key) => getTRPCClient().task.complete.mutate({ id: task.id, sessionId: session.id }, { context: { idempotencyKey: key } }))
    .then(
      () => cacheTasksLocally(taskList.latest.current),
      () => {
        taskList.change(() => before);
        setDialog((open) => (open === 'great' ? 'none' : open));
        setNotices((queue) => [...queue, 'Failed to complete task. Please try again.']);
      },
    )
    .finally(() => setTimeout(taskList.reload, COMPLETION_REFRESH_MS));
  if (remainingInView === 0) clock.pause();
  if (othersFromSession > 0) setDialog('great');
}

/** The session alert for a notice: a soft chime, and a notification when the tab is hidden. */
export function alertNotice(notice: string) {
  playChime();
  if (document.visibilityState !== 'visible') notify(notice);
}

/**
 * Adds the seconds since `since` to the task's focused time (POST /api/tasks/{id}/focus). A
 * keepalive request to the REST door, so the last write still leaves when the page closes (the
 * typed client's batched requests cannot be kept alive); under 5 s is noise.
 */
export function recordFocus(taskId: string, since: number) {
  const seconds = Math.min(4 * 60 * 60, Math.round((Date.now() - since) / 1000));
  if (seconds < 5) return;
  void fetch(`/api/tasks/${encodeURIComponent(taskId)}/focus`, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  }).catch(() => {
    // Offline or closed: this stretch of focus is not counted.
  });
}

/** Alerts switched on (after asking for the notification permission) or off, and kept. */
export async function chooseAlerts(on: boolean) {
  if (on) await askNotificationPermission();
  storeAlertsEnabled(on);
}

'use client';
// Everything of the focus session page that is not needed to show the screen and use its main
// controls, in one module loaded after the page (in idle time, or at once when first needed;
// src/components/lazy.tsx): one request instead of several. src/pages/session.tsx says why.
// - SessionDialogs: 'Great work!', 'End Session?', 'Session Update' and the quick create
//   ('Create New Task': the shared task form, with the typed API client it needs);
// - SessionExtras: what the App Router's layouts mount on every page — the toasts (and a toast
//   handed over from the page before, src/lib/toast-handoff.ts), the theme keeper, the error
//   reporter, and a sign-out in another tab sending this one to /signin — and the static
//   header's actions (./ShellHeader): the drawer (under 768 px), signing out (REST) and the
//   list of keyboard shortcuts, and the keyboard shortcuts themselves; the header's Full
//   screen and Keep screen on (./HeaderExtras); the service worker and its offline and update
//   notes (src/features/offline);
// - Complete (optimistic, with its refresh and 'Great work!'), the alerts choice, and the focused
//   time written to the current task;
// - the chime and notification of the session alerts, and their Web Push (./push);
// - ClockExtras: the clock's time-left disc, end time, overtime, cues and break hold, its
//   Clock options, and the time in the tab's title.
import { useEffect, useState } from 'react';
import { Button } from '@/components/ButtonCore';
// The lazy Dialog, as everywhere else: every modal of the page then shares the one Headless UI
// instance its own chunk brings (importing ModalDialog here as well gave two, and the quick
// create's dialog stopped making the page behind it inert).
import { Dialog } from '@/components/Dialog';
import { useShortcutKeys } from '@/components/shortcut-keys';
import { ShortcutsDialog } from '@/components/ShortcutsDialog';
import { toast } from '@/components/Toast';
import { Toaster } from '@/components/Toaster';
import { NavDrawer } from '@/components/shell/NavDrawer';
import { useCloseWhenWide } from '@/components/shell/useCloseWhenWide';
import { ThemeProvider } from '@/components/theme/ThemeProvider';
import { leaveTo } from '@/features/auth/leave';
import { SignOutButtonView } from '@/features/auth/SignOutButtonView';
import { forgetAccountStorage } from '@/features/auth/session-sync';
import { useSignOutElsewhere } from '@/features/auth/useSignOutElsewhere';
import { preloadTaskForm, TaskFormDialog } from '@/features/tasks/TaskFormDialog';
import { currentNavItem } from '@/lib/app-nav';
import { ErrorReporter } from '@/lib/error-reporting/ErrorReporter';
import type { TTaskOutput } from '@/lib/schemas/task';
import { takeHandedOffToast } from '@/lib/toast-handoff';
import { TRPCReactProvider } from '@/trpc/react';
import { OfflineStatus } from '@/features/offline/OfflineStatus';
import { forgetPushSubscription } from '@/features/offline/push-subscription';
import { newWriteKey, sendOrQueue } from '@/features/offline/offline-write';
import { COMPLETION_REFRESH_MS, STORAGE_KEYS } from '@/lib/session-constants';
import type { TFocusSession } from '@/lib/schemas/session';
import { openSessionTasks } from '@/lib/visible-tasks';
import { notify, playChime } from './alerts';
import { storeAlertsEnabled } from './alerts-setting';
import { SessionHeaderExtras } from './HeaderExtras';
import { clearCurrentSession } from '@/features/session-setup/current-session';
import { goTo } from './navigation';
import { askNotificationPermission, cancelPhaseEndPush, PhaseEndPush } from './push';
import { completeTask, signOut } from './rest-later';
import type { ShellAction } from './ShellHeader';
import type { SessionClock } from './useSessionClock';

export { tellPhaseEnd } from './push';
export { ClockExtras } from './ClockExtras';

export type SessionDialog = 'none' | 'great' | 'end' | 'create';

export interface SessionDialogsProps {
  /** Always true once mounted (src/components/lazy.tsx mounts on the first opening). */
  open: boolean;
  dialog: SessionDialog;
  setDialog: (update: SessionDialog | ((open: SessionDialog) => SessionDialog)) => void;
  /** The session's notices ('Timer ended!', …), oldest first. */
  notices: string[];
  dismissNotice: () => void;
  /** The screen: its session, the tasks shown ('End Session?' counts them), its list and clock. */
  screen: CompletionScreen;
}

/**
 * End Session: the session stops being the current one, and its phase-end push goes too,
 * confirmed before the page leaves (alerts stay on for the next session).
 */
function endFocusSession(sessionId: string, setDialog: SessionDialogsProps['setDialog']) {
  setDialog('none');
  clearCurrentSession();
  void cancelPhaseEndPush(sessionId).finally(() => goTo('/dashboard'));
}

/** A task made with the quick create joins the list at once, the list is read again, and the clock runs. */
function showCreated({ taskList, clock }: CompletionScreen, task: TTaskOutput) {
  taskList.cancel();
  taskList.change((tasks) => (tasks.some((t) => t.id === task.id) ? tasks : [...tasks, task]));
  taskList.reload();
  clock.start();
}

export function SessionDialogs({ dialog, setDialog, notices, dismissNotice, screen }: SessionDialogsProps) {
  const sessionId = screen.session.id;
  const remaining = screen.shown.length;
  const onEnd = () => endFocusSession(sessionId, setDialog);
  const onCreated = (task: TTaskOutput) => showCreated(screen, task);
  return (
    <>
      <Dialog
        open={dialog === 'great'}
        onClose={() => setDialog('none')}
        title="Great work!"
        description="One thing done. Ready for the next one?"
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDialog('end')}>
              End Session
            </Button>
            <Button onClick={() => setDialog('none')}>Continue</Button>
          </>
        }
      />

      <Dialog
        open={dialog === 'end'}
        onClose={() => setDialog('none')}
        role="alertdialog"
        title="End Session?"
        description={
          remaining === 0 ? 'You have no tasks left in this session.' : `You have ${remaining} ${remaining === 1 ? 'task' : 'tasks'} remaining in this session.`
        }
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={onEnd}>
              End Session
            </Button>
            <Button onClick={() => setDialog('none')}>Keep Going</Button>
          </>
        }
      />

      <TRPCReactProvider>
        <TaskFormDialog
          open={dialog === 'create'}
          onClose={() => setDialog((open) => (open === 'create' ? 'none' : open))}
          title="Create New Task"
          requireDueDate={false}
          allowVeryHard
          sessionId={sessionId}
          onCreated={onCreated}
        />
      </TRPCReactProvider>

      <Dialog
        open={notices.length > 0 && dialog === 'none'}
        onClose={dismissNotice}
        title="Session Update"
        size="sm"
        footer={<Button onClick={dismissNotice}>OK</Button>}
      >
        <p className="text-base">{notices[0]}</p>
      </Dialog>
    </>
  );
}

export function SessionExtras(_props: { open: boolean }) {
  useSignOutElsewhere();
  useEffect(() => {
    const handed = takeHandedOffToast();
    if (handed) toast(handed);
    // The quick create must work with the network gone: its form's schema and resolver are
    // fetched now, while online (they load on a form's first focus, src/components/Form).
    preloadTaskForm();
    // And the dialogs' own code now, not at the next idle moment: 'End Session?' or 'Great work!'
    // then open without another request, even offline.
    void Dialog.preload();
  }, []);
  return (
    <>
      <ShellControls />
      <SessionHeaderExtras />
      <PhaseEndPush />
      <OfflineStatus />
      <Toaster />
      <ThemeProvider />
      <ErrorReporter />
    </>
  );
}

// ---------------------------------------------------------------- the static header's actions

let pendingAction: ShellAction | null = null;
const actionListeners = new Set<() => void>();

/** A click on the static header's button (./ShellKeys): handled once ShellControls is mounted. */
export function shellAction(action: ShellAction) {
  pendingAction = action;
  for (const listener of actionListeners) listener();
}

const headerButton = (action: ShellAction) => document.querySelector<HTMLButtonElement>(`header [data-shell="${action}"]`);

/** The header's Sign out is static HTML: its pending state is set on the element itself. */
function setHeaderSignOutPending(pending: boolean) {
  const button = headerButton('signout');
  if (!button) return;
  button.disabled = pending;
  if (pending) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
  const label = button.querySelector('[data-shell-label]');
  if (label) label.textContent = pending ? 'Signing out…' : 'Sign out';
}

/**
 * The static header's buttons, and the keyboard shortcuts (Ctrl+D/S/B/A go to
 * their pages, Ctrl+/ lists them) with full page loads: every other page is the App Router's.
 */
function ShellControls() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted when first opened, as in the App Router's shell: a Headless UI dialog mounted (closed)
  // before the others makes the next one to open skip marking the page behind it inert.
  const [drawerMounted, setDrawerMounted] = useState(false);
  if (drawerOpen && !drawerMounted) setDrawerMounted(true);
  const [helpOpen, setHelpOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  useShortcutKeys(goTo, setHelpOpen);

  useEffect(() => {
    const signOutNow = () => {
      setSigningOut(true);
      setHeaderSignOutPending(true);
      void signOutHere().then((left) => {
        if (left) return;
        setSigningOut(false);
        setHeaderSignOutPending(false);
      });
    };
    const run = () => {
      const action = pendingAction;
      pendingAction = null;
      if (action === 'menu') setDrawerOpen(true);
      if (action === 'shortcuts') setHelpOpen(true);
      if (action === 'signout') signOutNow();
    };
    actionListeners.add(run);
    run();
    return () => {
      actionListeners.delete(run);
    };
  }, []);

  // The static menu button says whether the drawer is open.
  useEffect(() => {
    headerButton('menu')?.setAttribute('aria-expanded', String(drawerOpen));
  }, [drawerOpen]);

  useCloseWhenWide(setDrawerOpen);

  return (
    <>
      {drawerMounted ? (
        <NavDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          currentHref={currentNavItem(window.location.pathname)?.href}
          actions={<SignOutButtonView placement="drawer" onClick={() => shellAction('signout')} pending={signingOut} />}
        />
      ) : null}
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </>
  );
}

/**
 * Sign out through the REST door's POST /api/auth/signout, then what useSignOut does on the
 * other pages: forget the account in this browser, tell the other tabs, go to /signin; on
 * failure the 'Failed to sign out' toast. True once the browser is leaving.
 */
export async function signOutHere(): Promise<boolean> {
  // Signed in still: this browser's push subscription is removed on the server first.
  await forgetPushSubscription();
  try {
    await signOut();
  } catch {
    toast({ title: 'Failed to sign out', description: 'Please try again', variant: 'destructive' });
    return false;
  }
  forgetAccountStorage();
  leaveTo('/signin');
  return true;
}

/** The session alert for a notice: a soft chime, and a notification when the tab is hidden. */
export function alertNotice(notice: string) {
  playChime();
  if (document.visibilityState !== 'visible') notify(notice);
}

/**
 * Adds the seconds since `since` to the task's focused time (POST /api/tasks/{id}/focus). A
 * keepalive request, so the last write still leaves when the page closes; under 5 s is noise.
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

/**
 * The screen's open tasks as completing one uses them (./SessionScreen's useTaskList; written out
 * here rather than imported, so this after-load module does not import the screen back).
 */
interface TaskList {
  tasks: TTaskOutput[];
  pending: boolean;
  reload: () => void;
  cancel: () => void;
  change: (update: (tasks: TTaskOutput[]) => TTaskOutput[]) => void;
  latest: { current: TTaskOutput[] };
}

/** What completing a task on the focus screen touches (./SessionScreen). */
export interface CompletionScreen {
  session: TFocusSession;
  /** The tasks on screen, the current one first. */
  shown: TTaskOutput[];
  taskList: TaskList;
  clock: SessionClock;
  setDialog: SessionDialogsProps['setDialog'];
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
  const write = { kind: 'complete' as const, key: newWriteKey(), taskId: task.id, sessionId: session.id, title: task.title };
  sendOrQueue(write, (key) => completeTask(task.id, session.id, key))
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

'use client';
// The focus session (spec sections 2 and 4): the clock or timer on one side and the current
// task, large, on the other; the next tasks quieter. A bottom bar (Start/Pause, Quit Session)
// shows for 3 s on load and on hover or keyboard focus, and hides 300 ms after the pointer
// leaves. Dialogs: 'Great work!', 'End Session?', 'Create New Task' and 'Session Update'.
//
// Served by the Pages Router (src/pages/session.tsx and src/pages/sessions/[id].tsx) within a
// first-load budget of about 9 kB gzip of its own: data through plain fetch to the REST door
// (./rest.ts), no router (other pages are full page loads: goTo), and every dialog's code loads
// after the page, in idle time or on first opening (src/components/lazy.tsx).
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Badge } from '@/components/Badge';
import { Button } from '@/components/ButtonCore';
import { lazyUntilOpen } from '@/components/lazy';
import { LoadingOverlay } from '@/components/Spinner';
import { isLeaving } from '@/features/auth/leave';
import { clearCurrentSession, currentSessionId, setCurrentSession } from '@/features/session-setup/current-session';
import { BOTTOM_BAR_HIDE_MS, BOTTOM_BAR_SHOW_MS, COMPLETION_REFRESH_MS, DISPLAY_MODE_LABELS, STORAGE_KEYS } from '@/lib/constants';
import { formatLocal, TIME_SIMPLE } from '@/lib/local-format';
import type { TSessionOutput } from '@/lib/schemas/session';
import type { TTaskOutput } from '@/lib/schemas/task';
import { clockSizes } from '@/lib/clock-sizes';
import { formatClock } from '@/lib/timer';
import { openSessionTasks, visibleTasks } from '@/lib/visible-tasks';
import { askNotificationPermission, readAlertsEnabled, storeAlertsEnabled } from './alerts';
import { completeTask, getSession, listTasks } from './rest';
import type { SessionDialog, SessionDialogsProps } from './SessionLater';
import { goTo, later, SessionShell, wantExtras } from './SessionShell';
import { useSessionClock, type SessionClock } from './useSessionClock';

const SessionDialogs = lazyUntilOpen<SessionDialogsProps>(() => later().then((module) => module.SessionDialogs));

const subscribeNever = () => () => {};
/** True once running in the browser (the screen reads browser storage). */
function useIsClient(): boolean {
  return useSyncExternalStore(subscribeNever, () => true, () => false);
}

/** The page: /session (sessionId omitted: the current session) or /sessions/{id}. */
export function SessionPage({ sessionId }: { sessionId?: string }) {
  return (
    <SessionShell pathname={sessionId ? `/sessions/${sessionId}` : '/session'}>
      {sessionId ? <SessionByIdScreen sessionId={sessionId} /> : <CurrentSessionScreen />}
    </SessionShell>
  );
}

/** /session: the current session from session storage; without one, back to the dashboard. */
export function CurrentSessionScreen() {
  const isClient = useIsClient();
  const id = isClient ? currentSessionId() : null;
  useEffect(() => {
    if (isClient && !id) window.location.replace('/dashboard');
  }, [isClient, id]);
  if (!id) return <LoadingOverlay label="Opening your session…" />;
  return <SessionScreen sessionId={id} />;
}

/** /sessions/{id}: makes that session the current one and shows it. */
export function SessionByIdScreen({ sessionId }: { sessionId: string }) {
  const isClient = useIsClient();
  if (!isClient) return <LoadingOverlay label="Opening your session…" />;
  return <SessionScreen sessionId={sessionId} makeCurrent />;
}

/**
 * The tasks (GET /api/tasks), with what the screen needs of a query cache: a pending state, an
 * empty list when loading fails (spec section 7), a reload, in-flight loads cancelled before a
 * change (spec section 7: a late answer cannot overwrite an optimistic change), and the
 * optimistic change itself.
 */
function useTaskList() {
  const [state, setState] = useState<{ tasks: TTaskOutput[]; pending: boolean }>({ tasks: [], pending: true });
  const inflight = useRef<AbortController | null>(null);
  const latest = useRef(state.tasks);
  useEffect(() => {
    latest.current = state.tasks;
  });
  const cancel = useCallback(() => {
    inflight.current?.abort();
    inflight.current = null;
  }, []);
  const reload = useCallback(() => {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    listTasks(controller.signal).then(
      (tasks) => {
        if (!controller.signal.aborted) setState({ tasks, pending: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ tasks: [], pending: false });
      },
    );
  }, []);
  useEffect(() => {
    reload();
    return cancel;
  }, [reload, cancel]);
  const change = useCallback((update: (tasks: TTaskOutput[]) => TTaskOutput[]) => {
    setState((current) => ({ ...current, tasks: update(current.tasks) }));
  }, []);
  return { tasks: state.tasks, pending: state.pending, reload, cancel, change, latest };
}

type TaskList = ReturnType<typeof useTaskList>;

function SessionScreen({ sessionId, makeCurrent }: { sessionId: string; makeCurrent?: boolean }) {
  const [session, setSession] = useState<TSessionOutput | null>(null);
  // The tasks load beside the session, not after it.
  const taskList = useTaskList();

  useEffect(() => {
    let live = true;
    getSession(sessionId).then(
      (loaded) => {
        if (!live) return;
        if (makeCurrent) setCurrentSession(loaded);
        setSession(loaded);
      },
      () => {
        if (!live || isLeaving()) return;
        if (!makeCurrent) clearCurrentSession();
        window.location.replace('/dashboard');
      },
    );
    return () => {
      live = false;
    };
  }, [sessionId, makeCurrent]);

  if (!session) return <LoadingOverlay label="Opening your session…" />;
  return <FocusView key={session.id} session={session} taskList={taskList} />;
}

/** Spec section 3: tasks are cached in local storage after a completion (cleared on sign-out). */
function cacheTasksLocally(tasks: TTaskOutput[]) {
  try {
    window.localStorage.setItem(STORAGE_KEYS.cachedTasks, JSON.stringify(tasks));
  } catch {
    // Storage full or blocked: the cache is a convenience only.
  }
}

function FocusView({ session, taskList }: { session: TSessionOutput; taskList: TaskList }) {
  const allTasks = taskList.tasks;
  const shown = useMemo(() => visibleTasks(allTasks, session), [allTasks, session]);
  const [current, ...upNext] = shown;

  const [dialog, setDialog] = useState<SessionDialog>('none');
  const [notices, setNotices] = useState<string[]>([]);
  const [alerts, setAlerts] = useState(readAlertsEnabled);
  const alertsRef = useRef(alerts);
  useEffect(() => {
    alertsRef.current = alerts;
  }, [alerts]);

  const onNotice = useCallback((notice: string) => {
    setNotices((queue) => [...queue, notice]);
    if (alertsRef.current) void later().then((module) => module.alertNotice(notice));
  }, []);
  // The quick create's toasts need the toast stack (mounted after load, or now).
  useEffect(() => {
    if (dialog === 'create') wantExtras();
  }, [dialog]);
  const clock = useSessionClock(session.id, session.displayMode, session, onNotice);
  const timed = clock.config !== null;

  useTabTitle(clock, session.displayMode);

  function complete(task: TTaskOutput) {
    const remainingInView = shown.filter((t) => t.id !== task.id).length;
    const othersFromSession = openSessionTasks(allTasks, session.id, task.id).length;
    // Optimistic (spec section 4): the task leaves the list at once; the list refreshes from the
    // server 400 ms after the answer, and a failure puts it back and says so.
    const before = taskList.latest.current;
    const completedAt = new Date().toISOString();
    taskList.cancel();
    taskList.change((tasks) => tasks.map((t) => (t.id === task.id ? { ...t, completed: true, completedAt, completedInSessionId: session.id } : t)));
    completeTask(task.id, session.id)
      .then(
        () => cacheTasksLocally(taskList.latest.current),
        () => {
          taskList.change(() => before);
          setDialog((open) => (open === 'great' ? 'none' : open));
          setNotices((queue) => [...queue, 'Failed to complete task. Please try again.']);
        },
      )
      .finally(() => setTimeout(taskList.reload, COMPLETION_REFRESH_MS));
    // If no tasks remain while running, the clock pauses (spec section 4).
    if (remainingInView === 0) clock.pause();
    if (othersFromSession > 0) setDialog('great');
  }

  function endSession() {
    setDialog('none');
    clearCurrentSession();
    goTo('/dashboard');
  }

  const createdHere = allTasks.some((task) => task.sessionId === session.id) || session.selectedTaskIds.length > 0;

  return (
    <div className="relative flex min-h-[calc(100dvh-12rem)] flex-col">
      <SessionTopBar session={session} alerts={alerts} onAlertsChange={setAlerts} />

      <div className="grid flex-1 items-center gap-10 py-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-16">
        <ClockPanel clock={clock} session={session} />

        <section aria-label="Tasks" className="flex min-w-0 flex-col gap-6">
          {taskList.pending ? (
            <p className="text-muted">Loading tasks…</p>
          ) : current ? (
            <>
              <CurrentTaskCard task={current} onComplete={() => complete(current)} />
              {upNext.length > 0 ? <UpNext tasks={upNext} /> : null}
              <div>
                <Button variant="ghost" size="sm" onClick={() => setDialog('create')}>
                  <PlusIcon />
                  Create New Task
                </Button>
              </div>
            </>
          ) : (
            <EmptyTasks firstTime={!createdHere} onCreate={() => setDialog('create')} />
          )}
        </section>
      </div>

      <BottomBar>
        {timed ? (
          <Button variant="secondary" onClick={clock.toggle} aria-pressed={undefined}>
            {clock.running ? <PauseIcon /> : <PlayIcon />}
            {clock.running ? 'Pause' : 'Start'}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => setDialog('end')}>
          Quit Session
        </Button>
      </BottomBar>

      <SessionDialogs
        open={dialog !== 'none' || notices.length > 0}
        dialog={dialog}
        setDialog={setDialog}
        notices={notices}
        dismissNotice={() => setNotices((queue) => queue.slice(1))}
        remaining={shown.length}
        sessionId={session.id}
        onEnd={endSession}
        onCreated={(task) => {
          taskList.cancel();
          taskList.change((tasks) => (tasks.some((t) => t.id === task.id) ? tasks : [...tasks, task]));
          taskList.reload();
          clock.start();
        }}
      />
    </div>
  );
}

// ---------------------------------------------------------------- pieces

function SessionTopBar({ session, alerts, onAlertsChange }: { session: TSessionOutput; alerts: boolean; onAlertsChange: (on: boolean) => void }) {
  const fullscreen = useFullscreen();
  const timed = session.displayMode === 'timer' || session.displayMode === 'pomodoro';
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <h1 className="truncate text-base font-medium text-muted">{session.sessionName}</h1>
      </div>
      <div className="flex items-center gap-2">
        {timed ? (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={alerts}
            title="A soft chime and a notification when a timer or pomodoro phase ends"
            onClick={async () => {
              const on = !alerts;
              onAlertsChange(on);
              storeAlertsEnabled(on);
              // Asked politely: only now, after the person chose alerts, never on load.
              if (on) await askNotificationPermission();
            }}
          >
            <BellIcon off={!alerts} />
            {alerts ? 'Alerts on' : 'Alerts off'}
          </Button>
        ) : null}
        {fullscreen.supported ? (
          <Button variant="ghost" size="sm" onClick={fullscreen.toggle} aria-pressed={fullscreen.active}>
            <FullscreenIcon exit={fullscreen.active} />
            {fullscreen.active ? 'Exit full screen' : 'Full screen'}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function ClockPanel({ clock, session }: { clock: SessionClock; session: TSessionOutput }) {
  const { snap, now } = clock;
  let main: string;
  let label: string;
  let sub: ReactNode = null;
  if (snap && clock.config) {
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
    if (session.displayMode === 'clock-date') sub = formatLocal(now, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  }
  const paused = snap !== null && !snap.running && !snap.ended;
  const progress = snap && snap.remainingMs !== null && clock.config ? progressOf(snap, session) : null;

  return (
    <section aria-label="Clock" className="flex flex-col items-center justify-center gap-3 text-center">
      <p className="flex items-center gap-2 text-sm font-medium uppercase tracking-[0.18em] text-muted">
        {label}
        {paused ? <Badge variant="neutral">Paused</Badge> : null}
      </p>
      <p role="timer" aria-label={`${label}: ${main}`} className="tabular font-medium leading-none tracking-tight" style={{ fontSize: clockSizes.clock }}>
        {main}
      </p>
      {sub ? (
        <p className="text-muted" style={{ fontSize: clockSizes.date }}>
          {sub}
        </p>
      ) : null}
      {progress !== null ? (
        <div aria-hidden className="mt-2 h-1 w-48 overflow-hidden rounded-pill bg-surfaceMuted">
          <div className="h-full rounded-pill bg-accent transition-[width] duration-1000 ease-linear" style={{ width: `${progress * 100}%` }} />
        </div>
      ) : null}
    </section>
  );
}

function progressOf(snap: NonNullable<SessionClock['snap']>, session: TSessionOutput): number {
  const minutes =
    session.displayMode === 'timer' ? (session.timerDuration ?? 25) : snap.phase === 'break' ? session.pomodoroBreak : session.pomodoroWork;
  const total = minutes * 60_000;
  return total > 0 ? Math.min(1, Math.max(0, 1 - (snap.remainingMs ?? 0) / total)) : 0;
}

function CurrentTaskCard({ task, onComplete }: { task: TTaskOutput; onComplete: () => void }) {
  const due = task.dueDate ? formatLocal(task.dueDate, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }) : null;
  return (
    <article aria-labelledby="current-task-title" className="relative overflow-hidden rounded-card border border-border bg-surface p-6 sm:p-8">
      <span aria-hidden className="absolute inset-y-0 left-0 w-1.5" style={{ background: task.color ?? 'var(--color-accent)' }} />
      <p className="text-xs font-medium uppercase tracking-[0.18em] text-muted">Now</p>
      <h2 id="current-task-title" className="mt-2 text-2xl font-semibold leading-snug tracking-tight break-words sm:text-3xl">
        {task.title}
      </h2>
      {task.description ? <p className="mt-3 whitespace-pre-line leading-relaxed text-muted">{task.description}</p> : null}
      <div className="mt-4 flex flex-wrap gap-2 text-xs">
        {due ? <Badge variant="neutral">Due {due}</Badge> : null}
        <Badge variant="neutral">{task.difficulty}</Badge>
        <Badge variant="neutral">{task.importance} importance</Badge>
      </div>
      <Button size="lg" className="mt-6 w-full sm:w-auto" onClick={onComplete}>
        <CheckIcon />
        Complete
      </Button>
    </article>
  );
}

function UpNext({ tasks }: { tasks: TTaskOutput[] }) {
  return (
    <section aria-labelledby="up-next-title">
      <h2 id="up-next-title" className="mb-2 text-xs font-medium uppercase tracking-[0.18em] text-muted">
        Up next
      </h2>
      <ol className="flex flex-col gap-1.5">
        {tasks.map((task) => (
          <li key={task.id} className="flex items-center gap-3 rounded-control px-1 py-1.5 text-sm">
            <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ background: task.color ?? 'var(--color-accent)' }} />
            <span className="min-w-0 flex-1 truncate text-muted">{task.title}</span>
            {task.dueDate ? <span className="tabular shrink-0 text-xs text-muted">{formatLocal(task.dueDate, { month: 'short', day: 'numeric' })}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function EmptyTasks({ firstTime, onCreate }: { firstTime: boolean; onCreate: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-border p-8 text-center sm:p-10">
      {firstTime ? (
        <>
          <h2 className="text-xl font-semibold">Create your first task</h2>
          <p className="max-w-sm text-sm text-muted">Name one thing to work on. It will wait for you here, front and centre.</p>
        </>
      ) : (
        <>
          <h2 className="text-xl font-semibold">No tasks to display.</h2>
          <p className="max-w-sm text-sm text-muted">Everything in this session is done. Add another, or end the session.</p>
        </>
      )}
      <Button onClick={onCreate}>
        <PlusIcon />
        Create Task
      </Button>
    </div>
  );
}

/** Shown 3 s on load, while pointed at or focused; hidden 300 ms after the pointer leaves. */
function BottomBar({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(true);
  const [focused, setFocused] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const hideAfter = useCallback((ms: number) => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setVisible(false), ms);
  }, []);

  useEffect(() => {
    hideAfter(BOTTOM_BAR_SHOW_MS);
    return () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    };
  }, [hideAfter]);

  const shown = visible || focused;
  return (
    <div
      data-testid="session-bottom-bar-zone"
      className="fixed inset-x-0 bottom-0 z-30 flex h-28 items-end justify-center pb-6"
      onPointerEnter={() => {
        if (hideTimer.current) clearTimeout(hideTimer.current);
        setVisible(true);
      }}
      onPointerLeave={() => hideAfter(BOTTOM_BAR_HIDE_MS)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        role="toolbar"
        aria-label="Session controls"
        data-visible={shown}
        className={`flex items-center gap-2 rounded-pill border border-border bg-surface/95 p-2 shadow-lg backdrop-blur transition-[opacity,transform] duration-300 ${
          shown ? 'opacity-100' : 'pointer-events-none translate-y-3 opacity-0'
        }`}
      >
        {children}
      </div>
    </div>
  );
}

function useFullscreen() {
  const active = useSyncExternalStore(
    (onChange) => {
      document.addEventListener('fullscreenchange', onChange);
      return () => document.removeEventListener('fullscreenchange', onChange);
    },
    () => document.fullscreenElement !== null,
    () => false,
  );
  const supported = useSyncExternalStore(subscribeNever, () => document.fullscreenEnabled === true, () => false);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  }, []);
  return { active, supported, toggle };
}

/** Beyond the spec: the remaining (or elapsed) time in the tab title. */
function useTabTitle(clock: SessionClock, mode: TSessionOutput['displayMode']) {
  const snap = clock.snap;
  const text = snap
    ? `${formatClock(snap.remainingMs ?? snap.elapsedMs, snap.remainingMs !== null)}${mode === 'pomodoro' ? (snap.phase === 'break' ? ' · Break' : ' · Work') : ''}${!snap.running ? ' · Paused' : ''} · Onething`
    : null;
  useEffect(() => {
    if (!text) return;
    const before = document.title;
    document.title = text;
    return () => {
      document.title = before;
    };
  }, [text]);
}

// ---------------------------------------------------------------- icons

function PlusIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M10 4v12M4 10h12" />
    </svg>
  );
}
function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden className="size-5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4.5 10.5l3.5 3.5 7.5-8" />
    </svg>
  );
}
function PlayIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden className="size-4" fill="currentColor">
      <path d="M6 4.5v11l9-5.5-9-5.5z" />
    </svg>
  );
}
function PauseIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden className="size-4" fill="currentColor">
      <rect x="5" y="4.5" width="3.5" height="11" rx="1" />
      <rect x="11.5" y="4.5" width="3.5" height="11" rx="1" />
    </svg>
  );
}
function BellIcon({ off }: { off: boolean }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
      <path d="M5 8.5a5 5 0 0110 0c0 4 1.5 5.5 1.5 5.5h-13S5 12.5 5 8.5zM8.5 16.5a1.6 1.6 0 003 0" />
      {off ? <path d="M3 3l14 14" /> : null}
    </svg>
  );
}
function FullscreenIcon({ exit }: { exit: boolean }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden className="size-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
      {exit ? <path d="M8 3.5V8H3.5M12 3.5V8h4.5M8 16.5V12H3.5M12 16.5V12h4.5" /> : <path d="M3.5 8V3.5H8M16.5 8V3.5H12M3.5 12v4.5H8M16.5 12v4.5H12" />}
    </svg>
  );
}

'use client';
// The focus session: the clock or timer on one side and the current
// task, large, on the other; the next tasks quieter. A bottom bar (Start/Pause, Quit Session)
// shows for 3 s on load and on hover or keyboard focus, and hides 300 ms after the pointer
// leaves. Dialogs: 'Great work!', 'End Session?', 'Create New Task' and 'Session Update'.
//
// Served by the Pages Router (src/pages/session.tsx and src/pages/sessions/[id].tsx) within a
// first-load budget of about 9 kB gzip of its own: data through plain fetch to the REST door
// (./rest.ts), no router (other pages are full page loads), and every dialog's code loads
// after the page, in idle time or on first opening (src/components/lazy.tsx).
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ButtonCore';
import { afterNextPaint, lazyUntilOpen, type LazyComponent } from '@/components/lazy';
import { useHydrated } from '@/components/useHydrated';
import { LoadingOverlay } from '@/components/Spinner';
import { clearCurrentSession, currentSessionId, setCurrentSession } from '@/features/session-setup/current-session';
import { BOTTOM_BAR_HIDE_MS, BOTTOM_BAR_SHOW_MS } from '@/lib/session-constants';
import { formatLocal, storeDisplayZone } from '@/lib/local-format';
import type { TFocusSession } from '@/lib/schemas/session';
import type { TTaskOutput } from '@/lib/schemas/task';
import { clockSizes } from '@/lib/clock-sizes';
import { visibleTasks } from '@/lib/visible-tasks';
import { SYNCED_EVENT } from '@/features/offline/events';
import { readAlertsEnabled } from './alerts-setting';
import { clockFace } from './clock-face';
import { publishFocusScreen } from './focus-store';
import { ApiError, getSession, listTasks } from './rest';
import type { ClockExtrasProps } from './ClockExtras';
import type { CompletionScreen, SessionDialog, SessionDialogsProps } from './SessionLater';
import { later, ShellKeys, wantExtras, wantExtrasWhenIdle } from './ShellKeys';
import { useSessionClock, type SessionClock } from './useSessionClock';

// Created with the first screen that shows a session: lazyUntilOpen schedules its idle-time
// preload on creation, and before the session is drawn that would compete with drawing it.
let SessionDialogs: LazyComponent<SessionDialogsProps> | null = null;
// The clock's extras (disc, end time, overtime, cues, break hold, the tab title): after load too.
let ClockExtras: LazyComponent<ClockExtrasProps> | null = null;

/**
 * The page: /session (sessionId omitted: the current session) or /sessions/{id}. The header
 * around it is static HTML from src/pages/_document.tsx (./ShellHeader); ShellKeys brings its
 * buttons and the keyboard shortcuts to life. `timeZone`: the account's, from the server.
 */
export function SessionPage({ sessionId, timeZone }: { sessionId?: string; timeZone?: string | null }) {
  showAccountZone(timeZone);
  return (
    <>
      <ShellKeys />
      {sessionId ? <SessionByIdScreen sessionId={sessionId} /> : <CurrentSessionScreen />}
    </>
  );
}

/**
 * Every date on the screen on the account's clock from the first paint (a laptop on holiday still
 * shows the person's own time): set before anything below formats one. In the browser only, where
 * the module is this tab's; on the server it is shared by every request (and nothing there shows
 * a date: the screen draws after it has read the session). A zone this browser does not know
 * leaves the device's.
 */
function showAccountZone(zone: string | null | undefined) {
  if (!zone || typeof window === 'undefined') return;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    storeDisplayZone(zone);
  } catch {
    // RangeError: unknown zone.
  }
}

/** /session: the current session from session storage; without one, back to the dashboard. */
function CurrentSessionScreen() {
  const isClient = useHydrated();
  const id = isClient ? currentSessionId() : null;
  useEffect(() => {
    if (isClient && !id) window.location.replace('/dashboard');
  }, [isClient, id]);
  if (!id) return <LoadingOverlay label="Opening your session…" />;
  return <SessionScreen sessionId={id} />;
}

/** /sessions/{id}: makes that session the current one and shows it. */
function SessionByIdScreen({ sessionId }: { sessionId: string }) {
  const isClient = useHydrated();
  if (!isClient) return <LoadingOverlay label="Opening your session…" />;
  return <SessionScreen sessionId={sessionId} makeCurrent />;
}

/**
 * The open tasks (GET /api/tasks?status=open; completed ones never show here), with what the screen needs of a query cache: a pending state, an
 * empty list when loading fails, a reload, in-flight loads cancelled before a
 * change (a late answer cannot overwrite an optimistic change), and the
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
    // Writes made offline reached the server (src/features/offline): show what it now holds.
    addEventListener(SYNCED_EVENT, reload);
    return () => {
      cancel();
      removeEventListener(SYNCED_EVENT, reload);
    };
  }, [reload, cancel]);
  const change = useCallback((update: (tasks: TTaskOutput[]) => TTaskOutput[]) => {
    setState((current) => ({ ...current, tasks: update(current.tasks) }));
  }, []);
  return { tasks: state.tasks, pending: state.pending, reload, cancel, change, latest };
}

type TaskList = ReturnType<typeof useTaskList>;

function SessionScreen({ sessionId, makeCurrent }: { sessionId: string; makeCurrent?: boolean }) {
  const [session, setSession] = useState<TFocusSession | null>(null);
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
      (error: unknown) => {
        // 401: ./rest.ts is already taking the tab to sign in (and back here).
        if (!live || (error instanceof ApiError && error.status === 401)) return;
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

function FocusView({ session, taskList }: { session: TFocusSession; taskList: TaskList }) {
  SessionDialogs ??= lazyUntilOpen(() => later().then((module) => module.SessionDialogs));
  const Dialogs = SessionDialogs;
  useEffect(wantExtrasWhenIdle, []);
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
  // Focused time on the current task while the clock runs: written (after load) when the
  // current task changes or completes, or the clock pauses.
  const focusId = clock.running ? (current?.id ?? null) : null;
  useEffect(() => {
    const since = Date.now();
    return () => {
      if (focusId) void later().then((module) => module.recordFocus(focusId, since));
    };
  }, [focusId]);

  // Completing is the after-load code's (optimistic, with its refresh, its 'Great work!' and its
  // failure note): the first paint has no use for it.
  const screen: CompletionScreen = { session, shown, taskList, clock, setDialog, setNotices };
  const complete = (task: TTaskOutput) => void later().then((module) => module.completeOnScreen(screen, task));

  const createdHere = allTasks.some((task) => task.sessionId === session.id) || session.selectedTaskIds.length > 0;

  // The screen as it is now, for the after-load code (the mini timer, Keep screen on, the push).
  const shownTask = taskList.pending ? undefined : (current ?? null);
  useEffect(() => publishFocusScreen({ session, clock, task: shownTask, alerts, complete: () => shownTask && complete(shownTask) }));
  useEffect(() => () => publishFocusScreen(null), []);

  return (
    <div className="fs-view">
      <SessionTopBar session={session} alerts={alerts} onAlertsChange={setAlerts} />

      <div className="fs-grid">
        <ClockPanel clock={clock} session={session} />

        <section aria-label="Tasks" className="fs-tasks">
          {taskList.pending ? (
            <p className="text-muted">Loading tasks…</p>
          ) : current ? (
            <>
              <CurrentTaskCard task={current} onComplete={() => complete(current)} />
              {upNext.length > 0 ? <UpNext tasks={upNext} /> : null}
              <div>
                <Button variant="ghost" size="sm" onClick={() => setDialog('create')}>
                  <Icon name="plus" />
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
          <Button variant="secondary" onClick={clock.toggle}>
            {clock.running ? <Icon name="pause" /> : <Icon name="play" />}
            {clock.running ? 'Pause' : 'Start'}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => setDialog('end')}>
          Quit Session
        </Button>
      </BottomBar>

      <Dialogs
        open={dialog !== 'none' || notices.length > 0}
        dialog={dialog}
        setDialog={setDialog}
        notices={notices}
        dismissNotice={() => setNotices((queue) => queue.slice(1))}
        screen={screen}
      />
    </div>
  );
}

// ---------------------------------------------------------------- pieces

function SessionTopBar({ session, alerts, onAlertsChange }: { session: TFocusSession; alerts: boolean; onAlertsChange: (on: boolean) => void }) {
  const timed = session.displayMode === 'timer' || session.displayMode === 'pomodoro';
  return (
    <div className="fs-top">
      <div className="min-w-0">
        <h1 className="fs-name">{session.sessionName}</h1>
      </div>
      <div className="fs-row">
        {timed ? (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={alerts}
            title="A soft chime and a notification when a timer or pomodoro phase ends"
            onClick={async () => {
              const on = !alerts;
              // Asked politely: only now, after the person chose alerts, never on load; the
              // answer comes before alerts switch on, so the push subscription can follow it.
              await later().then((module) => module.chooseAlerts(on));
              onAlertsChange(on);
            }}
          >
            <Icon name={alerts ? 'bell' : 'bell-off'} />
            {alerts ? 'Alerts on' : 'Alerts off'}
          </Button>
        ) : null}
        {/* Full screen and Keep screen on, with the after-load code (./HeaderExtras). */}
        <span id="fs-header-extras" className="contents" />
      </div>
    </div>
  );
}

function ClockPanel({ clock, session }: { clock: SessionClock; session: TFocusSession }) {
  // Asked for from the frame after the first paint, not while the clock (the screen's largest
  // paint) is drawn: asked for at once, the request competed with that paint on a slow phone
  // (Lighthouse's largest paint 3.2 s against 2.2 s, in two runs of three).
  ClockExtras ??= lazyUntilOpen(() => afterNextPaint().then(later).then((module) => module.ClockExtras));
  const { snap } = clock;
  const { main, label, sub, paused } = clockFace(clock, session);

  return (
    <section aria-label="Clock" className="fs-clock">
      <p className="fs-clock-label">
        {label}
        {paused ? <span className="fs-badge">Paused</span> : null}
      </p>
      <p role="timer" aria-label={`${label}: ${main}`} className="tabular fs-time" style={{ fontSize: clockSizes.clock }}>
        {main}
      </p>
      {sub ? (
        <p className="text-muted" style={{ fontSize: clockSizes.date }}>
          {sub}
        </p>
      ) : null}
      {/* The bar's fill comes with the after-load ClockExtras (its track holds the place). */}
      {snap && snap.remainingMs !== null ? <div aria-hidden className="fs-progress" /> : null}
      {snap ? <ClockExtras open clock={clock} session={session} /> : null}
    </section>
  );
}

function CurrentTaskCard({ task, onComplete }: { task: TTaskOutput; onComplete: () => void }) {
  const due = task.dueDate ? formatLocal(task.dueDate, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }) : null;
  return (
    <article aria-labelledby="current-task-title" className="fs-card">
      <span aria-hidden className="fs-card-edge" style={{ background: task.color ?? 'var(--color-accent)' }} />
      <p className="fs-eyebrow">Now</p>
      <h2 id="current-task-title" className="fs-card-title">
        {task.title}
      </h2>
      {task.description ? <p className="fs-card-text">{task.description}</p> : null}
      <div className="fs-badges">
        {due ? <span className="fs-badge">Due {due}</span> : null}
        <span className="fs-badge">{task.difficulty}</span>
        <span className="fs-badge">{task.importance} importance</span>
      </div>
      <Button size="lg" className="mt-6 w-full sm:w-auto" onClick={onComplete}>
        <Icon name="check" size="size-5" />
        Complete
      </Button>
    </article>
  );
}

function UpNext({ tasks }: { tasks: TTaskOutput[] }) {
  return (
    <section aria-labelledby="up-next-title">
      <h2 id="up-next-title" className="fs-eyebrow mb-2">
        Up next
      </h2>
      <ol className="fs-next-list">
        {tasks.map((task) => (
          <li key={task.id} className="fs-next">
            <span aria-hidden className="fs-dot" style={{ background: task.color ?? 'var(--color-accent)' }} />
            <span className="fs-next-title">{task.title}</span>
            {task.dueDate ? <span className="tabular fs-next-due">{formatLocal(task.dueDate, { month: 'short', day: 'numeric' })}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function EmptyTasks({ firstTime, onCreate }: { firstTime: boolean; onCreate: () => void }) {
  return (
    <div className="fs-empty">
      {firstTime ? (
        <>
          {/* A session started with no task: the clock alone, a task only if one comes to mind. */}
          <p className="fs-eyebrow">Just focus</p>
          <h2>Create your first task</h2>
          <p>No task needed: this session is you and the clock. If one comes to mind, name it here.</p>
        </>
      ) : (
        <>
          <h2>No tasks to display.</h2>
          <p>Everything in this session is done. Add another, or end the session.</p>
        </>
      )}
      <Button onClick={onCreate}>
        <Icon name="plus" />
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
      className="fs-bar-zone"
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
        className="fs-bar"
      >
        {children}
      </div>
    </div>
  );
}

// ---------------------------------------------------------------- icons
// Drawn by CSS masks (./session.css), in the text colour: no SVG markup in the page's script.

const Icon = ({ name, size = 'size-4' }: { name: string; size?: string }) => <span aria-hidden className={`fs-icon fs-icon-${name} ${size}`} />;

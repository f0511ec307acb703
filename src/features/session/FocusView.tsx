'use client';
// The focus session on screen: the clock or timer on one side and the current task, large, on
// the other; the next tasks quieter. The state lives here (the clock, the dialog that is open,
// the notices, the alerts choice); each concern draws in its own module: ./SessionControls (the
// top bar's alerts and the bottom bar's Start/Pause and Quit Session), ./ClockPanel, ./TaskPanel,
// ./SessionDialogs ('Great work!', 'End Session?', 'Create New Task', 'Session Update': their code
// loads at the first interaction or on first opening, src/components/lazy.tsx), ./completion (Complete).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { lazyUntilOpen, onFirstInteraction } from '@/components/lazy';
import type { TFocusSession } from '@/lib/schemas/session';
import type { TTaskOutput } from '@/lib/schemas/task';
import { visibleTasks } from '@/lib/visible-tasks';
import { readAlertsEnabled } from './alerts-setting';
import { ClockPanel } from './ClockPanel';
import { alertNotice, completeOnScreen, recordFocus, type CompletionScreen, type SessionDialog } from './completion';
import { publishFocusScreen } from './focus-store';
import { BottomBar, SessionTopBar } from './SessionControls';
import type { SessionDialogsProps } from './SessionDialogs';
import { TaskPanel } from './TaskPanel';
import { useSessionClock } from './useSessionClock';
import type { TaskList } from './useTaskList';

const SessionDialogs = lazyUntilOpen<SessionDialogsProps>(() => import('./SessionDialogs').then((module) => module.SessionDialogs));

/** The alerts choice, and the notices ('Timer ended!', …) queued for 'Session Update' with their chime. */
function useNotices() {
  const [notices, setNotices] = useState<string[]>([]);
  const [alerts, setAlerts] = useState(readAlertsEnabled);
  const alertsRef = useRef(alerts);
  useEffect(() => {
    alertsRef.current = alerts;
  }, [alerts]);
  const onNotice = useCallback((notice: string) => {
    setNotices((queue) => [...queue, notice]);
    if (alertsRef.current) alertNotice(notice);
  }, []);
  return { notices, setNotices, alerts, setAlerts, onNotice };
}

/** Focused time on the current task while the clock runs: written when it changes or completes, or the clock pauses. */
function useFocusedTime(taskId: string | null) {
  useEffect(() => {
    const since = Date.now();
    return () => {
      if (taskId) recordFocus(taskId, since);
    };
  }, [taskId]);
}

export function FocusView({ session, taskList }: { session: TFocusSession; taskList: TaskList }) {
  const allTasks = taskList.tasks;
  const shown = useMemo(() => visibleTasks(allTasks, session), [allTasks, session]);
  const [current, ...upNext] = shown;

  const [dialog, setDialog] = useState<SessionDialog>('none');
  const { notices, setNotices, alerts, setAlerts, onNotice } = useNotices();
  const clock = useSessionClock(session.id, session.displayMode, session, onNotice);
  useFocusedTime(clock.running ? (current?.id ?? null) : null);
  // The dialogs' code and the quick create's form, fetched at the first interaction (./SessionDialogs).
  useEffect(() => onFirstInteraction(() => void import('./SessionDialogs').then((module) => module.preloadDialogs())), []);

  const screen: CompletionScreen = { session, shown, taskList, clock, setDialog, setNotices };
  const complete = (task: TTaskOutput) => completeOnScreen(screen, task);
  const createdHere = allTasks.some((task) => task.sessionId === session.id) || session.selectedTaskIds.length > 0;

  // The screen as it is now, for the header's extras (the mini timer, Keep screen on) and the push.
  const shownTask = taskList.pending ? undefined : (current ?? null);
  useEffect(() => publishFocusScreen({ session, clock, task: shownTask, alerts, complete: () => shownTask && complete(shownTask) }));
  useEffect(() => () => publishFocusScreen(null), []);

  return (
    <div className="fs-view">
      <SessionTopBar session={session} alerts={alerts} onAlertsChange={setAlerts} />

      <div className="fs-grid">
        <ClockPanel clock={clock} session={session} />
        <TaskPanel
          pending={taskList.pending}
          current={current}
          upNext={upNext}
          firstTime={!createdHere}
          onComplete={complete}
          onCreate={() => setDialog('create')}
        />
      </div>

      <BottomBar clock={clock} onQuit={() => setDialog('end')} />

      <SessionDialogs
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

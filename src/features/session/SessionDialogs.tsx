'use client';
// The focus screen's dialogs, loaded at the first interaction or on first opening (./FocusView):
// 'Great work!' after a completion, 'End Session?' (the remaining task count; End Session cancels
// the session's scheduled push and waits for the answer before going to the dashboard), the
// quick create ('Create New Task': the shared task form) and 'Session Update' (the notices).
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ButtonCore';
// The lazy Dialog, as everywhere else: every modal of the page shares the one Headless UI
// instance its own chunk brings (importing ModalDialog here as well gave two, and the quick
// create's dialog stopped making the page behind it inert).
import { Dialog } from '@/components/Dialog';
import { clearCurrentSession } from '@/features/session-setup/current-session';
import { preloadTaskForm, TaskFormDialog } from '@/features/tasks/TaskFormDialog';
import type { TTaskOutput } from '@/lib/schemas/task';
import type { CompletionScreen, SessionDialog, SetDialog } from './completion';
import { cancelPhaseEndPush } from './push';

export interface SessionDialogsProps {
  /** Always true once mounted (src/components/lazy.tsx mounts on the first opening). */
  open: boolean;
  dialog: SessionDialog;
  setDialog: SetDialog;
  /** The session's notices ('Timer ended!', …), oldest first. */
  notices: string[];
  dismissNotice: () => void;
  /** The screen: its session, the tasks shown ('End Session?' counts them), its list and clock. */
  screen: CompletionScreen;
}

/**
 * What the dialogs need to work with the network gone, fetched now while online: the quick
 * create's form schema and resolver (they load on a form's first focus, src/components/Form) and
 * the modal's own code, so 'End Session?' and 'Great work!' open without another request.
 */
export function preloadDialogs() {
  preloadTaskForm();
  void Dialog.preload();
}

/** A task made with the quick create joins the list at once, the list is read again, and the clock runs. */
function showCreated({ taskList, clock }: CompletionScreen, task: TTaskOutput) {
  taskList.cancel();
  taskList.change((tasks) => (tasks.some((t) => t.id === task.id) ? tasks : [...tasks, task]));
  taskList.reload();
  clock.start();
}

export function SessionDialogs({ dialog, setDialog, notices, dismissNotice, screen }: SessionDialogsProps) {
  const router = useRouter();
  const sessionId = screen.session.id;
  const remaining = screen.shown.length;
  // The session stops being the current one, and its phase-end push goes too, confirmed before the
  // page leaves (alerts stay on for the next session).
  const onEnd = () => {
    setDialog('none');
    clearCurrentSession();
    void cancelPhaseEndPush(sessionId).then(() => router.push('/dashboard'));
  };
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

      <TaskFormDialog
        open={dialog === 'create'}
        onClose={() => setDialog((open) => (open === 'create' ? 'none' : open))}
        title="Create New Task"
        requireDueDate={false}
        allowVeryHard
        sessionId={sessionId}
        onCreated={(task: TTaskOutput) => showCreated(screen, task)}
      />

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

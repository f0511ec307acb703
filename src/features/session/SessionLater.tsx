'use client';
// Everything of the focus session page that is not needed to show the screen and use its main
// controls, in one module loaded after the page (in idle time, or at once when first needed;
// src/components/lazy.tsx): one request instead of several. src/pages/session.tsx says why.
// - SessionDialogs: 'Great work!', 'End Session?', 'Session Update' and the quick create
//   ('Create New Task': the shared task form, with the typed API client it needs);
// - SessionExtras: what the App Router's layouts mount on every page — the toasts (and a toast
//   handed over from the page before, src/lib/toast-handoff.ts), the theme keeper, the error
//   reporter, and a sign-out in another tab sending this one to /signin;
// - the header's drawer and the list of keyboard shortcuts;
// - signing out (REST), and the chime and notification of the session alerts.
import { useEffect } from 'react';
import { Button } from '@/components/ButtonCore';
import { ModalDialog } from '@/components/ModalDialog';
import { toast, Toaster } from '@/components/Toast';
import { ThemeSync } from '@/components/theme/useTheme';
import { leaveTo } from '@/features/auth/leave';
import { forgetAccountStorage } from '@/features/auth/session-sync';
import { useSignOutElsewhere } from '@/features/auth/useSignOutElsewhere';
import { TaskFormDialog } from '@/features/tasks/TaskFormDialog';
import { ErrorReporter } from '@/lib/error-reporting/ErrorReporter';
import type { TTaskOutput } from '@/lib/schemas/task';
import { takeHandedOffToast } from '@/lib/toast-handoff';
import { TRPCReactProvider } from '@/trpc/react';
import { notify, playChime } from './alerts';
import { signOut } from './rest';

export { NavDrawer } from '@/components/shell/NavDrawer';
export { ShortcutsDialog } from '@/components/ShortcutsDialog';

export type SessionDialog = 'none' | 'great' | 'end' | 'create';

export interface SessionDialogsProps {
  /** Always true once mounted (src/components/lazy.tsx mounts on the first opening). */
  open: boolean;
  dialog: SessionDialog;
  setDialog: (update: SessionDialog | ((open: SessionDialog) => SessionDialog)) => void;
  /** The session's notices ('Timer ended!', …), oldest first. */
  notices: string[];
  dismissNotice: () => void;
  /** Tasks still shown in the session ('End Session?' counts them). */
  remaining: number;
  sessionId: string;
  onEnd: () => void;
  onCreated: (task: TTaskOutput) => void;
}

export function SessionDialogs({ dialog, setDialog, notices, dismissNotice, remaining, sessionId, onEnd, onCreated }: SessionDialogsProps) {
  return (
    <>
      <ModalDialog
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

      <ModalDialog
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

      <ModalDialog
        open={notices.length > 0 && dialog === 'none'}
        onClose={dismissNotice}
        title="Session Update"
        size="sm"
        footer={<Button onClick={dismissNotice}>OK</Button>}
      >
        <p className="text-base">{notices[0]}</p>
      </ModalDialog>
    </>
  );
}

export function SessionExtras(_props: { open: boolean }) {
  useSignOutElsewhere();
  useEffect(() => {
    const handed = takeHandedOffToast();
    if (handed) toast(handed);
  }, []);
  return (
    <>
      <Toaster />
      <ThemeSync />
      <ErrorReporter />
    </>
  );
}

/**
 * Sign out through the REST door's POST /api/auth/signout, then what useSignOut does on the
 * other pages: forget the account in this browser, tell the other tabs, go to /signin; on
 * failure the 'Failed to sign out' toast. True once the browser is leaving.
 */
export async function signOutHere(): Promise<boolean> {
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

'use client';
// Start Session: first the type chooser (AI Session or Manual Session), then Configure Session
// or the AI Session wizard, with the session-limit and AI-limit dialogs. Used by the dashboard
// and the sessions page: <StartSession open={open} onClose={() => setOpen(false)} />.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { Dialog } from '@/components/Dialog';
import { lazyUntilOpen } from '@/components/lazy';
import { LimitDialog } from '@/components/LimitDialog';
import type { UsageKind } from '@/lib/constants';
import type { AiSessionWizard as AiSessionWizardType } from './AiSessionWizard';
import type { ConfigureSessionDialog as ConfigureSessionDialogType } from './ConfigureSessionDialog';
import { useTRPC } from '@/trpc/react';
import { useCreateSession } from './useCreateSession';

// The two set-up dialogs (pickers, the AI wizard) load when first opened: src/components/lazy.tsx.
const ConfigureSessionDialog = lazyUntilOpen<ComponentProps<typeof ConfigureSessionDialogType>>(() =>
  import('./ConfigureSessionDialog').then((module) => module.ConfigureSessionDialog),
);
const AiSessionWizard = lazyUntilOpen<ComponentProps<typeof AiSessionWizardType>>(() => import('./AiSessionWizard').then((module) => module.AiSessionWizard));

type Stage = 'closed' | 'choose' | 'manual' | 'ai';

function StartSessionDialog({ open, onClose, onChoose }: { open: boolean; onClose: () => void; onChoose: (type: 'ai' | 'manual') => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Start Session" description="How would you like to plan this session?" size="md">
      <div className="grid gap-3 sm:grid-cols-2">
        <ChoiceButton title="AI Session" body="Tell us how you feel; get tasks that fit your mood, with reasons." onClick={() => onChoose('ai')} />
        <ChoiceButton title="Manual Session" body="Pick your clock, timings and tasks yourself." onClick={() => onChoose('manual')} />
      </div>
    </Dialog>
  );
}

function ChoiceButton({ title, body, onClick }: { title: string; body: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex flex-col items-start gap-1 rounded-card border border-border bg-surface p-4 text-left transition-colors hover:border-accent hover:bg-accentSoft"
    >
      <span className="text-base font-semibold">{title}</span>
      <span className="text-sm text-muted">{body}</span>
    </button>
  );
}

export function StartSession({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [choice, setChoice] = useState<'choose' | 'manual' | 'ai'>('choose');
  const [limit, setLimit] = useState<UsageKind | null>(null);
  // The plan names the limit in the limit dialog (Free: 20 sessions, 5 AI sessions; Plus: 50 AI sessions).
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { retry: false }));
  const stage: Stage = open ? choice : 'closed';

  // The next step's code is fetched while the person reads the chooser.
  useEffect(() => {
    if (!open) return;
    void ConfigureSessionDialog.preload();
    void AiSessionWizard.preload();
  }, [open]);

  // The chooser stays open until the chosen step's code is there: closing it first left a moment
  // (the whole download on a slow connection) with no dialog at all, in which a click reached the
  // page behind, its own Start Session button included. Closing the chooser meanwhile cancels.
  const choosing = useRef(0);
  function choose(type: 'manual' | 'ai') {
    const attempt = ++choosing.current;
    void (type === 'manual' ? ConfigureSessionDialog : AiSessionWizard).preload().then(() => {
      if (choosing.current === attempt) setChoice(type);
    });
  }

  function close() {
    choosing.current += 1;
    setChoice('choose');
    onClose();
  }

  const create = useCreateSession({
    onLimit: (kind) => {
      close();
      setLimit(kind);
    },
    onCreated: close,
  });

  return (
    <>
      <StartSessionDialog open={stage === 'choose'} onClose={close} onChoose={choose} />
      <ConfigureSessionDialog open={stage === 'manual'} onClose={close} pending={create.isPending} onSubmit={(input) => create.mutate(input)} />
      <AiSessionWizard
        open={stage === 'ai'}
        onClose={close}
        pending={create.isPending}
        onSubmit={(input) => create.mutate(input)}
        onLimit={(kind) => {
          close();
          setLimit(kind);
        }}
      />
      <LimitDialog open={limit !== null} onClose={() => setLimit(null)} kind={limit ?? 'sessions'} tier={me.data?.subscriptionTier} />
    </>
  );
}

'use client';
// /fresh-start: one calm screen for everything carried over. Each task has a proposal (today,
// tomorrow, this week, someday, let go) from the server's preview, which changes nothing; every
// row can be changed; "Accept all" applies them in one go, and "Undo this fresh start" puts every
// task back as it was. Two taps from the dashboard for any number of tasks: "Fresh start", then
// "Accept all". Nothing is deleted: a task let go is kept and can be brought back.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { AppLink } from '@/components/AppLink';
import { Button, buttonClass } from '@/components/ButtonCore';
import { Card } from '@/components/Card';
import { PageHeader } from '@/components/shell/AppShell';
import { Spinner } from '@/components/Spinner';
import { useAccountZone } from '@/features/auth/AccountZone';
import { FRESH_START_ACTIONS, type FreshStartAction } from '@/lib/just-start';
import { formatLocal } from '@/lib/local-format';
import type { TTaskOutput } from '@/lib/schemas/task';
import type { TProposal } from '@/lib/schemas/today';
import { carriedOverLabel } from '@/lib/tasks';
import { useTRPC, useTRPCClient } from '@/trpc/react';

const ACTION_LABELS: Record<FreshStartAction, string> = {
  today: 'Today',
  tomorrow: 'Tomorrow',
  'this-week': 'This week',
  someday: 'Someday',
  'let-go': 'Let go',
};

type Applied = { id: string; changed: number };

export function FreshStartPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const today = useQuery(trpc.today.get.queryOptions());
  // Asked afresh on every visit (it writes nothing), never refetched under the person's choices.
  const preview = useQuery({
    queryKey: ['today', 'fresh-start-preview'],
    queryFn: () => client.today.previewFreshStart.mutate(),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const [choices, setChoices] = useState<Record<string, FreshStartAction>>({});
  const [applied, setApplied] = useState<Applied | null>(null);
  const [undone, setUndone] = useState<number | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.today.get.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.task.list.queryKey() });
  };
  const apply = useMutation(trpc.today.applyFreshStart.mutationOptions({ onSuccess: (result) => (setApplied(result), setUndone(null), refresh()) }));
  const undo = useMutation(trpc.today.undoFreshStart.mutationOptions({ onSuccess: (result) => (setUndone(result.restored), refresh()) }));

  const proposals = useMemo(() => new Map((preview.data?.proposals ?? []).map((proposal) => [proposal.taskId, proposal])), [preview.data]);
  const tasks = useMemo(() => (applied ? [] : (today.data?.carriedOver ?? []).filter((task) => proposals.has(task.id))), [today.data, proposals, applied]);

  const acceptAll = () => {
    apply.mutate({
      decisions: tasks.map((task) => {
        const proposal = proposals.get(task.id)!;
        const action = choices[task.id] ?? proposal.action;
        // The proposal's own date when the row keeps its proposal; otherwise the server's rule for the action.
        return action === proposal.action && proposal.dueDate && action !== 'let-go' && action !== 'someday' ? { taskId: task.id, action, dueDate: proposal.dueDate } : { taskId: task.id, action };
      }),
    });
  };

  return (
    <>
      <PageHeader title="Fresh start" description="Some things slipped. That happens. Give each one a new place, or let it go — nothing is deleted." />
      {applied ? (
        <Card as="section" aria-label="Fresh start applied" className="flex flex-col gap-4">
          {undone === null ? (
            <>
              <p className="text-lg font-medium" role="status">
                {applied.changed === 1 ? '1 task has a new place.' : `${applied.changed} tasks have a new place.`}
              </p>
              <div className="flex flex-wrap gap-3">
                <AppLink href="/dashboard" className={buttonClass('primary')}>
                  Back to the dashboard
                </AppLink>
                <Button variant="secondary" pending={undo.isPending} disabled={undo.isPending} onClick={() => undo.mutate({ id: applied.id })}>
                  Undo this fresh start
                </Button>
              </div>
              {undo.isError ? <p className="text-sm text-muted">That could not be undone just now. Try again in a moment.</p> : null}
            </>
          ) : (
            <>
              <p className="text-lg font-medium" role="status">
                Undone: {undone === 1 ? '1 task is' : `${undone} tasks are`} back as they were.
              </p>
              <div>
                <AppLink href="/dashboard" className={buttonClass('primary')}>
                  Back to the dashboard
                </AppLink>
              </div>
            </>
          )}
        </Card>
      ) : today.isPending || preview.isPending ? (
        <div className="flex justify-center py-12 text-muted">
          <Spinner label="Looking at what is carried over" />
        </div>
      ) : today.isError || preview.isError ? (
        <Card className="flex flex-col items-start gap-3">
          <p>Your carried-over tasks could not be read just now.</p>
          <Button variant="secondary" onClick={() => (void today.refetch(), void preview.refetch())}>
            Try again
          </Button>
        </Card>
      ) : tasks.length === 0 ? (
        <Card className="flex flex-col items-start gap-3">
          <p className="text-lg font-medium">Nothing is carried over. You are all caught up.</p>
          <AppLink href="/dashboard" className={buttonClass('secondary')}>
            Back to the dashboard
          </AppLink>
        </Card>
      ) : (
        <Card as="section" aria-labelledby="fresh-start-list" padding="none">
          <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
            <h2 id="fresh-start-list" className="text-base font-semibold">
              {tasks.length === 1 ? '1 task carried over' : `${tasks.length} tasks carried over`}
            </h2>
            <Button onClick={acceptAll} pending={apply.isPending} disabled={apply.isPending}>
              Accept all
            </Button>
          </div>
          {apply.isError ? (
            <p className="border-b border-border px-5 py-3 text-sm" role="alert">
              {apply.error.message === 'Task not found' ? 'One of these tasks is gone. Nothing changed: reload to see the list as it is.' : 'That could not be saved just now. Nothing changed: try again.'}
            </p>
          ) : null}
          <ul aria-label="Carried-over tasks" className="divide-y divide-border">
            {tasks.map((task) => (
              <ProposalRow
                key={task.id}
                task={task}
                proposal={proposals.get(task.id)!}
                choice={choices[task.id]}
                onChoose={(action) => setChoices((current) => ({ ...current, [task.id]: action }))}
              />
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}

function ProposalRow({ task, proposal, choice, onChoose }: { task: TTaskOutput; proposal: TProposal; choice?: FreshStartAction; onChoose: (action: FreshStartAction) => void }) {
  const zone = useAccountZone();
  const action = choice ?? proposal.action;
  const when =
    action === proposal.action && proposal.dueDate && action !== 'let-go' ? formatLocal(proposal.dueDate, { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }, zone) : null;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">
          {task.title}
        </p>
        <p className="text-xs text-muted">
          {task.dueDate ? carriedOverLabel(task.dueDate) : 'carried over'}
          {task.recurrence ? ' · repeats' : ''}
        </p>
      </div>
      <div className="flex items-center gap-3">
        {when ? <span className="tabular text-xs text-muted">{when}</span> : null}
        <select
          aria-label={`New place for "${task.title}"`}
          value={action}
          onChange={(event) => onChoose(event.target.value as FreshStartAction)}
          className="h-9 rounded-control border border-border bg-surface px-2 text-sm text-text"
        >
          {FRESH_START_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {ACTION_LABELS[value]}
              {value === proposal.action ? ' (suggested)' : ''}
            </option>
          ))}
        </select>
      </div>
    </li>
  );
}

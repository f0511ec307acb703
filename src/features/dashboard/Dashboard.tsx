'use client';
// The dashboard: 'Your Dashboard', the four stat cards, Active Tasks and
// Completed (subtasks nested), Recent Sessions and Start Session, the task dialogs, and the
// verification wall while the e-mail is unverified. It reads the open tasks, the counts and
// one page of the most recent completions; older ones load a page at a time ('Load more'), so a
// long history costs nothing until asked for. ?verified=success|already shows its toast
// and resets the address to /dashboard; ?task=<id> (from reminder mails) opens that task.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { AppLink } from '@/components/AppLink';
import { Button, buttonClass } from '@/components/ButtonCore';
import { Card, CardTitle } from '@/components/Card';
import { PageHeader } from '@/components/shell/AppShell';
import { LoadingOverlay, Spinner } from '@/components/Spinner';
import { toast } from '@/components/Toast';
import type { TTaskOutput } from '@/lib/schemas/task';
import { taskItems, taskStats, taskTree } from '@/lib/tasks';
import { StartSession } from '@/features/session-setup';
import { DeleteTaskDialog, TaskFormDialog, useTaskMutations } from '@/features/tasks';
import { QuickAdd } from '@/features/tasks/QuickAdd';
import type { QuickDraft } from '@/lib/quick-capture';
import { useTRPC } from '@/trpc/react';
import { completedHistoryOptions, openTasksOptions, taskCountsOptions } from './queries';
import { RecentSessions } from './RecentSessions';
import { TaskList } from './TaskList';
import { VerificationWall } from './VerificationWall';
import { LazyRitualOffer, LazyTodayPanel } from '@/features/today/LazyTodayPanel';
import { handOffJustStart } from '@/features/today/just-start-handoff';

/** `keptDate`: the day "Keep anyway" was chosen for (the request's cookie, src/features/today/today-kept.ts). */
export function Dashboard({ keptDate }: { keptDate: string | null }) {
  const trpc = useTRPC();
  const router = useRouter();
  const me = useQuery({ ...trpc.auth.me.queryOptions(), refetchOnMount: true });

  useEffect(() => {
    if (me.isError) router.replace('/signin');
  }, [me.isError, router]);

  if (me.isPending) return <LoadingOverlay label="Loading your dashboard…" />;
  if (!me.data) return null;
  if (!me.data.emailVerified) return <VerificationWall email={me.data.email} />;
  return <VerifiedDashboard keptDate={keptDate} />;
}

function VerifiedDashboard({ keptDate }: { keptDate: string | null }) {
  const trpc = useTRPC();
  const router = useRouter();
  const params = useSearchParams();
  const tasksQuery = useQuery(openTasksOptions(trpc));
  const historyQuery = useInfiniteQuery(completedHistoryOptions(trpc));
  const countsQuery = useQuery(taskCountsOptions(trpc));
  const sessionsQuery = useQuery(trpc.session.list.queryOptions());
  const mutations = useTaskMutations();

  const [createOpen, setCreateOpen] = useState(false);
  const [draft, setDraft] = useState<QuickDraft | null>(null);
  // ?task=<id> (a reminder mail's link) opens that task once the list is here.
  const [editingId, setEditingId] = useState<string | null>(() => params?.get('task') ?? null);
  const [deleting, setDeleting] = useState<TTaskOutput | null>(null);
  const [startOpen, setStartOpen] = useState(false);
  const handledParams = useRef(false);

  // The open list and the loaded history, as one list: a task completed or reopened a moment
  // ago (optimistically, before both refresh) shows in its new list at once.
  const { tasks, moved } = useMemo(() => {
    const byId = new Map<string, TTaskOutput>();
    let moved = 0;
    for (const task of historyQuery.data?.pages.flatMap(taskItems) ?? []) {
      byId.set(task.id, task);
      if (!task.completed) moved -= 1;
    }
    for (const task of tasksQuery.data ?? []) {
      if (byId.has(task.id)) continue;
      byId.set(task.id, task);
      if (task.completed) moved += 1;
    }
    return { tasks: [...byId.values()], moved };
  }, [tasksQuery.data, historyQuery.data]);
  const editing = editingId ? (tasks.find((task) => task.id === editingId) ?? null) : null;
  const openStats = taskStats(tasks.filter((task) => !task.completed));
  const completedCount = countsQuery.data ? Math.max(0, countsQuery.data.completed + moved) : tasks.length - openStats.total;
  const total = openStats.total + completedCount;
  const stats = {
    total,
    completed: completedCount,
    percentComplete: total === 0 ? 0 : Math.round((completedCount / total) * 100),
    inProgress: openStats.inProgress,
    overdue: openStats.overdue,
  };
  const active = useMemo(() => taskTree(tasks, false), [tasks]);
  const completed = useMemo(() => taskTree(tasks, true), [tasks]);

  // ?verified=… toasts once, ?task=… opens that task; then the address is reset to /dashboard.
  useEffect(() => {
    if (handledParams.current) return;
    const verified = params?.get('verified');
    const taskId = params?.get('task');
    if (!verified && !taskId) return;
    handledParams.current = true;
    if (verified === 'success') toast({ title: 'Email verified successfully!' });
    else if (verified === 'already') toast({ title: 'Email already verified' });
    router.replace('/dashboard');
  }, [params, router]);


  const listActions = {
    onToggle: (task: TTaskOutput) => (task.completed ? mutations.reopen(task) : mutations.complete(task)),
    onOpen: (task: TTaskOutput) => setEditingId(task.id),
    onDelete: (task: TTaskOutput) => setDeleting(task),
  };

  return (
    <>
      <PageHeader
        title="Your Dashboard"
        description="One thing at a time. Here is where things stand."
        actions={
          <>
            <Button variant="secondary" onClick={() => setCreateOpen(true)}>
              New Task
            </Button>
            <AppLink href="/start" className={buttonClass('secondary')} onClick={() => handOffJustStart(tasksQuery.data ?? [])}>
              Just start
            </AppLink>
            <Button onClick={() => setStartOpen(true)}>Start Session</Button>
          </>
        }
      />

      <LazyTodayPanel keptDate={keptDate} />

      <section aria-label="Task statistics" className="mb-8 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Total Tasks" value={stats.total} />
        <Stat label="Completed" value={stats.completed} detail={`${stats.percentComplete}% complete`} />
        <Stat label="In Progress" value={stats.inProgress} />
        <Stat
          label="Overdue"
          value={stats.overdue}
          action={
            stats.overdue > 0 ? (
              <AppLink href="/fresh-start" className="text-xs font-medium text-muted underline underline-offset-2 hover:text-text">
                Fresh start
              </AppLink>
            ) : undefined
          }
        />
      </section>

      <Card as="section" aria-label="Quick add" padding="sm" className="mb-6">
        <QuickAdd onDraft={setDraft} />
      </Card>

      <div className="mb-8 grid gap-6 lg:grid-cols-2">
        <Card as="section" aria-labelledby="active-title" className="flex flex-col">
          <div className="mb-4 flex items-center justify-between gap-3">
            <CardTitle>
              <span id="active-title">Active Tasks</span>
            </CardTitle>
            <Button size="sm" variant="secondary" onClick={() => setCreateOpen(true)}>
              <svg viewBox="0 0 20 20" aria-hidden className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M10 4v12M4 10h12" />
              </svg>
              New
            </Button>
          </div>
          <div className="max-h-[28rem] overflow-y-auto pr-1" tabIndex={-1}>
            {tasksQuery.isPending ? (
              <Loading />
            ) : tasksQuery.isError ? (
              <LoadError onRetry={() => void tasksQuery.refetch()} />
            ) : (
              <TaskList label="Active tasks" nodes={active} empty="Nothing on your list. Add a task to get started." {...listActions} />
            )}
          </div>
        </Card>
        <Card as="section" aria-labelledby="completed-title" className="flex flex-col">
          <div className="mb-4 flex h-8 items-center">
            <CardTitle>
              <span id="completed-title">Completed</span>
            </CardTitle>
          </div>
          <div className="max-h-[28rem] overflow-y-auto pr-1" tabIndex={-1}>
            {historyQuery.isPending ? (
              <Loading />
            ) : historyQuery.isError ? (
              <LoadError onRetry={() => void historyQuery.refetch()} />
            ) : (
              <>
                <TaskList label="Completed tasks" nodes={completed} empty="Completed tasks will appear here." {...listActions} />
                {historyQuery.hasNextPage ? (
                  <div className="mt-3 flex justify-center">
                    <Button size="sm" variant="secondary" disabled={historyQuery.isFetchingNextPage} onClick={() => void historyQuery.fetchNextPage()}>
                      {historyQuery.isFetchingNextPage ? 'Loading…' : 'Load more'}
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </div>
        </Card>
      </div>

      <RecentSessions sessions={sessionsQuery.data} loading={sessionsQuery.isPending} onStart={() => setStartOpen(true)} />
      <LazyRitualOffer />

      <TaskFormDialog open={createOpen} onClose={() => setCreateOpen(false)} />
      <TaskFormDialog open={draft !== null} draft={draft} title="Check and create" onClose={() => setDraft(null)} />
      <TaskFormDialog
        open={editing !== null}
        task={editing}
        onClose={() => setEditingId(null)}
        onDelete={(task) => {
          setEditingId(null);
          setDeleting(task);
        }}
      />
      <DeleteTaskDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) mutations.remove(deleting);
        }}
      />
      <StartSession open={startOpen} onClose={() => setStartOpen(false)} />
    </>
  );
}

// Every card in the same neutral tone: a count of late tasks is a fact, not an alarm.
function Stat({ label, value, detail, action }: { label: string; value: number; detail?: string; action?: ReactNode }) {
  return (
    <Card padding="sm" className="flex flex-col gap-1">
      <span className="text-sm text-muted">{label}</span>
      <span className="tabular text-3xl font-semibold tracking-tight">{value}</span>
      {detail ? <span className="text-xs text-muted">{detail}</span> : null}
      {action ? <span>{action}</span> : null}
    </Card>
  );
}

function Loading() {
  return (
    <div className="flex justify-center py-8 text-muted">
      <Spinner label="Loading tasks" />
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-8 text-center text-sm text-muted">
      <p>Your tasks could not be loaded.</p>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

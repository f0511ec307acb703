'use client';
// /breakdown: pick one of your open tasks, describe it, and get subtasks with
// estimates, difficulty and an 'Aim for' deadline plus Helpful Tips; each can be added as a real
// subtask (importance from difficulty, marked AI generated). The wait shows progress and can be
// cancelled; the page says whether an AI model or the built-in planner answered. Only top-level
// tasks are offered: a subtask's parent must be a top-level task (one level of nesting).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { AppLinkButton } from '@/components/AppLink';
import { Button } from '@/components/ButtonCore';
import { Card } from '@/components/Card';
import { ChoiceCard } from '@/components/ChoiceCard';
import { Textarea } from '@/components/Field';
import { useSchemaForm } from '@/components/Form';
import { LimitDialog } from '@/components/LimitDialog';
import { PageHeader } from '@/components/shell/AppShell';
import { Spinner } from '@/components/Spinner';
import { useToast } from '@/components/Toast';
import { limitOf, reasonOf } from '@/lib/api-error';
import { importanceForDifficulty } from '@/lib/breakdown';
import { DEFAULT_TASK_COLOR, PLAN_LIMITS, TASK_LIMITS, type UsageKind } from '@/lib/constants';
import type { TBreakdownOutput, TBreakdownSubtask } from '@/lib/schemas/ai';
import type { TBreakdownForm } from '@/lib/schemas/breakdown-form';
import type { TTaskOutput } from '@/lib/schemas/task';
import { useTRPC, useTRPCClient } from '@/trpc/react';
import { taskItems } from '@/lib/tasks';
import { SubtaskCard } from './SubtaskCard';
import { displayTimeZone } from '@/lib/time-zone';

type Result = TBreakdownOutput & { taskId: string; taskTitle: string };

function formatDue(iso: string | null): string | null {
  if (!iso) return null;
  return new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: displayTimeZone() });
}

export function BreakdownPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const params = useSearchParams();
  const tasks = useQuery(trpc.task.list.queryOptions({ status: 'open' }, { refetchOnMount: true, select: taskItems }));
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { retry: false }));
  const open = (tasks.data ?? []).filter((task) => !task.completed && !task.parentTaskId);

  const [result, setResult] = useState<Result | null>(null);
  const [added, setAdded] = useState<Record<number, 'adding' | 'added'>>({});
  const [limit, setLimit] = useState<UsageKind | null>(null);
  const abort = useRef<AbortController | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const breakdown = useMutation({
    mutationFn: async ({ task, text }: { task: TTaskOutput; text: string }) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      // The typed client, so that a long wait can be cancelled with the AbortSignal.
      const answer = await client.ai.breakdown.mutate({ id: task.id, description: text }, { signal: controller.signal }).catch((error: unknown) => {
        throw controller.signal.aborted ? new DOMException('The breakdown was cancelled', 'AbortError') : error;
      });
      return { ...answer, taskId: task.id, taskTitle: task.title };
    },
    onMutate: () => queryClient.cancelQueries(),
    onSuccess: (answer) => {
      setResult(answer);
      setAdded({});
      // On a narrow screen the results sit below the form: bring them (and the reader) there.
      requestAnimationFrame(() => resultsHeading.current?.focus());
      void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
    },
    onError: (error) => {
      // Cancelled (the Cancel button, a new request, leaving the page): nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (limitOf(error) === 'aiBreakdowns') {
        setLimit('aiBreakdowns');
        return;
      }
      toast({ title: 'Failed to breakdown task', description: error.message || 'Please try again', variant: 'destructive' });
    },
  });

  const addSubtask = useMutation(
    trpc.task.create.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.task.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
      },
    }),
  );

  const onAdd = (subtask: TBreakdownSubtask, index: number) => {
    if (!result) return;
    setAdded((state) => ({ ...state, [index]: 'adding' }));
    addSubtask.mutate(
      {
        title: subtask.title,
        description: subtask.description || undefined,
        importance: importanceForDifficulty(subtask.difficulty),
        difficulty: subtask.difficulty,
        dueDate: subtask.suggestedDeadline ?? undefined,
        parentTaskId: result.taskId,
        isAiGenerated: true,
        estimatedMinutes: Math.min(1440, Math.max(1, Math.round(subtask.estimatedTime))),
      },
      {
        onSuccess: () => setAdded((state) => ({ ...state, [index]: 'added' })),
        onError: (error) => {
          setAdded(({ [index]: _dropped, ...rest }) => rest);
          if (limitOf(error) === 'tasks') setLimit('tasks');
          else toast({ title: 'Failed to create subtask', description: error.message, variant: 'destructive' });
        },
      },
    );
  };

  const { form, formProps } = useSchemaForm<TBreakdownForm>({
    schema: () => import('@/lib/schemas/breakdown-form').then((schemas) => schemas.ZBreakdownForm),
    defaultValues: { taskId: params?.get('task') ?? '', description: '' },
    // The product's checks are toasts, one at a time: a task first, then a description.
    shouldFocusError: false,
    onValid: ({ taskId, description }) => {
      const task = open.find((candidate) => candidate.id === taskId);
      if (task) breakdown.mutate({ task, text: description });
      else toast({ title: 'Please select a task first', variant: 'destructive' });
    },
    onInvalid: (errors) => toast({ title: (errors.taskId ?? errors.description)?.message ?? 'Please try again', variant: 'destructive' }),
  });
  const selectedId = useWatch({ control: form.control, name: 'taskId' });
  const selected = open.find((task) => task.id === selectedId) ?? null;

  // The description follows the picked task until the user edits it; a task named in the
  // address is picked once the list has loaded.
  const taskField = form.register('taskId', {
    onChange: (event: { target: { value: string } }) => {
      const task = open.find((candidate) => candidate.id === event.target.value);
      if (task) form.setValue('description', task.description ?? '');
    },
  });
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || !selected) return;
    prefilled.current = true;
    if (!form.getFieldState('description').isDirty) form.setValue('description', selected.description ?? '');
  }, [selected, form]);

  const cancel = () => {
    abort.current?.abort();
    breakdown.reset();
  };

  const limitMax = limit === 'tasks' ? (me.data?.limits.tasks ?? PLAN_LIMITS.free.tasks) : (me.data?.limits.aiBreakdowns ?? PLAN_LIMITS.free.aiBreakdowns);

  return (
    <div>
      <PageHeader title="Task Breakdown" description="Split a task into small, doable steps." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <Card as="section" aria-labelledby="breakdown-form-title">
          <h2 id="breakdown-form-title" className="text-lg font-semibold">
            Choose a task
          </h2>
          <form {...formProps} className="mt-4 flex flex-col gap-5">
            {tasks.isPending ? (
              <Spinner label="Loading your tasks" />
            ) : tasks.isError ? (
              <p className="text-sm text-muted" role="status">
                Your tasks could not be loaded. {reasonOf(tasks.error) === 'email_unverified' ? 'Please verify your e-mail address first.' : 'Please try again later.'}
              </p>
            ) : open.length === 0 ? (
              <div className="flex flex-col items-start gap-3 rounded-control border border-dashed border-border p-4">
                <p className="text-sm text-muted">No open tasks to break down. Create a task on the dashboard first.</p>
                <AppLinkButton href="/dashboard" variant="secondary" size="sm">
                  Go to Dashboard
                </AppLinkButton>
              </div>
            ) : (
              <fieldset>
                <legend className="mb-2 text-sm font-medium">Your open tasks</legend>
                <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto p-0.5">
                  {open.map((task) => {
                    const due = formatDue(task.dueDate);
                    return (
                      <li key={task.id}>
                        <ChoiceCard
                          value={task.id}
                          title={task.title}
                          hint={`${task.difficulty} · ${task.importance} importance${due ? ` · due ${due}` : ''}`}
                          marker={<span aria-hidden className="mt-1.5 size-2.5 shrink-0 rounded-full" style={{ backgroundColor: task.color ?? DEFAULT_TASK_COLOR }} />}
                          {...taskField}
                        />
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            )}
            <Textarea
              label="Description"
              hint="What does the task involve? The steps are drawn from this."
              rows={5}
              maxLength={TASK_LIMITS.descriptionMax}
              {...form.register('description')}
            />
            <Button type="submit" pending={breakdown.isPending} className="self-start">
              Breakdown Task
            </Button>
          </form>
        </Card>

        <section aria-labelledby="breakdown-results-title" aria-busy={breakdown.isPending} className="flex flex-col gap-4">
          <h2 id="breakdown-results-title" className="sr-only">
            Results
          </h2>
          {breakdown.isPending ? (
            <Card className="flex flex-col items-center gap-4 py-12 text-center" role="status" aria-live="polite">
              <span aria-hidden className="size-10 animate-spin rounded-full border-[3px] border-accent border-t-transparent motion-reduce:animate-none" />
              <div>
                <p className="font-medium">Breaking your task into steps…</p>
                <p className="mt-1 text-sm text-muted">This can take a few seconds.</p>
              </div>
              <Button variant="secondary" size="sm" onClick={cancel}>
                Cancel
              </Button>
            </Card>
          ) : result ? (
            <>
              <div className="flex flex-col gap-1">
                <h2 ref={resultsHeading} tabIndex={-1} className="scroll-mt-24 text-lg font-semibold outline-none">Suggested subtasks for “{result.taskTitle}”</h2>
                <p className="text-sm text-muted" data-testid="planner-note">
                  {result.planner === 'ai'
                    ? `Answered by an AI model${result.model ? ` (${result.model})` : ''}. Check the steps before you rely on them.`
                    : 'Answered by the built-in planner: simple rules, no AI model is configured on this server.'}
                </p>
              </div>
              <ul className="flex flex-col gap-3">
                {result.subtasks.map((subtask, index) => (
                  <SubtaskCard key={`${result.taskId}-${index}`} subtask={subtask} index={index} state={added[index] ?? 'idle'} onAdd={() => onAdd(subtask, index)} />
                ))}
              </ul>
              {result.tips.length ? (
                <Card muted aria-labelledby="tips-title">
                  <h2 id="tips-title" className="text-base font-semibold">
                    Helpful Tips
                  </h2>
                  <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-sm leading-relaxed">
                    {result.tips.map((tip, index) => (
                      <li key={index}>{tip}</li>
                    ))}
                  </ul>
                </Card>
              ) : null}
            </>
          ) : (
            <Card muted className="flex flex-col items-center gap-2 py-12 text-center">
              <p className="font-medium">Your steps will appear here</p>
              <p className="max-w-sm text-sm text-muted">Pick a task, say what it involves, and press Breakdown Task.</p>
            </Card>
          )}
        </section>
      </div>
      {limit ? (
        <LimitDialog open onClose={() => setLimit(null)} kind={limit} tier={me.data?.subscriptionTier} max={limitMax} used={limit === 'aiBreakdowns' ? (me.data?.aiBreakdownsThisMonth ?? limitMax) : (me.data?.tasksCreatedThisMonth ?? limitMax)} />
      ) : null}
    </div>
  );
}

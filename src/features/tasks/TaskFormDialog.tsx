'use client';
// The create and view/edit task dialog, shared by the dashboard, the calendar and the session's
// quick create: title (required, trimmed: the main button stays disabled
// until there is one), description, first step (not on a subtask), importance, difficulty (Very Hard only in the quick
// create), due date and time (required on the dashboard, optional in the quick create), colour
// (default #3B82F6), repeat (an RRULE through RepeatPicker), estimate in minutes and the due-soon
// warning. Editing a repeating task asks whether the change is for this occurrence only or for
// this and the following ones. Creating answers with the product's toasts, and a
// limit error opens the Task Limit Reached dialog instead.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Button } from '@/components/ButtonCore';
import { Dialog } from '@/components/Dialog';
import { Check, Input, Select, Textarea } from '@/components/Field';
import { preloadSchemaForm, useSchemaForm } from '@/components/Form';
import { LimitDialog } from '@/components/LimitDialog';
import { toast } from '@/components/Toast';
import { DIFFICULTY, IMPORTANCE, TASK_LIMITS } from '@/lib/constants';
import { type ISODate } from '@/lib/date-picker';
import type { TTaskOutput } from '@/lib/schemas/task';
import type { TTaskForm, TTaskFormValues } from '@/lib/schemas/task-form';
import { limitOf } from '@/lib/api-error';
import { isDueSoon } from '@/lib/tasks';
import { newWriteKey, sendOrQueue } from '@/features/offline/offline-write';
import type { TCreateTaskInput } from '@/lib/offline-writes';
import { useTRPC, useTRPCClient } from '@/trpc/react';
import { toRule } from '@/lib/recurrence-picker';
import type { QuickDraft } from '@/lib/quick-capture';
import { ColourField } from './ColourField';
import { QuickCapture } from './QuickCapture';
import { DueDateFields } from './DueDateFields';
import { RepeatPicker } from './RepeatPicker';
import { draftState, dueDateOf, initialState } from './task-form-state';
import { messageOf } from './useTaskMutations';

export interface TaskFormDialogProps {
  open: boolean;
  onClose: () => void;
  /** The task to view and edit; without one the dialog creates a task. */
  task?: TTaskOutput | null;
  /** Dialog title; default 'Create Task' or 'Edit Task'. */
  title?: string;
  /** The dashboard requires 'Due Date & Time *' (default); the session's quick create does not. */
  requireDueDate?: boolean;
  /** The session's quick create also offers Very Hard. */
  allowVeryHard?: boolean;
  /** Prefilled due day (the calendar's selected day) and hour (a week slot). */
  defaultDate?: ISODate | null;
  defaultHour?: number | null;
  /** Created in a focus session / as a subtask. */
  sessionId?: string | null;
  parentTaskId?: string | null;
  onCreated?: (task: TTaskOutput) => void;
  onSaved?: (task: TTaskOutput) => void;
  /** A quick-capture draft to start a new task from (checked and corrected here before saving). */
  draft?: QuickDraft | null;
  /** Edit mode: shows a Delete button that asks the caller to confirm. */
  onDelete?: (task: TTaskOutput) => void;
}

const loadTaskFormSchemas = () => import('@/lib/schemas/task-form');

/** The task form's schema and resolver fetched now (the session's quick create works offline). */
export function preloadTaskForm(): void {
  preloadSchemaForm(loadTaskFormSchemas);
}

export function TaskFormDialog(props: TaskFormDialogProps) {
  const [limitOpen, setLimitOpen] = useState(false);
  return (
    <>
      <Dialog
        open={props.open}
        onClose={props.onClose}
        title={props.title ?? (props.task ? 'Edit Task' : 'Create Task')}
        size="md"
      >
        {/* Remounted on each opening so the form starts from the task (or empty) every time. */}
        {props.open ? <TaskForm {...props} onLimit={() => setLimitOpen(true)} /> : null}
      </Dialog>
      <LimitDialog open={limitOpen} onClose={() => setLimitOpen(false)} kind="tasks" />
    </>
  );
}

function TaskForm({
  onClose,
  task,
  requireDueDate: requireDueDateProp = true,
  allowVeryHard = false,
  defaultDate,
  defaultHour,
  sessionId,
  parentTaskId,
  onCreated,
  onSaved,
  onDelete,
  draft,
  onLimit,
}: TaskFormDialogProps & { onLimit: () => void }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  const warningId = useId();
  const editing = Boolean(task);
  // Editing a task that never had a due date (made in a session) does not force one on it.
  const requireDueDate = requireDueDateProp && (!task || task.dueDate !== null);
  const subtask = Boolean(parentTaskId || task?.parentTaskId);

  // The due-soon warning is about "now": keep it honest while the dialog stays open.
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);

  function invalidate() {
    void queryClient.invalidateQueries({ queryKey: trpc.task.list.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.task.current.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.task.counts.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
  }

  /** Over the plan's task limit: the limit dialog instead of this one; any other failure: a toast. */
  function failed(error: unknown, said: { title: string; description?: string }) {
    if (limitOf(error) === 'tasks') {
      onClose();
      onLimit();
      return;
    }
    toast({ ...said, variant: 'destructive' });
  }

  // Works offline: sent with an Idempotency-Key, or kept by the worker (src/features/offline/offline-write.ts).
  const create = useMutation({
    mutationKey: trpc.task.create.mutationKey(),
    networkMode: 'always',
    mutationFn: async (input: TCreateTaskInput) => {
      const created = await sendOrQueue({ kind: 'create', key: newWriteKey(), input }, (key) => client.task.create.mutate(input, { context: { idempotencyKey: key } }));
      if (!created) throw new Error('Failed to create task');
      return created;
    },
    onMutate: () => queryClient.cancelQueries(),
    onSuccess: (created: TTaskOutput) => {
      toast({ title: 'Task created successfully!' });
      // Show it at once in every cached list; the refetch confirms.
      queryClient.setQueriesData<TTaskOutput[]>({ queryKey: trpc.task.list.pathKey() }, (old) =>
        Array.isArray(old) && !old.some((t) => t.id === created.id) ? [...old, created] : old,
      );
      invalidate();
      onCreated?.(created);
      onClose();
    },
    onError: (error) => failed(error, { title: 'Failed to create task', description: messageOf(error) }),
  });

  const update = useMutation(
    trpc.task.update.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: (saved) => {
        toast({ title: 'Task updated' });
        queryClient.setQueriesData<TTaskOutput[]>({ queryKey: trpc.task.list.pathKey() }, (old) =>
          Array.isArray(old) ? old.map((t) => (t.id === saved.id ? saved : t)) : old,
        );
        invalidate();
        onSaved?.(saved);
        onClose();
      },
      onError: (error) => failed(error, { title: 'Error', description: 'Failed to update task. Please try again.' }),
    }),
  );

  const pending = create.isPending || update.isPending;

  const { form, formProps } = useSchemaForm<TTaskForm, TTaskFormValues>({
    schema: () => loadTaskFormSchemas().then((schemas) => schemas.taskFormSchema({ requireDueDate })),
    defaultValues: initialState(task, defaultDate, defaultHour, draft),
    pending,
    onValid: (values) => {
      const dueDate = dueDateOf(values.date, values.time);
      const recurrence = subtask ? undefined : toRule(values.repeat);
      // A subtask is a step itself: it has no first step of its own here (the field is not shown).
      const firstStep = subtask ? undefined : values.firstStep;
      if (task) {
        update.mutate({
          id: task.id,
          title: values.title,
          description: values.description,
          importance: values.importance,
          difficulty: values.difficulty,
          dueDate,
          color: values.color,
          recurrence,
          estimatedMinutes: values.estimatedMinutes,
          firstStep,
          ...(task.recurrence && { applyTo: values.applyTo }),
        });
      } else {
        create.mutate({
          title: values.title,
          description: values.description,
          importance: values.importance,
          difficulty: values.difficulty,
          dueDate,
          color: values.color,
          sessionId: sessionId ?? undefined,
          parentTaskId: parentTaskId ?? undefined,
          recurrence: recurrence ?? undefined,
          estimatedMinutes: values.estimatedMinutes ?? undefined,
          firstStep: firstStep ?? undefined,
        });
      }
    },
  });
  const { errors } = form.formState;
  const [title, date, time] = useWatch({ control: form.control, name: ['title', 'date', 'time'] });
  const difficulties = DIFFICULTY.filter((value) => allowVeryHard || value !== 'Very Hard' || task?.difficulty === 'Very Hard');
  const dueSoon = !task?.completed && isDueSoon(dueDateOf(date, time), now);

  return (
    <form {...formProps} className="flex flex-col gap-5">
      {task?.completed ? <p className="rounded-control bg-successSoft px-3 py-2 text-sm font-medium text-success">Completed</p> : null}
      {!task && !draft ? (
        <QuickCapture
          label="Type it in plain words"
          buttonLabel="Fill in"
          onDraft={(next) => form.reset(draftState(next, form.getValues()), { keepDefaultValues: true })}
        />
      ) : null}
      <Input
        label="Title"
        required
        autoFocus={!editing}
        maxLength={TASK_LIMITS.titleMax}
        placeholder="What needs doing?"
        {...form.register('title')}
      />
      <Textarea label="Description" rows={3} maxLength={TASK_LIMITS.descriptionMax} placeholder="Optional details" {...form.register('description')} />
      {subtask ? null : (
        <Input
          label="First step"
          hint="The smallest thing that gets you going, e.g. “Open the draft”. Just start shows it when no subtask is open."
          maxLength={TASK_LIMITS.firstStepMax}
          placeholder="Optional"
          error={errors.firstStep?.message}
          {...form.register('firstStep')}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Importance" options={IMPORTANCE.map((value) => ({ value, label: value }))} {...form.register('importance')} />
        <Select label="Difficulty" options={difficulties.map((value) => ({ value, label: value }))} {...form.register('difficulty')} />
      </div>
      <DueDateFields form={form} requireDueDate={requireDueDate} dueSoon={dueSoon} idBase={warningId} />
      {subtask ? null : (
        <Controller control={form.control} name="repeat" render={({ field }) => <RepeatPicker value={field.value} onChange={field.onChange} />} />
      )}
      <Input
        label="Estimated time"
        hint="In minutes (1–1440)."
        type="number"
        inputMode="numeric"
        min={1}
        max={1440}
        className="sm:max-w-[12rem]"
        error={errors.estimate?.message}
        placeholder="e.g. 30"
        {...form.register('estimate')}
      />
      {task?.recurrence && !task.completed ? (
        <fieldset className="flex flex-col gap-2 rounded-control border border-border px-3 py-2.5">
          <legend className="px-1 text-sm font-medium">This task repeats. Save the changes for</legend>
          <Check type="radio" value="this" label="This one only" {...form.register('applyTo')} />
          <Check type="radio" value="following" label="This one and all following" {...form.register('applyTo')} />
        </fieldset>
      ) : null}
      <ColourField form={form} id={`${warningId}-color`} />
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:items-center">
        {task && onDelete ? (
          <Button variant="ghost" className="text-danger sm:mr-auto" onClick={() => onDelete(task)}>
            Delete
          </Button>
        ) : (
          <span className="hidden sm:block sm:flex-1" />
        )}
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={!title.trim()} pending={pending}>
          {editing ? 'Save Changes' : 'Create Task'}
        </Button>
      </div>
    </form>
  );
}


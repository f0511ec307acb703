'use client';
// The create and view/edit task dialog, shared by the dashboard, the calendar and the session's
// quick create: title (required, trimmed: the main button stays disabled
// until there is one), description, importance, difficulty (Very Hard only in the quick
// create), due date and time (required on the dashboard, optional in the quick create), colour
// (default #3B82F6), repeat (an RRULE through RepeatPicker), estimate in minutes and the due-soon
// warning. Editing a repeating task asks whether the change is for this occurrence only or for
// this and the following ones. Creating answers with the product's toasts, and a
// limit error opens the Task Limit Reached dialog instead.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/Button';
import { DateField } from '@/components/DateField';
import { Dialog } from '@/components/Dialog';
import { Input, Select, Textarea } from '@/components/Field';
import { LimitDialog } from '@/components/LimitDialog';
import { TimePicker } from '@/components/TimePicker';
import { toast } from '@/components/Toast';
import { DEFAULT_TASK_COLOR, DIFFICULTY, IMPORTANCE, TASK_LIMITS, type Difficulty, type Importance } from '@/lib/constants';
import { combineDateAndTime, dueDateParts, type ISODate } from '@/lib/date-picker';
import type { TTaskOutput } from '@/lib/schemas/task';
import { isDueSoon, isTaskLimitError } from '@/lib/tasks';
import type { TimeValue } from '@/lib/time-picker';
import { useTRPC } from '@/trpc/react';
import { fromRule, toRule, type RepeatState } from '@/lib/recurrence-picker';
import type { QuickDraft } from '@/lib/quick-capture';
import { QuickCapture } from './QuickCapture';
import { RepeatPicker } from './RepeatPicker';
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

interface FormState {
  title: string;
  description: string;
  importance: Importance;
  difficulty: Difficulty;
  date: ISODate | null;
  time: TimeValue | null;
  color: string;
  repeat: RepeatState;
  /** Minutes as typed ('' for none). */
  estimate: string;
  applyTo: 'this' | 'following';
}

function draftState(draft: QuickDraft, base: FormState): FormState {
  const parts = dueDateParts(draft.dueDate);
  return {
    ...base,
    title: draft.title,
    importance: draft.importance,
    date: parts.date ?? base.date,
    time: parts.time ?? base.time,
    color: draft.color ?? base.color,
    repeat: draft.recurrence ? fromRule(draft.recurrence) : base.repeat,
    estimate: draft.estimatedMinutes ? String(draft.estimatedMinutes) : base.estimate,
  };
}

function initialState(task: TTaskOutput | null | undefined, defaultDate?: ISODate | null, defaultHour?: number | null, draft?: QuickDraft | null): FormState {
  if (!task && draft) return draftState(draft, initialState(null, defaultDate, defaultHour));
  if (task) {
    const parts = dueDateParts(task.dueDate);
    return {
      title: task.title,
      description: task.description ?? '',
      importance: task.importance,
      difficulty: task.difficulty,
      date: parts.date,
      time: parts.time,
      color: task.color ?? DEFAULT_TASK_COLOR,
      repeat: fromRule(task.recurrence),
      estimate: task.estimatedMinutes ? String(task.estimatedMinutes) : '',
      applyTo: 'following',
    };
  }
  return {
    title: '',
    description: '',
    importance: 'Medium',
    difficulty: 'Medium',
    date: defaultDate ?? null,
    time: typeof defaultHour === 'number' ? { hour: defaultHour, minute: 0 } : defaultDate ? { hour: 9, minute: 0 } : null,
    color: DEFAULT_TASK_COLOR,
    repeat: fromRule(null),
    estimate: '',
    applyTo: 'following',
  };
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
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(() => initialState(task, defaultDate, defaultHour, draft));
  const [dueError, setDueError] = useState<string | undefined>();
  const [estimateError, setEstimateError] = useState<string | undefined>();
  const [now, setNow] = useState(() => Date.now());
  const warningId = useId();
  const editing = Boolean(task);
  // Editing a task that never had a due date (made in a session) does not force one on it.
  const requireDueDate = requireDueDateProp && (!task || task.dueDate !== null);

  // The due-soon warning is about "now": keep it honest while the dialog stays open.
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(id);
  }, []);

  const difficulties = DIFFICULTY.filter((value) => allowVeryHard || value !== 'Very Hard' || task?.difficulty === 'Very Hard');
  const dueDate = useMemo(() => {
    if (!form.date) return null;
    return combineDateAndTime(form.date, form.time ?? { hour: 23, minute: 59 });
  }, [form.date, form.time]);
  const dueSoon = !task?.completed && isDueSoon(dueDate, now);
  const trimmedTitle = form.title.trim();

  function invalidate() {
    void queryClient.invalidateQueries({ queryKey: trpc.task.list.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.task.current.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.task.counts.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
  }

  const create = useMutation(
    trpc.task.create.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: (created) => {
        toast({ title: 'Task created successfully!' });
        // Show it at once in every cached list; the refetch confirms.
        queryClient.setQueriesData<TTaskOutput[]>({ queryKey: trpc.task.list.pathKey() }, (old) =>
          Array.isArray(old) && !old.some((t) => t.id === created.id) ? [...old, created] : old,
        );
        invalidate();
        onCreated?.(created);
        onClose();
      },
      onError: (error) => {
        if (isTaskLimitError(error.message)) {
          onClose();
          onLimit();
          return;
        }
        toast({ title: 'Failed to create task', description: messageOf(error), variant: 'destructive' });
      },
    }),
  );

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
      onError: (error) => {
        if (isTaskLimitError(error.message)) {
          onClose();
          onLimit();
          return;
        }
        toast({ title: 'Error', description: 'Failed to update task. Please try again.', variant: 'destructive' });
      },
    }),
  );

  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!trimmedTitle || pending) return;
    if (requireDueDate && (!form.date || !form.time)) {
      setDueError(!form.date ? 'Please choose a due date.' : 'Please choose a due time.');
      return;
    }
    const description = form.description.trim() || undefined;
    const estimate = Number(form.estimate);
    if (form.estimate.trim() && (!Number.isInteger(estimate) || estimate < 1 || estimate > 1440)) {
      setEstimateError('Estimate must be whole minutes between 1 and 1440.');
      return;
    }
    const estimatedMinutes = form.estimate.trim() ? estimate : null;
    const recurrence = parentTaskId || task?.parentTaskId ? undefined : toRule(form.repeat);
    if (task) {
      update.mutate({
        id: task.id,
        title: trimmedTitle,
        description,
        importance: form.importance,
        difficulty: form.difficulty,
        dueDate,
        color: form.color,
        recurrence,
        estimatedMinutes,
        ...(task.recurrence && { applyTo: form.applyTo }),
      });
    } else {
      create.mutate({
        title: trimmedTitle,
        description,
        importance: form.importance,
        difficulty: form.difficulty,
        dueDate,
        color: form.color,
        sessionId: sessionId ?? undefined,
        parentTaskId: parentTaskId ?? undefined,
        recurrence: recurrence ?? undefined,
        estimatedMinutes: estimatedMinutes ?? undefined,
      });
    }
  }

  function set<K extends keyof FormState>(key: K, value: FormState[K]) {
    setForm((current) => ({ ...current, [key]: value }));
    if (key === 'date' || key === 'time') setDueError(undefined);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {task?.completed ? <p className="rounded-control bg-successSoft px-3 py-2 text-sm font-medium text-success">Completed</p> : null}
      {!task && !draft ? (
        <QuickCapture
          label="Type it in plain words"
          buttonLabel="Fill in"
          onDraft={(next) => {
            setForm((current) => draftState(next, current));
            setDueError(undefined);
          }}
        />
      ) : null}
      <Input
        label="Title"
        required
        autoFocus={!editing}
        value={form.title}
        maxLength={TASK_LIMITS.titleMax}
        onChange={(event) => set('title', event.target.value)}
        placeholder="What needs doing?"
      />
      <Textarea
        label="Description"
        value={form.description}
        rows={3}
        maxLength={TASK_LIMITS.descriptionMax}
        onChange={(event) => set('description', event.target.value)}
        placeholder="Optional details"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Importance"
          value={form.importance}
          onChange={(event) => set('importance', event.target.value as Importance)}
          options={IMPORTANCE.map((value) => ({ value, label: value }))}
        />
        <Select
          label="Difficulty"
          value={form.difficulty}
          onChange={(event) => set('difficulty', event.target.value as Difficulty)}
          options={difficulties.map((value) => ({ value, label: value }))}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">
          {requireDueDate ? (
            <>
              Due Date &amp; Time <span className="text-danger">*</span>
            </>
          ) : (
            'Due Date & Time'
          )}
        </legend>
        <div className="flex flex-wrap items-end gap-3">
          <DateField
            label="Due date"
            className="min-w-[12rem] flex-1"
            value={form.date}
            required={requireDueDate}
            onChange={(value) => {
              set('date', value);
              if (value && !form.time) set('time', { hour: 9, minute: 0 });
            }}
          />
          <TimePicker label="Due time" value={form.time} required={requireDueDate} onChange={(value) => set('time', value)} />
        </div>
        {dueError ? <p className="text-sm font-medium text-danger">{dueError}</p> : null}
        {dueSoon ? (
          <p id={warningId} role="status" className="flex items-center gap-2 rounded-control bg-warningSoft px-3 py-2 text-sm font-medium text-warning">
            <svg viewBox="0 0 20 20" aria-hidden className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
              <circle cx="10" cy="10" r="7.5" />
              <path d="M10 6v4.5l2.5 1.5" />
            </svg>
            This task is due soon.
          </p>
        ) : null}
      </fieldset>
      {parentTaskId || task?.parentTaskId ? null : <RepeatPicker value={form.repeat} onChange={(repeat) => set('repeat', repeat)} />}
      <Input
        label="Estimated time"
        hint="In minutes (1–1440)."
        type="number"
        inputMode="numeric"
        min={1}
        max={1440}
        className="sm:max-w-[12rem]"
        value={form.estimate}
        error={estimateError}
        onChange={(event) => {
          set('estimate', event.target.value);
          setEstimateError(undefined);
        }}
        placeholder="e.g. 30"
      />
      {task?.recurrence && !task.completed ? (
        <fieldset className="flex flex-col gap-2 rounded-control border border-border px-3 py-2.5">
          <legend className="px-1 text-sm font-medium">This task repeats. Save the changes for</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="applyTo" value="this" checked={form.applyTo === 'this'} onChange={() => set('applyTo', 'this')} />
            This one only
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="applyTo" value="following" checked={form.applyTo === 'following'} onChange={() => set('applyTo', 'following')} />
            This one and all following
          </label>
        </fieldset>
      ) : null}
      <div className="flex items-center gap-3">
        <label htmlFor={`${warningId}-color`} className="text-sm font-medium">
          Colour
        </label>
        <input
          id={`${warningId}-color`}
          type="color"
          value={form.color}
          onChange={(event) => set('color', event.target.value.toUpperCase())}
          className="h-10 w-14 cursor-pointer rounded-control border border-border bg-surface p-1"
        />
        <span className="tabular text-sm text-muted">{form.color}</span>
      </div>
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
        <Button type="submit" disabled={!trimmedTitle} pending={pending}>
          {editing ? 'Save Changes' : 'Create Task'}
        </Button>
      </div>
    </form>
  );
}

/** The Delete Task confirmation. */
export function DeleteTaskDialog({ open, onClose, onConfirm }: { open: boolean; onClose: () => void; onConfirm: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title="Delete Task"
      description="Are you sure you want to delete this task? This action cannot be undone."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            Delete
          </Button>
        </>
      }
    />
  );
}

'use client';
// Configure Session (manual): display mode, name (the default name as placeholder), timings,
// max tasks, due date and time, and up to 10 incomplete tasks to pick.
// Only positive numbers are sent.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { Button } from '@/components/ButtonCore';
import { DateField } from '@/components/DateField';
import { Dialog } from '@/components/Dialog';
import { Check, Input } from '@/components/Field';
import { useSchemaForm } from '@/components/Form';
import { FormActions } from '@/components/FormActions';
import { TimePicker } from '@/components/TimePicker';
import { MANUAL_SESSION_TASK_LIST } from '@/lib/constants';
import { combineDateAndTime } from '@/lib/date-picker';
import { usDate } from '@/lib/dates';
import { SESSION_NAME_MAX } from '@/lib/constants';
import type { TCreateFocusSessionInput } from '@/lib/schemas/session';
import type { TSessionSetup, TSessionSetupForm } from '@/lib/schemas/session-form';
import { byDueDate, taskItems } from '@/lib/tasks';
import { displayTimeZone } from '@/lib/time-zone';
import { useTRPC } from '@/trpc/react';
import { DEFAULT_TIMINGS, DisplayModeField, TimingFields, timingForm } from './fields';

export function ConfigureSessionDialog({
  open,
  onClose,
  onSubmit,
  pending,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (input: TCreateFocusSessionInput) => void;
  pending: boolean;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Configure Session" description="Set up your clock and choose what to focus on." size="lg">
      {open ? <ConfigureSessionForm onClose={onClose} onSubmit={onSubmit} pending={pending} /> : null}
    </Dialog>
  );
}

function toCreateInput(values: TSessionSetup): TCreateFocusSessionInput {
  const mode = values.displayMode;
  return {
    displayMode: mode,
    sessionName: values.sessionName,
    sessionDuration: values.sessionDuration,
    maxTasks: values.maxTasks,
    pomodoroWork: mode === 'pomodoro' ? values.pomodoroWork : undefined,
    pomodoroBreak: mode === 'pomodoro' ? values.pomodoroBreak : undefined,
    timerDuration: mode === 'timer' ? values.timerDuration : undefined,
    // A session with no due date gets the current time (server default); a time alone is
    // combined with today in the person's zone.
    dueDate: values.dueDate ? combineDateAndTime(values.dueDate, values.dueTime ?? { hour: 23, minute: 59 }) : undefined,
    dueTime: !values.dueDate && values.dueTime ? values.dueTime : undefined,
    timeZone: displayTimeZone(),
    sessionType: 'manual',
    selectedTaskIds: values.selectedTaskIds,
  };
}

function ConfigureSessionForm({ onClose, onSubmit, pending }: { onClose: () => void; onSubmit: (input: TCreateFocusSessionInput) => void; pending: boolean }) {
  const trpc = useTRPC();
  const sessions = useQuery(trpc.session.list.queryOptions());
  const tasks = useQuery(trpc.task.list.queryOptions({ status: 'open' }, { select: taskItems }));
  // This dialog's code loads when it first opens, with zod already in it: the schema is at hand.
  const { form, formProps } = useSchemaForm<TSessionSetupForm, TSessionSetup>({
    // The schema (zod, the API's session schemas) loads with the first focus, not with the dialog's code:
    // the dialog is fetched in the background at the first interaction, and evaluating zod there was
    // the dashboard's longest task after load (56 ms on this machine, about 4 times that on a phone).
    schema: () => import('@/lib/schemas/session-form').then((module) => module.ZSessionSetupForm),
    defaultValues: { ...DEFAULT_TIMINGS, sessionName: '', dueDate: null, dueTime: null, selectedTaskIds: [] },
    onValid: (values) => onSubmit(toCreateInput(values)),
  });

  const defaultName = `Session #${(sessions.data?.length ?? 0) + 1} - ${usDate(new Date(), displayTimeZone())}`;
  const open = useMemo(
    () => (tasks.data ?? []).filter((task) => !task.completed).sort(byDueDate).slice(0, MANUAL_SESSION_TASK_LIST),
    [tasks.data],
  );

  return (
    <form {...formProps} className="flex flex-col gap-6">
      <DisplayModeField {...timingForm(form)} />
      <Input label="Session name" maxLength={SESSION_NAME_MAX} placeholder={defaultName} {...form.register('sessionName')} />
      <TimingFields {...timingForm(form)} />
      <div className="flex flex-wrap items-end gap-3">
        <Controller
          control={form.control}
          name="dueDate"
          render={({ field }) => <DateField label="Due date" className="min-w-[12rem] flex-1" value={field.value} onChange={field.onChange} placeholder="Today" />}
        />
        <Controller control={form.control} name="dueTime" render={({ field }) => <TimePicker label="Due time" value={field.value} onChange={field.onChange} />} />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Tasks for this session</legend>
        <p className="-mt-1 mb-2 text-xs text-muted">Optional: pick none to just focus.</p>
        {tasks.isLoading ? (
          <p className="text-sm text-muted">Loading tasks…</p>
        ) : open.length === 0 ? (
          <p className="text-sm text-muted">No open tasks yet. You can create tasks during the session.</p>
        ) : (
          <Controller
            control={form.control}
            name="selectedTaskIds"
            render={({ field: { value: selected, onChange } }) => (
              <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-control border border-border p-1">
                {open.map((task) => (
                  <li key={task.id}>
                    <Check
                      className="rounded-control px-3 py-2 hover:bg-surfaceMuted"
                      checked={selected.includes(task.id)}
                      onChange={(e) => onChange(e.target.checked ? [...selected, task.id] : selected.filter((id) => id !== task.id))}
                      marker={<span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ background: task.color ?? 'var(--color-accent)' }} />}
                      label={<span className="min-w-0 flex-1 truncate">{task.title}</span>}
                    />
                  </li>
                ))}
              </ul>
            )}
          />
        )}
      </fieldset>
      <FormActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          Start Session
        </Button>
      </FormActions>
    </form>
  );
}

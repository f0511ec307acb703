'use client';
// Configure Session (manual): display mode, name (the default name as placeholder), timings,
// max tasks, due date and time, and up to 10 incomplete tasks to pick (spec sections 2, 5, 9).
// Only positive numbers are sent.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/Button';
import { DateField } from '@/components/DateField';
import { Dialog } from '@/components/Dialog';
import { Input } from '@/components/Field';
import { TimePicker } from '@/components/TimePicker';
import { MANUAL_SESSION_TASK_LIST } from '@/lib/constants';
import { combineDateAndTime, type ISODate } from '@/lib/date-picker';
import { usDate } from '@/lib/dates';
import { SESSION_NAME_MAX, type TCreateSessionInput } from '@/lib/schemas/session';
import { byDueDate, taskItems } from '@/lib/tasks';
import type { TimeValue } from '@/lib/time-picker';
import { useTRPC } from '@/trpc/react';
import { browserTimeZone } from './useCreateSession';
import { positiveNumber } from './current-session';
import { DEFAULT_TIMINGS, DisplayModeField, TimingFields, type TimingValues } from './fields';

export function ConfigureSessionDialog({
  open,
  onClose,
  onSubmit,
  pending,
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (input: TCreateSessionInput) => void;
  pending: boolean;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Configure Session" description="Set up your clock and choose what to focus on." size="lg">
      {open ? <ConfigureSessionForm onClose={onClose} onSubmit={onSubmit} pending={pending} /> : null}
    </Dialog>
  );
}

function ConfigureSessionForm({ onClose, onSubmit, pending }: { onClose: () => void; onSubmit: (input: TCreateSessionInput) => void; pending: boolean }) {
  const trpc = useTRPC();
  const sessions = useQuery(trpc.session.list.queryOptions());
  const tasks = useQuery(trpc.task.list.queryOptions({ status: 'open' }, { select: taskItems }));
  const [timings, setTimings] = useState<TimingValues>(DEFAULT_TIMINGS);
  const [name, setName] = useState('');
  const [date, setDate] = useState<ISODate | null>(null);
  const [time, setTime] = useState<TimeValue | null>(null);
  const [selected, setSelected] = useState<string[]>([]);

  const defaultName = `Session #${(sessions.data?.length ?? 0) + 1} - ${usDate(new Date(), browserTimeZone())}`;
  const open = useMemo(
    () => (tasks.data ?? []).filter((task) => !task.completed).sort(byDueDate).slice(0, MANUAL_SESSION_TASK_LIST),
    [tasks.data],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const mode = timings.displayMode;
    const input: TCreateSessionInput = {
      displayMode: mode,
      sessionName: name.trim() || undefined,
      sessionDuration: positiveNumber(timings.sessionDuration),
      maxTasks: positiveNumber(timings.maxTasks),
      pomodoroWork: mode === 'pomodoro' ? positiveNumber(timings.pomodoroWork) : undefined,
      pomodoroBreak: mode === 'pomodoro' ? positiveNumber(timings.pomodoroBreak) : undefined,
      timerDuration: mode === 'timer' ? positiveNumber(timings.timerDuration) : undefined,
      // A session with no due date gets the current time (server default); a time alone is
      // combined with today in the person's zone.
      dueDate: date ? combineDateAndTime(date, time ?? { hour: 23, minute: 59 }) : undefined,
      dueTime: !date && time ? time : undefined,
      timeZone: browserTimeZone(),
      sessionType: 'manual',
      selectedTaskIds: selected,
    };
    onSubmit(input);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <DisplayModeField value={timings.displayMode} onChange={(displayMode) => setTimings((t) => ({ ...t, displayMode }))} />
      <Input label="Session name" value={name} maxLength={SESSION_NAME_MAX} placeholder={defaultName} onChange={(e) => setName(e.target.value)} />
      <TimingFields values={timings} onChange={(next) => setTimings((t) => ({ ...t, ...next }))} />
      <div className="flex flex-wrap items-end gap-3">
        <DateField label="Due date" className="min-w-[12rem] flex-1" value={date} onChange={setDate} placeholder="Today" />
        <TimePicker label="Due time" value={time} onChange={setTime} />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Tasks for this session</legend>
        {tasks.isLoading ? (
          <p className="text-sm text-muted">Loading tasks…</p>
        ) : open.length === 0 ? (
          <p className="text-sm text-muted">No open tasks yet. You can create tasks during the session.</p>
        ) : (
          <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-control border border-border p-1">
            {open.map((task) => (
              <li key={task.id}>
                <label className="flex cursor-pointer items-center gap-3 rounded-control px-3 py-2 hover:bg-surfaceMuted">
                  <input
                    type="checkbox"
                    className="size-4 accent-[var(--color-accent)]"
                    checked={selected.includes(task.id)}
                    onChange={(e) => setSelected((ids) => (e.target.checked ? [...ids, task.id] : ids.filter((id) => id !== task.id)))}
                  />
                  <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ background: task.color ?? 'var(--color-accent)' }} />
                  <span className="min-w-0 flex-1 truncate text-sm">{task.title}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          Start Session
        </Button>
      </div>
    </form>
  );
}

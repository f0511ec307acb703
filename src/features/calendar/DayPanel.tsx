'use client';
// The selected day's tasks (the Calendar side panel; also the whole single-day view on small
// screens): open ones first, then a 'Completed' divider and the completed ones with a Done
// badge, each part by due date. Create Task starts pre-filled with the day.
import { Badge } from '@/components/Badge';
import { Button } from '@/components/ButtonCore';
import { dayTaskList, dueTimeLabel } from '@/lib/calendar';
import { dateLabel, type ISODate } from '@/lib/date-picker';
import type { TTaskOutput } from '@/lib/schemas/task';
import type { CalendarEventItem } from '@/lib/calendar-events';
import { DayEvents } from './CalendarEvents';
import { taskColor } from './TaskChip';

export function DayPanel({
  date,
  tasks,
  zone,
  loading,
  heading = 'h2',
  title,
  onCreate,
  onOpenTask,
  events = [],
}: {
  date: ISODate;
  tasks: TTaskOutput[];
  /** The day's events from the subscribed calendars. */
  events?: CalendarEventItem[];
  zone: string;
  loading: boolean;
  heading?: 'h2' | 'h3';
  /** Default: the day's date (the single-day view already shows it above, so it says 'Tasks'). */
  title?: string;
  onCreate: () => void;
  onOpenTask: (task: TTaskOutput) => void;
}) {
  const { open, completed } = dayTaskList(tasks);
  const Heading = heading;
  return (
    <section aria-labelledby="calendar-day-heading" className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5" data-testid="day-panel">
      <div className="flex items-start justify-between gap-3">
        <Heading id="calendar-day-heading" className="text-base font-semibold leading-snug">
          {title ?? dateLabel(date)}
        </Heading>
        <Button size="sm" onClick={onCreate} className="shrink-0">
          Create Task
        </Button>
      </div>
      {loading ? (
        <p className="text-sm text-muted">Loading tasks…</p>
      ) : tasks.length === 0 ? (
        <p className="text-sm text-muted">No tasks on this day.</p>
      ) : (
        <div className="flex flex-col gap-2">
          {open.length > 0 ? <TaskList tasks={open} zone={zone} onOpenTask={onOpenTask} label="Open tasks" /> : null}
          {completed.length > 0 ? (
            <>
              <div role="separator" className="mt-2 flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-muted" data-testid="completed-divider">
                <span>Completed</span>
                <span aria-hidden className="h-px flex-1 bg-border" />
              </div>
              <TaskList tasks={completed} zone={zone} onOpenTask={onOpenTask} label="Completed tasks" />
            </>
          ) : null}
        </div>
      )}
      <DayEvents events={events} zone={zone} />
    </section>
  );
}

function TaskList({ tasks, zone, onOpenTask, label }: { tasks: TTaskOutput[]; zone: string; onOpenTask: (task: TTaskOutput) => void; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {tasks.map((task) => (
        <li key={task.id}>
          <button
            type="button"
            onClick={() => onOpenTask(task)}
            className="flex w-full items-center gap-3 rounded-control border border-border px-3 py-2.5 text-left hover:bg-surfaceMuted"
            data-testid="day-task"
          >
            <span aria-hidden className="h-8 w-1 shrink-0 rounded-full" style={{ backgroundColor: taskColor(task) }} />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className={`break-words text-sm font-medium ${task.completed ? 'text-muted line-through' : ''}`}>{task.title}</span>
              <span className="text-xs text-muted tabular">{dueTimeLabel(task, zone)}</span>
            </span>
            {task.completed ? <Badge variant="success">Done</Badge> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

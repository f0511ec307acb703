'use client';
// The focus screen's tasks: the current one, large, with Complete; the next ones quieter; and the
// empty states ('Create your first task', 'No tasks to display.').
import { Button } from '@/components/ButtonCore';
import { formatLocal } from '@/lib/local-format';
import type { TTaskOutput } from '@/lib/schemas/task';
import { DUE_FORMATS } from './due-format';
import { Icon } from './Icon';

export function TaskPanel({
  pending,
  current,
  upNext,
  firstTime,
  onComplete,
  onCreate,
}: {
  pending: boolean;
  current: TTaskOutput | undefined;
  upNext: TTaskOutput[];
  /** No task was ever part of this session. */
  firstTime: boolean;
  onComplete: (task: TTaskOutput) => void;
  onCreate: () => void;
}) {
  return (
    <section aria-label="Tasks" className="fs-tasks">
      {pending ? (
        <p className="text-muted">Loading tasks…</p>
      ) : current ? (
        <>
          <CurrentTaskCard task={current} onComplete={() => onComplete(current)} />
          {upNext.length > 0 ? <UpNext tasks={upNext} /> : null}
          <div>
            <Button variant="ghost" size="sm" onClick={onCreate}>
              <Icon name="plus" />
              Create New Task
            </Button>
          </div>
        </>
      ) : (
        <EmptyTasks firstTime={firstTime} onCreate={onCreate} />
      )}
    </section>
  );
}

function CurrentTaskCard({ task, onComplete }: { task: TTaskOutput; onComplete: () => void }) {
  const due = task.dueDate ? formatLocal(task.dueDate, DUE_FORMATS.card) : null;
  return (
    <article aria-labelledby="current-task-title" className="fs-card">
      <span aria-hidden className="fs-card-edge" style={{ background: task.color ?? 'var(--color-accent)' }} />
      <p className="fs-eyebrow">Now</p>
      <h2 id="current-task-title" className="fs-card-title">
        {task.title}
      </h2>
      {task.description ? <p className="fs-card-text">{task.description}</p> : null}
      <div className="fs-badges">
        {due ? <span className="fs-badge">Due {due}</span> : null}
        <span className="fs-badge">{task.difficulty}</span>
        <span className="fs-badge">{task.importance} importance</span>
      </div>
      <Button size="lg" className="mt-6 w-full sm:w-auto" onClick={onComplete}>
        <Icon name="check" size="size-5" />
        Complete
      </Button>
    </article>
  );
}

function UpNext({ tasks }: { tasks: TTaskOutput[] }) {
  return (
    <section aria-labelledby="up-next-title">
      <h2 id="up-next-title" className="fs-eyebrow mb-2">
        Up next
      </h2>
      <ol className="fs-next-list">
        {tasks.map((task) => (
          <li key={task.id} className="fs-next">
            <span aria-hidden className="fs-dot" style={{ background: task.color ?? 'var(--color-accent)' }} />
            <span className="fs-next-title">{task.title}</span>
            {task.dueDate ? <span className="tabular fs-next-due">{formatLocal(task.dueDate, DUE_FORMATS.next)}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function EmptyTasks({ firstTime, onCreate }: { firstTime: boolean; onCreate: () => void }) {
  return (
    <div className="fs-empty">
      {firstTime ? (
        <>
          {/* A session started with no task: the clock alone, a task only if one comes to mind. */}
          <p className="fs-eyebrow">Just focus</p>
          <h2>Create your first task</h2>
          <p>No task needed: this session is you and the clock. If one comes to mind, name it here.</p>
        </>
      ) : (
        <>
          <h2>No tasks to display.</h2>
          <p>Everything in this session is done. Add another, or end the session.</p>
        </>
      )}
      <Button onClick={onCreate}>
        <Icon name="plus" />
        Create Task
      </Button>
    </div>
  );
}

'use client';
// The dashboard's Active Tasks and Completed lists: scrolling, subtasks nested under their
// parents (expandable), complete/reopen with one press, open a task to view and edit it.
// A list draws its first screenful with the page (in the server's HTML and the island's
// hydration) and the rest of its rows right after, in a transition: the rows below the list's
// scroll edge are then neither parsed, styled, laid out nor hydrated in the page's first tasks
// (30 tasks: the dashboard's HTML, its first layout and its hydration carried every row; on
// Lighthouse's phone these were the longest tasks of the load, docs/architecture.md).
// Only a row that arrives once the list is on screen (a new task, a task completed or reopened)
// glides in: the rows of the first view are simply there (each gliding row is its own layer to
// style, paint and composite: 30 at once doubled the load's rendering work).
import { startTransition, useEffect, useState } from 'react';
import { Badge } from '@/components/Badge';
import type { TTaskOutput } from '@/lib/schemas/task';
import { carriedOverLabel, isDueSoon, isOverdue, type TaskNode } from '@/lib/tasks';
import { useAccountZone } from '@/features/auth/AccountZone';
import { formatLocal } from '@/lib/local-format';

export interface TaskListActions {
  onToggle: (task: TTaskOutput) => void;
  onOpen: (task: TTaskOutput) => void;
  onDelete: (task: TTaskOutput) => void;
}

export function TaskList({ nodes, empty, label, ...actions }: { nodes: TaskNode<TTaskOutput>[]; empty: string; label: string } & TaskListActions) {
  const phase = useListPhase();
  if (nodes.length === 0) return <p className="px-1 py-8 text-center text-sm text-muted">{empty}</p>;
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {(phase === 'first' ? nodes.slice(0, FIRST_ROWS) : nodes).map((node) => (
        <TaskItem key={node.task.id} node={node} entering={phase === 'settled'} {...actions} />
      ))}
    </ul>
  );
}

/** Rows in the first screenful: the lists scroll at 28rem (about six rows), with room for a tall screen. */
const FIRST_ROWS = 8;

/**
 * 'first': FIRST_ROWS rows, with the first render (the server's and hydration's); 'all': every row,
 * from the next render; 'settled': every row on screen, and a row mounted from now on is new.
 */
function useListPhase(): 'first' | 'all' | 'settled' {
  const [phase, setPhase] = useState<'first' | 'all' | 'settled'>('first');
  useEffect(() => {
    // Transitions: React renders the other rows in short slices and yields to input between them.
    if (phase === 'first') startTransition(() => setPhase('all'));
    else if (phase === 'all') startTransition(() => setPhase('settled'));
  }, [phase]);
  return phase;
}

/** `entering`: whether the row glides in if it mounts now (read once, at its mount). */
function TaskItem({ node, entering, ...actions }: { node: TaskNode<TTaskOutput>; entering: boolean } & TaskListActions) {
  const [expanded, setExpanded] = useState(false);
  const [glides] = useState(entering);
  const { task, subtasks, parent } = node;
  const subId = `subtasks-${task.id}`;
  return (
    <li className={`rounded-control border border-border bg-surface ${glides ? 'motion-safe:animate-[toast-in_200ms_ease-out]' : ''}`}>
      <TaskRow task={task} parentTitle={parent?.title} {...actions} />
      {subtasks.length > 0 ? (
        <div className="border-t border-border px-3 pb-2">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={subId}
            onClick={() => setExpanded((value) => !value)}
            className="flex h-9 items-center gap-1.5 rounded-control px-2 text-xs font-medium text-muted hover:text-text"
          >
            <svg viewBox="0 0 20 20" aria-hidden className={`size-3.5 transition-transform ${expanded ? 'rotate-90' : ''}`} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M8 5l5 5-5 5" />
            </svg>
            {subtasks.length} {subtasks.length === 1 ? 'subtask' : 'subtasks'}
          </button>
          {expanded ? (
            <ul id={subId} aria-label={`Subtasks of ${task.title}`} className="ml-4 flex flex-col gap-1 border-l border-border pl-2">
              {subtasks.map((sub) => (
                <li key={sub.id}>
                  <TaskRow task={sub} compact {...actions} />
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function TaskRow({ task, parentTitle, compact, onToggle, onOpen, onDelete }: { task: TTaskOutput; parentTitle?: string; compact?: boolean } & TaskListActions) {
  const overdue = isOverdue(task);
  const soon = !task.completed && !overdue && isDueSoon(task.dueDate);
  const zone = useAccountZone();
  const due = task.dueDate ? formatLocal(task.dueDate, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }, zone) : null;
  return (
    <div className={`flex items-start gap-3 ${compact ? 'px-1 py-2' : 'p-3'}`}>
      <button
        type="button"
        role="checkbox"
        aria-checked={task.completed}
        aria-label={task.completed ? `Mark "${task.title}" as incomplete` : `Complete "${task.title}"`}
        onClick={() => onToggle(task)}
        className={`mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full border-2 transition-colors ${
          task.completed ? 'border-success bg-success text-surface' : 'border-muted/60 hover:border-accent'
        }`}
        style={!task.completed && task.color ? { borderColor: task.color } : undefined}
      >
        {task.completed ? (
          <svg viewBox="0 0 20 20" aria-hidden className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 10.5l3 3 7-7" />
          </svg>
        ) : null}
      </button>
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={() => onOpen(task)}
          className={`block max-w-full truncate rounded-sm text-left text-sm font-medium hover:underline ${task.completed ? 'text-muted line-through' : ''}`}
        >
          {task.title}
        </button>
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
          {parentTitle ? <span>Subtask of {parentTitle}</span> : null}
          {due ? <span className="tabular">{task.completed ? `Was due ${due}` : `Due ${due}`}</span> : <span>No due date</span>}
          {overdue && task.dueDate ? <span data-carried-over>{carriedOverLabel(task.dueDate)}</span> : null}
          {soon ? <Badge variant="warning">Due soon</Badge> : null}
          {task.completed ? <Badge variant="success">Done</Badge> : null}
          {!compact && !task.completed ? <span>{task.importance} importance</span> : null}
        </div>
      </div>
      <button
        type="button"
        aria-label={`Delete "${task.title}"`}
        onClick={() => onDelete(task)}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-control text-muted hover:bg-surfaceMuted hover:text-danger"
      >
        <svg viewBox="0 0 20 20" aria-hidden className="size-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
          <path d="M4 6h12M8 6V4.5h4V6M6 6l.7 9.5h6.6L14 6" />
        </svg>
      </button>
    </div>
  );
}

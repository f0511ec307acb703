// Task rules the screens share, free of React: the due-soon warning, the
// dashboard's stat cards, the Active and Completed lists with subtasks nested under their
// parents. (Which limit a failed call ran into is read from its reason: src/lib/api-error.ts.)
import { DUE_SOON_HOURS } from '@/lib/constants';
import type { TTaskOutput } from '@/lib/schemas/task';
import { byDueDate } from './due-order';

type Dated = { dueDate: string | Date | null };
type TaskLike = Pick<TTaskOutput, 'id' | 'completed' | 'dueDate' | 'parentTaskId'> & { completedAt?: string | null };

const HOUR = 3_600_000;

function toMs(value: string | Date | number): number {
  if (typeof value === 'number') return value;
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

/** Due within the next 24 hours, or already past. Undated tasks are never due soon. */
export function isDueSoon(dueDate: string | Date | null | undefined, now: Date | number = Date.now()): boolean {
  if (!dueDate) return false;
  const due = toMs(dueDate);
  if (Number.isNaN(due)) return false;
  const at = typeof now === 'number' ? now : now.getTime();
  return due - at <= DUE_SOON_HOURS * HOUR;
}

export function isOverdue(task: Pick<TaskLike, 'completed'> & Dated, now: Date | number = Date.now()): boolean {
  if (task.completed || !task.dueDate) return false;
  const at = typeof now === 'number' ? now : now.getTime();
  return toMs(task.dueDate) < at;
}

const DAY = 24 * HOUR;

/**
 * How a late task reads everywhere in the app: "carried over", and how long, muted. Lateness is
 * never red and never called overdue (the stat card keeps its label, nothing else does). Whole
 * days past the due time; less than a day is just "carried over".
 */
export function carriedOverLabel(dueDate: string | Date, now: Date | number = Date.now()): string {
  const at = typeof now === 'number' ? now : now.getTime();
  const days = Math.floor((at - toMs(dueDate)) / DAY);
  if (days < 1) return 'carried over';
  return `carried over · ${days} ${days === 1 ? 'day' : 'days'}`;
}

export interface TaskStats {
  total: number;
  completed: number;
  /** Whole percent of all tasks that are completed (0 when there are none). */
  percentComplete: number;
  /** Open tasks that are not overdue. */
  inProgress: number;
  /** Open tasks whose due date has passed. */
  overdue: number;
}

/**
 * The four stat cards. Every task counts, subtasks included (each is a thing to do). Completed,
 * In Progress and Overdue split the total, so the three always add up to it.
 */
export function taskStats(tasks: readonly (Pick<TaskLike, 'completed'> & Dated)[], now: Date | number = Date.now()): TaskStats {
  let completed = 0;
  let overdue = 0;
  for (const task of tasks) {
    if (task.completed) completed += 1;
    else if (isOverdue(task, now)) overdue += 1;
  }
  const total = tasks.length;
  return {
    total,
    completed,
    percentComplete: total === 0 ? 0 : Math.round((completed / total) * 100),
    inProgress: total - completed - overdue,
    overdue,
  };
}

export { byDueDate };

export interface TaskNode<T> {
  task: T;
  /** Subtasks in the same list, under their parent. */
  subtasks: T[];
  /** Set when this is a subtask whose parent sits in the other list (or is gone). */
  parent: T | null;
}

/**
 * One of the dashboard's lists: the open (completed = false) or the completed tasks, with
 * subtasks nested under their parent when the parent is in the same list. A subtask whose parent
 * is in the other list stands on its own and names its parent. Open tasks go by due date
 * (undated last); completed ones newest first.
 */
export function taskTree<T extends TaskLike>(tasks: readonly T[], completed: boolean): TaskNode<T>[] {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const inList = tasks.filter((task) => task.completed === completed);
  const listIds = new Set(inList.map((task) => task.id));
  const order = completed
    ? (a: T, b: T) => toMs(b.completedAt ?? 0) - toMs(a.completedAt ?? 0)
    : (a: T, b: T) => byDueDate(a, b);
  const roots = inList.filter((task) => !task.parentTaskId || !listIds.has(task.parentTaskId)).sort(order);
  return roots.map((task) => ({
    task,
    subtasks: task.parentTaskId ? [] : inList.filter((sub) => sub.parentTaskId === task.id).sort(order),
    parent: task.parentTaskId ? (byId.get(task.parentTaskId) ?? null) : null,
  }));
}

/** The task and its subtasks' ids: what leaves the view when it is deleted. */
export function idsRemovedWith(tasks: readonly Pick<TaskLike, 'id' | 'parentTaskId'>[], id: string): Set<string> {
  return new Set([id, ...tasks.filter((task) => task.parentTaskId === id).map((task) => task.id)]);
}

/**
 * The tasks of a GET /api/tasks answer: the plain array, or a page's items (the answer is a
 * page when a limit or cursor was sent). For `select` in the task list's query options.
 */
export function taskItems<T>(data: readonly T[] | { items: readonly T[] } | undefined): T[] {
  if (!data) return [];
  return Array.isArray(data) ? (data as T[]) : [...(data as { items: readonly T[] }).items];
}

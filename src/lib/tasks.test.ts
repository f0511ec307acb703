import { describe, expect, it } from 'vitest';
import { dueDateParts } from './date-picker';
import {
  idsRemovedWith,
  isDueSoon,
  taskStats,
  taskTree,
} from './tasks';

const now = new Date('2026-11-22T12:00:00.000Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

function task(id: string, over: Partial<{ completed: boolean; dueDate: string | null; parentTaskId: string | null; completedAt: string | null }> = {}) {
  return { id, completed: false, dueDate: null, parentTaskId: null, completedAt: null, ...over };
}

describe('isDueSoon: the form warns "This task is due soon." within 24 hours or when past', () => {
  it('is due soon within the next 24 hours, at exactly 24 hours, and when already past', () => {
    expect(isDueSoon(hours(1), now)).toBe(true);
    expect(isDueSoon(hours(24), now)).toBe(true);
    expect(isDueSoon(hours(-30), now)).toBe(true);
  });
  it('is not due soon beyond 24 hours, or without a due date', () => {
    expect(isDueSoon(hours(24.01), now)).toBe(false);
    expect(isDueSoon(null, now)).toBe(false);
    expect(isDueSoon('not a date', now)).toBe(false);
  });
});

describe('taskStats: the four stat cards', () => {
  it('counts total, completed with its percent, in progress and overdue, which add up to the total', () => {
    const stats = taskStats(
      [
        task('a', { completed: true, dueDate: hours(-5) }),
        task('b', { dueDate: hours(-1) }),
        task('c', { dueDate: hours(3) }),
        task('d'),
        task('e', { parentTaskId: 'c' }),
        task('f', { completed: true }),
      ],
      now,
    );
    expect(stats).toEqual({ total: 6, completed: 2, percentComplete: 33, inProgress: 3, overdue: 1 });
  });
  it('shows 0% with no tasks', () => {
    expect(taskStats([], now)).toEqual({ total: 0, completed: 0, percentComplete: 0, inProgress: 0, overdue: 0 });
  });
});

describe('taskTree: Active and Completed lists with subtasks nested under their parents', () => {
  const tasks = [
    task('late', { dueDate: hours(48) }),
    task('soon', { dueDate: hours(1) }),
    task('undated'),
    task('sub-open', { parentTaskId: 'soon', dueDate: hours(2) }),
    task('sub-done', { parentTaskId: 'soon', completed: true, completedAt: hours(-1) }),
    task('done-old', { completed: true, completedAt: hours(-10) }),
  ];
  it('lists open tasks by due date, undated last, with their open subtasks nested', () => {
    const active = taskTree(tasks, false);
    expect(active.map((node) => node.task.id)).toEqual(['soon', 'late', 'undated']);
    expect(active[0]!.subtasks.map((sub) => sub.id)).toEqual(['sub-open']);
  });
  it('lists completed tasks newest first; a completed subtask of an open parent stands alone and names its parent', () => {
    const done = taskTree(tasks, true);
    expect(done.map((node) => node.task.id)).toEqual(['sub-done', 'done-old']);
    expect(done[0]!.parent?.id).toBe('soon');
  });
});

describe('idsRemovedWith: deleting a parent takes its subtasks out of the view', () => {
  it('returns the task and its subtasks', () => {
    expect([...idsRemovedWith([task('p'), task('s1', { parentTaskId: 'p' }), task('x')], 'p')].sort()).toEqual(['p', 's1']);
  });
});

describe('dueDateParts', () => {
  it('splits a due date into the day and time of the given zone', () => {
    expect(dueDateParts('2026-11-22T23:30:00.000Z', 'Europe/Berlin')).toEqual({ date: '2026-11-23', time: { hour: 0, minute: 30 } });
    expect(dueDateParts(null)).toEqual({ date: null, time: null });
  });
});

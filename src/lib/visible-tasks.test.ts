import { describe, expect, it } from 'vitest';
import { openSessionTasks, visibleTasks } from './visible-tasks';

const start = '2026-11-22T09:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(start) + minutes * 60_000).toISOString();

function task(id: string, over: Partial<{ completed: boolean; createdAt: string; dueDate: string | null; sessionId: string | null }> = {}) {
  return { id, completed: false, createdAt: at(1), dueDate: null, sessionId: null, ...over };
}

describe('visibleTasks: what a focus session shows', () => {
  it('shows open tasks created at or after the session start, by due date with undated last', () => {
    const tasks = [
      task('undated'),
      task('before', { createdAt: at(-1), dueDate: at(10) }),
      task('at-start', { createdAt: start, dueDate: at(60) }),
      task('done', { completed: true, dueDate: at(5) }),
      task('first', { dueDate: at(30) }),
    ];
    expect(visibleTasks(tasks, { startedAt: start }).map((t) => t.id)).toEqual(['first', 'at-start', 'undated']);
  });

  it('limits the list to maxTasks, 5 by default; the first is the current task', () => {
    const tasks = Array.from({ length: 8 }, (_, i) => task(`t${i}`, { dueDate: at(100 - i) }));
    expect(visibleTasks(tasks, { startedAt: start }).map((t) => t.id)).toEqual(['t7', 't6', 't5', 't4', 't3']);
    expect(visibleTasks(tasks, { startedAt: start, maxTasks: 2 }).map((t) => t.id)).toEqual(['t7', 't6']);
  });

  it('also shows tasks picked for the session even when they were created before it', () => {
    const tasks = [task('old', { createdAt: at(-600) }), task('other-old', { createdAt: at(-600) })];
    expect(visibleTasks(tasks, { startedAt: start, selectedTaskIds: ['old'] }).map((t) => t.id)).toEqual(['old']);
  });
});

describe('openSessionTasks: whether "Great work!" follows a completion', () => {
  it('lists the open tasks created in the session, other than the one just completed', () => {
    const tasks = [
      task('just-done', { sessionId: 's1' }),
      task('still-open', { sessionId: 's1' }),
      task('closed', { sessionId: 's1', completed: true }),
      task('elsewhere', { sessionId: 's2' }),
    ];
    expect(openSessionTasks(tasks, 's1', 'just-done').map((t) => t.id)).toEqual(['still-open']);
    expect(openSessionTasks(tasks.slice(0, 1), 's1', 'just-done')).toEqual([]);
  });
});

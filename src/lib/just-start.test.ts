// Just start's pick on a list the page already has (the dashboard's, or the worker's copy
// offline): the same rule as the server's, the first open step, and the why from the task alone.
import { describe, expect, it } from 'vitest';
import { firstStepOf, pickFromTasks, taskReason } from './just-start';
import type { TTaskOutput } from './schemas/task';

const base: TTaskOutput = {
  id: 'x',
  title: 'x',
  description: null,
  importance: 'Medium',
  difficulty: 'Medium',
  dueDate: null,
  completed: false,
  completedAt: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  sessionId: null,
  completedInSessionId: null,
  parentTaskId: null,
  isAiGenerated: false,
  color: null,
  recurrence: null,
  estimatedMinutes: null,
  firstStep: null,
  actualMinutes: 0,
  letGoAt: null,
};
const task = (fields: Partial<TTaskOutput>): TTaskOutput => ({ ...base, ...fields });
const now = new Date('2026-11-24T10:00:00Z'); // a Tuesday

describe('pickFromTasks', () => {
  const list = [
    task({ id: 'desk', title: 'Tidy the desk', importance: 'Low' }),
    task({ id: 'bank', title: 'Call the bank', importance: 'High' }),
    task({ id: 'report', title: 'Write the report', dueDate: '2026-11-26T16:00:00.000Z', estimatedMinutes: 20 }),
    task({ id: 'done-step', title: 'Find the numbers', parentTaskId: 'report', completed: true }),
    task({ id: 'step', title: 'Open the template', parentTaskId: 'report' }),
    task({ id: 'gone', title: 'Let go', dueDate: '2026-11-25T10:00:00.000Z', letGoAt: '2026-11-23T10:00:00.000Z' }),
  ];

  it('picks due ones first, then the more important; its first open step; the why; skips and runs out', () => {
    expect(pickFromTasks(list, [], now, 'UTC')).toEqual({
      task: list[2],
      firstStep: 'Open the template',
      firstStepTaskId: 'step',
      reason: 'due Thursday, about 20 min',
      minutes: 10,
    });
    const second = pickFromTasks(list, ['report'], now, 'UTC');
    expect(second).toMatchObject({ task: { id: 'bank' }, firstStepTaskId: null, reason: 'high importance, about 30 min' });
    expect(second.firstStep).toMatch(/^Open what you need for "Call the bank"/);
    expect(pickFromTasks(list, ['report', 'bank'], now, 'UTC').task?.id).toBe('desk');
    expect(pickFromTasks(list, ['report', 'bank', 'desk'], now, 'UTC')).toMatchObject({ task: null, reason: 'Nothing else is open right now.' });
    expect(pickFromTasks([], [], now, 'UTC')).toMatchObject({ task: null, reason: 'Nothing is open right now.' });
  });
});

describe('the first step', () => {
  const draft = task({ id: 'draft', title: 'Write the essay', importance: 'High', firstStep: 'Open the draft' });

  it('is the first open subtask, else the task’s own first-step line, else the neutral starter', () => {
    const outline = task({ id: 'outline', title: 'Outline the argument', parentTaskId: 'draft' });
    const sources = task({ id: 'sources', title: 'Find two sources', parentTaskId: 'draft' });
    // Subtasks are the written-out steps: the first open one comes before the line.
    expect(pickFromTasks([draft, outline, sources], [], now, 'UTC')).toMatchObject({ task: { id: 'draft' }, firstStep: 'Outline the argument', firstStepTaskId: 'outline' });
    // None open (done, or let go): the task's own line, which is no subtask to complete.
    const done = [draft, { ...outline, completed: true }, { ...sources, letGoAt: '2026-11-23T10:00:00.000Z' }];
    expect(pickFromTasks(done, [], now, 'UTC')).toMatchObject({ task: { id: 'draft' }, firstStep: 'Open the draft', firstStepTaskId: null });
    expect(pickFromTasks([draft], [], now, 'UTC')).toMatchObject({ firstStep: 'Open the draft', firstStepTaskId: null });
    // No line (or a blank one from an older copy): the neutral starter.
    expect(pickFromTasks([{ ...draft, firstStep: null }], [], now, 'UTC').firstStep).toBe('Open what you need for "Write the essay" and do the smallest next bit for ten minutes.');
    expect(pickFromTasks([{ ...draft, firstStep: '   ' }], [], now, 'UTC').firstStep).toMatch(/^Open what you need for "Write the essay"/);
  });

  it('is the same rule on the server (firstStepOf) as on a list', () => {
    expect(firstStepOf(draft, { id: 'outline', title: 'Outline the argument' })).toEqual({ firstStep: 'Outline the argument', firstStepTaskId: 'outline' });
    expect(firstStepOf(draft, null)).toEqual({ firstStep: 'Open the draft', firstStepTaskId: null });
    expect(firstStepOf({ title: 'Call Sam' }, undefined).firstStep).toMatch(/^Open what you need for "Call Sam"/);
  });

  it('a subtask’s own first-step line is never the parent’s step', () => {
    const step = task({ id: 'outline', title: 'Outline the argument', parentTaskId: 'draft', firstStep: 'Open a blank page' });
    expect(pickFromTasks([{ ...draft, firstStep: null }, step], [], now, 'UTC')).toMatchObject({ firstStep: 'Outline the argument', firstStepTaskId: 'outline' });
  });
});

describe('taskReason', () => {
  const plan = (dueDate: string | null) => ({ id: 'a', title: 'a', importance: 'Medium' as const, difficulty: 'Easy' as const, estimatedMinutes: null, dueDate: dueDate ? new Date(dueDate) : null });
  it('says when it is due on the account’s clock, never "late"', () => {
    expect(taskReason(plan('2026-11-23T10:00:00Z'), now, 'UTC', null)).toBe('carried over, about 15 min');
    expect(taskReason(plan('2026-11-24T15:30:00Z'), now, 'Europe/Berlin', null)).toBe('due today at 16:30, about 15 min');
    expect(taskReason(plan('2026-11-25T09:00:00Z'), now, 'UTC', 2)).toBe('due tomorrow, about 30 min');
    expect(taskReason(plan('2026-12-03T09:00:00Z'), now, 'UTC', null)).toBe('due 3 Dec, about 15 min');
    expect(taskReason(plan(null), now, 'UTC', null)).toBe('no date, a good one to get moving, about 15 min');
  });
});

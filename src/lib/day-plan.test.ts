// The day's planning rules on their own: the working window across DST, busy time merged,
// free minutes, where each fresh-start action lands, the proposals, Just start's pick and its
// one line, and how lateness reads.
import { describe, expect, it } from 'vitest';
import { busyMinutesWithin, dayFigures, DEFAULT_WORKDAY, dueOn, nextReason, proposeFreshStart, resolveDecision, targetDay, workWindow } from './day-plan';
import { calibratedMinutes, pickNext, type PlanTask } from './just-start';
import { carriedOverLabel } from './tasks';

const task = (overrides: Partial<PlanTask> & { id: string }): PlanTask => ({
  title: overrides.id,
  importance: 'Medium',
  difficulty: 'Medium',
  estimatedMinutes: 30,
  dueDate: null,
  ...overrides,
});

describe('the working window', () => {
  it('is 09:00-17:00 on the account clock on both sides of a DST change, and null on a day off', () => {
    expect(workWindow('2026-10-23', 'Europe/London', DEFAULT_WORKDAY)).toEqual({ start: new Date('2026-10-23T08:00:00Z'), end: new Date('2026-10-23T16:00:00Z') });
    expect(workWindow('2026-10-26', 'Europe/London', DEFAULT_WORKDAY)).toEqual({ start: new Date('2026-10-26T09:00:00Z'), end: new Date('2026-10-26T17:00:00Z') });
    expect(workWindow('2026-10-25', 'Europe/London', DEFAULT_WORKDAY)).toBeNull(); // Sunday
  });
});

describe('busy and free minutes', () => {
  it('counts overlapping busy time once, only inside the range', () => {
    const at = (hm: string) => new Date(`2026-11-27T${hm}:00Z`);
    const busy = [
      { start: at('08:00'), end: at('10:00') },
      { start: at('09:30'), end: at('11:00') },
      { start: at('16:30'), end: at('18:00') },
    ];
    expect(busyMinutesWithin(busy, at('09:00'), at('17:00'))).toBe(120 + 30);
  });

  it('free = what is left of the window after now, less busy and planned, never below 0', () => {
    const base = { zone: 'UTC', workday: DEFAULT_WORKDAY, factor: null };
    const now = new Date('2026-11-27T15:00:00Z');
    const busy = [{ start: new Date('2026-11-27T15:30:00Z'), end: new Date('2026-11-27T16:00:00Z') }];
    expect(dayFigures({ ...base, now, busy, todayTasks: [task({ id: 'a', estimatedMinutes: 45 })] })).toMatchObject({ plannedMinutes: 45, busyMinutes: 30, freeMinutes: 120 - 30 - 45, overMinutes: 0 });
    expect(dayFigures({ ...base, now, busy: [], todayTasks: [task({ id: 'a', estimatedMinutes: 200 })] })).toMatchObject({ freeMinutes: 0, overMinutes: 80 });
    // After the window: nothing free.
    expect(dayFigures({ ...base, now: new Date('2026-11-27T18:00:00Z'), busy: [], todayTasks: [] }).freeMinutes).toBe(0);
  });

  it('calibrates estimates with the person’s own factor, less the focus already spent', () => {
    expect(calibratedMinutes({ estimatedMinutes: 20, difficulty: 'Easy' }, 1.5)).toBe(30);
    expect(calibratedMinutes({ estimatedMinutes: null, difficulty: 'Hard' }, null)).toBe(60);
    expect(calibratedMinutes({ estimatedMinutes: 30, difficulty: 'Easy', actualMinutes: 28 }, null)).toBe(5);
  });
});

describe('where an action lands', () => {
  const context = { now: new Date('2026-11-27T10:00:00Z'), zone: 'UTC', workday: DEFAULT_WORKDAY }; // Friday

  it('tomorrow is the next workday; this week the last workday of the week, or next week’s first', () => {
    expect(targetDay('today', context.now, 'UTC', DEFAULT_WORKDAY)).toBe('2026-11-27');
    expect(targetDay('tomorrow', context.now, 'UTC', DEFAULT_WORKDAY)).toBe('2026-11-30'); // Monday
    expect(targetDay('this-week', context.now, 'UTC', DEFAULT_WORKDAY)).toBe('2026-11-30');
    expect(targetDay('this-week', new Date('2026-11-24T10:00:00Z'), 'UTC', DEFAULT_WORKDAY)).toBe('2026-11-27'); // Tuesday → Friday
    expect(targetDay('someday', context.now, 'UTC', DEFAULT_WORKDAY)).toBeNull();
  });

  it('keeps the task’s own time of day when still ahead, else the end of the window', () => {
    expect(dueOn('2026-11-27', new Date('2026-11-20T14:00:00Z'), 'UTC', DEFAULT_WORKDAY, context.now)).toEqual(new Date('2026-11-27T14:00:00Z'));
    expect(dueOn('2026-11-27', new Date('2026-11-20T08:00:00Z'), 'UTC', DEFAULT_WORKDAY, context.now)).toEqual(new Date('2026-11-27T17:00:00Z'));
    expect(dueOn('2026-11-27', null, 'UTC', DEFAULT_WORKDAY, new Date('2026-11-27T18:00:00Z'))).toEqual(new Date('2026-11-27T23:59:00Z'));
  });

  it('someday clears the date, let go keeps it and marks the time, any other brings a task back', () => {
    const late = { dueDate: new Date('2026-11-01T09:00:00Z'), recurrence: null };
    expect(resolveDecision(late, 'someday', context)).toEqual({ dueDate: null, letGoAt: null, recurrence: null });
    expect(resolveDecision(late, 'let-go', context)).toEqual({ dueDate: late.dueDate, letGoAt: context.now, recurrence: null });
    expect(resolveDecision(late, 'tomorrow', context).letGoAt).toBeNull();
  });

  it('a repeating task catches up with its series on the account clock across DST', () => {
    const weekly = { dueDate: new Date('2026-10-05T08:00:00Z'), recurrence: 'FREQ=WEEKLY;BYDAY=MO' }; // Mondays 09:00 BST
    const fields = resolveDecision(weekly, 'today', { now: new Date('2026-11-04T10:00:00Z'), zone: 'Europe/London', workday: DEFAULT_WORKDAY });
    expect(fields.dueDate).toEqual(new Date('2026-11-09T09:00:00Z')); // next Monday, 09:00 GMT
    expect(fields.recurrence).toBe('FREQ=WEEKLY;BYDAY=MO');
  });
});

describe('fresh start proposals', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const base = { now, zone: 'UTC', workday: DEFAULT_WORKDAY, factor: null, plannedByDay: new Map<string, number>() };

  it('fills today by importance, then the next workdays with room, and lets go of what has long gone quiet', () => {
    const tasks = [
      task({ id: 'low-old', importance: 'Low', dueDate: new Date('2026-10-20T09:00:00Z') }),
      task({ id: 'critical', importance: 'Critical', dueDate: new Date('2026-11-26T09:00:00Z'), estimatedMinutes: 300 }),
      task({ id: 'medium', importance: 'Medium', dueDate: new Date('2026-11-25T09:00:00Z'), estimatedMinutes: 200 }),
      task({ id: 'high', importance: 'High', dueDate: new Date('2026-11-24T09:00:00Z'), estimatedMinutes: 60 }),
    ];
    const proposals = proposeFreshStart({ ...base, tasks, freeToday: 380 });
    expect(proposals.map((proposal) => [proposal.taskId, proposal.action])).toEqual([
      ['low-old', 'let-go'],
      ['critical', 'today'],
      ['medium', 'tomorrow'],
      ['high', 'today'],
    ]);
    expect(proposals[2]!.dueDate).toBe('2026-11-30T09:00:00.000Z');
  });

  it('moves to later in the week when the next workday is full', () => {
    const proposals = proposeFreshStart({
      ...base,
      tasks: [task({ id: 'a', dueDate: new Date('2026-11-26T09:00:00Z'), estimatedMinutes: 120 })],
      freeToday: 0,
      plannedByDay: new Map([['2026-11-30', 470]]),
    });
    expect(proposals[0]).toEqual({ taskId: 'a', action: 'this-week', dueDate: '2026-12-01T09:00:00.000Z' });
  });
});

describe('Just start', () => {
  const now = new Date('2026-11-24T10:00:00Z'); // Tuesday

  it('picks the soonest due, then the more important, then the smaller; undated last', () => {
    const tasks = [
      task({ id: 'undated', importance: 'Critical' }),
      task({ id: 'friday', dueDate: new Date('2026-11-27T09:00:00Z') }),
      task({ id: 'thursday-big', dueDate: new Date('2026-11-26T09:00:00Z'), estimatedMinutes: 90 }),
      task({ id: 'thursday-small', dueDate: new Date('2026-11-26T15:00:00Z'), estimatedMinutes: 15 }),
    ];
    expect(pickNext(tasks, new Set(), null)?.id).toBe('thursday-small');
    expect(pickNext(tasks, new Set(['thursday-small', 'thursday-big', 'friday']), null)?.id).toBe('undated');
    expect(pickNext(tasks, new Set(tasks.map((one) => one.id)), null)).toBeNull();
  });

  it('says why in one line, without shouting about lateness', () => {
    const input = { now, zone: 'UTC', workday: DEFAULT_WORKDAY, factor: null, busy: [] };
    expect(nextReason(task({ id: 'a', dueDate: new Date('2026-11-26T16:00:00Z'), estimatedMinutes: 20 }), input)).toBe('due Thursday, about 20 min, fits before 17:00');
    expect(nextReason(task({ id: 'b', dueDate: new Date('2026-11-20T16:00:00Z'), estimatedMinutes: 600 }), input)).toBe('carried over, about 10 h');
  });

  it('reads a late task as carried over, muted, never overdue', () => {
    const at = new Date('2026-11-27T12:00:00Z');
    expect(carriedOverLabel('2026-11-27T09:00:00Z', at)).toBe('carried over');
    expect(carriedOverLabel('2026-11-26T11:00:00Z', at)).toBe('carried over · 1 day');
    expect(carriedOverLabel('2026-11-24T09:00:00Z', at)).toBe('carried over · 3 days');
  });
});

import { describe, expect, it } from 'vitest';
import { describeFactor, overrunFactor, weeklyEstimates } from './estimates';

const done = (estimatedMinutes: number | null, actualMinutes: number, completedAt: string) => ({ estimatedMinutes, actualMinutes, completed: true, completedAt });

describe('estimates against actual focus', () => {
  it('learns the over/under-run factor only from tasks with both figures, within bounds', () => {
    expect(overrunFactor([done(30, 45, '2026-11-20T10:00:00Z'), done(60, 80, '2026-11-21T10:00:00Z')])).toBeNull();
    const tasks = [done(30, 45, '2026-11-20T10:00:00Z'), done(60, 80, '2026-11-21T10:00:00Z'), done(10, 15, '2026-11-22T10:00:00Z'), done(null, 500, '2026-11-22T10:00:00Z'), done(20, 0, '2026-11-22T10:00:00Z')];
    expect(overrunFactor(tasks)).toBe(1.4);
    expect(overrunFactor([done(10, 300, 'x'), done(10, 300, 'x'), done(10, 300, 'x')])).toBe(3);
    expect(describeFactor(1.4)).toBe('Tasks usually take you 1.4× your estimate (about 40 % longer).');
    expect(describeFactor(1)).toContain('about right');
  });

  it("groups completed tasks by the week on the person's clock", () => {
    const now = new Date('2026-11-25T12:00:00Z');
    // Sunday 22 November 23:30 in New York is Monday 23 November 04:30 UTC: still last week there.
    const tasks = [done(30, 40, '2026-11-23T04:30:00Z'), done(20, 10, '2026-11-24T15:00:00Z')];
    const ny = weeklyEstimates(tasks, 'America/New_York', 2, now);
    expect(ny).toEqual([
      { weekStart: '2026-11-16', estimated: 30, actual: 40, tasks: 1 },
      { weekStart: '2026-11-23', estimated: 20, actual: 10, tasks: 1 },
    ]);
    expect(weeklyEstimates(tasks, 'UTC', 2, now)[1]).toEqual({ weekStart: '2026-11-23', estimated: 50, actual: 50, tasks: 2 });
  });
});

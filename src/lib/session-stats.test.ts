import { describe, expect, it } from 'vitest';
import {
  completedBySession,
  dailyStats,
  focusedMinutes,
  niceMax,
  sortSessionsNewestFirst,
  totals,
  type StatsSession,
  type StatsTask,
} from './session-stats';
import { formatMinutes } from './minutes';

const session = (id: string, startedAt: string, sessionDuration: number | null = null): StatsSession => ({ id, startedAt, sessionDuration });
let seq = 0;
const done = (completedAt: string, completedInSessionId: string | null = null): StatsTask => ({
  id: `t${(seq += 1)}`,
  completed: true,
  completedAt,
  completedInSessionId,
});
const open = (): StatsTask => ({ id: `t${(seq += 1)}`, completed: false, completedAt: null, completedInSessionId: null });

describe('sessions', () => {
  it('sorts newest first by start time', () => {
    const sorted = sortSessionsNewestFirst([
      session('a', '2026-11-20T09:00:00.000Z'),
      session('c', '2026-11-22T09:00:00.000Z'),
      session('b', '2026-11-21T09:00:00.000Z'),
    ]);
    expect(sorted.map((s) => s.id)).toEqual(['c', 'b', 'a']);
  });

  it('counts as completed in a session only the completed tasks whose completedInSessionId is that session', () => {
    const tasks = [done('2026-11-22T10:00:00.000Z', 's1'), done('2026-11-22T10:05:00.000Z', 's1'), done('2026-11-22T10:00:00.000Z'), open()];
    const bySession = completedBySession(tasks);
    expect(bySession.get('s1')).toHaveLength(2);
    expect(bySession.size).toBe(1);
  });

  it('measures focus from the start to the last task completed in the session', () => {
    const s = session('s', '2026-11-22T09:00:00.000Z');
    expect(focusedMinutes(s, [done('2026-11-22T09:20:00.000Z'), done('2026-11-22T09:47:10.000Z')])).toBe(48);
    expect(focusedMinutes(s, [done('2026-11-22T09:00:05.000Z')])).toBe(1);
  });

  it('counts nothing without a completion, and caps at the planned duration or one day', () => {
    const s = session('s', '2026-11-22T09:00:00.000Z');
    expect(focusedMinutes(s, [])).toBe(0);
    expect(focusedMinutes(s, [done('2026-11-22T08:00:00.000Z')])).toBe(0);
    expect(focusedMinutes(session('s', '2026-11-22T09:00:00.000Z', 25), [done('2026-11-22T11:00:00.000Z')])).toBe(25);
    expect(focusedMinutes(s, [done('2026-11-25T09:00:00.000Z')])).toBe(1440);
  });

  it('formats minutes as people say them', () => {
    expect([0, 45, 60, 125, 59.6].map(formatMinutes)).toEqual(['0 min', '45 min', '1 h', '2 h 5 min', '1 h']);
  });
});

describe('the four-week chart', () => {
  const now = new Date('2026-11-22T15:00:00.000Z');

  it('has one entry per day for the last 28 days, oldest first, ending today', () => {
    const stats = dailyStats([], [], 'UTC', now);
    expect(stats).toHaveLength(28);
    expect(stats[0]!.date).toBe('2026-10-26');
    expect(stats[27]!.date).toBe('2026-11-22');
    expect(totals(stats)).toEqual({ minutes: 0, completed: 0, activeDays: 0 });
  });

  it('adds focused minutes to the day a session started and completions to the day they happened', () => {
    const sessions = [session('s1', '2026-11-21T09:00:00.000Z'), session('s2', '2026-11-21T20:00:00.000Z'), session('old', '2026-10-01T09:00:00.000Z')];
    const tasks = [
      done('2026-11-21T09:30:00.000Z', 's1'),
      done('2026-11-21T20:10:00.000Z', 's2'),
      done('2026-11-22T08:00:00.000Z'),
      done('2026-10-01T10:00:00.000Z', 'old'),
      open(),
    ];
    const stats = dailyStats(sessions, tasks, 'UTC', now);
    const byDate = new Map(stats.map((d) => [d.date, d]));
    expect(byDate.get('2026-11-21')).toEqual({ date: '2026-11-21', minutes: 40, completed: 2 });
    expect(byDate.get('2026-11-22')).toEqual({ date: '2026-11-22', minutes: 0, completed: 1 });
    expect(totals(stats)).toEqual({ minutes: 40, completed: 3, activeDays: 2 });
  });

  it('reads days in the person’s zone', () => {
    const tasks = [done('2026-11-22T03:00:00.000Z')];
    const ny = dailyStats([], tasks, 'America/New_York', now);
    expect(ny.find((d) => d.date === '2026-11-21')!.completed).toBe(1);
    expect(ny[27]!.date).toBe('2026-11-22');
  });

  it('picks calm axis maxima', () => {
    expect([0, 1, 3, 7, 12, 48, 130].map((v) => niceMax(v))).toEqual([1, 1, 5, 10, 20, 50, 200]);
    expect(niceMax(0, 5)).toBe(5);
  });
});

import { describe, expect, it } from 'vitest';
import {
  dayAtHour,
  dayTaskList,
  defaultDueForDay,
  dueTimeLabel,
  hourLabel,
  monthCell,
  rangeTitle,
  shiftAnchor,
  taskDay,
  tasksByDay,
  viewForWidth,
  visibleDays,
  visibleRange,
  weekLayout,
  type CalendarTask,
} from './calendar';

let seq = 0;
const task = (dueDate: string | null, overrides: Partial<CalendarTask> = {}): CalendarTask => ({
  id: `t${(seq += 1)}`,
  title: overrides.title ?? `Task ${seq}`,
  dueDate,
  completed: false,
  color: null,
  ...overrides,
});

describe('visible days and range', () => {
  it('shows a month as six weeks starting on the Sunday on or before the 1st', () => {
    const days = visibleDays('month', '2026-11-17');
    expect(days).toHaveLength(42);
    expect(days[0]).toBe('2026-11-01'); // 1 November 2026 is a Sunday
    expect(days[41]).toBe('2026-12-12');
    const march = visibleDays('month', '2026-03-31');
    expect(march[0]).toBe('2026-03-01');
    const april = visibleDays('month', '2026-04-10');
    expect(april[0]).toBe('2026-03-29');
  });

  it('shows a week from Sunday to Saturday, and a day alone', () => {
    expect(visibleDays('week', '2026-11-25')).toEqual([
      '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28',
    ]);
    expect(visibleDays('week', '2026-11-22')[0]).toBe('2026-11-22');
    expect(visibleDays('day', '2026-11-25')).toEqual(['2026-11-25']);
  });

  it('asks only for the visible days, from local midnight to the midnight after, in UTC', () => {
    expect(visibleRange('month', '2026-11-17', 'UTC')).toEqual({ from: '2026-11-01T00:00:00.000Z', to: '2026-12-13T00:00:00.000Z' });
    // New York: EDT until 1 November 2026 02:00, EST after.
    expect(visibleRange('week', '2026-11-01', 'America/New_York')).toEqual({
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-11-08T05:00:00.000Z',
    });
    expect(visibleRange('day', '2026-06-15', 'Europe/London')).toEqual({ from: '2026-06-14T23:00:00.000Z', to: '2026-06-15T23:00:00.000Z' });
  });

  it('steps by a month, a week or a day, and titles each view', () => {
    expect(shiftAnchor('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(shiftAnchor('month', '2026-01-15', -1)).toBe('2025-12-15');
    expect(shiftAnchor('week', '2026-11-22', 1)).toBe('2026-11-29');
    expect(shiftAnchor('day', '2026-12-31', 1)).toBe('2027-01-01');
    expect(rangeTitle('month', '2026-11-17')).toBe('November 2026');
    expect(rangeTitle('week', '2026-11-25')).toBe('Nov 22 – 28, 2026');
    expect(rangeTitle('week', '2026-11-30')).toBe('Nov 29 – Dec 5, 2026');
    expect(rangeTitle('week', '2026-12-30')).toBe('Dec 27, 2026 – Jan 2, 2027');
    expect(rangeTitle('day', '2026-11-22')).toBe('Sunday, November 22, 2026');
  });

  it('uses the single-day view below the mobile breakpoint', () => {
    expect(viewForWidth('month', 390, 768)).toBe('day');
    expect(viewForWidth('week', 767, 768)).toBe('day');
    expect(viewForWidth('week', 768, 768)).toBe('week');
    expect(viewForWidth('month', 1280, 768)).toBe('month');
  });
});

describe('tasks on days', () => {
  it('puts a task on the day it is due in the person’s own zone', () => {
    const late = task('2026-11-23T03:30:00.000Z');
    expect(taskDay(late, 'UTC')).toBe('2026-11-23');
    expect(taskDay(late, 'America/Los_Angeles')).toBe('2026-11-22');
    expect(taskDay(task(null), 'UTC')).toBeNull();
  });

  it('groups dated tasks by day, each day by due date, and leaves undated ones out', () => {
    const b = task('2026-11-22T15:00:00.000Z', { title: 'B' });
    const a = task('2026-11-22T09:00:00.000Z', { title: 'A' });
    const c = task('2026-11-24T09:00:00.000Z', { title: 'C' });
    const groups = tasksByDay([b, task(null), c, a], 'UTC');
    expect([...groups.keys()].sort()).toEqual(['2026-11-22', '2026-11-24']);
    expect(groups.get('2026-11-22')!.map((t) => t.title)).toEqual(['A', 'B']);
  });

  it('lists open tasks first, then completed ones, each by due date', () => {
    const doneEarly = task('2026-11-22T08:00:00.000Z', { title: 'Done early', completed: true });
    const openLate = task('2026-11-22T17:00:00.000Z', { title: 'Open late' });
    const openEarly = task('2026-11-22T09:00:00.000Z', { title: 'Open early' });
    const doneLate = task('2026-11-22T18:00:00.000Z', { title: 'Done late', completed: true });
    const { open, completed } = dayTaskList([doneLate, openLate, doneEarly, openEarly]);
    expect(open.map((t) => t.title)).toEqual(['Open early', 'Open late']);
    expect(completed.map((t) => t.title)).toEqual(['Done early', 'Done late']);
  });

  it('shows two tasks in a month cell and counts the rest as more', () => {
    const tasks = [1, 2, 3, 4, 5].map((hour) => task(`2026-11-22T0${hour}:00:00.000Z`, { title: `T${hour}`, completed: hour === 1 }));
    const cell = monthCell(tasks);
    expect(cell.shown.map((t) => t.title)).toEqual(['T2', 'T3']);
    expect(cell.more).toBe(3);
    expect(monthCell(tasks.slice(0, 2)).more).toBe(0);
    expect(monthCell([]).shown).toEqual([]);
  });
});

describe('week layout', () => {
  const days = visibleDays('week', '2026-11-22');

  it('places a task only when its due minutes are 15 or more, from the top of its hour down to the due time', () => {
    const quarter = task('2026-11-23T10:15:00.000Z', { title: 'Quarter' });
    const half = task('2026-11-23T14:30:00.000Z', { title: 'Half' });
    const onTheHour = task('2026-11-23T09:00:00.000Z', { title: 'On the hour' });
    const fourteen = task('2026-11-24T09:14:00.000Z', { title: 'Fourteen' });
    const { placed, unplaced } = weekLayout([quarter, half, onTheHour, fourteen], days, 'UTC');
    expect(placed.map((p) => [p.task.title, p.day, p.hour, p.minutes, p.heightFraction])).toEqual([
      ['Quarter', '2026-11-23', 10, 15, 0.25],
      ['Half', '2026-11-23', 14, 30, 0.5],
    ]);
    expect(unplaced.get('2026-11-23')!.map((t) => t.title)).toEqual(['On the hour']);
    expect(unplaced.get('2026-11-24')!.map((t) => t.title)).toEqual(['Fourteen']);
    expect(unplaced.get('2026-11-25')).toEqual([]);
  });

  it('reads hours and minutes in the person’s zone and skips days outside the week', () => {
    const t = task('2026-11-23T15:45:00.000Z');
    const [inKolkata] = weekLayout([t], days, 'Asia/Kolkata').placed; // UTC+5:30 → 21:15
    expect([inKolkata!.hour, inKolkata!.minutes]).toEqual([21, 15]);
    const early = task('2026-11-23T10:40:00.000Z'); // 10:40 in UTC, 16:10 in Kolkata
    expect(weekLayout([early], days, 'UTC').placed).toHaveLength(1);
    expect(weekLayout([early], days, 'Asia/Kolkata').placed).toEqual([]);
    expect(weekLayout([task('2026-11-30T10:30:00.000Z')], days, 'UTC').placed).toEqual([]);
  });

  it('sets tasks in the same hour cell side by side', () => {
    const a = task('2026-11-25T11:20:00.000Z', { title: 'A' });
    const b = task('2026-11-25T11:50:00.000Z', { title: 'B' });
    const { placed } = weekLayout([b, a], days, 'UTC');
    expect(placed.map((p) => [p.task.title, p.column, p.columns])).toEqual([
      ['A', 0, 2],
      ['B', 1, 2],
    ]);
  });
});

describe('creating from the calendar', () => {
  it('creates at the clicked hour in the person’s zone', () => {
    expect(dayAtHour('2026-11-23', 14, 'Europe/Berlin').toISOString()).toBe('2026-11-23T13:00:00.000Z');
  });

  it('pre-fills the next full hour today and 9 AM on other days', () => {
    const now = new Date('2026-11-22T10:20:00.000Z');
    expect(defaultDueForDay('2026-11-22', 'UTC', now).toISOString()).toBe('2026-11-22T11:00:00.000Z');
    expect(defaultDueForDay('2026-11-22', 'UTC', new Date('2026-11-22T23:30:00.000Z')).toISOString()).toBe('2026-11-22T23:00:00.000Z');
    expect(defaultDueForDay('2026-11-25', 'UTC', now).toISOString()).toBe('2026-11-25T09:00:00.000Z');
  });

  it('labels hours and due times in 12-hour form', () => {
    expect([0, 9, 12, 15].map(hourLabel)).toEqual(['12 AM', '9 AM', '12 PM', '3 PM']);
    expect(dueTimeLabel(task('2026-11-22T14:05:00.000Z'), 'UTC')).toBe('2:05 PM');
    expect(dueTimeLabel(task(null), 'UTC')).toBe('');
  });
});

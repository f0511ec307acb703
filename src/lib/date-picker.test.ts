// The calendar's grid and keys as a person uses them (the picker's selections: src/components/DatePicker.test.tsx).
import { describe, expect, it } from 'vitest';
import { combineDateAndTime, dateLabel, monthGrid, moveFocus, startOfWeek } from './date-picker';

describe('month grid', () => {
  it('starts each week on Sunday and always shows six weeks', () => {
    // March 2026 starts on a Sunday.
    const march = monthGrid(2026, 3);
    expect(march).toHaveLength(6);
    expect(march.every((week) => week.length === 7)).toBe(true);
    expect(march[0]?.[0]).toEqual({ date: '2026-03-01', day: 1, inMonth: true });
    // February 2026 starts on a Sunday too; January 2026 starts on a Thursday.
    const january = monthGrid(2026, 1);
    expect(january[0]?.map((cell) => cell.date)).toEqual([
      '2025-12-28', '2025-12-29', '2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02', '2026-01-03',
    ]);
    expect(january[0]?.[3]?.inMonth).toBe(false);
    expect(january[0]?.[4]?.inMonth).toBe(true);
  });

  it('does not skip or repeat a day across a daylight-saving change', () => {
    const days = monthGrid(2026, 3).flat().map((cell) => cell.date);
    expect(new Set(days).size).toBe(42);
    expect(days).toContain('2026-03-29');
    expect(days).toContain('2026-03-30');
  });

  it('labels a day in full for screen readers', () => {
    expect(dateLabel('2026-03-14')).toBe('Saturday, 14 March 2026');
  });
});

describe('keyboard movement', () => {
  const from = '2026-03-14'; // a Saturday
  it('moves by a day with left and right, by a week with up and down', () => {
    expect(moveFocus(from, { key: 'ArrowLeft' })).toBe('2026-03-13');
    expect(moveFocus(from, { key: 'ArrowRight' })).toBe('2026-03-15');
    expect(moveFocus(from, { key: 'ArrowUp' })).toBe('2026-03-07');
    expect(moveFocus(from, { key: 'ArrowDown' })).toBe('2026-03-21');
  });

  it('moves by a month with PageUp and PageDown, by a year with Shift', () => {
    expect(moveFocus(from, { key: 'PageUp' })).toBe('2026-02-14');
    expect(moveFocus(from, { key: 'PageDown' })).toBe('2026-04-14');
    expect(moveFocus(from, { key: 'PageUp', shiftKey: true })).toBe('2025-03-14');
    expect(moveFocus(from, { key: 'PageDown', shiftKey: true })).toBe('2027-03-14');
    // 31 January plus a month lands on the last day of February.
    expect(moveFocus('2026-01-31', { key: 'PageDown' })).toBe('2026-02-28');
  });

  it('goes to the start (Sunday) and end (Saturday) of the week with Home and End', () => {
    expect(moveFocus('2026-03-11', { key: 'Home' })).toBe('2026-03-08');
    expect(moveFocus('2026-03-11', { key: 'End' })).toBe('2026-03-14');
    expect(startOfWeek('2026-03-08')).toBe('2026-03-08');
  });

  it('stays inside the allowed dates and ignores other keys', () => {
    expect(moveFocus('2026-03-01', { key: 'ArrowLeft' }, '2026-03-01')).toBe('2026-03-01');
    expect(moveFocus('2026-03-30', { key: 'ArrowDown' }, null, '2026-03-31')).toBe('2026-03-31');
    expect(moveFocus(from, { key: 'a' })).toBeNull();
  });
});

describe('helpers', () => {
  it('combines a picked day and time in the user zone into a UTC instant', () => {
    expect(combineDateAndTime('2026-07-01', { hour: 9, minute: 30 }, 'Europe/London')).toBe('2026-07-01T08:30:00.000Z');
    expect(combineDateAndTime('2026-01-15', { hour: 23, minute: 5 }, 'America/New_York')).toBe('2026-01-16T04:05:00.000Z');
  });
});

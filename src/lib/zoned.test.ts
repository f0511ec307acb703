// The calendar's day and zone arithmetic without luxon (./zoned.ts and ./time-zone.ts, as
// ./calendar.ts, ./date-picker.ts and ./calendar-events.ts use them) gives luxon's results: every hour of two years in zones
// with and without daylight saving, half-hour and 45-minute offsets, a southern-hemisphere zone
// and one whose clocks change at midnight; and the calendar's modules no longer import luxon.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dueTimeLabel, rangeTitle, shiftAnchor, taskDay, visibleRange } from './calendar';
import { eventTimeLabel } from './calendar-events';
import { combineDateAndTime, dateLabel, dueDateParts, monthGrid, moveFocus, startOfWeek } from './date-picker';
import { dayKey, zonedParts, zoneOffsetMinutes } from './time-zone';
import { addDays, addMonths, dayTimeIn } from './zoned';

const ZONES = ['UTC', 'America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/Santiago', 'America/Havana', 'Pacific/Chatham', 'America/St_Johns'];
const HOUR = 3_600_000;
const START = Date.UTC(2025, 0, 1);

describe('wall clock in a zone', () => {
  it('reads the same day, hour, minute and offset as luxon at every hour and half hour of 2025 and 2026', () => {
    for (const zone of ZONES) {
      for (let ms = START; ms < START + 730 * 24 * HOUR; ms += 7 * HOUR + 30 * 60_000) {
        const expected = DateTime.fromMillis(ms, { zone });
        const wall = zonedParts(new Date(ms), zone);
        expect([zone, dayKey(new Date(ms), zone), wall.hour, wall.minute, zoneOffsetMinutes(new Date(ms), zone)]).toEqual([zone, expected.toISODate(), expected.hour, expected.minute, expected.offset]);
      }
    }
  });

  it('finds the moment of a day’s hour as luxon does, a skipped hour moved forward by the gap, a repeated one at one of its two readings', () => {
    for (const zone of ZONES) {
      for (let date = '2025-01-01'; date < '2027-01-01'; date = addDays(date, 1)) {
        for (const hour of [0, 1, 2, 3, 9, 23]) {
          const expected = DateTime.fromISO(date, { zone }).set({ hour, minute: 0, second: 0, millisecond: 0 });
          const actual = dayTimeIn(date, hour, 0, zone).getTime();
          // luxon's own pick of a repeated hour depends on today's offset.
          const readings = [-HOUR, 0, HOUR].map((shift) => expected.toMillis() + shift).filter((ms) => {
            const wall = DateTime.fromMillis(ms, { zone });
            return wall.toISODate() === date && wall.hour === hour && wall.minute === 0;
          });
          if (readings.length > 1) expect(readings).toContain(actual);
          else expect([zone, date, hour, actual]).toEqual([zone, date, hour, expected.toMillis()]);
        }
      }
    }
  });
});

describe('calendar days', () => {
  const days: string[] = [];
  for (let date = '2024-12-25'; date < '2027-01-10'; date = addDays(date, 1)) days.push(date);

  it('steps, weeks, months, titles and labels read as luxon wrote them', () => {
    const utc = (date: string) => DateTime.fromISO(date, { zone: 'utc' });
    for (const date of days) {
      expect(addMonths(date, 1)).toBe(utc(date).plus({ months: 1 }).toISODate());
      expect(addMonths(date, -13)).toBe(utc(date).minus({ months: 13 }).toISODate());
      expect(shiftAnchor('month', date, -1)).toBe(utc(date).minus({ months: 1 }).toISODate());
      expect(shiftAnchor('week', date, 1)).toBe(utc(date).plus({ weeks: 1 }).toISODate());
      expect(startOfWeek(date)).toBe(utc(date).minus({ days: utc(date).weekday % 7 }).toISODate());
      expect(moveFocus(date, { key: 'PageDown', shiftKey: true })).toBe(utc(date).plus({ years: 1 }).toISODate());
      expect(dateLabel(date)).toBe(utc(date).setLocale('en-GB').toFormat('cccc, d LLLL yyyy'));
      expect(rangeTitle('month', date)).toBe(utc(date).setLocale('en-US').toFormat('LLLL yyyy'));
      expect(rangeTitle('day', date)).toBe(utc(date).setLocale('en-US').toFormat('cccc, LLLL d, yyyy'));
      const first = utc(startOfWeek(date)).setLocale('en-US');
      const last = first.plus({ days: 6 });
      const week =
        first.year !== last.year
          ? `${first.toFormat('LLL d, yyyy')} – ${last.toFormat('LLL d, yyyy')}`
          : first.month !== last.month
            ? `${first.toFormat('LLL d')} – ${last.toFormat('LLL d, yyyy')}`
            : `${first.toFormat('LLL d')} – ${last.toFormat('d, yyyy')}`;
      expect(rangeTitle('week', date)).toBe(week);
    }
    for (let month = 1; month <= 12; month++) {
      const grid = monthGrid(2026, month).flat();
      const start = DateTime.fromObject({ year: 2026, month, day: 1 }, { zone: 'utc' });
      const sunday = start.minus({ days: start.weekday % 7 });
      expect(grid.map((cell) => cell.date)).toEqual(Array.from({ length: 42 }, (_, index) => sunday.plus({ days: index }).toISODate()));
      expect(grid.filter((cell) => cell.inMonth)).toHaveLength(start.daysInMonth!);
    }
  });

  it('a view’s range, a task’s day and time, the form’s due date and an event’s time in a zone read as with luxon', () => {
    for (const zone of ZONES) {
      for (const date of days.filter((_, index) => index % 5 === 0)) {
        const first = DateTime.fromISO(date, { zone }).startOf('day');
        expect(visibleRange('day', date, zone)).toEqual({ from: first.toUTC().toISO(), to: first.plus({ days: 1 }).startOf('day').toUTC().toISO() });
        const due = first.set({ hour: 13, minute: 45 });
        const task = { dueDate: due.toUTC().toISO() };
        expect(taskDay(task, zone)).toBe(date);
        expect(dueTimeLabel(task, zone)).toBe(due.setLocale('en-US').toFormat('h:mm a'));
        expect(combineDateAndTime(date, { hour: 13, minute: 45 }, zone)).toBe(task.dueDate);
        expect(dueDateParts(task.dueDate, zone)).toEqual({ date, time: { hour: 13, minute: 45 } });
        const end = due.plus({ hours: 30 });
        const event = { start: due.toUTC().toISO()!, end: end.toUTC().toISO()!, allDay: false };
        expect(eventTimeLabel(event, zone)).toBe(`${due.setLocale('en-US').toFormat('LLL d, HH:mm')} – ${end.setLocale('en-US').toFormat('LLL d, HH:mm')}`);
      }
    }
  });
});

it('the calendar’s and the sessions page’s first loads have no luxon: their modules do not import it', () => {
  for (const file of ['src/lib/zoned.ts', 'src/lib/time-zone.ts', 'src/lib/calendar.ts', 'src/lib/date-picker.ts', 'src/lib/calendar-events.ts', 'src/features/calendar/CalendarPage.tsx', 'src/features/calendar/WeekGrid.tsx', 'src/lib/session-stats.ts', 'src/features/sessions/format.ts', 'src/features/sessions/FocusChart.tsx']) {
    expect([file, readFileSync(path.join(process.cwd(), file), 'utf8')]).not.toEqual([file, expect.stringMatching(/from 'luxon'/)]);
  }
});

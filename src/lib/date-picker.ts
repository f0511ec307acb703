// Calendar days, free of React: the month grid (weeks start on Sunday) and keyboard movement of
// the calendar page, and the due date's parts for the task form (the date picker itself is
// react-day-picker, src/components/DatePicker.tsx). Dates are calendar days written as ISO
// strings ('2026-03-14'): a due date's day does not depend on a time zone until it is combined
// with a time (combineDateAndTime) in the user's zone. Arithmetic runs in UTC, so daylight-saving
// changes never skip or repeat a day.
import { DateTime } from 'luxon';
import { displayTimeZone } from './time-zone';

export type ISODate = string;
export interface DateRange {
  from: ISODate | null;
  to: ISODate | null;
}

export interface DayCell {
  date: ISODate;
  day: number;
  /** false for the leading and trailing days of the neighbouring months. */
  inMonth: boolean;
}

/** Weeks start on Sunday. */
export const WEEKDAYS = [
  { short: 'Su', long: 'Sunday' },
  { short: 'Mo', long: 'Monday' },
  { short: 'Tu', long: 'Tuesday' },
  { short: 'We', long: 'Wednesday' },
  { short: 'Th', long: 'Thursday' },
  { short: 'Fr', long: 'Friday' },
  { short: 'Sa', long: 'Saturday' },
] as const;

const day = (iso: ISODate) => DateTime.fromISO(iso, { zone: 'utc' });
const iso = (value: DateTime) => value.toISODate() as ISODate;

/** Today's calendar date in the given zone (the browser's by default). */
export function todayISO(zone?: string): ISODate {
  return DateTime.now().setZone(zone ?? displayTimeZone()).toISODate() as ISODate;
}

/** Sunday on or before the date. */
export function startOfWeek(date: ISODate): ISODate {
  const value = day(date);
  return iso(value.minus({ days: value.weekday % 7 }));
}

/**
 * The month as six full weeks (42 days, Sunday first), so the grid never changes height when
 * the month changes under the pointer.
 */
export function monthGrid(year: number, month: number): DayCell[][] {
  const first = DateTime.fromObject({ year, month, day: 1 }, { zone: 'utc' });
  const start = day(startOfWeek(iso(first)));
  const weeks: DayCell[][] = [];
  for (let w = 0; w < 6; w += 1) {
    const week: DayCell[] = [];
    for (let d = 0; d < 7; d += 1) {
      const value = start.plus({ days: w * 7 + d });
      week.push({ date: iso(value), day: value.day, inMonth: value.month === month });
    }
    weeks.push(week);
  }
  return weeks;
}

export function monthOf(date: ISODate): { year: number; month: number } {
  const value = day(date);
  return { year: value.year, month: value.month };
}

function clampDate(date: ISODate, min?: ISODate | null, max?: ISODate | null): ISODate {
  if (min && date < min) return min;
  if (max && date > max) return max;
  return date;
}

/** Full spoken label of a day cell, e.g. 'Saturday, 14 March 2026'. */
export function dateLabel(date: ISODate): string {
  return day(date).setLocale('en-GB').toFormat('cccc, d LLLL yyyy');
}

export interface KeyLike {
  key: string;
  shiftKey?: boolean;
}

/**
 * Where focus moves for a key in the grid (the WAI-ARIA date picker pattern): arrows by a day or
 * a week, PageUp/PageDown by a month (with Shift by a year), Home/End to the week's Sunday and
 * Saturday. null for keys the grid does not handle.
 */
export function moveFocus(date: ISODate, event: KeyLike, min?: ISODate | null, max?: ISODate | null): ISODate | null {
  const value = day(date);
  let next: DateTime;
  switch (event.key) {
    case 'ArrowLeft':
      next = value.minus({ days: 1 });
      break;
    case 'ArrowRight':
      next = value.plus({ days: 1 });
      break;
    case 'ArrowUp':
      next = value.minus({ weeks: 1 });
      break;
    case 'ArrowDown':
      next = value.plus({ weeks: 1 });
      break;
    case 'PageUp':
      next = event.shiftKey ? value.minus({ years: 1 }) : value.minus({ months: 1 });
      break;
    case 'PageDown':
      next = event.shiftKey ? value.plus({ years: 1 }) : value.plus({ months: 1 });
      break;
    case 'Home':
      next = day(startOfWeek(date));
      break;
    case 'End':
      next = day(startOfWeek(date)).plus({ days: 6 });
      break;
    default:
      return null;
  }
  return clampDate(iso(next), min, max);
}

/**
 * A picked day plus a picked time, in the user's zone, as the UTC ISO instant the API stores.
 */
export function combineDateAndTime(date: ISODate, time: { hour: number; minute: number }, zone?: string): string {
  const value = DateTime.fromISO(date, { zone: zone ?? displayTimeZone() }).set({ hour: time.hour, minute: time.minute, second: 0, millisecond: 0 });
  return value.toUTC().toISO() as string;
}

// ---------------------------------------------------------------- due date in the task form
// (here, not in src/lib/tasks.ts, so the task list's helpers do not carry luxon to the dashboard)

/** The day and time of a due date in the person's zone, for the form's pickers. */
export function dueDateParts(dueDate: string | null | undefined, zone?: string): { date: ISODate | null; time: { hour: number; minute: number } | null } {
  if (!dueDate) return { date: null, time: null };
  const value = DateTime.fromISO(dueDate, { zone: zone ?? displayTimeZone() });
  if (!value.isValid) return { date: null, time: null };
  return { date: value.toISODate(), time: { hour: value.hour, minute: value.minute } };
}

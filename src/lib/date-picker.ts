// Calendar days, free of React: the month grid (weeks start on Sunday) and keyboard movement of
// the calendar page, and the due date's parts for the task form (the date picker itself is
// react-day-picker, src/components/DatePicker.tsx). Dates are calendar days written as ISO
// strings ('2026-03-14'): a due date's day does not depend on a time zone until it is combined
// with a time (combineDateAndTime) in the user's zone. Arithmetic runs in UTC, so daylight-saving
// changes never skip or repeat a day. The platform's Intl alone (./zoned.ts, ./time-zone.ts): no
// luxon in the first load of the pages that draw days.
import { dayKey, displayTimeZone, zonedParts } from './time-zone';
import { addDays, addMonths, dayTimeIn, MONTH_NAMES, utcDate, WEEKDAY_NAMES } from './zoned';

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

/** Today's calendar date in the given zone (the browser's by default). */
export function todayISO(zone?: string): ISODate {
  return dayKey(new Date(), zone ?? displayTimeZone());
}

/** Sunday on or before the date. */
export function startOfWeek(date: ISODate): ISODate {
  return addDays(date, -utcDate(date).getUTCDay());
}

/**
 * The month as six full weeks (42 days, Sunday first), so the grid never changes height when
 * the month changes under the pointer.
 */
export function monthGrid(year: number, month: number): DayCell[][] {
  const start = startOfWeek(`${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`);
  const weeks: DayCell[][] = [];
  for (let w = 0; w < 6; w += 1) {
    const week: DayCell[] = [];
    for (let d = 0; d < 7; d += 1) {
      const date = addDays(start, w * 7 + d);
      const value = utcDate(date);
      week.push({ date, day: value.getUTCDate(), inMonth: value.getUTCMonth() + 1 === month });
    }
    weeks.push(week);
  }
  return weeks;
}

export function monthOf(date: ISODate): { year: number; month: number } {
  const value = utcDate(date);
  return { year: value.getUTCFullYear(), month: value.getUTCMonth() + 1 };
}

function clampDate(date: ISODate, min?: ISODate | null, max?: ISODate | null): ISODate {
  if (min && date < min) return min;
  if (max && date > max) return max;
  return date;
}

/** Full spoken label of a day cell, e.g. 'Saturday, 14 March 2026'. */
export function dateLabel(date: ISODate): string {
  const value = utcDate(date);
  return `${WEEKDAY_NAMES[value.getUTCDay()]}, ${value.getUTCDate()} ${MONTH_NAMES[value.getUTCMonth()]} ${String(value.getUTCFullYear()).padStart(4, '0')}`;
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
  let next: ISODate;
  switch (event.key) {
    case 'ArrowLeft':
      next = addDays(date, -1);
      break;
    case 'ArrowRight':
      next = addDays(date, 1);
      break;
    case 'ArrowUp':
      next = addDays(date, -7);
      break;
    case 'ArrowDown':
      next = addDays(date, 7);
      break;
    case 'PageUp':
      next = addMonths(date, event.shiftKey ? -12 : -1);
      break;
    case 'PageDown':
      next = addMonths(date, event.shiftKey ? 12 : 1);
      break;
    case 'Home':
      next = startOfWeek(date);
      break;
    case 'End':
      next = addDays(startOfWeek(date), 6);
      break;
    default:
      return null;
  }
  return clampDate(next, min, max);
}

/**
 * A picked day plus a picked time, in the user's zone, as the UTC ISO instant the API stores.
 */
export function combineDateAndTime(date: ISODate, time: { hour: number; minute: number }, zone?: string): string {
  return dayTimeIn(date, time.hour, time.minute, zone ?? displayTimeZone()).toISOString();
}

// ---------------------------------------------------------------- due date in the task form
// (here, not in src/lib/tasks.ts, so the task list's helpers stay light)

/** The day and time of a due date in the person's zone, for the form's pickers. */
export function dueDateParts(dueDate: string | null | undefined, zone?: string): { date: ISODate | null; time: { hour: number; minute: number } | null } {
  if (!dueDate) return { date: null, time: null };
  const moment = new Date(dueDate);
  if (Number.isNaN(moment.getTime())) return { date: null, time: null };
  const wall = zonedParts(moment, zone ?? displayTimeZone());
  return { date: dayKey(moment, zone ?? displayTimeZone()), time: { hour: wall.hour, minute: wall.minute } };
}

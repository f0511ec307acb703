// Calendar days ('2026-11-22') and their English names with the platform's Date alone: the
// results luxon gives (zoned.test.ts holds them to it), without luxon's ≈22 kB gzip in the first
// load of the pages that place and label days (the calendar). The arithmetic runs in UTC, so
// daylight-saving changes never skip or repeat a day; moments in a zone are ./time-zone.ts's.
// Names are as luxon printed them with setLocale('en-US') / ('en-GB'): the product's texts.
import { zonedTimeToDate } from './time-zone';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function dayParts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

function isoDayOfUtc(value: Date): string {
  return `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
}

/** The day as midnight UTC. */
export function utcDate(date: string): Date {
  const [year, month, day] = dayParts(date);
  return new Date(Date.UTC(year, month - 1, day));
}

export function addDays(date: string, days: number): string {
  const value = utcDate(date);
  value.setUTCDate(value.getUTCDate() + days);
  return isoDayOfUtc(value);
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Months later (or earlier), the day clamped to the month's last, as luxon's plus({ months }). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = dayParts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  const lastDay = targetMonth === 2 && isLeapYear(targetYear) ? 29 : DAYS_IN_MONTH[targetMonth - 1]!;
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

/** 0 for Sunday to 6 for Saturday. */
export function weekdayOf(date: string): number {
  return utcDate(date).getUTCDay();
}

/** The moment a day's hour and minute happen in `zone` (./time-zone.ts's rule for skipped and repeated hours). */
export function dayTimeIn(date: string, hour: number, minute: number, zone: string): Date {
  const [year, month, day] = dayParts(date);
  return zonedTimeToDate({ year, month, day, hour, minute }, zone);
}

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** luxon's 'LLL' in en-US: 'Jan' … 'Dec' ('Sep'). */
export const monthShort = (month: number) => MONTH_NAMES[month - 1]!.slice(0, 3);

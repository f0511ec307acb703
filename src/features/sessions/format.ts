// How the sessions page writes a moment: in the person's own zone (the account's), en-US, as
// luxon's formats wrote it (format.test.ts), with the platform's Intl alone.
import { dayKey, displayTimeZone, zonedParts } from '@/lib/time-zone';
import { monthShort, WEEKDAY_NAMES, weekdayOf } from '@/lib/zoned';

/** 'Sun, Nov 22, 2026 at 9:30 AM' */
export function startTimeLabel(iso: string, zone = displayTimeZone()): string {
  const moment = new Date(iso);
  const { year, month, day } = zonedParts(moment, zone);
  return `${WEEKDAY_NAMES[weekdayOf(dayKey(moment, zone))]!.slice(0, 3)}, ${monthShort(month)} ${day}, ${year} at ${clock(moment, zone)}`;
}

/** '9:30 AM' */
export function timeLabel(iso: string): string {
  return clock(new Date(iso), displayTimeZone());
}

function clock(moment: Date, zone: string): string {
  const { hour, minute } = zonedParts(moment, zone);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A calendar day ('2026-11-22') as 'Nov 22', or with its weekday 'Sun, Nov 22' (en-US), by arithmetic: no formatter. */
export function dayLabel(date: string, withWeekday = false): string {
  const text = `${monthShort(Number(date.slice(5, 7)))} ${Number(date.slice(8, 10))}`;
  return withWeekday ? `${WEEKDAY_NAMES[weekdayOf(date)]!.slice(0, 3)}, ${text}` : text;
}

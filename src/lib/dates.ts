// Date helpers shared by client and server (luxon): the US-format date of default session
// names, and combining a picked date with a picked time of day in the
// person's own time zone. Pure functions; `now` is passed in so tests can fix it.
import { DateTime, IANAZone } from 'luxon';

export type TimeOfDay = { hour: number; minute: number };

export function isValidTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

/** '11/22/2026' (en-US, no zero padding), as the product's client shows it. */
export function usDate(date: Date, zone = 'UTC'): string {
  return DateTime.fromJSDate(date, { zone }).toFormat('M/d/yyyy');
}

/**
 * The moment a session (or task) is due. The calendar day comes from `date` (or today), the
 * time of day from `time` when given, both read in `zone`; without either, `now`.
 */
export function combineDateAndTime(date: Date | null | undefined, time: TimeOfDay | null | undefined, zone = 'UTC', now = new Date()): Date {
  if (!time) return date ?? now;
  const day = DateTime.fromJSDate(date ?? now, { zone });
  return day.set({ hour: time.hour, minute: time.minute, second: 0, millisecond: 0 }).toJSDate();
}

/** iCalendar UTC form: 20261122T093000Z. */
export function icsUtc(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

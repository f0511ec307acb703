// The subscribed calendars' events in the app's views, free of React: which events fall on which
// day in the person's zone (a multi-day event on each of its days), where a busy block sits in a
// day column of the week grid, how an event's time reads, how fresh a subscription is ("Last
// updated 4 min ago"). The free time before the next busy block is in ./free-time.ts (no luxon).
import { DateTime } from 'luxon';
import type { ISODate } from '@/lib/date-picker';

/** The few fields of GET /api/calendars/events the views read. */
export interface CalendarEventItem {
  calendarId: string;
  uid: string;
  occurrence: string;
  start: string;
  end: string;
  allDay: boolean;
  title: string | null;
  busy: boolean;
  recurring: boolean;
}

/** What a busy-only event is called. */
export const BUSY_TITLE = 'Busy';

export const eventTitle = (event: Pick<CalendarEventItem, 'title'>) => event.title ?? BUSY_TITLE;

/** Each event under every day (in `zone`) it covers, all-day ones first, then by start. */
export function eventsByDay<T extends CalendarEventItem>(events: readonly T[], zone: string): Map<ISODate, T[]> {
  const days = new Map<ISODate, T[]>();
  for (const event of events) {
    const start = DateTime.fromISO(event.start, { zone });
    // The end is exclusive: an event ending at midnight is not on the next day.
    const end = DateTime.fromISO(event.end, { zone }).minus({ milliseconds: 1 });
    let day = start.startOf('day');
    for (let guard = 0; day <= end && guard < 62; guard += 1) {
      const key = day.toISODate() as ISODate;
      days.set(key, [...(days.get(key) ?? []), event]);
      day = day.plus({ days: 1 });
    }
    if (end < start) {
      const key = start.toISODate() as ISODate;
      days.set(key, [...(days.get(key) ?? []), event]);
    }
  }
  for (const list of days.values()) list.sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.start.localeCompare(b.start));
  return days;
}

/** A timed event's block in one day column: minutes from the day's midnight, clipped to the day. */
export function dayBlocks<T extends CalendarEventItem>(events: readonly T[], day: ISODate, zone: string): { event: T; top: number; minutes: number }[] {
  const midnight = DateTime.fromISO(day, { zone }).startOf('day');
  const next = midnight.plus({ days: 1 });
  return events
    .filter((event) => !event.allDay)
    .map((event) => {
      const start = DateTime.max(DateTime.fromISO(event.start, { zone }), midnight);
      const end = DateTime.min(DateTime.fromISO(event.end, { zone }), next);
      return { event, top: Math.round(start.diff(midnight, 'minutes').minutes), minutes: Math.round(end.diff(start, 'minutes').minutes) };
    })
    .filter((block) => block.minutes > 0);
}

/** "09:30 – 09:45", "All day", or "All day (Dec 1 – 3)" for a multi-day one. */
export function eventTimeLabel(event: Pick<CalendarEventItem, 'start' | 'end' | 'allDay'>, zone: string): string {
  const start = DateTime.fromISO(event.start, { zone }).setLocale('en-US');
  const end = DateTime.fromISO(event.end, { zone }).setLocale('en-US');
  if (event.allDay) {
    const last = end.minus({ days: 1 });
    return last.hasSame(start, 'day') ? 'All day' : `All day (${start.toFormat('LLL d')} – ${last.hasSame(start, 'month') ? last.toFormat('d') : last.toFormat('LLL d')})`;
  }
  const sameDay = end.minus({ milliseconds: 1 }).hasSame(start, 'day');
  return sameDay ? `${start.toFormat('HH:mm')} – ${end.toFormat('HH:mm')}` : `${start.toFormat('LLL d, HH:mm')} – ${end.toFormat('LLL d, HH:mm')}`;
}

/** "Last updated just now", "Last updated 4 min ago", "Last updated 3 h ago", "Last updated Nov 20". */
export function lastUpdatedLabel(lastSyncedAt: string | null, now: Date = new Date()): string {
  if (!lastSyncedAt) return 'Not updated yet';
  const minutes = Math.floor((now.getTime() - Date.parse(lastSyncedAt)) / 60_000);
  if (minutes < 1) return 'Last updated just now';
  if (minutes < 60) return `Last updated ${minutes} min ago`;
  if (minutes < 24 * 60) return `Last updated ${Math.floor(minutes / 60)} h ago`;
  return `Last updated ${DateTime.fromISO(lastSyncedAt).setLocale('en-US').toFormat('LLL d')}`;
}

// The subscribed calendars' events in the app's views, free of React: which events fall on which
// day in the person's zone (a multi-day event on each of its days), where a busy block sits in a
// day column of the week grid, how an event's time reads, how fresh a subscription is ("Last
// updated 4 min ago"). The free time before the next busy block is in ./free-time.ts. No luxon
// (./zoned.ts, ./time-zone.ts): the calendar's first load draws these.
import type { ISODate } from '@/lib/date-picker';
import { dayKey, zonedParts } from '@/lib/time-zone';
import { addDays, dayTimeIn, monthShort } from '@/lib/zoned';

const dayIn = (moment: number, zone: string) => dayKey(new Date(moment), zone);

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
const BUSY_TITLE = 'Busy';

export const eventTitle = (event: Pick<CalendarEventItem, 'title'>) => event.title ?? BUSY_TITLE;

/** Each event under every day (in `zone`) it covers, all-day ones first, then by start. */
export function eventsByDay<T extends CalendarEventItem>(events: readonly T[], zone: string): Map<ISODate, T[]> {
  const days = new Map<ISODate, T[]>();
  for (const event of events) {
    const start = Date.parse(event.start);
    // The end is exclusive: an event ending at midnight is not on the next day.
    const end = Date.parse(event.end) - 1;
    const first = dayIn(start, zone);
    const last = dayIn(end, zone);
    let day = first;
    for (let guard = 0; day <= last && guard < 62; guard += 1) {
      days.set(day, [...(days.get(day) ?? []), event]);
      day = addDays(day, 1);
    }
    if (end < start) days.set(first, [...(days.get(first) ?? []), event]);
  }
  for (const list of days.values()) list.sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.start.localeCompare(b.start));
  return days;
}

/** A timed event's block in one day column: minutes from the day's midnight, clipped to the day. */
export function dayBlocks<T extends CalendarEventItem>(events: readonly T[], day: ISODate, zone: string): { event: T; top: number; minutes: number }[] {
  const midnight = dayTimeIn(day, 0, 0, zone).getTime();
  const next = dayTimeIn(addDays(day, 1), 0, 0, zone).getTime();
  return events
    .filter((event) => !event.allDay)
    .map((event) => {
      const start = Math.max(Date.parse(event.start), midnight);
      const end = Math.min(Date.parse(event.end), next);
      return { event, top: Math.round((start - midnight) / 60_000), minutes: Math.round((end - start) / 60_000) };
    })
    .filter((block) => block.minutes > 0);
}

/** "09:30 – 09:45", "All day", or "All day (Dec 1 – 3)" for a multi-day one. */
export function eventTimeLabel(event: Pick<CalendarEventItem, 'start' | 'end' | 'allDay'>, zone: string): string {
  const startMs = Date.parse(event.start);
  const endMs = Date.parse(event.end);
  const start = zonedParts(new Date(startMs), zone);
  const end = zonedParts(new Date(endMs), zone);
  const two = (value: number) => String(value).padStart(2, '0');
  const clock = (wall: typeof start) => `${two(wall.hour)}:${two(wall.minute)}`;
  const dayOf = (wall: typeof start) => `${monthShort(wall.month)} ${wall.day}`;
  if (event.allDay) {
    // The day before the exclusive end's.
    const last = addDays(dayIn(endMs, zone), -1);
    const first = dayIn(startMs, zone);
    if (last === first) return 'All day';
    const lastDay = Number(last.slice(8, 10));
    const lastText = last.slice(0, 7) === first.slice(0, 7) ? String(lastDay) : `${monthShort(Number(last.slice(5, 7)))} ${lastDay}`;
    return `All day (${dayOf(start)} – ${lastText})`;
  }
  const sameDay = dayIn(endMs - 1, zone) === dayIn(startMs, zone);
  return sameDay ? `${clock(start)} – ${clock(end)}` : `${dayOf(start)}, ${clock(start)} – ${dayOf(end)}, ${clock(end)}`;
}

/** "Last updated just now", "Last updated 4 min ago", "Last updated 3 h ago", "Last updated Nov 20". */
export function lastUpdatedLabel(lastSyncedAt: string | null, now: Date = new Date()): string {
  if (!lastSyncedAt) return 'Not updated yet';
  const minutes = Math.floor((now.getTime() - Date.parse(lastSyncedAt)) / 60_000);
  if (minutes < 1) return 'Last updated just now';
  if (minutes < 60) return `Last updated ${minutes} min ago`;
  if (minutes < 24 * 60) return `Last updated ${Math.floor(minutes / 60)} h ago`;
  const moment = new Date(lastSyncedAt);
  return `Last updated ${monthShort(moment.getMonth() + 1)} ${moment.getDate()}`;
}

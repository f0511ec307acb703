// The private calendar (ICS) feed, an extra of this server: one secret URL per user that any calendar
// app can subscribe to, listing their dated tasks. The secret is derived, not stored:
// HMAC-SHA256(AUTH_SECRET, 'calendar-feed:{userId}:{calendarFeedVersion}'), so bumping the
// version (rotate or turn off) revokes every URL handed out before. The 'calendar-feed:'
// prefix keeps these tokens apart from any other HMAC made with the same secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import ical, { ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { TCalendarFeedOutput } from '@/lib/schemas/task';
import { appError } from '@/server/errors';
import type { Db } from '@/server/db';
import { env } from '@/server/env';

/** Dated tasks in one feed, the nearest-to-now first kept when a person has more. */
const CALENDAR_FEED_MAX_EVENTS = 5000;
const CALENDAR_EVENT_MINUTES = 30;

function secret(): string {
  const value = env().AUTH_SECRET;
  if (!value) throw appError('SERVICE_UNAVAILABLE', 'The calendar feed needs AUTH_SECRET to be set');
  return value;
}

function calendarFeedToken(userId: string, version: number): string {
  return createHmac('sha256', secret()).update(`calendar-feed:${userId}:${version}`).digest('base64url');
}

function calendarFeedUrl(userId: string, version: number): string {
  return `${env().APP_URL}/api/calendar/${encodeURIComponent(userId)}/${calendarFeedToken(userId, version)}.ics`;
}

function answer(user: { id: string; calendarFeedEnabled: boolean; calendarFeedVersion: number }): TCalendarFeedOutput {
  return { url: user.calendarFeedEnabled ? calendarFeedUrl(user.id, user.calendarFeedVersion) : null, enabled: user.calendarFeedEnabled };
}

const FEED_SELECT = { id: true, calendarFeedEnabled: true, calendarFeedVersion: true } as const;

export async function getCalendarFeed(db: Db, userId: string): Promise<TCalendarFeedOutput> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: FEED_SELECT });
  return answer(user);
}

/** Turns the feed on with a new secret URL; any earlier URL stops working. */
export async function rotateCalendarFeed(db: Db, userId: string): Promise<TCalendarFeedOutput> {
  const user = await db.user.update({
    where: { id: userId },
    data: { calendarFeedEnabled: true, calendarFeedVersion: { increment: 1 } },
    select: FEED_SELECT,
  });
  return answer(user);
}

/** Turns the feed off; turning it on again gives a new URL. */
export async function disableCalendarFeed(db: Db, userId: string): Promise<TCalendarFeedOutput> {
  const user = await db.user.update({
    where: { id: userId },
    data: { calendarFeedEnabled: false, calendarFeedVersion: { increment: 1 } },
    select: FEED_SELECT,
  });
  return answer(user);
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const PRIORITY = { Critical: 1, High: 3, Medium: 5, Low: 9 } as const;

type FeedTask = {
  id: string;
  title: string;
  description: string | null;
  importance: keyof typeof PRIORITY;
  dueDate: Date | null;
  completed: boolean;
  completedAt: Date | null;
  updatedAt: Date;
  recurrence: string | null;
};

/**
 * The VTIMEZONE that defines `zone` for calendar apps, and the TZID it names (an alias gets the
 * canonical name the block carries: Asia/Calcutta is Asia/Kolkata), or null for UTC (plain UTC
 * times need none) or a zone the data does not know.
 *
 * From timezones-ical-library, not built here from luxon's offsets: it ships every IANA zone as
 * the VTIMEZONE that vzic compiles from the tz database (the tool behind libical's, which
 * Thunderbird and Evolution use), with the current yearly DAYLIGHT/STANDARD rules as RRULEs, so
 * one small block is right for every future occurrence of a repeating task, whatever span the
 * feed covers; offsets sampled from luxon would be a list of transitions tied to the events'
 * span, to be kept long enough by hand. It is kept current with the tz database (no runtime
 * dependencies); a new zone it lacks falls back to UTC times below.
 */
export function icalTimeZone(zone: string): { tzid: string; block: string } | null {
  if (zone === 'UTC' || zone === 'Etc/UTC') return null;
  const answer = tzlib_get_ical_block(zone);
  if (!Array.isArray(answer) || !answer[0] || !answer[1]?.startsWith('TZID=')) return null;
  return { block: answer[0], tzid: answer[1].slice('TZID='.length) };
}

/**
 * The feed as iCalendar (ical-generator escapes, folds and stamps in UTC). A one-off task is a
 * UTC instant. An open repeating task carries its RRULE with a start on the person's own clock
 * (TZID, defined by a VTIMEZONE in the feed, as RFC 5545 requires of every TZID), so "every
 * Monday 17:00" stays 17:00 across daylight-saving changes; its done occurrences are plain
 * events. Without a known zone (UTC, or one the VTIMEZONE data lacks) it repeats in UTC.
 */
export function renderIcs(tasks: FeedTask[], appUrl: string, timeZone = 'UTC'): string {
  const host = new URL(appUrl).host;
  const zone = icalTimeZone(timeZone);
  const calendar = ical({
    name: 'Onething tasks',
    prodId: '//Onething//Tasks//EN',
    ttl: 15 * 60,
    // No calendar-wide zone (one-off tasks stay UTC instants): only the generator, asked for a
    // VTIMEZONE for each TZID the events use.
    timezone: { name: null, generator: (tzid) => (zone && tzid === zone.tzid ? zone.block : null) },
  });
  for (const task of tasks) {
    if (!task.dueDate) continue;
    const description = [task.description, task.completed && task.completedAt ? `Completed ${task.completedAt.toISOString()}` : null]
      .filter(Boolean)
      .join('\n\n');
    const repeats = !task.completed && task.recurrence ? task.recurrence : null;
    const zoned = repeats !== null && zone !== null;
    const start = zoned ? DateTime.fromJSDate(task.dueDate, { zone: zone.tzid }) : task.dueDate;
    const end = zoned
      ? DateTime.fromJSDate(task.dueDate, { zone: zone.tzid }).plus({ minutes: CALENDAR_EVENT_MINUTES })
      : new Date(task.dueDate.getTime() + CALENDAR_EVENT_MINUTES * 60_000);
    const event = calendar.createEvent({
      id: `task-${task.id}@${host}`,
      stamp: task.updatedAt,
      lastModified: task.updatedAt,
      start,
      end,
      ...(repeats && { repeating: repeats }),
      ...(zoned && { timezone: zone.tzid }),
      summary: task.completed ? `✓ ${task.title}` : task.title,
      ...(description && { description }),
      url: `${appUrl}/dashboard?task=${encodeURIComponent(task.id)}`,
      priority: PRIORITY[task.importance],
      status: ICalEventStatus.CONFIRMED,
      transparency: ICalEventTransparency.TRANSPARENT,
    });
    if (task.completed) event.categories([{ name: 'Completed' }]);
  }
  // RFC 5545 ends every content line, the last one too, with CRLF.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

/**
 * The feed body for `/api/calendar/{userId}/{token}.ics`, or null (→ 404) when the user does
 * not exist, the feed is off, or the token is not the current one.
 */
export async function calendarFeedBody(db: Db, userId: string, token: string, now = new Date()): Promise<string | null> {
  if (userId.length > 64 || token.length > 128) return null;
  const user = await db.user.findUnique({ where: { id: userId }, select: { ...FEED_SELECT, timeZone: true } });
  if (!user || !user.calendarFeedEnabled) return null;
  if (!sameToken(token, calendarFeedToken(user.id, user.calendarFeedVersion))) return null;
  // The events nearest to now first: upcoming ones, then the most recent past ones.
  const select = { id: true, title: true, description: true, importance: true, dueDate: true, completed: true, completedAt: true, updatedAt: true, recurrence: true } as const;
  const upcoming = await db.task.findMany({
    where: { userId, letGoAt: null, dueDate: { gte: now } },
    orderBy: [{ dueDate: 'asc' }, { id: 'asc' }],
    take: CALENDAR_FEED_MAX_EVENTS,
    select,
  });
  const past =
    upcoming.length < CALENDAR_FEED_MAX_EVENTS
      ? await db.task.findMany({
          where: { userId, letGoAt: null, dueDate: { lt: now } },
          orderBy: [{ dueDate: 'desc' }, { id: 'asc' }],
          take: CALENDAR_FEED_MAX_EVENTS - upcoming.length,
          select,
        })
      : [];
  return renderIcs([...past.reverse(), ...upcoming], env().APP_URL, user.timeZone);
}

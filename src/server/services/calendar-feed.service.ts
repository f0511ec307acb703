// The private calendar (ICS) feed, beyond the spec: one secret URL per user that any calendar
// app can subscribe to, listing their dated tasks. The secret is derived, not stored:
// HMAC-SHA256(AUTH_SECRET, 'calendar-feed:{userId}:{calendarFeedVersion}'), so bumping the
// version (rotate or turn off) revokes every URL handed out before. The 'calendar-feed:'
// prefix keeps these tokens apart from any other HMAC made with the same secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { icsUtc } from '@/lib/dates';
import type { TCalendarFeedOutput } from '@/lib/schemas/task';
import { appError } from '@/server/api/errors';
import type { Db } from '@/server/db';
import { env } from '@/server/env';

/** Dated tasks in one feed, the nearest-to-now first kept when a person has more. */
export const CALENDAR_FEED_MAX_EVENTS = 5000;
export const CALENDAR_EVENT_MINUTES = 30;

function secret(): string {
  const value = env().AUTH_SECRET;
  if (!value) throw appError('SERVICE_UNAVAILABLE', 'The calendar feed needs AUTH_SECRET to be set');
  return value;
}

export function calendarFeedToken(userId: string, version: number): string {
  return createHmac('sha256', secret()).update(`calendar-feed:${userId}:${version}`).digest('base64url');
}

export function calendarFeedUrl(userId: string, version: number): string {
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

/** RFC 5545 TEXT escaping. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
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
};

export function renderIcs(tasks: FeedTask[], appUrl: string): string {
  const host = new URL(appUrl).host;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Onething//Tasks//EN',
    'CALSCALE:GREGORIAN',
    'X-WR-CALNAME:Onething tasks',
    'NAME:Onething tasks',
    'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
    'X-PUBLISHED-TTL:PT15M',
  ];
  for (const task of tasks) {
    if (!task.dueDate) continue;
    const end = new Date(task.dueDate.getTime() + CALENDAR_EVENT_MINUTES * 60_000);
    const description = [task.description, task.completed && task.completedAt ? `Completed ${task.completedAt.toISOString()}` : null]
      .filter(Boolean)
      .join('\n\n');
    lines.push(
      'BEGIN:VEVENT',
      `UID:task-${task.id}@${host}`,
      `DTSTAMP:${icsUtc(task.updatedAt)}`,
      `LAST-MODIFIED:${icsUtc(task.updatedAt)}`,
      `DTSTART:${icsUtc(task.dueDate)}`,
      `DTEND:${icsUtc(end)}`,
      `SUMMARY:${icsText(task.completed ? `✓ ${task.title}` : task.title)}`,
      ...(description ? [`DESCRIPTION:${icsText(description)}`] : []),
      `URL:${appUrl}/dashboard?task=${encodeURIComponent(task.id)}`,
      `PRIORITY:${PRIORITY[task.importance]}`,
      'STATUS:CONFIRMED',
      ...(task.completed ? ['CATEGORIES:Completed'] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/**
 * The feed body for `/api/calendar/{userId}/{token}.ics`, or null (→ 404) when the user does
 * not exist, the feed is off, or the token is not the current one.
 */
export async function calendarFeedBody(db: Db, userId: string, token: string, now = new Date()): Promise<string | null> {
  if (userId.length > 64 || token.length > 128) return null;
  const user = await db.user.findUnique({ where: { id: userId }, select: FEED_SELECT });
  if (!user || !user.calendarFeedEnabled) return null;
  if (!sameToken(token, calendarFeedToken(user.id, user.calendarFeedVersion))) return null;
  // The events nearest to now first: upcoming ones, then the most recent past ones.
  const select = { id: true, title: true, description: true, importance: true, dueDate: true, completed: true, completedAt: true, updatedAt: true } as const;
  const upcoming = await db.task.findMany({
    where: { userId, dueDate: { gte: now } },
    orderBy: [{ dueDate: 'asc' }, { id: 'asc' }],
    take: CALENDAR_FEED_MAX_EVENTS,
    select,
  });
  const past =
    upcoming.length < CALENDAR_FEED_MAX_EVENTS
      ? await db.task.findMany({
          where: { userId, dueDate: { lt: now } },
          orderBy: [{ dueDate: 'desc' }, { id: 'asc' }],
          take: CALENDAR_FEED_MAX_EVENTS - upcoming.length,
          select,
        })
      : [];
  return renderIcs([...past.reverse(), ...upcoming], env().APP_URL);
}

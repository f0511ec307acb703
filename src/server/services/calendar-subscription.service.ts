// Calendar subscriptions: read-only ICS feeds (Google, Outlook, iCloud, Proton, Nextcloud,
// Fastmail, a school's timetable) whose events the app shows beside tasks and counts as busy
// time. Onething reads, never writes.
//
// - The URL is a credential: sealed with AES-256-GCM (src/server/auth/secret-box.ts), answered
//   only as `urlHint`, never logged (errors name the status or the reason, never the address).
// - Every fetch goes through the guarded outbound client (public addresses only, after DNS and on
//   each redirect; time and size bounds).
// - Expanded occurrences (60 days back, a year ahead) are cached in CalendarEvent, so views and
//   GET /api/today never wait on a remote server. The background job refreshes each subscription
//   every 15 minutes with If-None-Match / If-Modified-Since, once across instances: a due row is
//   claimed by moving its nextSyncAt forward under FOR UPDATE SKIP LOCKED.
// - The user's own choices (hide, treat as free; one occurrence or the series) are rules applied
//   when events are read, so they survive refreshes.
import { calendarHttpError, calendarUrlHint, checkCalendarUrl, type CalendarProvider } from '@/lib/calendar-url';
import { CALENDAR_LIMITS } from '@/lib/constants';
import {
  CALENDAR_FUTURE_DAYS,
  CALENDAR_PAST_DAYS,
  CALENDAR_QUERY_MAX_DAYS,
  type TCalendarEventOutput,
  type TCalendarOutput,
} from '@/lib/schemas/calendar';
import { open, seal } from '@/server/auth/secret-box';
import type { Db } from '@/server/db';
import { reportError } from '@/server/error-report';
import { appError } from '@/server/errors';
import { mapWithConcurrency, OutboundError, outboundRequest } from '@/server/http/outbound';
import { log } from '@/server/log';
import { decodeFeed, FeedFormatError, parseFeed, type ParsedFeed } from './calendar-ics';

const SEAL_PURPOSE = 'calendar-subscription-url';
const CALENDAR_REFRESH_MINUTES = 15;
/** "Sync now" more often than this answers the last result without calling the server again. */
const MIN_MANUAL_REFRESH_MS = 20_000;
/** A 304 keeps the cached events only while their window is this fresh. */
const REEXPAND_AFTER_MS = 24 * 3_600_000;
const FETCH_LIMITS = { connectTimeoutMs: 5_000, timeoutMs: 20_000, maxBytes: 8 * 1024 * 1024, maxRedirects: 5 } as const;

/** Options for tests: the CA of a local https feed server. */
export type FeedFetchOptions = { ca?: Buffer | string };

const calendarLimitMessage = (tier: 'free' | 'plus') =>
  tier === 'plus'
    ? `Calendar limit reached: the Plus plan has up to ${CALENDAR_LIMITS.plus} calendar subscriptions.`
    : `Calendar limit reached: the Free plan has ${CALENDAR_LIMITS.free} calendar subscription. Upgrade to Plus for up to ${CALENDAR_LIMITS.plus}.`;

type Row = {
  id: string;
  userId: string;
  name: string;
  urlCipher: string;
  urlHint: string;
  busyOnly: boolean;
  status: string;
  error: string | null;
  etag: string | null;
  lastModified: string | null;
  lastSyncedAt: Date | null;
  lastAttemptAt: Date | null;
  expandedAt: Date | null;
  eventCount: number;
  skippedEvents: number;
};

function answer(row: Row): TCalendarOutput {
  return {
    id: row.id,
    name: row.name,
    urlHint: row.urlHint,
    busyOnly: row.busyOnly,
    status: row.status === 'error' ? 'error' : 'ok',
    error: row.error,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    eventCount: row.eventCount,
    skippedEvents: row.skippedEvents,
  };
}

class FeedError extends Error {
  override name = 'FeedError';
}

type Fetched = { kind: 'not-modified' } | { kind: 'feed'; text: string; etag: string | null; lastModified: string | null };

/** One fetch of a feed; throws FeedError with a message a person can act on (never the URL). */
async function fetchFeed(url: string, provider: CalendarProvider | null, conditional: { etag: string | null; lastModified: string | null } | null, options: FeedFetchOptions): Promise<Fetched> {
  const headers: Record<string, string> = { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1' };
  if (conditional?.etag) headers['if-none-match'] = conditional.etag;
  if (conditional?.lastModified) headers['if-modified-since'] = conditional.lastModified;
  let response;
  try {
    response = await outboundRequest(url, { ...FETCH_LIMITS, headers, ca: options.ca });
  } catch (error) {
    if (error instanceof OutboundError) {
      const text = {
        bad_url: error.message,
        blocked_address: 'This address points at a private or local network, which Onething does not call.',
        dns: 'The calendar’s server name could not be found. Check the address.',
        timeout: 'The calendar’s server took too long to answer; the next refresh will try again.',
        too_large: 'The calendar is too large (over 8 MB).',
        too_many_redirects: 'The address redirects too many times.',
        network: 'The calendar’s server could not be reached; the next refresh will try again.',
      }[error.reason];
      throw new FeedError(text);
    }
    throw error;
  }
  if (response.status === 304 && conditional) return { kind: 'not-modified' };
  if (response.status < 200 || response.status > 299) throw new FeedError(calendarHttpError(response.status, provider, new URL(url).pathname));
  const text = decodeFeed(response.body);
  const header = (name: string) => {
    const value = response.headers[name];
    return typeof value === 'string' ? value.slice(0, 500) : null;
  };
  return { kind: 'feed', text, etag: header('etag'), lastModified: header('last-modified') };
}

function windowAround(now: Date) {
  return { from: new Date(now.getTime() - CALENDAR_PAST_DAYS * 86_400_000), to: new Date(now.getTime() + CALENDAR_FUTURE_DAYS * 86_400_000) };
}

function parse(text: string, now: Date, owner: { timeZone: string; email: string }): ParsedFeed {
  try {
    return parseFeed(text, { ...windowAround(now), zone: owner.timeZone, ownerEmail: owner.email });
  } catch (error) {
    if (error instanceof FeedFormatError) throw new FeedError(error.message);
    throw new FeedError('The calendar could not be read.');
  }
}

async function ownerOf(db: Db, userId: string) {
  return db.user.findUniqueOrThrow({ where: { id: userId }, select: { timeZone: true, email: true, subscriptionTier: true } });
}

function checkedUrl(input: string): { url: string; provider: CalendarProvider | null } {
  const check = checkCalendarUrl(input);
  if (!check.ok) throw appError('BAD_REQUEST', check.suggestion ? `${check.message} Try: ${check.suggestion}` : check.message);
  return { url: check.url, provider: check.provider };
}

function eventRows(subscriptionId: string, userId: string, feed: ParsedFeed) {
  return feed.occurrences.map((event) => ({
    subscriptionId,
    userId,
    uid: event.uid.slice(0, 1000),
    occurrence: event.occurrence,
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    title: event.title?.slice(0, 500) ?? null,
    busy: event.busy,
    recurring: event.recurring,
  }));
}

async function assertUnderLimit(db: Db, userId: string, tier: 'free' | 'plus') {
  const count = await db.calendarSubscription.count({ where: { userId } });
  if (count >= CALENDAR_LIMITS[tier]) throw appError('FORBIDDEN', calendarLimitMessage(tier), undefined, 'calendar_limit');
}

/** Adds a subscription: the feed is fetched and read once first; one that cannot be read is a 400 saying why. */
export async function createCalendar(db: Db, userId: string, input: { url: string; name?: string; busyOnly?: boolean }, options: FeedFetchOptions = {}, now = new Date()): Promise<TCalendarOutput> {
  const { url, provider } = checkedUrl(input.url);
  const owner = await ownerOf(db, userId);
  // Checked before the fetch (no call for nothing) and again, under a lock, before the insert.
  await assertUnderLimit(db, userId, owner.subscriptionTier);
  let fetched: Fetched;
  let feed: ParsedFeed;
  try {
    fetched = await fetchFeed(url, provider, null, options);
    if (fetched.kind !== 'feed') throw new FeedError('The calendar server gave no calendar.');
    feed = parse(fetched.text, now, owner);
  } catch (error) {
    if (error instanceof FeedError) throw appError('BAD_REQUEST', `This calendar cannot be added: ${error.message}`);
    throw error;
  }
  const name = input.name ?? feed.name?.slice(0, 100) ?? new URL(url).hostname;
  const row = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    await assertUnderLimit(tx as unknown as Db, userId, owner.subscriptionTier);
    const created = await tx.calendarSubscription.create({
      data: {
        userId,
        name,
        urlCipher: seal(SEAL_PURPOSE, url),
        urlHint: calendarUrlHint(url),
        busyOnly: input.busyOnly ?? false,
        status: 'ok',
        etag: fetched.kind === 'feed' ? fetched.etag : null,
        lastModified: fetched.kind === 'feed' ? fetched.lastModified : null,
        lastSyncedAt: now,
        lastAttemptAt: now,
        expandedAt: now,
        nextSyncAt: new Date(now.getTime() + CALENDAR_REFRESH_MINUTES * 60_000),
        eventCount: feed.occurrences.length,
        skippedEvents: feed.skipped,
      },
    });
    await tx.calendarEvent.createMany({ data: eventRows(created.id, userId, feed) });
    return created;
  });
  log.info('calendar subscription added', { calendarId: row.id, events: feed.occurrences.length, skipped: feed.skipped });
  return answer(row);
}

export async function listCalendars(db: Db, userId: string): Promise<TCalendarOutput[]> {
  const rows = await db.calendarSubscription.findMany({ where: { userId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return rows.map(answer);
}

async function ownRow(db: Db, userId: string, id: string) {
  const row = await db.calendarSubscription.findFirst({ where: { id, userId } });
  if (!row) throw appError('NOT_FOUND', 'Calendar not found');
  return row;
}

export async function deleteCalendar(db: Db, userId: string, id: string) {
  await ownRow(db, userId, id);
  await db.calendarSubscription.deleteMany({ where: { id, userId } });
  return { success: true as const };
}

export async function updateCalendar(db: Db, userId: string, input: { id: string; name?: string; busyOnly?: boolean }): Promise<TCalendarOutput> {
  await ownRow(db, userId, input.id);
  const row = await db.calendarSubscription.update({
    where: { id: input.id },
    data: { ...(input.name !== undefined && { name: input.name }), ...(input.busyOnly !== undefined && { busyOnly: input.busyOnly }) },
  });
  return answer(row);
}

/**
 * Fetches and reads one subscription now, and stores the outcome: the events (on a new feed),
 * or the reason it failed (the cached events stay, as they were).
 */
async function syncCalendar(db: Db, row: Row, options: FeedFetchOptions = {}, now = new Date()): Promise<Row> {
  const next = new Date(now.getTime() + CALENDAR_REFRESH_MINUTES * 60_000);
  const url = open(SEAL_PURPOSE, row.urlCipher);
  if (!url) {
    return db.calendarSubscription.update({
      where: { id: row.id },
      data: { status: 'error', error: 'This calendar’s address can no longer be read on this server (its key changed). Remove it and add it again.', lastAttemptAt: now, nextSyncAt: next },
    });
  }
  const provider = checkCalendarUrl(url).ok ? (checkCalendarUrl(url) as { provider: CalendarProvider | null }).provider : null;
  const stale = !row.expandedAt || now.getTime() - row.expandedAt.getTime() > REEXPAND_AFTER_MS;
  try {
    const fetched = await fetchFeed(url, provider, stale ? null : { etag: row.etag, lastModified: row.lastModified }, options);
    if (fetched.kind === 'not-modified') {
      return db.calendarSubscription.update({ where: { id: row.id }, data: { status: 'ok', error: null, lastSyncedAt: now, lastAttemptAt: now, nextSyncAt: next } });
    }
    const owner = await ownerOf(db, row.userId);
    const feed = parse(fetched.text, now, owner);
    return await db.$transaction(async (tx) => {
      await tx.calendarEvent.deleteMany({ where: { subscriptionId: row.id } });
      await tx.calendarEvent.createMany({ data: eventRows(row.id, row.userId, feed) });
      return tx.calendarSubscription.update({
        where: { id: row.id },
        data: {
          status: 'ok',
          error: null,
          etag: fetched.etag,
          lastModified: fetched.lastModified,
          lastSyncedAt: now,
          lastAttemptAt: now,
          expandedAt: now,
          nextSyncAt: next,
          eventCount: feed.occurrences.length,
          skippedEvents: feed.skipped,
        },
      });
    });
  } catch (error) {
    if (!(error instanceof FeedError)) {
      reportError('calendar refresh failed', error, { calendarId: row.id });
    }
    const message = error instanceof FeedError ? error.message : 'The calendar could not be refreshed; the next refresh will try again.';
    return db.calendarSubscription.update({ where: { id: row.id }, data: { status: 'error', error: message, lastAttemptAt: now, nextSyncAt: next } });
  }
}

/** "Sync now": refreshes one of the user's subscriptions and answers how it went. */
export async function refreshCalendar(db: Db, userId: string, id: string, options: FeedFetchOptions = {}, now = new Date()): Promise<TCalendarOutput> {
  const row = await ownRow(db, userId, id);
  if (row.lastAttemptAt && now.getTime() - row.lastAttemptAt.getTime() < MIN_MANUAL_REFRESH_MS) return answer(row);
  return answer(await syncCalendar(db, row, options, now));
}

/**
 * The background job's part: refreshes every subscription due, once across instances (a row is
 * claimed by moving its nextSyncAt forward; one another instance holds is skipped), a few at a
 * time, each fetch bounded in time.
 */
export async function refreshDueCalendars(db: Db, now = new Date(), options: FeedFetchOptions & { batchSize?: number } = {}): Promise<number> {
  const claimUntil = new Date(now.getTime() + CALENDAR_REFRESH_MINUTES * 60_000);
  const claimed = await db.$queryRaw<{ id: string }[]>`
    UPDATE "CalendarSubscription" SET "nextSyncAt" = ${claimUntil}
    WHERE id IN (
      SELECT id FROM "CalendarSubscription" WHERE "nextSyncAt" <= ${now}
      ORDER BY "nextSyncAt" LIMIT ${options.batchSize ?? 50} FOR UPDATE SKIP LOCKED
    ) RETURNING id`;
  if (claimed.length === 0) return 0;
  const rows = await db.calendarSubscription.findMany({ where: { id: { in: claimed.map((entry) => entry.id) } } });
  await mapWithConcurrency(rows, 4, (row) => syncCalendar(db, row, options, now));
  return rows.length;
}

type EventRow = { subscriptionId: string; uid: string; occurrence: string; start: Date; end: Date; allDay: boolean; title: string | null; busy: boolean; recurring: boolean };

async function cachedEvents(db: Db, userId: string, from: Date, to: Date): Promise<TCalendarEventOutput[]> {
  const [rows, subscriptions] = await Promise.all([
    db.calendarEvent.findMany({
      where: { userId, start: { lt: to }, end: { gt: from } },
      orderBy: [{ start: 'asc' }, { id: 'asc' }],
      take: 5_000,
      select: { subscriptionId: true, uid: true, occurrence: true, start: true, end: true, allDay: true, title: true, busy: true, recurring: true },
    }),
    db.calendarSubscription.findMany({ where: { userId }, select: { id: true, busyOnly: true, rules: { select: { uid: true, occurrence: true, action: true } } } }),
  ]);
  const busyOnly = new Map(subscriptions.map((entry) => [entry.id, entry.busyOnly]));
  const rules = new Set(subscriptions.flatMap((entry) => entry.rules.map((rule) => `${entry.id}\n${rule.uid}\n${rule.occurrence}\n${rule.action}`)));
  const has = (event: EventRow, action: string) => rules.has(`${event.subscriptionId}\n${event.uid}\n\n${action}`) || rules.has(`${event.subscriptionId}\n${event.uid}\n${event.occurrence}\n${action}`);
  return rows
    .filter((event) => !has(event, 'hide'))
    .map((event) => ({
      calendarId: event.subscriptionId,
      uid: event.uid,
      occurrence: event.occurrence,
      start: event.start.toISOString(),
      end: event.end.toISOString(),
      allDay: event.allDay,
      title: busyOnly.get(event.subscriptionId) ? null : event.title,
      busy: event.busy && !has(event, 'free'),
      recurring: event.recurring,
    }));
}

/** The cached occurrences of all the user's subscriptions that overlap [from, to), with the user's choices applied. */
export async function listCalendarEvents(db: Db, userId: string, input: { from: string; to: string }): Promise<TCalendarEventOutput[]> {
  const from = new Date(input.from);
  const to = new Date(input.to);
  if (!(to > from)) throw appError('BAD_REQUEST', '`to` must be after `from`');
  if (to.getTime() - from.getTime() > CALENDAR_QUERY_MAX_DAYS * 86_400_000) throw appError('BAD_REQUEST', `At most ${CALENDAR_QUERY_MAX_DAYS} days at a time`);
  return cachedEvents(db, userId, from, to);
}

/** Hide an event, or treat it as free: one occurrence, or the whole series (`occurrence` null). */
export async function setEventRule(db: Db, userId: string, input: { id: string; uid: string; occurrence: string | null; action: 'hide' | 'free'; on?: boolean }) {
  await ownRow(db, userId, input.id);
  const key = { subscriptionId: input.id, uid: input.uid, occurrence: input.occurrence ?? '', action: input.action };
  if (input.on === false) await db.calendarEventRule.deleteMany({ where: key });
  else await db.calendarEventRule.upsert({ where: { subscriptionId_uid_occurrence_action: key }, create: key, update: {} });
  return { success: true as const };
}

export type BusyInterval = { start: Date; end: Date; title: string | null };

/**
 * The user's busy time in [from, to) from the cached events (never a remote call): busy timed
 * events (all-day ones only when marked busy), clipped to the span, overlaps merged. `title` is
 * the first event's of each merged block (null when busy-only).
 */
export async function busyIntervals(db: Db, userId: string, from: Date, to: Date): Promise<BusyInterval[]> {
  const events = await cachedEvents(db, userId, from, to);
  const busy = events
    .filter((event) => event.busy)
    .map((event) => ({ start: new Date(Math.max(Date.parse(event.start), from.getTime())), end: new Date(Math.min(Date.parse(event.end), to.getTime())), title: event.title }))
    .filter((event) => event.end > event.start)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const merged: BusyInterval[] = [];
  for (const interval of busy) {
    const last = merged.at(-1);
    if (last && interval.start <= last.end) {
      if (interval.end > last.end) last.end = interval.end;
    } else merged.push({ ...interval });
  }
  return merged;
}

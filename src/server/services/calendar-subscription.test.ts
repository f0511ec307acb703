// Calendar subscriptions on both doors and the real database, fetched from a real ICS server on
// loopback (reached through OUTBOUND_ALLOWLIST, as an intranet calendar would be): paste to
// cached events; the address never answered or logged and stored encrypted; Free 1 / Plus 10
// counted under a lock; the common wrong addresses refused with the address to copy; refreshes
// with ETag / If-Modified-Since, once across instances, the cached events kept (and the reason
// shown) when the feed fails; busy-only, hide and treat-as-free; another user's id a 404.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { http as mswHttp, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/server/db';
import { resetEnvCache } from '@/server/env';
import { callerFor, createTaskRow, createUser, restAs } from '@/test/factories';
import { captureLogs } from '@/test/log-capture';
import { server as msw } from '@/test/msw';
import { busyIntervals, refreshDueCalendars } from './calendar-subscription.service';

const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures/calendars');
const SECRET = 'private-4f8a9c2e7b1d3a5f6e0c9b8a7d6e5f4a';

type Hit = { path: string; ifNoneMatch?: string; ifModifiedSince?: string };
const hits: Hit[] = [];
let feedServer: http.Server;
let origin = '';
/** What the feed server answers per path: a fixture name, or a status. */
let routes: Record<string, { file?: string; status?: number; body?: string; type?: string }> = {};

beforeAll(async () => {
  // The fixtures are dated in November 2026: the clock is Tuesday 24 November 2026, 12:00 UTC
  // (and moving), so the cached window (60 days back, a year ahead) holds them whenever this runs.
  vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00Z'), toFake: ['Date'], shouldAdvanceTime: true });
  feedServer = http.createServer((request, response) => {
    const url = request.url ?? '';
    hits.push({ path: url, ifNoneMatch: request.headers['if-none-match'], ifModifiedSince: request.headers['if-modified-since'] });
    const route = routes[url.split('?')[0]!];
    if (!route) return void response.writeHead(404).end('not found');
    if (route.status) return void response.writeHead(route.status, { 'content-type': route.type ?? 'text/plain' }).end(route.body ?? '');
    const etag = `"${route.file}-v1"`;
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304).end();
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag, 'last-modified': 'Fri, 20 Nov 2026 10:10:10 GMT' });
    response.end(readFileSync(path.join(fixtures, route.file!)));
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  process.env.OUTBOUND_ALLOWLIST = origin;
  resetEnvCache();
});

beforeEach(() => {
  hits.length = 0;
  routes = {
    [`/calendar/ical/${SECRET}/basic.ics`]: { file: 'google.ics' },
    '/outlook.ics': { file: 'outlook.ics' },
    '/school.ics': { file: 'school.ics' },
    '/page.html': { status: 200, body: '<!doctype html><title>Sign in</title>', type: 'text/html' },
    '/private.ics': { status: 401 },
  };
  msw.use(mswHttp.all(`${origin}/*`, () => passthrough()));
});

afterAll(async () => {
  vi.useRealTimers();
  delete process.env.OUTBOUND_ALLOWLIST;
  resetEnvCache();
  feedServer.closeAllConnections();
  await new Promise((resolve) => feedServer.close(resolve));
});

const googleUrl = () => `${origin}/calendar/ical/${SECRET}/basic.ics`;
const weekQuery = '?from=2026-11-23T00:00:00.000Z&to=2026-11-30T00:00:00.000Z';

describe('subscribing', () => {
  it('reads the feed once and answers 201 with a hint of the address, never the address', async () => {
    const user = await createUser();
    const logs = captureLogs();
    let created;
    try {
      created = await restAs(user)('POST', '/calendars', { url: googleUrl() });
    } finally {
      logs.stop();
    }
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Work',
      urlHint: expect.stringMatching(/^127\.0\.0\.1:\d+\/…/),
      busyOnly: false,
      status: 'ok',
      error: null,
      lastSyncedAt: expect.any(String),
      eventCount: expect.any(Number),
      skippedEvents: 0,
    });
    expect(created.body.eventCount).toBeGreaterThan(100);
    expect(JSON.stringify(created.body)).not.toContain(SECRET);
    // Stored encrypted; never in the logs.
    const row = await getDb().calendarSubscription.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row.urlCipher).not.toContain(SECRET);
    expect(row.urlCipher).not.toContain('127.0.0.1');
    expect(logs.text()).not.toContain(SECRET);
    expect(logs.text()).toContain('calendar subscription added');
    const list = await restAs(user)('GET', '/calendars');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(SECRET);
  });

  it('works on the tRPC door too, with a name and busy-only', async () => {
    const user = await createUser();
    const created = await callerFor(user).calendar.create({ url: googleUrl(), name: 'Work calendar', busyOnly: true });
    expect(created).toMatchObject({ name: 'Work calendar', busyOnly: true, status: 'ok' });
    expect(await callerFor(user).calendar.list()).toEqual([created]);
  });

  it.each([
    ['https://calendar.google.com/calendar/u/0/r', 'Secret address in iCal format'],
    ['https://calendar.google.com/calendar/embed?src=team%40example.com&ctz=Europe%2FLondon', 'https://calendar.google.com/calendar/ical/team%40example.com/public/basic.ics'],
    ['https://outlook.office365.com/owa/calendar/abc@example.com/def123/calendar.html', 'https://outlook.office365.com/owa/calendar/abc@example.com/def123/calendar.ics'],
    ['ftp://example.com/cal.ics', 'Only https:, http: and webcal:'],
    ['http://10.0.0.5/cal.ics', 'private or local network'],
    ['http://169.254.169.254/latest/meta-data', 'private or local network'],
  ])('refuses %s with a 400 saying what to copy', async (url, words) => {
    const user = await createUser();
    const answer = await restAs(user)('POST', '/calendars', { url });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'BAD_REQUEST' });
    expect(answer.body.message).toContain(words);
    expect(await getDb().calendarSubscription.count({ where: { userId: user.id } })).toBe(0);
  });

  it('refuses a feed that cannot be read, naming why', async () => {
    const user = await createUser();
    const page = await restAs(user)('POST', '/calendars', { url: `${origin}/page.html` });
    expect(page.status).toBe(400);
    expect(page.body.message).toMatch(/^This calendar cannot be added: The address gave something other than a calendar/);
    const refused = await restAs(user)('POST', '/calendars', { url: `${origin}/private.ics` });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('401: the calendar refused access');
    const missing = await restAs(user)('POST', '/calendars', { url: `${origin}/nothing.ics` });
    expect(missing.body.message).toContain('404: there is no calendar at this address');
  });

  it('Free has 1 subscription, Plus 10 (403 over), counted under a lock', async () => {
    const free = await createUser();
    const answers = await Promise.all([restAs(free)('POST', '/calendars', { url: googleUrl() }), restAs(free)('POST', '/calendars', { url: `${origin}/outlook.ics` })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403]);
    expect(answers.find((answer) => answer.status === 403)!.body.message).toBe('Calendar limit reached: the Free plan has 1 calendar subscription. Upgrade to Plus for up to 10.');
    expect(answers.find((answer) => answer.status === 403)!.body.reason).toBe('calendar_limit');
    expect(await getDb().calendarSubscription.count({ where: { userId: free.id } })).toBe(1);

    const plus = await createUser({ subscriptionTier: 'plus' });
    for (let index = 0; index < 10; index += 1) expect((await restAs(plus)('POST', '/calendars', { url: `${origin}/outlook.ics?n=${index}` })).status).toBe(201);
    const eleventh = await restAs(plus)('POST', '/calendars', { url: `${origin}/outlook.ics?n=11` });
    expect(eleventh.status).toBe(403);
    expect(eleventh.body.message).toContain('up to 10');
  });
});

describe('events', () => {
  it('are answered from the cache, expanded, with busy-only titles hidden, per user', async () => {
    const user = await createUser({ email: `me-${Date.now()}@example.com`, timeZone: 'Europe/London' });
    const created = await restAs(user)('POST', '/calendars', { url: googleUrl() });
    hits.length = 0;
    const events = await restAs(user)('GET', `/calendars/events${weekQuery}`);
    expect(events.status).toBe(200);
    expect(hits).toEqual([]); // no remote call
    expect(events.body.map((event: { title: string; start: string }) => `${event.start.slice(5, 16)} ${event.title}`)).toEqual([
      '11-23T09:30 Standup',
      '11-24T09:30 Standup',
      '11-24T14:00 Café with Zoë 🎉 – plans for Zürich',
      '11-24T16:00 Optional all-hands',
      '11-26T00:00 Thanksgiving',
      '11-26T11:00 Standup (moved)',
      '11-27T09:30 Standup',
    ]);
    expect(events.body[0]).toMatchObject({ calendarId: created.body.id, allDay: false, busy: true, recurring: true });

    expect((await restAs(user)('PATCH', `/calendars/${created.body.id}`, { busyOnly: true })).body).toMatchObject({ busyOnly: true });
    const hidden = await restAs(user)('GET', `/calendars/events${weekQuery}`);
    expect(hidden.body.every((event: { title: string | null }) => event.title === null)).toBe(true);

    const other = await createUser();
    expect((await restAs(other)('GET', `/calendars/events${weekQuery}`)).body).toEqual([]);
    expect((await restAs(other)('DELETE', `/calendars/${created.body.id}`)).status).toBe(404);
    expect((await restAs(other)('POST', `/calendars/${created.body.id}/refresh`)).status).toBe(404);
    expect((await restAs(other)('PATCH', `/calendars/${created.body.id}`, { name: 'mine' })).status).toBe(404);
    expect((await restAs(user)('GET', '/calendars/events?from=2026-11-23T00:00:00.000Z&to=2027-11-23T00:00:00.000Z')).status).toBe(400);
  });

  it('can be hidden or treated as free, one occurrence or the series', async () => {
    const user = await createUser();
    const { body: calendar } = await restAs(user)('POST', '/calendars', { url: googleUrl() });
    const rules = (body: object) => restAs(user)('PUT', `/calendars/${calendar.id}/rules`, body);
    expect((await rules({ uid: 'standup-7f3a@google.com', occurrence: '2026-11-23T09:30:00.000Z', action: 'hide' })).status).toBe(200);
    expect((await rules({ uid: 'cafe-1@google.com', occurrence: null, action: 'free' })).status).toBe(200);
    let events = (await restAs(user)('GET', `/calendars/events${weekQuery}`)).body as { title: string; start: string; busy: boolean }[];
    expect(events.filter((event) => event.title === 'Standup').map((event) => event.start.slice(5, 10))).toEqual(['11-24', '11-27']);
    expect(events.find((event) => event.title?.startsWith('Café'))?.busy).toBe(false);
    // The whole series hidden; then shown again.
    await rules({ uid: 'standup-7f3a@google.com', occurrence: null, action: 'hide' });
    events = (await restAs(user)('GET', `/calendars/events${weekQuery}`)).body;
    expect(events.some((event) => event.title?.startsWith('Standup'))).toBe(false);
    await rules({ uid: 'standup-7f3a@google.com', occurrence: null, action: 'hide', on: false });
    events = (await restAs(user)('GET', `/calendars/events${weekQuery}`)).body;
    expect(events.filter((event) => event.title?.startsWith('Standup'))).toHaveLength(3);
  });

  it('give busy intervals, merged and clipped, for planning', async () => {
    const user = await createUser({ email: `me-${Date.now()}@example.com` });
    await restAs(user)('POST', '/calendars', { url: googleUrl() });
    const intervals = await busyIntervals(getDb(), user.id, new Date('2026-11-24T00:00:00Z'), new Date('2026-11-24T14:30:00Z'));
    expect(intervals.map((interval) => [interval.start.toISOString(), interval.end.toISOString(), interval.title])).toEqual([
      ['2026-11-24T09:30:00.000Z', '2026-11-24T09:45:00.000Z', 'Standup'],
      ['2026-11-24T14:00:00.000Z', '2026-11-24T14:30:00.000Z', 'Café with Zoë 🎉 – plans for Zürich'],
    ]);
  });
});

describe('refreshing', () => {
  it('asks with If-None-Match and If-Modified-Since; "Sync now" says when, or the exact reason it failed, keeping the events', async () => {
    const user = await createUser();
    const { body: calendar } = await restAs(user)('POST', '/calendars', { url: `${origin}/school.ics` });
    const db = getDb();
    // As if the last attempt were a minute ago ("Sync now" within 20 s answers the last result).
    await db.calendarSubscription.update({ where: { id: calendar.id }, data: { lastAttemptAt: new Date(Date.now() - 60_000), lastSyncedAt: new Date(Date.now() - 60_000) } });
    hits.length = 0;
    const synced = await restAs(user)('POST', `/calendars/${calendar.id}/refresh`);
    expect(synced.status).toBe(200);
    expect(hits).toEqual([{ path: '/school.ics', ifNoneMatch: '"school.ics-v1"', ifModifiedSince: 'Fri, 20 Nov 2026 10:10:10 GMT' }]);
    expect(synced.body).toMatchObject({ status: 'ok', error: null, eventCount: calendar.eventCount });
    expect(Date.parse(synced.body.lastSyncedAt)).toBeGreaterThan(Date.now() - 10_000);

    routes['/school.ics'] = { status: 500 };
    await db.calendarSubscription.update({ where: { id: calendar.id }, data: { lastAttemptAt: new Date(Date.now() - 60_000) } });
    const failed = await restAs(user)('POST', `/calendars/${calendar.id}/refresh`);
    expect(failed.body).toMatchObject({ status: 'error', error: '500: the calendar server has a problem; the next refresh will try again.', eventCount: calendar.eventCount });
    expect(await db.calendarEvent.count({ where: { subscriptionId: calendar.id } })).toBe(calendar.eventCount);
  });

  it('runs every 15 minutes once across instances (two jobs at once fetch each feed once)', async () => {
    const user = await createUser({ subscriptionTier: 'plus' });
    const a = (await restAs(user)('POST', '/calendars', { url: `${origin}/school.ics?job` })).body;
    const b = (await restAs(user)('POST', '/calendars', { url: `${origin}/outlook.ics?job` })).body;
    const db = getDb();
    const later = new Date(Date.now() + 16 * 60_000);
    hits.length = 0;
    const [first, second] = await Promise.all([refreshDueCalendars(db, later), refreshDueCalendars(db, later)]);
    const mine = hits.filter((hit) => hit.path.endsWith('?job'));
    expect(mine.map((hit) => hit.path).sort()).toEqual(['/outlook.ics?job', '/school.ics?job']);
    expect(first + second).toBeGreaterThanOrEqual(2);
    // Not due again until 15 minutes later.
    hits.length = 0;
    await refreshDueCalendars(db, new Date(later.getTime() + 60_000));
    expect(hits.filter((hit) => hit.path.endsWith('?job'))).toEqual([]);
    const rows = await db.calendarSubscription.findMany({ where: { id: { in: [a.id, b.id] } } });
    expect(rows.every((row) => row.nextSyncAt.getTime() >= later.getTime() + 15 * 60_000 - 1000)).toBe(true);
  });

  it('unsubscribing removes the events and choices', async () => {
    const user = await createUser();
    const { body: calendar } = await restAs(user)('POST', '/calendars', { url: googleUrl() });
    await restAs(user)('PUT', `/calendars/${calendar.id}/rules`, { uid: 'cafe-1@google.com', occurrence: null, action: 'hide' });
    expect((await restAs(user)('DELETE', `/calendars/${calendar.id}`)).status).toBe(200);
    expect(await getDb().calendarEvent.count({ where: { subscriptionId: calendar.id } })).toBe(0);
    expect(await getDb().calendarEventRule.count({ where: { subscriptionId: calendar.id } })).toBe(0);
    expect((await restAs(user)('GET', '/calendars')).body).toEqual([]);
  });
});

describe('planning with the calendar', () => {
  it('counts busy time in GET /api/today, says how long is free until the next event, and sizes Just start and the planner to the gap', async () => {
    // The account whose invitation to the all-hands was declined (free), on London time.
    const user = await createUser({ email: 'me@example.com', timeZone: 'Europe/London', subscriptionTier: 'plus' });
    await restAs(user)('POST', '/calendars', { url: googleUrl() });
    const today = await restAs(user)('GET', '/today');
    expect(today.status).toBe(200);
    // Left of the 09:00-17:00 window from 12:00: the café 14:00-15:00 is busy, the declined all-hands not.
    expect(today.body.busyMinutes).toBe(60);
    expect(today.body.freeUntil).toEqual({ until: '2026-11-24T14:00:00.000Z', minutes: expect.any(Number), nextEvent: 'Café with Zoë 🎉 – plans for Zürich' });
    expect(today.body.freeUntil.minutes).toBeGreaterThanOrEqual(118);
    expect(today.body.freeUntil.minutes).toBeLessThanOrEqual(120);

    await createTaskRow(user.id, { title: 'Write the proposal', dueDate: new Date('2026-11-24T16:00:00Z') });
    const next = await restAs(user)('GET', '/today/next');
    expect(next.status).toBe(200);
    expect(next.body.reason).toMatch(/, you have 1(18|19|20) min before Café with Zoë 🎉 – plans for Zürich$/);
    expect(next.body.minutes).toBe(10);

    const plan = await restAs(user)('POST', '/sessions/ai-plan', { mood: 'focused', displayMode: 'clock' });
    expect(plan.status).toBe(200);
    expect(plan.body.sessionAdvice).toMatch(/^You have 1(18|19|20) min before Café with Zoë 🎉 – plans for Zürich\. /);
    expect(plan.body.estimatedDuration).toBeLessThanOrEqual(120);
  });

  it('leaves the figures alone without a calendar', async () => {
    const user = await createUser({ timeZone: 'Europe/London' });
    const today = await restAs(user)('GET', '/today');
    expect(today.body.busyMinutes).toBe(0);
    expect(today.body.freeUntil).toEqual({ until: '2026-11-24T17:00:00.000Z', minutes: expect.any(Number), nextEvent: null });
  });
});

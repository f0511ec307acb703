// The private calendar feed: a secret URL per user listing their dated tasks as iCalendar,
// served by the route handler; rotating or turning it off revokes the old URL.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/api/calendar/[userId]/[file]/route';
import { callerFor, createTaskRow, createUser, restAs } from '@/test/factories';
import { icalTimeZone, renderIcs } from './calendar-feed.service';

/**
 * The feed as a calendar app reads it (ical.js, the parser behind Thunderbird's and Nextcloud's
 * calendars): each event's title with its first instants in UTC, a repeating one's expanded by
 * its RRULE. A TZID resolves only through a VTIMEZONE in the feed itself: ical.js knows no zone
 * database, so a TZID without one would read as the machine's clock and give wrong instants.
 */
function instantsOf(text: string, occurrences = 3): Record<string, { tzid: string; starts: string[] }> {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const out: Record<string, { tzid: string; starts: string[] }> = {};
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const event = new ICAL.Event(component);
    const starts: string[] = [];
    const iterator = event.iterator();
    for (let next = iterator.next(); next && starts.length < (event.isRecurring() ? occurrences : 1); next = iterator.next()) {
      starts.push(next.toJSDate().toISOString());
    }
    out[event.summary] = { tzid: event.startDate.zone?.tzid ?? 'floating', starts };
  }
  return out;
}

async function fetchFeed(url: string) {
  const { pathname } = new URL(url);
  const [, , , userId, file] = pathname.split('/');
  const response = await GET(new Request(url), { params: Promise.resolve({ userId: userId!, file: file! }) });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** Unfolds RFC 5545 continuation lines. */
const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('calendar feed', () => {
  it('is off until turned on, then serves the dated tasks as iCalendar', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    expect(await caller.task.calendarFeed()).toEqual({ url: null, enabled: false });
    await caller.task.create({ title: 'Call the bank; ask, politely\\ about fees', dueDate: '2026-12-01T09:30:00.000Z', importance: 'High', description: 'Line one\nLine two' });
    const done = await caller.task.create({ title: 'Done thing', dueDate: '2026-11-20T14:00:00.000Z' });
    await caller.task.complete({ id: done.id });
    await caller.task.create({ title: 'No date' });

    const { status, body } = await restAs(user)('POST', '/tasks/calendar-feed/rotate');
    expect(status).toBe(200);
    expect(body.enabled).toBe(true);
    expect(body.url).toMatch(new RegExp(`^http://localhost:3000/api/calendar/${user.id}/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await caller.task.calendarFeed()).toEqual(body);

    const feed = await fetchFeed(body.url);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(feed.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(feed.text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const text = unfold(feed.text);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).toContain('SUMMARY:Call the bank\\; ask\\, politely\\\\ about fees\r\n');
    expect(text).toContain('DESCRIPTION:Line one\\nLine two\r\n');
    expect(text).toContain('DTSTART:20261201T093000Z\r\nDTEND:20261201T100000Z\r\n');
    expect(text).toContain('PRIORITY:3');
    expect(text).toContain('SUMMARY:✓ Done thing\r\n');
    expect(text).toContain('CATEGORIES:Completed');
    expect(text).toMatch(/UID:task-[a-z0-9]+@localhost:3000\r\n/);
    expect(text).toMatch(/DTSTAMP:\d{8}T\d{6}Z\r\n/);
    expect(text).not.toContain('No date');
    expect(text.indexOf('Done thing')).toBeLessThan(text.indexOf('Call the bank'));
    for (const line of feed.text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('stops serving a rotated URL, and a disabled feed', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    const first = await caller.task.rotateCalendarFeed();
    expect((await fetchFeed(first.url!)).status).toBe(200);
    const second = await caller.task.rotateCalendarFeed();
    expect(second.url).not.toBe(first.url);
    expect((await fetchFeed(first.url!)).status).toBe(404);
    expect((await fetchFeed(second.url!)).status).toBe(200);
    const { status, body } = await restAs(user)('DELETE', '/tasks/calendar-feed');
    expect(status).toBe(200);
    expect(body).toEqual({ url: null, enabled: false });
    expect((await fetchFeed(second.url!)).status).toBe(404);
  });

  it("answers 404 for a wrong token, another user's token, or a file that is not .ics", async () => {
    const alice = await createUser();
    const bob = await createUser();
    await createTaskRow(alice.id, { title: 'Alice only', dueDate: new Date('2026-12-01T09:00:00Z') });
    const aliceUrl = (await callerFor(alice).task.rotateCalendarFeed()).url!;
    const bobUrl = (await callerFor(bob).task.rotateCalendarFeed()).url!;
    const bobToken = bobUrl.split('/').at(-1)!;
    const aliceToken = aliceUrl.split('/').at(-1)!;
    expect((await fetchFeed(aliceUrl.replace(aliceToken, bobToken))).status).toBe(404);
    expect((await fetchFeed(aliceUrl.replace(aliceToken, `x${aliceToken}`))).status).toBe(404);
    expect((await fetchFeed(aliceUrl.replace('.ics', '.txt'))).status).toBe(404);
    expect((await fetchFeed(`http://localhost:3000/api/calendar/nobody/${aliceToken}`)).status).toBe(404);
    expect((await fetchFeed(bobUrl)).text).not.toContain('Alice only');
  });

  it('escapes text and folds long lines without splitting characters', () => {
    const task = {
      id: 't1',
      title: `a,b;c\\d ${'é'.repeat(100)}`,
      description: null,
      importance: 'Low' as const,
      dueDate: new Date('2026-12-01T09:00:00Z'),
      completed: false,
      completedAt: null,
      updatedAt: new Date('2026-11-01T09:00:00Z'),
      recurrence: null,
    };
    const text = renderIcs([task], 'http://localhost:3000');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(unfold(text)).toContain(`SUMMARY:a\\,b\\;c\\\\d ${'é'.repeat(100)}\r\n`);
  });

  it("repeats an open recurring task on the person's clock, so 17:00 stays 17:00 across DST", () => {
    const base = { description: null, importance: 'Medium' as const, completedAt: null, updatedAt: new Date('2026-10-01T09:00:00Z') };
    const text = unfold(
      renderIcs(
        [
          { ...base, id: 'weekly', title: 'Call Sam', dueDate: new Date('2026-10-26T21:00:00Z'), completed: false, recurrence: 'FREQ=WEEKLY;BYDAY=MO' },
          { ...base, id: 'once', title: 'Once', dueDate: new Date('2026-11-02T22:00:00Z'), completed: false, recurrence: null },
        ],
        'http://localhost:3000',
        'America/New_York',
      ),
    );
    expect(text).toContain('DTSTART;TZID=America/New_York:20261026T170000\r\n');
    expect(text).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO\r\n');
    expect(text).toContain('DTSTART:20261102T220000Z\r\n');
    // The one event RRULE, and the VTIMEZONE's own yearly rules for the TZID it uses.
    expect(text.match(/^RRULE:FREQ=WEEKLY/gm)).toHaveLength(1);
    expect(text).toMatch(/DTSTAMP:\d{8}T\d{6}Z\r\n/);
    // RFC 5545: every TZID used is defined by a VTIMEZONE in the same calendar, before the events.
    expect(text.match(/BEGIN:VTIMEZONE\r\n/g)).toHaveLength(1);
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/New_York\r\n[\s\S]*BEGIN:DAYLIGHT[\s\S]*BEGIN:STANDARD[\s\S]*END:VTIMEZONE\r\n[\s\S]*BEGIN:VEVENT/);
    expect(instantsOf(text)['Call Sam']).toEqual({
      tzid: 'America/New_York',
      starts: ['2026-10-26T21:00:00.000Z', '2026-11-02T22:00:00.000Z', '2026-11-09T22:00:00.000Z'],
    });
  });

  it('names a VTIMEZONE only when a repeating task uses one, and an alias by the name its block defines', () => {
    const base = { description: null, importance: 'Medium' as const, completedAt: null, updatedAt: new Date('2026-10-01T09:00:00Z'), completed: false };
    const once = { ...base, id: 'once', title: 'Once', dueDate: new Date('2026-11-02T22:00:00Z'), recurrence: null };
    expect(renderIcs([once], 'http://localhost:3000', 'America/New_York')).not.toContain('VTIMEZONE');
    // Asia/Calcutta is Asia/Kolkata in the tz database: the TZID and its VTIMEZONE agree.
    const daily = { ...base, id: 'daily', title: 'Stretch', dueDate: new Date('2026-11-02T03:30:00Z'), recurrence: 'FREQ=DAILY' };
    const india = unfold(renderIcs([daily], 'http://localhost:3000', 'Asia/Calcutta'));
    expect(india).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Kolkata\r\n');
    expect(india).toContain('DTSTART;TZID=Asia/Kolkata:20261102T090000\r\n');
    expect(instantsOf(india)['Stretch']!.starts).toEqual(['2026-11-02T03:30:00.000Z', '2026-11-03T03:30:00.000Z', '2026-11-04T03:30:00.000Z']);
    // UTC needs no zone: plain UTC times, repeating in UTC.
    const utc = unfold(renderIcs([daily], 'http://localhost:3000', 'UTC'));
    expect(utc).not.toContain('TZID');
    expect(utc).toContain('DTSTART:20261102T033000Z\r\n');
    expect(icalTimeZone('Nowhere/Atlantis')).toBeNull();
  });

  it("serves a New York person's tasks as the right instants across the March change, weekly ones staying at 17:00 local", async () => {
    const user = await createUser({ timeZone: 'America/New_York' });
    const caller = callerFor(user);
    // New York moves its clocks forward on Sunday 14 March 2027 (17:00 is 22:00 UTC before, 21:00 after).
    await caller.task.create({ title: 'Before the change', dueDate: '2027-03-12T22:00:00.000Z' });
    await caller.task.create({ title: 'After the change', dueDate: '2027-03-16T21:00:00.000Z' });
    await caller.task.create({ title: 'Weekly review', dueDate: '2027-03-08T22:00:00.000Z', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
    const { url } = await caller.task.rotateCalendarFeed();
    const feed = await fetchFeed(url!);
    expect(feed.status).toBe(200);
    const events = instantsOf(feed.text, 4);
    expect(events['Before the change']!.starts).toEqual(['2027-03-12T22:00:00.000Z']);
    expect(events['After the change']!.starts).toEqual(['2027-03-16T21:00:00.000Z']);
    expect(events['Weekly review']).toEqual({
      tzid: 'America/New_York',
      starts: ['2027-03-08T22:00:00.000Z', '2027-03-15T21:00:00.000Z', '2027-03-22T21:00:00.000Z', '2027-03-29T21:00:00.000Z'],
    });
    // On the person's clock: 17:00 every time.
    for (const start of events['Weekly review']!.starts) {
      expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' }).format(new Date(start))).toBe('17:00');
    }
  });
});

// The fixture corpus (src/test/fixtures/calendars): feed shapes as Google, Outlook/Exchange,
// iCloud, Proton, Nextcloud (SabreDAV), Fastmail (Cyrus) and a school timetable (Untis) publish
// them, each read into the occurrences a person would see in their week of 23 November 2026:
// RRULE with EXDATE, RDATE and RECURRENCE-ID overrides, all-day and multi-day events, other
// zones, Windows zone names (with and without their VTIMEZONE), transparent, free and declined
// events free, cancelled ones hidden, folded and non-ASCII lines (folded inside a UTF-8
// character too), and one broken event that leaves the rest of its feed intact.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeFeed, FeedFormatError, ianaZoneFor, parseFeed, type Occurrence, type ParseOptions } from './calendar-ics';

const dir = path.resolve(import.meta.dirname, '../../test/fixtures/calendars');
const fixture = (name: string) => decodeFeed(readFileSync(path.join(dir, name)));

// The week of Monday 23 November 2026 (and the year around it, for the expansion's window).
const week = { from: new Date('2026-11-23T00:00:00Z'), to: new Date('2026-11-30T00:00:00Z') };
const base: ParseOptions = { from: new Date('2026-09-24T00:00:00Z'), to: new Date('2027-11-23T00:00:00Z'), zone: 'Europe/London', ownerEmail: 'me@example.com' };

function read(name: string, options: Partial<ParseOptions> = {}) {
  return parseFeed(fixture(name), { ...base, ...options });
}
const inWeek = (occurrences: Occurrence[]) => occurrences.filter((event) => event.start < week.to && event.end > week.from);
const brief = (event: Occurrence) => ({ title: event.title, start: event.start.toISOString(), end: event.end.toISOString(), busy: event.busy, allDay: event.allDay });

describe('the fixture corpus', () => {
  it('Google: a weekday series with an EXDATE and a moved occurrence, a transparent holiday, a declined and a cancelled event, non-ASCII folded lines', () => {
    const feed = read('google.ics');
    expect(feed.name).toBe('Work');
    expect(feed.skipped).toBe(0);
    const events = inWeek(feed.occurrences).map(brief);
    expect(events).toEqual([
      { title: 'Standup', start: '2026-11-23T09:30:00.000Z', end: '2026-11-23T09:45:00.000Z', busy: true, allDay: false },
      { title: 'Standup', start: '2026-11-24T09:30:00.000Z', end: '2026-11-24T09:45:00.000Z', busy: true, allDay: false },
      { title: 'Café with Zoë 🎉 – plans for Zürich', start: '2026-11-24T14:00:00.000Z', end: '2026-11-24T15:00:00.000Z', busy: true, allDay: false },
      // Declined by the account's own address: free.
      { title: 'Optional all-hands', start: '2026-11-24T16:00:00.000Z', end: '2026-11-24T17:00:00.000Z', busy: false, allDay: false },
      // 25th: excluded (EXDATE); the cancelled review is left out.
      // 26th: the all-day holiday (transparent), and the standup moved to 11:00 (RECURRENCE-ID).
      { title: 'Thanksgiving', start: '2026-11-26T00:00:00.000Z', end: '2026-11-27T00:00:00.000Z', busy: false, allDay: true },
      { title: 'Standup (moved)', start: '2026-11-26T11:00:00.000Z', end: '2026-11-26T11:15:00.000Z', busy: true, allDay: false },
      { title: 'Standup', start: '2026-11-27T09:30:00.000Z', end: '2026-11-27T09:45:00.000Z', busy: true, allDay: false },
    ]);
    // The moved one keeps the occurrence it replaces, so "hide this one" names it.
    expect(feed.occurrences.find((event) => event.title === 'Standup (moved)')?.occurrence).toBe('2026-11-26T09:30:00.000Z');
    // Daylight saving: in June the London 09:30 is 08:30 UTC.
    expect(feed.occurrences.find((event) => event.start.toISOString().startsWith('2027-06-14'))?.start.toISOString()).toBe('2027-06-14T08:30:00.000Z');
  });

  it('Outlook: Windows zone names, with their VTIMEZONE and without (mapped), BUSYSTATUS FREE and an out-of-office day', () => {
    const feed = read('outlook.ics');
    expect(feed.skipped).toBe(0);
    expect(inWeek(feed.occurrences).map(brief)).toEqual([
      { title: 'Team sync', start: '2026-11-23T09:00:00.000Z', end: '2026-11-23T10:00:00.000Z', busy: true, allDay: false },
      { title: 'Focus time (free)', start: '2026-11-24T12:00:00.000Z', end: '2026-11-24T14:00:00.000Z', busy: false, allDay: false },
      { title: 'Call with the New York office', start: '2026-11-24T14:00:00.000Z', end: '2026-11-24T14:30:00.000Z', busy: true, allDay: false },
      { title: 'Out of office', start: '2026-11-27T00:00:00.000Z', end: '2026-11-28T00:00:00.000Z', busy: true, allDay: true },
    ]);
    // The series ends with its UNTIL (last Monday of March 2027), summer time from the 29th.
    const sync = feed.occurrences.filter((event) => event.title === 'Team sync');
    expect(sync.at(-1)?.start.toISOString()).toBe('2027-03-29T08:00:00.000Z');
  });

  it('iCloud: RDATEs beside DTSTART, a three-day all-day event, an evening event that runs past midnight', () => {
    const feed = read('icloud.ics', { zone: 'America/New_York' });
    expect(feed.name).toBe('Family');
    const piano = feed.occurrences.filter((event) => event.title === 'Piano lesson').map((event) => event.start.toISOString());
    expect(piano).toEqual(['2026-11-23T23:00:00.000Z', '2026-11-27T23:00:00.000Z', '2026-12-04T23:00:00.000Z']);
    const conference = feed.occurrences.find((event) => event.title === 'Conference in Lisbon')!;
    // All-day dates on the account's clock (New York): 1 to 3 December inclusive, busy as it says.
    expect(brief(conference)).toEqual({ title: 'Conference in Lisbon', start: '2026-12-01T05:00:00.000Z', end: '2026-12-04T05:00:00.000Z', busy: true, allDay: true });
    const flight = feed.occurrences.find((event) => event.title === 'Late flight')!;
    expect([flight.start.toISOString(), flight.end.toISOString()]).toEqual(['2026-11-25T03:00:00.000Z', '2026-11-25T06:30:00.000Z']);
  });

  it('Proton: a daily series with COUNT, a multi-day opaque holiday, a tentative event (busy)', () => {
    const feed = read('proton.ics', { zone: 'Europe/Zurich' });
    const lunch = feed.occurrences.filter((event) => event.title === 'Lunch run');
    expect(lunch.map((event) => event.start.toISOString())).toEqual(['2026-11-23T11:00:00.000Z', '2026-11-24T11:00:00.000Z', '2026-11-25T11:00:00.000Z', '2026-11-26T11:00:00.000Z', '2026-11-27T11:00:00.000Z']);
    const ski = feed.occurrences.find((event) => event.title === 'Ski holiday')!;
    expect(brief(ski)).toEqual({ title: 'Ski holiday', start: '2026-12-27T23:00:00.000Z', end: '2027-01-01T23:00:00.000Z', busy: true, allDay: true });
    expect(feed.occurrences.find((event) => event.title === 'Gym (tentative)')?.busy).toBe(true);
  });

  it('Nextcloud: a series with UNTIL and two EXDATEs on one line, a floating time on the account’s clock, and one broken event counted, not fatal', () => {
    const feed = read('nextcloud.ics', { zone: 'Europe/Berlin' });
    expect(feed.skipped).toBe(1);
    expect(feed.name).toBe('Personal');
    const bakery = feed.occurrences.filter((event) => event.title === 'Bäckerei & Zeitung').map((event) => event.start.toISOString().slice(0, 10));
    expect(bakery).toEqual(['2026-11-02', '2026-11-04', '2026-11-09', '2026-11-11', '2026-11-16', '2026-11-18', '2026-11-30', '2026-12-02', '2026-12-07', '2026-12-09']);
    const choir = feed.occurrences.find((event) => event.title === 'Chor – Probe')!;
    expect([choir.start.toISOString(), choir.end.toISOString()]).toEqual(['2026-11-24T18:00:00.000Z', '2026-11-24T19:30:00.000Z']);
  });

  it('Fastmail: DURATION instead of DTEND, a Mozilla-style TZID without VTIMEZONE, an IANA zone without VTIMEZONE, Japanese text', () => {
    const feed = read('fastmail.ics');
    expect(feed.skipped).toBe(0);
    expect(inWeek(feed.occurrences).map(brief)).toEqual([
      { title: 'Planning (Melbourne)', start: '2026-11-23T22:00:00.000Z', end: '2026-11-23T23:30:00.000Z', busy: true, allDay: false },
      { title: 'Dentist', start: '2026-11-26T08:00:00.000Z', end: '2026-11-26T08:45:00.000Z', busy: true, allDay: false },
      { title: '東京チームとの会議', start: '2026-11-27T01:00:00.000Z', end: '2026-11-27T02:00:00.000Z', busy: true, allDay: false },
    ]);
  });

  it('a school timetable: weekly lessons until the end of term, the Christmas week excluded, the holidays free, folded inside UTF-8 characters', () => {
    const feed = read('school.ics', { zone: 'Europe/Berlin' });
    expect(feed.name).toBe('Stundenplan 10b');
    expect(feed.skipped).toBe(0);
    expect(inWeek(feed.occurrences).map((event) => event.title)).toEqual(['Mathématiques – Raum 204', 'Français', 'Physik (Doppelstunde)', 'Sport', 'Deutsch', 'Kunst & Gestaltung']);
    const christmas = feed.occurrences.filter((event) => event.start >= new Date('2026-12-20T23:00:00Z') && event.start < new Date('2026-12-26T00:00:00Z'));
    expect(christmas).toEqual([expect.objectContaining({ title: 'Weihnachtsferien', busy: false, allDay: true })]);
    // The last lessons are in the week of 25 January 2027 (UNTIL 29 January).
    const last = feed.occurrences.filter((event) => event.title === 'Kunst & Gestaltung').at(-1)!;
    expect(last.start.toISOString()).toBe('2027-01-29T10:30:00.000Z');
  });
});

describe('reading any feed', () => {
  it('refuses a web page with a reason', () => {
    expect(() => parseFeed('<!doctype html><html><body>Sign in</body></html>', base)).toThrow(FeedFormatError);
    expect(() => parseFeed('<!doctype html>', base)).toThrow(/not a calendar|other than a calendar/);
  });

  it('keeps the readable events when one breaks the parser, counting the broken one', () => {
    const text = fixture('google.ics').replace('SUMMARY:Cancelled review', 'SUMMARY:Cancelled review\r\nTHIS LINE HAS NO COLON');
    const feed = parseFeed(text, base);
    expect(feed.skipped).toBe(1);
    expect(inWeek(feed.occurrences).length).toBe(7);
  });

  it('bounds an endless or impossible rule (it never stalls the server)', () => {
    const ics = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:x', 'DTSTART:20261123T090000Z', 'DTEND:20261123T100000Z', 'RRULE:FREQ=MINUTELY', 'SUMMARY:Every minute', 'END:VEVENT', 'BEGIN:VEVENT', 'UID:y', 'DTSTART:20261123T090000Z', 'RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31', 'SUMMARY:Never', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n');
    const started = Date.now();
    const feed = parseFeed(ics, { ...base, maxOccurrences: 5000 });
    expect(feed.occurrences.length).toBeLessThanOrEqual(5000);
    expect(feed.occurrences.every((event) => event.title === 'Every minute')).toBe(true);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('maps Windows and Mozilla zone names to IANA ones', () => {
    expect(ianaZoneFor('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(ianaZoneFor('Pacific Standard Time')).toBe('America/Los_Angeles');
    expect(ianaZoneFor('/mozilla.org/20070129_1/Australia/Melbourne')).toBe('Australia/Melbourne');
    expect(ianaZoneFor('Europe/Paris')).toBe('Europe/Paris');
    expect(ianaZoneFor('Customized Time Zone')).toBeNull();
  });
});

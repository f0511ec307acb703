// Date helpers: default-name dates and picked date + time in the person's zone.
import { describe, expect, it } from 'vitest';
import { combineDateAndTime, icsUtc, isValidTimeZone, usDate } from './dates';

describe('usDate', () => {
  it("writes the US format of the person's day", () => {
    expect(usDate(new Date('2026-11-22T09:30:00Z'))).toBe('11/22/2026');
    expect(usDate(new Date('2026-01-05T01:00:00Z'), 'America/Los_Angeles')).toBe('1/4/2026');
  });
});

describe('combineDateAndTime', () => {
  const now = new Date('2026-11-22T10:15:00Z');
  it('is now without a date or time, and the date itself without a time', () => {
    expect(combineDateAndTime(undefined, undefined, 'UTC', now)).toEqual(now);
    expect(combineDateAndTime(new Date('2026-12-01T08:00:00Z'), null, 'UTC', now).toISOString()).toBe('2026-12-01T08:00:00.000Z');
  });
  it("sets the time of day on the date's calendar day in the zone, or today", () => {
    expect(combineDateAndTime(null, { hour: 7, minute: 5 }, 'UTC', now).toISOString()).toBe('2026-11-22T07:05:00.000Z');
    // 2026-12-01T02:00Z is still 30 November in New York.
    expect(combineDateAndTime(new Date('2026-12-01T02:00:00Z'), { hour: 21, minute: 0 }, 'America/New_York', now).toISOString()).toBe(
      '2026-12-01T02:00:00.000Z',
    );
    expect(combineDateAndTime(new Date('2026-06-15T12:00:00Z'), { hour: 0, minute: 0 }, 'Europe/Berlin', now).toISOString()).toBe(
      '2026-06-14T22:00:00.000Z',
    );
  });
});

describe('time zones and iCalendar times', () => {
  it('knows IANA zones and writes UTC in the iCalendar form', () => {
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('Nowhere/Else')).toBe(false);
    expect(icsUtc(new Date('2026-11-22T09:30:05.123Z'))).toBe('20261122T093005Z');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { spyOnDateFormatters } from '@/test/date-formatters';
import { todayISO } from './date-picker';
import {
  dayKey,
  formatDueForMail,
  knowZoneOffsets,
  normalizeTimeZone,
  startOfDayIn,
  zonedParts,
  zonedTimeToDate,
  zoneOffsetLabel,
  zoneOffsetMinutes,
  zoneOffsets,
} from './time-zone';

describe('time zones', () => {
  it('accepts IANA names (fixing their case) and refuses offsets and inventions', () => {
    expect(normalizeTimeZone('America/New_York')).toBe('America/New_York');
    expect(normalizeTimeZone('america/new_york')).toBe('America/New_York');
    expect(normalizeTimeZone('UTC')).toBe('UTC');
    expect(normalizeTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(normalizeTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(normalizeTimeZone('+05:00')).toBeNull();
    expect(normalizeTimeZone('')).toBeNull();
    expect(normalizeTimeZone('Europe/London; DROP TABLE')).toBeNull();
  });

  it("labels a zone's offset as the profile's zone list shows it, summer and winter, and nothing for an unknown zone", () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    const summer = new Date('2026-07-15T12:00:00Z');
    expect(zoneOffsetLabel('America/New_York', winter)).toBe('GMT-5');
    expect(zoneOffsetLabel('America/New_York', summer)).toBe('GMT-4');
    expect(zoneOffsetLabel('Asia/Kolkata', winter)).toBe('GMT+5:30');
    expect(zoneOffsetLabel('Mars/Olympus_Mons', winter)).toBe('');
    expect(zoneOffsetLabel('Mars/Olympus_Mons', winter)).toBe('');
  });

  it('turns a wall-clock time into the right instant on both sides of a DST change', () => {
    expect(zonedTimeToDate({ year: 2026, month: 10, day: 30, hour: 17 }, 'America/New_York').toISOString()).toBe('2026-10-30T21:00:00.000Z');
    expect(zonedTimeToDate({ year: 2026, month: 11, day: 2, hour: 17 }, 'America/New_York').toISOString()).toBe('2026-11-02T22:00:00.000Z');
    // 02:30 does not exist on 8 March 2026 in New York: it moves forward by the jump.
    expect(zonedTimeToDate({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 1 November 2026: the first reading (EDT).
    expect(zonedTimeToDate({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    // East of UTC too: 01:30 does not exist on 29 March 2026 in London (02:30 BST), nor 02:30 on
    // 5 October 2025 in Sydney (03:30 AEDT); 01:30 on 25 October 2026 in London is first BST.
    expect(zonedTimeToDate({ year: 2026, month: 3, day: 29, hour: 1, minute: 30 }, 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedTimeToDate({ year: 2025, month: 10, day: 5, hour: 2, minute: 30 }, 'Australia/Sydney').toISOString()).toBe('2025-10-04T16:30:00.000Z');
    expect(zonedTimeToDate({ year: 2026, month: 10, day: 25, hour: 1, minute: 30 }, 'Europe/London').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(zoneOffsetMinutes(new Date('2026-07-01T00:00:00Z'), 'Asia/Kathmandu')).toBe(345);
  });

  it("finds the day a moment falls on in the person's zone", () => {
    const lateEvening = new Date('2026-11-25T03:30:00.000Z');
    expect(dayKey(lateEvening, 'UTC')).toBe('2026-11-25');
    expect(dayKey(lateEvening, 'America/New_York')).toBe('2026-11-24');
    expect(startOfDayIn('2026-11-02', 'America/New_York').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(startOfDayIn('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('writes mail dates on the reader clock', () => {
    expect(formatDueForMail(new Date('2026-11-02T22:00:00.000Z'), 'America/New_York')).toBe('Monday 2 November 2026 at 17:00 (America/New_York)');
    expect(formatDueForMail(new Date('2026-11-22T11:00:00.000Z'), 'UTC')).toBe('Sunday 22 November 2026 at 11:00 UTC');
  });
});

describe('a zone’s offsets read by the server', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const NOW = Date.UTC(2026, 10, 28, 12);
  // Daylight saving north and south, half-hour and 45-minute offsets, a half-hour DST (Lord Howe),
  // Morocco's Ramadan changes, a zone that dropped DST in the window (Mexico City, 2022), one that
  // moved its standard offset (Nuuk, 2023), and none at all.
  const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Australia/Lord_Howe', 'Africa/Casablanca', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/St_Johns', 'America/Mexico_City', 'America/Nuuk', 'America/Santiago', 'UTC'];
  const intlReading = (zone: string) => {
    const formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    return (at: number) => {
      const parts = Object.fromEntries(formatter.formatToParts(at).filter((part) => part.type !== 'literal').map((part) => [part.type, Number(part.value)]));
      return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour! % 24, minute: parts.minute, second: parts.second };
    };
  };

  it('read every moment of their window as the platform’s own zone data does, changes to the second', () => {
    for (const zone of ZONES) {
      const offsets = zoneOffsets(zone, NOW)!;
      expect(offsets.zone).toBe(zone);
      expect(new Date(offsets.spans[0]![0]).toISOString()).toBe('2020-01-01T00:00:00.000Z');
      expect(new Date(offsets.until).toISOString()).toBe('2029-01-01T00:00:00.000Z');
      knowZoneOffsets(offsets);
      const intl = intlReading(zone);
      const moments: number[] = [];
      for (let at = offsets.spans[0]![0]; at < offsets.until; at += 3 * 3_600_000 + 7 * 60_000 + 13_000) moments.push(at);
      for (const [start] of offsets.spans) moments.push(start - 60_000, start - 1000, start - 1, start, start + 1, start + 1000, start + 60_000);
      const inWindow = moments.filter((moment) => moment >= offsets.spans[0]![0] && moment < offsets.until);
      const wrong = inWindow.filter((at) => JSON.stringify(zonedParts(new Date(at), zone)) !== JSON.stringify(intl(at)));
      expect([zone, wrong.map((at) => new Date(at).toISOString())]).toEqual([zone, []]);
    }
    // Two changes a year where the clocks change, none where they do not.
    expect(zoneOffsets('America/New_York', NOW)!.spans).toHaveLength(19);
    expect(zoneOffsets('Asia/Kolkata', NOW)!.spans).toEqual([[Date.UTC(2020, 0, 1), 330]]);
    expect(zoneOffsets('Mars/Olympus_Mons', NOW)).toBeNull();
  });

  it('once known, let the pages place and name days on the account’s clock without a date formatter, and read the rest through Intl', () => {
    const offsets = zoneOffsets('America/New_York', NOW)!;
    const made = spyOnDateFormatters();
    knowZoneOffsets(offsets);
    expect(dayKey(new Date('2026-11-25T03:30:00.000Z'), 'America/New_York')).toBe('2026-11-24');
    expect(startOfDayIn('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(zonedTimeToDate({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(todayISO('America/New_York')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(made).toEqual([]);
    // 1 July 2010 is outside the window: read through Intl, as right.
    expect(zonedParts(new Date('2010-07-01T12:00:00Z'), 'America/New_York')).toEqual({ year: 2010, month: 7, day: 1, hour: 8, minute: 0, second: 0 });
  });
});

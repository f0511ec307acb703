// The person's own clock: IANA time zone names (Europe/London), checked and formatted the same
// way in the browser and on the server. Every date shown or mailed to someone is in their zone.
// Platform Intl only (no luxon), so screens that merely show dates stay light.

import { displayZone, isDisplayZone, storeDisplayZone } from './local-format';

const DEFAULT_TIME_ZONE = 'UTC';

/** Shows every date on `zone`'s clock from now on; ignored when this browser does not know the zone. */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  if (zone && !isDisplayZone(zone) && normalizeTimeZone(zone)) storeDisplayZone(zone);
}

/**
 * As setDisplayTimeZone, for the account's zone as the page's server sent it: shown from the first
 * date on, checked against this platform's zones when a date first needs it, not now (the page's
 * first Intl.DateTimeFormat is the platform's costly set-up: src/lib/local-format.ts).
 */
export function offerDisplayTimeZone(zone: string): void {
  if (!isDisplayZone(zone)) storeDisplayZone(zone, (name) => normalizeTimeZone(name) !== null);
}

/** The account's zone once known, else the browser's. */
export function displayTimeZone(): string {
  return displayZone() ?? detectTimeZone();
}
export const TIME_ZONE_MAX = 64;

// IANA names are words joined by slashes (America/Argentina/Buenos_Aires, Etc/GMT+5); offsets
// such as "+05:00", which Intl also accepts, are not zones: they ignore daylight saving.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * The zone's name as stored: `zone` with its case fixed (america/new_york → America/New_York),
 * or null when it is not a time zone this platform knows. Aliases (Asia/Kolkata) stay as sent:
 * some platforms' ICU answer the older name (Asia/Calcutta) and people should see theirs.
 */
export function normalizeTimeZone(zone: string): string | null {
  const name = zone.trim();
  if (!name || name.length > TIME_ZONE_MAX || !IANA_NAME.test(name)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (resolved.toLowerCase() === name.toLowerCase()) return resolved;
  return name;
}

/** The browser's zone (sent at sign-up), or UTC when it cannot tell. */
export function detectTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return (zone && normalizeTimeZone(zone)) || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** Every zone the platform lists, for the profile's select (UTC first; `current` kept if it is an alias). */
export function timeZoneList(current?: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const list = [DEFAULT_TIME_ZONE, ...zones.filter((zone) => zone !== DEFAULT_TIME_ZONE)];
  if (current && !list.includes(current)) list.push(current);
  return list;
}

// One offset formatter per zone, made when that zone's offset is first shown and reused after
// (a new Intl.DateTimeFormat per zone and render was most of the time-zone list's cost).
const offsetFormatters = new Map<string, Intl.DateTimeFormat | null>();

/** `zone`'s offset at `at` as people read it ("GMT-5", "GMT+5:30"); empty when this platform does not know the zone. */
export function zoneOffsetLabel(zone: string, at: Date): string {
  let formatter = offsetFormatters.get(zone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' });
    } catch {
      formatter = null;
    }
    offsetFormatters.set(zone, formatter);
  }
  return formatter?.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const partFormatters = new Map<string, Intl.DateTimeFormat>();
function partFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = partFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock reading of `date` in `zone`. */
export function zonedParts(date: Date, zone: string): Parts {
  const parts: Record<string, number> = {};
  for (const part of partFormatter(zone).formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** The zone's offset from UTC at `date`, in minutes (New York in winter: -300). */
export function zoneOffsetMinutes(date: Date, zone: string): number {
  const p = zonedParts(date, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - (date.getTime() - date.getMilliseconds())) / 60_000);
}

/**
 * The instant a wall-clock time in `zone` names. A time skipped by a DST jump moves forward by
 * the jump (02:30 on a spring-forward night is 03:30); a repeated one takes its first reading.
 */
export function zonedTimeToDate(local: { year: number; month: number; day: number; hour?: number; minute?: number }, zone: string): Date {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour ?? 0, local.minute ?? 0);
  // The zone's offsets a day either side; a reading is an instant whose own offset names it.
  const before = zoneOffsetMinutes(new Date(asUtc - DAY_MS), zone);
  const after = zoneOffsetMinutes(new Date(asUtc + DAY_MS), zone);
  const readings = [before, after].map((offset) => asUtc - offset * 60_000).filter((instant) => asUtc - instant === zoneOffsetMinutes(new Date(instant), zone) * 60_000);
  // None: the clocks skipped it, so it is read with the offset before the jump (a later instant).
  return new Date(readings.length ? Math.min(...readings) : asUtc - Math.min(before, after) * 60_000);
}
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of the calendar day `date` falls on in `zone`. */
export function dayKey(date: Date, zone: string): string {
  const p = zonedParts(date, zone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The instant the day `key` ('YYYY-MM-DD') starts in `zone`. */
export function startOfDayIn(key: string, zone: string): Date {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return zonedTimeToDate({ year, month, day }, zone);
}

/**
 * A due date as a mail says it, on the reader's clock: "Monday 2 November 2026 at 17:00
 * (America/New_York)", or "... at 14:00 UTC" for someone on UTC.
 */
export function formatDueForMail(date: Date, zone: string): string {
  const parts: Record<string, string> = {};
  const formatter = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  const label = zone === DEFAULT_TIME_ZONE ? 'UTC' : `(${zone})`;
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute} ${label}`;
}

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

/**
 * A zone's offsets from UTC over a window of years (`spans`: from each moment on, the offset in
 * minutes, oldest first; the last one runs to `until`), read on the server and sent with every
 * signed-in page (the (app) layout, src/features/auth/AccountZone.tsx). zonedParts reads a moment
 * in the window from it with Date's UTC arithmetic, so a page whose first render names or places
 * days on the account's clock (the calendar, the sessions' charts and cards) makes no
 * Intl.DateTimeFormat while it hydrates: the page's first one sets up the platform's locale and
 * zone data (20-28 ms on this machine's desktop CPU, ×4 on Lighthouse's phone). Moments outside
 * the window, and zones without offsets, are read through Intl as before.
 */
export type ZoneOffsets = { zone: string; spans: [from: number, offset: number][]; until: number };

// Pure data of the platform's zone rules, the same for every request and person (as the
// formatters below): the server's readings, and in the browser the server's copy.
const knownOffsets = new Map<string, ZoneOffsets>();
const OFFSETS_YEARS_BEFORE = 6;
const OFFSETS_YEARS_AFTER = 3;
// Offsets are read once a day and a change is then found to the second: no zone's clocks have
// changed twice within a day in the years read.
const OFFSETS_STEP_MS = 24 * 3_600_000;

/**
 * `zone`'s offsets from six years before `now`'s year to three years after it, or null when this
 * platform does not know the zone or an offset in the window is not whole minutes. Read once per
 * zone and window.
 */
export function zoneOffsets(zone: string, now = Date.now()): ZoneOffsets | null {
  const year = new Date(now).getUTCFullYear();
  const from = Date.UTC(year - OFFSETS_YEARS_BEFORE, 0, 1);
  const until = Date.UTC(year + OFFSETS_YEARS_AFTER, 0, 1);
  const kept = knownOffsets.get(zone);
  if (kept && kept.spans[0]![0] === from && kept.until === until) return kept;
  let offsets: ZoneOffsets | null;
  try {
    offsets = readOffsets(zone, from, until);
  } catch {
    return null;
  }
  if (offsets) knownOffsets.set(zone, offsets);
  return offsets;
}

/** zonedParts reads `offsets.zone`'s moments in their window from them from now on (the browser, with the server's offsets). */
export function knowZoneOffsets(offsets: ZoneOffsets): void {
  knownOffsets.set(offsets.zone, offsets);
}

function readOffsets(zone: string, from: number, until: number): ZoneOffsets | null {
  // The offset in milliseconds at a whole second.
  const offsetAt = (at: number) => {
    const p = intlParts(new Date(at), zone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - at;
  };
  let offset = offsetAt(from);
  const spans: [number, number][] = [[from, offset]];
  for (let known = from, at = from + OFFSETS_STEP_MS; at <= until; known = at, at += OFFSETS_STEP_MS) {
    // Between `known` (at `offset`) and `at`: the first second at another offset, as often as the offset at `at` is not reached.
    while (offset !== offsetAt(at)) {
      let low = known;
      let high = at;
      while (high - low > 1000) {
        const middle = low + Math.floor((high - low) / 2000) * 1000;
        if (offsetAt(middle) === offset) low = middle;
        else high = middle;
      }
      offset = offsetAt(high);
      spans.push([high, offset]);
      known = high;
    }
  }
  if (spans.some(([, milliseconds]) => milliseconds % 60_000 !== 0)) return null;
  return { zone, spans: spans.map(([start, milliseconds]) => [start, milliseconds / 60_000]), until };
}

/** The offset in minutes at `at` from `zone`'s known offsets, or undefined outside their window. */
function knownOffset(zone: string, at: number): number | undefined {
  const offsets = knownOffsets.get(zone);
  if (!offsets || !(at >= offsets.spans[0]![0] && at < offsets.until)) return undefined;
  let minutes = offsets.spans[0]![1];
  for (const [start, offset] of offsets.spans) {
    if (start > at) break;
    minutes = offset;
  }
  return minutes;
}

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
  const offset = knownOffset(zone, date.getTime());
  if (offset === undefined) return intlParts(date, zone);
  const wall = new Date(date.getTime() + offset * 60_000);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

function intlParts(date: Date, zone: string): Parts {
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

// Calendar days and wall-clock times in an IANA zone with the platform's Intl alone: the results
// luxon gives (zoned.test.ts holds them to it), without luxon's ≈22 kB gzip in the first load of
// the pages that only place and label days (the calendar). Days are ISO calendar dates
// ('2026-11-22'); their arithmetic runs in UTC, so daylight-saving changes never skip or repeat
// a day. Names are English (the product's texts), as luxon printed them with setLocale('en-US').

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// One formatter per zone: making one costs the platform far more than using it (local-format.ts).
// A pure cache of platform objects, the same for every request and person.
const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let cached = partFormatters.get(zone);
  if (!cached) {
    cached = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    partFormatters.set(zone, cached);
  }
  return cached;
}

/** The wall clock in `zone` at the moment `ms` (epoch milliseconds). */
export function wallTime(ms: number, zone: string): WallTime {
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  let bc = false;
  for (const part of partsFormatter(zone).formatToParts(ms)) {
    if (part.type === 'era') bc = part.value === 'BC' || part.value === 'B';
    else if (part.type in wall) wall[part.type as keyof WallTime] = Number(part.value);
  }
  if (bc) wall.year = 1 - wall.year;
  // Some engines write midnight as 24 with hourCycle h23.
  if (wall.hour === 24) wall.hour = 0;
  return wall;
}

/** The zone's offset from UTC in minutes at the moment `ms` (luxon's IANAZone#offset). */
export function offsetMinutes(ms: number, zone: string): number {
  const wall = wallTime(ms, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const whole = ms - (((ms % 1000) + 1000) % 1000);
  return (asUtc - whole) / 60_000;
}

/**
 * The moment a wall-clock time in `zone` happens, in epoch milliseconds. A time the clocks skip
 * (spring forward) moves forward by the gap, as luxon does; a time that happens twice (fall back)
 * is its first occurrence.
 */
export function zonedMillis(date: string, hour: number, minute: number, zone: string): number {
  const [year, month, day] = dayParts(date);
  const local = Date.UTC(year, month - 1, day, hour, minute);
  const before = offsetMinutes(local - 86_400_000, zone);
  const after = offsetMinutes(local + 86_400_000, zone);
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset * 60_000)
    .filter((moment) => offsetMinutes(moment, zone) * 60_000 === local - moment);
  if (candidates.length) return Math.min(...candidates);
  return local - Math.min(before, after) * 60_000;
}



const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function dayParts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

/** A UTC date's calendar day. */
function isoDayOfUtc(value: Date): string {
  return `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
}

/** The day as midnight UTC. */
export function utcDate(date: string): Date {
  const [year, month, day] = dayParts(date);
  const value = new Date(Date.UTC(year, month - 1, day));
  value.setUTCFullYear(year);
  return value;
}

/** The calendar day `ms` falls on in `zone`. */
export function isoDayIn(ms: number, zone: string): string {
  const wall = wallTime(ms, zone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

export function addDays(date: string, days: number): string {
  const value = utcDate(date);
  value.setUTCDate(value.getUTCDate() + days);
  return isoDayOfUtc(value);
}

/** Months later (or earlier), the day clamped to the month's last, as luxon's plus({ months }). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = dayParts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  const last = new Date(Date.UTC(2000, targetMonth, 0)).getUTCDate();
  const lastDay = targetMonth === 2 ? (isLeapYear(targetYear) ? 29 : 28) : last;
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** 0 for Sunday to 6 for Saturday. */
export function weekdayOf(date: string): number {
  return utcDate(date).getUTCDay();
}

export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** luxon's 'LLL' in en-US: 'Jan' … 'Dec' ('Sep'). */
export const monthShort = (month: number) => MONTH_NAMES[month - 1]!.slice(0, 3);

// Repeating tasks: an RFC 5545 RRULE body ("FREQ=WEEKLY;BYDAY=MO,WE") checked, described and
// stepped with the `rrule` library. Occurrences are computed on the person's wall clock (rrule
// works on "floating" dates, written here as UTC fields), then placed in their zone, so a task
// due Mondays at 17:00 stays at 17:00 across daylight-saving changes.
import * as rruleModule from 'rrule';
import { zonedParts, zonedTimeToDate } from './time-zone';

// rrule ships CommonJS for Node and ES modules for bundlers: take RRule from whichever loaded.
const { RRule, Frequency } = ((rruleModule as { RRule?: unknown }).RRule ? rruleModule : (rruleModule as unknown as { default: typeof rruleModule }).default) as typeof rruleModule;
type Options = ReturnType<typeof RRule.parseString>;

export const RECURRENCE_MAX = 300;
const COUNT_MAX = 1000;
const INTERVAL_MAX = 999;
/** How far ahead a rule must have an occurrence to be possible (and the most the calendar steps). */
const HORIZON_YEARS = 10;

const RECURRENCE_INVALID = 'Recurrence must be an RRULE such as FREQ=WEEKLY;BYDAY=MO';
const RECURRENCE_NEVER = 'This recurrence never happens: check its days and end';

const ALLOWED = new Set<number>([Frequency.DAILY, Frequency.WEEKLY, Frequency.MONTHLY, Frequency.YEARLY]);

type Parsed = { ok: true; rule: string; options: Options } | { ok: false; message: string };

/**
 * Checks an RRULE body and answers it in its normal form ("RRULE:" prefix and case dropped).
 * Daily to yearly rules only, no DTSTART or TZID (the task's due date and the person's zone are
 * the start), and one that never occurs from `now` on is refused.
 */
export function parseRecurrence(input: string, now: Date = new Date()): Parsed {
  const body = input.trim().replace(/^RRULE:/i, '').toUpperCase();
  if (!body || body.length > RECURRENCE_MAX || /[\r\n]/.test(body)) return { ok: false, message: RECURRENCE_INVALID };
  let options: Options;
  try {
    options = RRule.parseString(body);
  } catch {
    return { ok: false, message: RECURRENCE_INVALID };
  }
  if (options.freq === undefined || !ALLOWED.has(options.freq)) return { ok: false, message: 'Recurrence must repeat daily, weekly, monthly or yearly (FREQ)' };
  if (options.dtstart || options.tzid) return { ok: false, message: 'Recurrence takes its start from the due date: leave out DTSTART and TZID' };
  if (options.interval !== undefined && (!Number.isInteger(options.interval) || options.interval < 1 || options.interval > INTERVAL_MAX)) {
    return { ok: false, message: `INTERVAL must be between 1 and ${INTERVAL_MAX}` };
  }
  if (options.count != null && (!Number.isInteger(options.count) || options.count < 1 || options.count > COUNT_MAX)) {
    return { ok: false, message: `COUNT must be between 1 and ${COUNT_MAX}` };
  }
  if (options.count != null && options.until) return { ok: false, message: 'Use COUNT or UNTIL, not both' };
  const byweekday = options.byweekday;
  if (Array.isArray(byweekday) && byweekday.some((day) => day == null)) return { ok: false, message: 'BYDAY takes MO, TU, WE, TH, FR, SA or SU' };
  const impossible = impossibleParts(options);
  if (impossible) return { ok: false, message: impossible };
  const rule = RRule.optionsToString(options).replace(/^RRULE:/, '');
  if (/undefined|NaN/.test(rule)) return { ok: false, message: RECURRENCE_INVALID };
  const start = floating(now, 'UTC');
  if (!firstBetween(options, start, start, addYears(start, HORIZON_YEARS), true)) return { ok: false, message: RECURRENCE_NEVER };
  return { ok: true, rule, options };
}

/** Values allowed in each BY* part (RFC 5545 section 3.3.10); zero is never a position. */
const BY_RANGES: { key: keyof Options; name: string; min: number; max: number; signed: boolean }[] = [
  { key: 'bymonth', name: 'BYMONTH', min: 1, max: 12, signed: false },
  { key: 'bymonthday', name: 'BYMONTHDAY', min: 1, max: 31, signed: true },
  { key: 'byyearday', name: 'BYYEARDAY', min: 1, max: 366, signed: true },
  { key: 'byweekno', name: 'BYWEEKNO', min: 1, max: 53, signed: true },
  { key: 'bysetpos', name: 'BYSETPOS', min: 1, max: 366, signed: true },
  { key: 'byhour', name: 'BYHOUR', min: 0, max: 23, signed: false },
  { key: 'byminute', name: 'BYMINUTE', min: 0, max: 59, signed: false },
  { key: 'bysecond', name: 'BYSECOND', min: 0, max: 59, signed: false },
];
/** The most days each month can have (February in a leap year). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function list<T>(value: T | T[] | null | undefined): T[] {
  if (value == null) return [];
  return Array.isArray(value) ? value : [value];
}

function inRange(value: unknown, min: number, max: number, signed: boolean): boolean {
  if (typeof value !== 'number' || !Number.isInteger(value)) return false;
  return signed ? value !== 0 && Math.abs(value) >= min && Math.abs(value) <= max : value >= min && value <= max;
}

/**
 * Why a rule's parts can never describe a date, checked before rrule walks it (rrule steps day by
 * day to the year 9999 looking for a date that never comes): a value out of its range
 * (BYMONTH=13), or month days that no chosen month has (BYMONTH=2;BYMONTHDAY=31). Null when the
 * parts are possible; the bounded walk settles the rest.
 */
function impossibleParts(options: Options): string | null {
  if (options.byeaster != null) return 'Recurrence cannot use BYEASTER';
  for (const { key, name, min, max, signed } of BY_RANGES) {
    const values = list(options[key] as number | number[] | null | undefined);
    const allowed = signed ? `${min} to ${max} or -${max} to -${min}` : `${min} to ${max}`;
    if (values.some((value) => !inRange(value, min, max, signed))) return `${name} takes ${allowed}`;
  }
  for (const day of list(options.byweekday)) {
    const n = typeof day === 'object' && day ? day.n : undefined;
    if (n != null && !inRange(n, 1, 53, true)) return 'BYDAY takes a position from 1 to 53 or -53 to -1 (such as 2MO or -1FR)';
  }
  const monthDays = list(options.bymonthday);
  if (monthDays.length) {
    const months = list(options.bymonth);
    const longest = Math.max(...(months.length ? months : [1]).map((month) => MONTH_DAYS[month - 1]!));
    if (monthDays.every((day) => Math.abs(day) > longest)) return RECURRENCE_NEVER;
  }
  return null;
}

/** Thrown inside rrule's walk to stop it when its budget of steps is spent. */
class WalkBudgetSpent extends Error {}

/**
 * The first occurrence of the rule (started at `dtstart`) between `after` and `before`, or null.
 * rrule only stops walking when it reaches a date, so a rule that matches nothing would walk on to
 * the year 9999 (seconds of blocked event loop); here the walk is bounded by the number of steps
 * the span holds and stops there.
 */
function firstBetween(options: Options, dtstart: Date, after: Date, before: Date, inclusive: boolean): Date | null {
  let found: Date | null = null;
  walk(options, dtstart, before, (date) => {
    if (date < after || (!inclusive && date.getTime() === after.getTime())) return true;
    if (date > before || (!inclusive && date.getTime() === before.getTime())) return false;
    found = date;
    return false;
  });
  return found;
}

/**
 * Walks the rule's dates in order from `dtstart`, calling `visit` until it answers false, for at
 * most the steps (days, weeks, months or years, by FREQ) between `dtstart` and `until`, plus two,
 * and never more than MAX_WALK_STEPS.
 * Answers how many steps it took.
 */
export function walk(options: Options, dtstart: Date, until: Date, visit: (date: Date) => boolean): number {
  const rule = new RRule({ ...options, dtstart }, true);
  const budget = Math.min(stepsBetween(rule.options.freq, rule.options.interval, dtstart, until) + 2, MAX_WALK_STEPS);
  // rrule 2.8 reads `interval` once when the walk starts and twice at each step (the stop check
  // and the step itself), whatever the frequency: that count is the walk's step counter. Only that
  // one property is an accessor (a Proxy on every read made each step ~6 times slower).
  const interval = rule.options.interval;
  let reads = 0;
  const guarded = { ...rule.options };
  Object.defineProperty(guarded, 'interval', {
    enumerable: true,
    get() {
      if (++reads > 2 * budget + 1) throw new WalkBudgetSpent();
      return interval;
    },
  });
  (rule as { options: typeof rule.options }).options = guarded;
  try {
    rule.all((date) => visit(date));
  } catch (error) {
    if (!(error instanceof WalkBudgetSpent)) throw error;
  }
  return Math.floor(reads / 2);
}

const DAY_MS = 86_400_000;
/** The most steps any walk takes (~55 years of days): a few tens of milliseconds at most. */
const MAX_WALK_STEPS = 20_000;
function stepsBetween(freq: number, interval: number, from: Date, to: Date): number {
  const days = Math.max(0, (to.getTime() - from.getTime()) / DAY_MS);
  const perStep = freq === Frequency.YEARLY ? 365 : freq === Frequency.MONTHLY ? 28 : freq === Frequency.WEEKLY ? 7 : 1;
  return Math.ceil(days / perStep / Math.max(1, interval));
}

function addYears(date: Date, years: number): Date {
  const next = new Date(date);
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

/** `date`'s wall-clock reading in `zone`, written as UTC fields (rrule's floating time). */
function floating(date: Date, zone: string): Date {
  const p = zonedParts(date, zone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

function fromFloating(date: Date, zone: string): Date {
  return zonedTimeToDate(
    { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour: date.getUTCHours(), minute: date.getUTCMinutes() },
    zone,
  );
}

export type NextOccurrence = { dueDate: Date; recurrence: string };

/**
 * The occurrence after the one due at `due` (or, for an undated task, after `now`): the first
 * one later than both `due` and `now`, so finishing an overdue daily task does not create
 * another overdue one. A COUNT shrinks by the occurrences used up; null when the rule has ended.
 */
export function nextOccurrence(recurrence: string, due: Date | null, zone: string, now: Date = new Date()): NextOccurrence | null {
  const parsed = parseRecurrence(recurrence, due && due < now ? due : now);
  if (!parsed.ok) return null;
  const start = floating(due ?? now, zone);
  const notBefore = floating(now, zone);
  let used = 0;
  let found: Date | null = null;
  walk(parsed.options, start, addYears(start > notBefore ? start : notBefore, HORIZON_YEARS), (date) => {
    if (date.getTime() === start.getTime()) return true;
    used += 1;
    if (date > notBefore) {
      found = date;
      return false;
    }
    return used < 10_000;
  });
  if (!found) return null;
  let next = parsed.rule;
  if (parsed.options.count != null) {
    // The current occurrence is one of the COUNT (the first when the due date matches the rule).
    const left = parsed.options.count - used - (firstBetween(parsed.options, start, start, start, true) ? 1 : 0) + 1;
    if (left < 1) return null;
    next = RRule.optionsToString({ ...parsed.options, count: left }).replace(/^RRULE:/, '');
  }
  return { dueDate: fromFloating(found, zone), recurrence: next };
}

/**
 * Occurrences of a repeating task inside [from, to), after its stored (current) one: what the
 * calendar draws without storing them. At most `max`.
 */
export function occurrencesBetween(recurrence: string, due: Date, zone: string, from: Date, to: Date, max = 200): Date[] {
  const parsed = parseRecurrence(recurrence, due);
  if (!parsed.ok) return [];
  const start = floating(due, zone);
  const end = floating(to, zone);
  const out: Date[] = [];
  walk(parsed.options, start, end, (date) => {
    if (date.getTime() === start.getTime()) return true;
    if (date >= end) return false;
    const instant = fromFloating(date, zone);
    if (instant >= from && instant < to) out.push(instant);
    return out.length < max;
  });
  return out;
}

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
  const rule = RRule.optionsToString(options).replace(/^RRULE:/, '');
  if (/undefined|NaN/.test(rule)) return { ok: false, message: RECURRENCE_INVALID };
  const start = floating(now, 'UTC');
  const first = new RRule({ ...options, dtstart: start }).between(start, addYears(start, HORIZON_YEARS), true, (_date, index) => index < 1);
  if (first.length === 0) return { ok: false, message: RECURRENCE_NEVER };
  return { ok: true, rule, options };
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
  const rule = new RRule({ ...parsed.options, dtstart: start });
  let used = 0;
  let found: Date | null = null;
  rule.between(start, addYears(start > notBefore ? start : notBefore, HORIZON_YEARS), false, (date) => {
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
    const left = parsed.options.count - used - (matchesStart(rule, start) ? 1 : 0) + 1;
    if (left < 1) return null;
    next = RRule.optionsToString({ ...parsed.options, count: left }).replace(/^RRULE:/, '');
  }
  return { dueDate: fromFloating(found, zone), recurrence: next };
}

function matchesStart(rule: InstanceType<typeof RRule>, start: Date): boolean {
  return rule.between(start, start, true, (_date, index) => index < 1).length > 0;
}

/**
 * Occurrences of a repeating task inside [from, to), after its stored (current) one: what the
 * calendar draws without storing them. At most `max`.
 */
export function occurrencesBetween(recurrence: string, due: Date, zone: string, from: Date, to: Date, max = 200): Date[] {
  const parsed = parseRecurrence(recurrence, due);
  if (!parsed.ok) return [];
  const start = floating(due, zone);
  const rule = new RRule({ ...parsed.options, dtstart: start });
  const out: Date[] = [];
  rule.between(start, floating(to, zone), false, (date) => {
    const instant = fromFloating(date, zone);
    if (instant >= from && instant < to) out.push(instant);
    return out.length < max;
  });
  return out;
}

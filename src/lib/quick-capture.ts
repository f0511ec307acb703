// Quick capture in plain words: "Call Sam tomorrow 5pm !high ~30m every Monday #blue" → a task
// draft (title, due date in the person's zone, importance, estimate, RRULE, colour). Offline:
// chrono-node (English) finds the date, our own tokens the rest. Shared by the server
// (POST /api/tasks/parse) and the browser's preview, which loads this module only when the
// quick-capture field is first used (chrono-node is too heavy for a first load).
import { casual } from 'chrono-node/en';
import type { Importance } from './constants';
import { zonedParts, zonedTimeToDate, zoneOffsetMinutes } from './time-zone';

export type QuickDraft = {
  title: string;
  dueDate: string | null;
  importance: Importance;
  estimatedMinutes: number | null;
  recurrence: string | null;
  color: string | null;
};

/** Colour words people type after '#', onto the app's task colours (blue is the default). */
export const COLOR_WORDS: Record<string, string> = {
  blue: '#3B82F6',
  red: '#EF4444',
  orange: '#F97316',
  amber: '#F59E0B',
  yellow: '#EAB308',
  green: '#10B981',
  teal: '#14B8A6',
  purple: '#8B5CF6',
  violet: '#8B5CF6',
  pink: '#EC4899',
  gray: '#6B7280',
  grey: '#6B7280',
};

const IMPORTANCE_WORDS: Record<string, Importance> = { low: 'Low', medium: 'Medium', med: 'Medium', high: 'High', critical: 'Critical', urgent: 'Critical' };
const DAY_CODES: Record<string, string> = {
  mon: 'MO', monday: 'MO', mondays: 'MO',
  tue: 'TU', tues: 'TU', tuesday: 'TU', tuesdays: 'TU',
  wed: 'WE', wednesday: 'WE', wednesdays: 'WE',
  thu: 'TH', thur: 'TH', thurs: 'TH', thursday: 'TH', thursdays: 'TH',
  fri: 'FR', friday: 'FR', fridays: 'FR',
  sat: 'SA', saturday: 'SA', saturdays: 'SA',
  sun: 'SU', sunday: 'SU', sundays: 'SU',
};
const DAY_ORDER = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const UNIT_FREQ: Record<string, string> = { day: 'DAILY', days: 'DAILY', week: 'WEEKLY', weeks: 'WEEKLY', month: 'MONTHLY', months: 'MONTHLY', year: 'YEARLY', years: 'YEARLY' };
/** When a day is named without a time. */
const DEFAULT_HOUR = 9;

const DAY_WORD = `(?:${Object.keys(DAY_CODES).join('|')})`;
const RECURRENCE_PATTERNS: { pattern: RegExp; rule: (match: RegExpMatchArray) => string }[] = [
  { pattern: /\bevery\s+week\s?days?\b|\bweekdays\b|\bevery\s+workday\b/i, rule: () => 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' },
  {
    pattern: new RegExp(`\\bevery\\s+(${DAY_WORD}(?:\\s*(?:,|and|&)\\s*${DAY_WORD})*)\\b`, 'i'),
    rule: (match) => {
      const codes = match[1]!.toLowerCase().split(/\s*(?:,|and|&)\s*/).map((word) => DAY_CODES[word.trim()]!).filter(Boolean);
      return `FREQ=WEEKLY;BYDAY=${DAY_ORDER.filter((code) => codes.includes(code)).join(',')}`;
    },
  },
  {
    pattern: /\bevery\s+(\d{1,3})\s+(days?|weeks?|months?|years?)\b/i,
    rule: (match) => {
      const interval = Number(match[1]);
      const freq = UNIT_FREQ[match[2]!.toLowerCase()]!;
      return interval > 1 ? `FREQ=${freq};INTERVAL=${interval}` : `FREQ=${freq}`;
    },
  },
  { pattern: /\bevery\s+other\s+(day|week|month|year)\b/i, rule: (match) => `FREQ=${UNIT_FREQ[match[1]!.toLowerCase()]};INTERVAL=2` },
  { pattern: /\bevery\s+(day|week|month|year)\b/i, rule: (match) => `FREQ=${UNIT_FREQ[match[1]!.toLowerCase()]}` },
  { pattern: /\b(daily|weekly|monthly|yearly|annually)\b/i, rule: (match) => `FREQ=${({ daily: 'DAILY', weekly: 'WEEKLY', monthly: 'MONTHLY', yearly: 'YEARLY', annually: 'YEARLY' } as Record<string, string>)[match[1]!.toLowerCase()]}` },
];

/** A date read from the words that no calendar here can hold ("in 8000 years"). */
export const DATE_OUT_OF_RANGE = 'Dates must be between the years 1 and 9999';
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

export const NO_TITLE = 'Add a few words for the title, e.g. "Call Sam tomorrow 5pm"';

/** "1h30m", "90m", "1.5h", "45" → minutes, or null when it is not a duration. */
function minutesOf(value: string): number | null {
  const match = /^(?:(\d+(?:\.\d+)?)h)?(?:(\d+)m?)?$/i.exec(value);
  if (!match || (!match[1] && !match[2])) return null;
  const minutes = Math.round(Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0));
  return minutes >= 1 && minutes <= 1440 ? minutes : null;
}

/**
 * Reads `text` into a draft on the clock of `zone` at `now`. Throws nothing: a draft whose
 * title is empty is the caller's 400 (NO_TITLE), and so is one with a `problem` (a date outside
 * the years 1 to 9999, DATE_OUT_OF_RANGE).
 */
export function parseQuickCapture(text: string, zone: string, now: Date = new Date()): QuickDraft & { problem: string | null } {
  let rest = ` ${text.replace(/\s+/g, ' ').trim()} `;
  let importance: Importance = 'Medium';
  let estimatedMinutes: number | null = null;
  let color: string | null = null;
  let recurrence: string | null = null;

  rest = rest.replace(/(^|\s)!(low|medium|med|high|critical|urgent)\b/gi, (_all, space: string, word: string) => {
    importance = IMPORTANCE_WORDS[word.toLowerCase()]!;
    return space;
  });
  rest = rest.replace(/(^|\s)!{1,3}(?=\s)/g, (all, space: string) => {
    const marks = all.trim().length;
    importance = marks >= 3 ? 'Critical' : marks === 2 ? 'High' : importance;
    return marks >= 2 ? space : all;
  });
  rest = rest.replace(/(^|\s)~(\S+)/g, (all, space: string, value: string) => {
    const minutes = minutesOf(value);
    if (minutes === null) return all;
    estimatedMinutes = minutes;
    return space;
  });
  rest = rest.replace(/(^|\s)#([a-z]+|[0-9a-f]{6})\b/gi, (all, space: string, word: string) => {
    const named = COLOR_WORDS[word.toLowerCase()];
    if (named) color = named;
    else if (/^[0-9a-f]{6}$/i.test(word)) color = `#${word.toUpperCase()}`;
    else return all;
    return space;
  });
  for (const { pattern, rule } of RECURRENCE_PATTERNS) {
    const match = rest.match(pattern);
    if (match) {
      recurrence = rule(match);
      rest = rest.replace(match[0], ' ');
      break;
    }
  }

  let dueDate: Date | null = null;
  const [found] = casual.parse(rest, { instant: now, timezone: zoneOffsetMinutes(now, zone) }, { forwardDate: true });
  if (found) {
    const start = found.start;
    const hasTime = start.isCertain('hour');
    dueDate = zonedTimeToDate(
      {
        year: start.get('year')!,
        month: start.get('month')!,
        day: start.get('day')!,
        hour: hasTime ? (start.get('hour') ?? DEFAULT_HOUR) : DEFAULT_HOUR,
        minute: hasTime ? (start.get('minute') ?? 0) : 0,
      },
      zone,
    );
    rest = rest.slice(0, found.index) + ' ' + rest.slice(found.index + found.text.length);
  } else if (recurrence) {
    dueDate = firstOccurrence(recurrence, zone, now);
  }
  const title = rest
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/^[\s,;:-]+|[\s,;:-]+$/g, '')
    .trim();
  if (dueDate && !(dueDate.getTime() >= EARLIEST && dueDate.getTime() <= LATEST)) {
    return { title, dueDate: null, importance, estimatedMinutes, recurrence, color, problem: DATE_OUT_OF_RANGE };
  }
  return { title, dueDate: dueDate?.toISOString() ?? null, importance, estimatedMinutes, recurrence, color, problem: null };
}

/** "every Monday" with no date named: the next such day (after today), at the default hour. */
function firstOccurrence(rule: string, zone: string, now: Date): Date {
  const days = /BYDAY=([A-Z,]+)/.exec(rule)?.[1]?.split(',') ?? [];
  const today = zonedParts(now, zone);
  for (let step = 1; step <= 7; step++) {
    const candidate = new Date(Date.UTC(today.year, today.month - 1, today.day + step, 12));
    const code = DAY_ORDER[(candidate.getUTCDay() + 6) % 7]!;
    if (!days.length || days.includes(code)) {
      return zonedTimeToDate({ year: candidate.getUTCFullYear(), month: candidate.getUTCMonth() + 1, day: candidate.getUTCDate(), hour: DEFAULT_HOUR }, zone);
    }
  }
  return zonedTimeToDate({ ...today, day: today.day + 1, hour: DEFAULT_HOUR }, zone);
}


// The task form's repeat picker, free of the rrule library (it stays out of client bundles):
// the picker's choices to an RRULE body and back, and the rule in a person's words. The server
// checks every rule with rrule (src/lib/recurrence.ts).

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

export type RepeatKind = 'none' | 'daily' | 'weekdays' | 'weekly' | 'monthly' | 'yearly';
export type RepeatEnd = 'never' | 'count' | 'until';

export interface RepeatState {
  kind: RepeatKind;
  interval: number;
  days: Weekday[];
  end: RepeatEnd;
  count: number;
  /** Last day, 'YYYY-MM-DD'. */
  until: string | null;
}

export const NO_REPEAT: RepeatState = { kind: 'none', interval: 1, days: [], end: 'never', count: 10, until: null };

const FREQ: Record<Exclude<RepeatKind, 'none' | 'weekdays'>, string> = { daily: 'DAILY', weekly: 'WEEKLY', monthly: 'MONTHLY', yearly: 'YEARLY' };

/** The picker's choices as an RRULE body, or null for a one-off task. */
export function toRule(state: RepeatState): string | null {
  if (state.kind === 'none') return null;
  const parts: string[] = [];
  if (state.kind === 'weekdays') parts.push('FREQ=WEEKLY', 'BYDAY=MO,TU,WE,TH,FR');
  else {
    parts.push(`FREQ=${FREQ[state.kind]}`);
    if (state.interval > 1) parts.push(`INTERVAL=${Math.floor(state.interval)}`);
    if (state.kind === 'weekly' && state.days.length) parts.push(`BYDAY=${WEEKDAYS.filter((day) => state.days.includes(day)).join(',')}`);
  }
  if (state.end === 'count' && state.count >= 1) parts.push(`COUNT=${Math.floor(state.count)}`);
  if (state.end === 'until' && state.until) parts.push(`UNTIL=${state.until.replace(/-/g, '')}T235959Z`);
  return parts.join(';');
}

function fieldsOf(rule: string): Record<string, string> {
  return Object.fromEntries(
    rule
      .replace(/^RRULE:/i, '')
      .toUpperCase()
      .split(';')
      .map((part) => part.split('=') as [string, string]),
  );
}

/** A stored rule back in the picker (rules the picker cannot draw keep their nearest kind). */
export function fromRule(rule: string | null | undefined): RepeatState {
  if (!rule) return NO_REPEAT;
  const fields = fieldsOf(rule);
  const days = (fields.BYDAY?.split(',') ?? []).map((day) => day.slice(-2)).filter((day): day is Weekday => (WEEKDAYS as readonly string[]).includes(day));
  const interval = Math.max(1, Number(fields.INTERVAL ?? 1) || 1);
  const end: RepeatEnd = fields.COUNT ? 'count' : fields.UNTIL ? 'until' : 'never';
  const common = { interval, end, count: Number(fields.COUNT ?? 10) || 10, until: fields.UNTIL ? `${fields.UNTIL.slice(0, 4)}-${fields.UNTIL.slice(4, 6)}-${fields.UNTIL.slice(6, 8)}` : null };
  const weekdays = days.length === 5 && ['MO', 'TU', 'WE', 'TH', 'FR'].every((day) => days.includes(day as Weekday));
  if (fields.FREQ === 'WEEKLY' && interval === 1 && weekdays) return { ...common, kind: 'weekdays', days };
  const kind = ({ DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly', YEARLY: 'yearly' } as const)[fields.FREQ as 'DAILY'] ?? 'daily';
  return { ...common, kind, days };
}

/** A person's words for a rule: "Every weekday", "Every 2 weeks on Monday, Friday, 5 times". */
export function describeRule(rule: string | null | undefined): string {
  if (!rule) return 'Does not repeat';
  const fields = fieldsOf(rule);
  const interval = Number(fields.INTERVAL ?? 1) || 1;
  const unit = ({ DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' } as Record<string, string>)[fields.FREQ ?? ''] ?? 'time';
  const days = (fields.BYDAY?.split(',') ?? []).map((day) => day.slice(-2) as Weekday);
  const weekdays = fields.FREQ === 'WEEKLY' && interval === 1 && days.length === 5 && ['MO', 'TU', 'WE', 'TH', 'FR'].every((day) => days.includes(day as Weekday));
  let text = weekdays ? 'Every weekday' : interval === 1 ? `Every ${unit}` : `Every ${interval} ${unit}s`;
  if (days.length && !weekdays) text += ` on ${days.map((day) => WEEKDAY_NAMES[day] ?? day).join(', ')}`;
  if (fields.COUNT) text += `, ${fields.COUNT} times`;
  if (fields.UNTIL) text += `, until ${fields.UNTIL.slice(0, 4)}-${fields.UNTIL.slice(4, 6)}-${fields.UNTIL.slice(6, 8)}`;
  return text;
}

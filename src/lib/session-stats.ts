// What the sessions page says about past focus, free of React: the focused time and completed
// tasks of each session, and the per-day figures of the last four weeks for its chart. Days are
// calendar days in the person's own zone (the platform's Intl: no luxon in /sessions' first load).
import { SESSION_LIMITS } from '@/lib/constants';
import type { ISODate } from '@/lib/date-picker';
import { dayKey } from '@/lib/time-zone';
import { addDays } from '@/lib/zoned';

export interface StatsSession {
  id: string;
  startedAt: string;
  sessionDuration: number | null;
}

export interface StatsTask {
  id: string;
  completed: boolean;
  completedAt: string | null;
  completedInSessionId: string | null;
}

const CHART_DAYS = 28;

/** Sessions newest first by start time (the order of the sessions page). */
export function sortSessionsNewestFirst<T extends Pick<StatsSession, 'startedAt'>>(sessions: readonly T[]): T[] {
  return [...sessions].sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt));
}

/** Completed tasks per session id (tasks whose completedInSessionId is that session). */
export function completedBySession<T extends StatsTask>(tasks: readonly T[]): Map<string, T[]> {
  const bySession = new Map<string, T[]>();
  for (const task of tasks) {
    if (!task.completed || !task.completedInSessionId) continue;
    const list = bySession.get(task.completedInSessionId);
    if (list) list.push(task);
    else bySession.set(task.completedInSessionId, [task]);
  }
  return bySession;
}

/**
 * Focused minutes of a session. A session records when it started, not when it ended, so the
 * time provably spent in it is the span from its start to the last task completed in it,
 * rounded up to whole minutes. It is capped at the session's planned duration when one was set
 * (finishing late is not extra focus) and otherwise at one day (SESSION_LIMITS.maxMinutes), so
 * a session left open overnight cannot claim days. A session in which nothing was completed
 * counts 0 minutes: nothing shows it was used.
 */
export function focusedMinutes(session: StatsSession, completedInIt: readonly StatsTask[]): number {
  const start = Date.parse(session.startedAt);
  let last = Number.NEGATIVE_INFINITY;
  for (const task of completedInIt) {
    if (task.completedAt) last = Math.max(last, Date.parse(task.completedAt));
  }
  if (!Number.isFinite(last) || last < start) return 0;
  const minutes = Math.max(1, Math.ceil((last - start) / 60_000));
  return Math.min(minutes, session.sessionDuration ?? SESSION_LIMITS.maxMinutes);
}

export interface DayStats {
  date: ISODate;
  /** Focused minutes of the sessions that started that day. */
  minutes: number;
  /** Tasks completed that day (in a session or not). */
  completed: number;
}

/**
 * The last `days` days up to and including today in `zone`, oldest first: focused minutes of
 * the sessions started each day (per focusedMinutes) and every task completed that day.
 */
export function dailyStats(
  sessions: readonly StatsSession[],
  tasks: readonly StatsTask[],
  zone: string,
  now: Date = new Date(),
  days = CHART_DAYS,
): DayStats[] {
  const today = dayKey(now, zone);
  const result: DayStats[] = [];
  const index = new Map<string, DayStats>();
  for (let offset = days - 1; offset >= 0; offset -= 1) {
    const date = addDays(today, -offset);
    const entry = { date, minutes: 0, completed: 0 };
    result.push(entry);
    index.set(date, entry);
  }
  const dayOf = (iso: string) => dayKey(new Date(iso), zone);
  const bySession = completedBySession(tasks);
  for (const session of sessions) {
    const entry = index.get(dayOf(session.startedAt));
    if (entry) entry.minutes += focusedMinutes(session, bySession.get(session.id) ?? []);
  }
  for (const task of tasks) {
    if (!task.completed || !task.completedAt) continue;
    const entry = index.get(dayOf(task.completedAt));
    if (entry) entry.completed += 1;
  }
  return result;
}

/** Totals over the chart's days. */
export function totals(stats: readonly DayStats[]): { minutes: number; completed: number; activeDays: number } {
  return stats.reduce(
    (sum, day) => ({
      minutes: sum.minutes + day.minutes,
      completed: sum.completed + day.completed,
      activeDays: sum.activeDays + (day.minutes > 0 || day.completed > 0 ? 1 : 0),
    }),
    { minutes: 0, completed: 0, activeDays: 0 },
  );
}

/** A calm upper bound for a chart axis: 1, 2, 5 or 10 times a power of ten, at least `floor`. */
export function niceMax(value: number, floor = 1): number {
  const target = Math.max(value, floor);
  const power = 10 ** Math.floor(Math.log10(target));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= target) return step * power;
  }
  return 10 * power;
}

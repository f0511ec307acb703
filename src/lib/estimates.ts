// Estimates against real focus: per week, the minutes people estimated for the tasks they
// finished and the minutes they actually focused on them, and their typical over/under-run
// factor, which both planners use to size a session. Pure; shared by the sessions page and the
// server.
import { zonedParts } from './time-zone';

type Measured = { estimatedMinutes: number | null; actualMinutes: number; completed?: boolean; completedAt?: string | null };

/** Tasks with an estimate and recorded focus: what the factor learns from. */
function measured<T extends Measured>(tasks: readonly T[]): T[] {
  return tasks.filter((task) => task.estimatedMinutes !== null && task.estimatedMinutes > 0 && task.actualMinutes > 0);
}

/** At least this many measured tasks before a factor means anything. */
const FACTOR_MIN_TASKS = 3;
const FACTOR_RANGE = [0.5, 3] as const;

/**
 * Actual minutes over estimated minutes across measured tasks (1.4: things take 40 % longer
 * than planned), kept within 0.5-3 so one odd task cannot swing a plan; null until there are
 * FACTOR_MIN_TASKS measured tasks.
 */
export function overrunFactor(tasks: readonly Measured[]): number | null {
  const known = measured(tasks);
  if (known.length < FACTOR_MIN_TASKS) return null;
  const estimated = known.reduce((sum, task) => sum + task.estimatedMinutes!, 0);
  const actual = known.reduce((sum, task) => sum + task.actualMinutes, 0);
  const factor = actual / estimated;
  return Math.round(Math.min(FACTOR_RANGE[1], Math.max(FACTOR_RANGE[0], factor)) * 100) / 100;
}

/** The factor in words for the sessions page. */
export function describeFactor(factor: number | null): string {
  if (factor === null) return `Finish ${FACTOR_MIN_TASKS} tasks with an estimate in focus sessions to see how your estimates compare.`;
  if (factor >= 0.9 && factor <= 1.1) return 'Your estimates are about right: tasks take roughly as long as you plan.';
  if (factor > 1.1) return `Tasks usually take you ${factor.toFixed(1)}× your estimate (about ${Math.round((factor - 1) * 100)} % longer).`;
  return `Tasks usually take you ${factor.toFixed(1)}× your estimate (about ${Math.round((1 - factor) * 100)} % less time).`;
}

export type WeekEstimate = { weekStart: string; estimated: number; actual: number; tasks: number };

/** The Monday ('YYYY-MM-DD') of the week `date` falls in, in `zone`. */
function weekOf(date: Date, zone: string): string {
  const p = zonedParts(date, zone);
  const day = new Date(Date.UTC(p.year, p.month - 1, p.day));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/**
 * The last `weeks` weeks (Monday to Sunday in `zone`, oldest first): estimated and actual minutes
 * of the measured tasks completed in each.
 */
export function weeklyEstimates(tasks: readonly Measured[], zone: string, weeks = 8, now: Date = new Date()): WeekEstimate[] {
  const current = weekOf(now, zone);
  const keys: string[] = [];
  for (let back = weeks - 1; back >= 0; back--) {
    const monday = new Date(`${current}T12:00:00Z`);
    monday.setUTCDate(monday.getUTCDate() - back * 7);
    keys.push(monday.toISOString().slice(0, 10));
  }
  const byWeek = new Map(keys.map((key) => [key, { weekStart: key, estimated: 0, actual: 0, tasks: 0 }]));
  for (const task of measured(tasks)) {
    if (!task.completed || !task.completedAt) continue;
    const week = byWeek.get(weekOf(new Date(task.completedAt), zone));
    if (!week) continue;
    week.estimated += task.estimatedMinutes!;
    week.actual += task.actualMinutes;
    week.tasks += 1;
  }
  return keys.map((key) => byWeek.get(key)!);
}


// Your day, free of I/O: the account's working window, the day's figures (planned, busy, free
// minutes), calibrated estimates, the fresh start's proposals for carried-over tasks and the one
// task Just start picks. Shared by the services (src/server/services/today.service.ts) and
// tested on its own (day-plan.test.ts). Every date is read on the account's clock (luxon, so a
// day across a DST change is 23 or 25 hours and "09:00" stays 09:00).
import { DateTime } from 'luxon';
import { dayKey, zonedParts, zonedTimeToDate } from '@/lib/time-zone';
import { nextOccurrence } from '@/lib/recurrence';
import { calibratedMinutes, IMPORTANCE_RANK, taskReason, type FreshStartAction, type PlanTask } from '@/lib/just-start';

export type Workday = { start: string; end: string; days: number[] };
export const DEFAULT_WORKDAY: Workday = { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] };


export type Interval = { start: Date; end: Date };

const at = (date: Date, zone: string) => DateTime.fromJSDate(date, { zone });

function parseClock(text: string): { hour: number; minute: number } {
  const [hour, minute] = text.split(':').map(Number);
  return { hour: hour!, minute: minute! };
}

/** 'YYYY-MM-DD' of `date` on the account's clock (a cached Intl formatter: cheap per task). */
export const localDate = dayKey;

/** Whole days from local day `from` to local day `to` ('YYYY-MM-DD' each). */
function daysBetween(from: string, to: string): number {
  const utc = (key: string) => {
    const [year, month, day] = key.split('-').map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** The instant the local day `day` ('YYYY-MM-DD') begins in `zone`, and the next day's. */
export function dayBounds(day: string, zone: string): Interval {
  const start = DateTime.fromISO(day, { zone }).startOf('day');
  return { start: start.toJSDate(), end: start.plus({ days: 1 }).toJSDate() };
}

/** The working window of local day `day`, or null on a day off. */
export function workWindow(day: string, zone: string, workday: Workday): Interval | null {
  const date = DateTime.fromISO(day, { zone });
  if (!workday.days.includes(date.weekday)) return null;
  const start = date.set({ ...parseClock(workday.start), second: 0, millisecond: 0 });
  const end = date.set({ ...parseClock(workday.end), second: 0, millisecond: 0 });
  if (end <= start) return null;
  return { start: start.toJSDate(), end: end.toJSDate() };
}

const minutes = (ms: number) => Math.max(0, Math.floor(ms / 60_000));

/** Minutes of `busy` inside [from, to), overlaps counted once. */
export function busyMinutesWithin(busy: readonly Interval[], from: Date, to: Date): number {
  const clipped = busy
    .map((interval) => ({ start: Math.max(interval.start.getTime(), from.getTime()), end: Math.min(interval.end.getTime(), to.getTime()) }))
    .filter((interval) => interval.end > interval.start)
    .sort((a, b) => a.start - b.start);
  let total = 0;
  let reach = -Infinity;
  for (const interval of clipped) {
    const start = Math.max(interval.start, reach);
    if (interval.end > start) total += interval.end - start;
    reach = Math.max(reach, interval.end);
  }
  return minutes(total);
}

export type DayFigures = {
  window: Interval | null;
  plannedMinutes: number;
  busyMinutes: number;
  freeMinutes: number;
  /** The planned minutes that do not fit in what is left of the window (0 when they fit). */
  overMinutes: number;
};

/**
 * Today's figures: planned = the calibrated minutes of today's open tasks; busy = calendar time
 * in what is left of the window; free = what is left of the window after now, less busy time and
 * planned minutes, never below 0.
 */
export function dayFigures(input: { now: Date; zone: string; workday: Workday; todayTasks: readonly PlanTask[]; busy: readonly Interval[]; factor: number | null }): DayFigures {
  const window = workWindow(localDate(input.now, input.zone), input.zone, input.workday);
  const plannedMinutes = input.todayTasks.reduce((sum, task) => sum + calibratedMinutes(task, input.factor), 0);
  if (!window) return { window: null, plannedMinutes, busyMinutes: 0, freeMinutes: 0, overMinutes: plannedMinutes };
  const from = new Date(Math.max(window.start.getTime(), input.now.getTime()));
  const left = from < window.end ? minutes(window.end.getTime() - from.getTime()) : 0;
  const busyMinutes = from < window.end ? busyMinutesWithin(input.busy, from, window.end) : 0;
  const room = Math.max(0, left - busyMinutes);
  return { window, plannedMinutes, busyMinutes, freeMinutes: Math.max(0, room - plannedMinutes), overMinutes: Math.max(0, plannedMinutes - room) };
}

/** The next `count` local days after `day` that are workdays (at most two weeks ahead). */
function nextWorkdays(day: string, zone: string, workday: Workday, count: number): string[] {
  const found: string[] = [];
  let date = DateTime.fromISO(day, { zone });
  for (let step = 0; step < 14 && found.length < count; step++) {
    date = date.plus({ days: 1 });
    if (workday.days.includes(date.weekday)) found.push(date.toISODate()!);
  }
  return found;
}

/** Per-day readings memoised for one planning pass (hundreds of tasks land on a handful of days). */
type DayMemo = Map<string, { window: Interval | null; endOfDay: Date; at: Map<string, Date> }>;

/**
 * Where a task lands on local day `day`: at its own time of day when that is still ahead (and, on
 * a workday, inside the window), else at the end of the window, else at the end of the day.
 */
export function dueOn(day: string, original: Date | null, zone: string, workday: Workday, now: Date, memo: DayMemo = new Map()): Date {
  let known = memo.get(day);
  if (!known) {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    known = { window: workWindow(day, zone, workday), endOfDay: zonedTimeToDate({ year, month, day: date, hour: 23, minute: 59 }, zone), at: new Map() };
    memo.set(day, known);
  }
  const { window, endOfDay } = known;
  const candidates: Date[] = [];
  if (original) {
    const local = zonedParts(original, zone);
    const clock = `${local.hour}:${local.minute}`;
    let same = known.at.get(clock);
    if (!same) {
      const [year, month, date] = day.split('-').map(Number) as [number, number, number];
      same = zonedTimeToDate({ year, month, day: date, hour: local.hour, minute: local.minute }, zone);
      known.at.set(clock, same);
    }
    if (!window || (same >= window.start && same <= window.end)) candidates.push(same);
  }
  if (window) candidates.push(window.end);
  candidates.push(endOfDay);
  return candidates.find((candidate) => candidate > now) ?? endOfDay;
}

/** The local day an action moves a task to (null: someday or let go, no new date). */
export function targetDay(action: FreshStartAction, now: Date, zone: string, workday: Workday): string | null {
  const today = localDate(now, zone);
  if (action === 'today') return today;
  const [next] = nextWorkdays(today, zone, workday, 1);
  const tomorrow = next ?? DateTime.fromISO(today, { zone }).plus({ days: 1 }).toISODate()!;
  if (action === 'tomorrow') return tomorrow;
  if (action === 'this-week') {
    // The last workday of this week, when that is after tomorrow; else the first of next week.
    const week = nextWorkdays(today, zone, workday, 7);
    const sunday = DateTime.fromISO(today, { zone }).endOf('week').toISODate()!;
    const thisWeek = week.filter((day) => day <= sunday);
    const last = thisWeek.at(-1);
    if (last && last > tomorrow) return last;
    return week.find((day) => day > sunday) ?? tomorrow;
  }
  return null;
}

/** What one fresh-start decision writes on a task. */
export type TaskDayFields = { dueDate: Date | null; letGoAt: Date | null; recurrence: string | null };

/**
 * The fields a decision gives a task (the preview and the apply use this one rule):
 * - today, tomorrow, this week: the target day, at the task's own time of day when it is still
 *   ahead (see dueOn), or the `dueDate` sent. A repeating task instead catches up with its series:
 *   its first occurrence on or after the target day and now (missed ones are skipped, a COUNT
 *   shrinks by them, as completing would), on the account's clock across DST changes;
 * - someday: no date; let go: `letGoAt` now, nothing else changes.
 * Any decision but let go brings a task that was let go back.
 */
export function resolveDecision(
  task: Pick<PlanTask, 'dueDate' | 'recurrence'>,
  action: FreshStartAction,
  context: { now: Date; zone: string; workday: Workday },
  dueDate?: Date,
): TaskDayFields {
  const recurrence = task.recurrence ?? null;
  if (action === 'let-go') return { dueDate: task.dueDate, letGoAt: context.now, recurrence };
  if (action === 'someday') return { dueDate: null, letGoAt: null, recurrence };
  if (dueDate) return { dueDate, letGoAt: null, recurrence };
  const day = targetDay(action, context.now, context.zone, context.workday)!;
  if (recurrence && task.dueDate) {
    const notBefore = new Date(Math.max(context.now.getTime(), dayBounds(day, context.zone).start.getTime()) - 1);
    const next = nextOccurrence(recurrence, task.dueDate, context.zone, notBefore);
    if (next) return { dueDate: next.dueDate, letGoAt: null, recurrence: next.recurrence };
  }
  return { dueDate: dueOn(day, task.dueDate, context.zone, context.workday, context.now), letGoAt: null, recurrence };
}

/** The action that names the local day a date falls on: today, the next workday, or later. */
function actionForDay(day: string, today: string, nextWorkday: string | undefined): FreshStartAction {
  if (day <= today) return 'today';
  return day === nextWorkday ? 'tomorrow' : 'this-week';
}

export type Proposal = { taskId: string; action: FreshStartAction; dueDate: string | null };

/** Whole local days from the task's due day to `today`. */
function daysLate(due: Date, today: string, zone: string): number {
  return Math.max(0, daysBetween(dayKey(due, zone), today));
}

/**
 * The fresh start's proposals, one per carried-over task, from its due date, importance and
 * calibrated estimate and the free time of the days ahead:
 * - a repeating task catches up with its series (its first occurrence from now on);
 * - a low-importance task four weeks late is let go (kept, hidden, restorable); two weeks late,
 *   or a medium one four weeks late, goes to someday (no date);
 * - the rest, most important first (then the most recently due), go to today while today's free
 *   minutes last, then to the next workday with room for their calibrated minutes ("tomorrow"
 *   when that is the next workday, "this week" when later), looking a week ahead;
 * - what fits nowhere: high and critical ones tomorrow all the same, the rest someday.
 * `plannedByDay` holds the calibrated minutes already due on each coming local day.
 */
export function proposeFreshStart(input: {
  now: Date;
  zone: string;
  workday: Workday;
  tasks: readonly PlanTask[];
  factor: number | null;
  freeToday: number;
  plannedByDay: ReadonlyMap<string, number>;
}): Proposal[] {
  const { now, zone, workday } = input;
  const today = localDate(now, zone);
  const ahead = nextWorkdays(today, zone, workday, 5);
  const room = new Map<string, number>();
  for (const day of ahead) {
    const window = workWindow(day, zone, workday)!;
    room.set(day, minutes(window.end.getTime() - window.start.getTime()) - (input.plannedByDay.get(day) ?? 0));
  }
  let freeToday = input.freeToday;
  const ordered = [...input.tasks].sort(
    (a, b) =>
      IMPORTANCE_RANK[b.importance] - IMPORTANCE_RANK[a.importance] ||
      (b.dueDate?.getTime() ?? 0) - (a.dueDate?.getTime() ?? 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const byId = new Map<string, Proposal>();
  const memo: DayMemo = new Map();
  const place = (task: PlanTask, action: FreshStartAction, day: string | null) => {
    byId.set(task.id, {
      taskId: task.id,
      action,
      dueDate: action === 'let-go' ? (task.dueDate?.toISOString() ?? null) : day ? dueOn(day, task.dueDate, zone, workday, now, memo).toISOString() : null,
    });
  };
  for (const task of ordered) {
    const late = task.dueDate ? daysLate(task.dueDate, today, zone) : 0;
    const repeats = Boolean(task.recurrence);
    if (repeats) {
      // A repeating task keeps its rhythm: it catches up with its series (resolveDecision).
      const fields = resolveDecision(task, 'today', { now, zone, workday });
      const day = fields.dueDate ? localDate(fields.dueDate, zone) : today;
      byId.set(task.id, { taskId: task.id, action: actionForDay(day, today, ahead[0]), dueDate: fields.dueDate?.toISOString() ?? null });
      continue;
    }
    if (task.importance === 'Low' && late >= 28) {
      place(task, 'let-go', null);
      continue;
    }
    if ((task.importance === 'Low' && late >= 14) || (task.importance === 'Medium' && late >= 28)) {
      place(task, 'someday', null);
      continue;
    }
    const need = calibratedMinutes(task, input.factor);
    if (need <= freeToday) {
      freeToday -= need;
      place(task, 'today', today);
      continue;
    }
    const day = ahead.find((candidate) => (room.get(candidate) ?? 0) >= need);
    if (day) {
      room.set(day, room.get(day)! - need);
      place(task, day === ahead[0] ? 'tomorrow' : 'this-week', day);
      continue;
    }
    if (IMPORTANCE_RANK[task.importance] >= IMPORTANCE_RANK.High) place(task, 'tomorrow', ahead[0] ?? targetDay('tomorrow', now, zone, workday));
    else place(task, 'someday', null);
  }
  // In the order the tasks came (the screen lists them by due date).
  return input.tasks.map((task) => byId.get(task.id)!);
}

/**
 * The one line saying why: "due Thursday, about 20 min, fits before 15:00" (carried-over ones
 * "carried over, …"; no lateness in red or in words that shout).
 */
export function nextReason(task: PlanTask, input: { now: Date; zone: string; workday: Workday; factor: number | null; busy: readonly Interval[] }): string {
  const parts: string[] = [taskReason(task, input.now, input.zone, input.factor)];
  const today = localDate(input.now, input.zone);
  const need = calibratedMinutes(task, input.factor);
  const window = workWindow(today, input.zone, input.workday);
  if (window && input.now >= window.start && input.now < window.end) {
    const free = minutes(window.end.getTime() - input.now.getTime()) - busyMinutesWithin(input.busy, input.now, window.end);
    if (need <= free) parts.push(`fits before ${at(window.end, input.zone).toFormat('HH:mm')}`);
  }
  return parts.join(', ');
}


// The calendar's layout rules, free of React (the Calendar page): the visible
// range of each view (only that range is fetched), which tasks fall on which day in the
// person's own zone, the month cell's first tasks and its '+N more', the week grid's placement,
// and the side panel's order. Days are ISO calendar dates ('2026-11-22') as in date-picker.ts;
// moments are ISO strings in UTC. Weeks start on Sunday. Zone arithmetic through ./time-zone.ts and
// ./zoned.ts (the platform's Intl: no luxon in the calendar's first load).
import { CALENDAR_MONTH_CELL_TASKS, CALENDAR_WEEK_MIN_MINUTES } from '@/lib/constants';
import { monthGrid, monthOf, startOfWeek, todayISO, type ISODate } from '@/lib/date-picker';
import { dayKey, startOfDayIn, zonedParts } from '@/lib/time-zone';
import { addDays, addMonths, dayTimeIn, MONTH_NAMES, monthShort, utcDate, WEEKDAY_NAMES } from '@/lib/zoned';

export type CalendarView = 'month' | 'week' | 'day';

/** The few task fields the calendar reads. */
export interface CalendarTask {
  id: string;
  title: string;
  dueDate: string | null;
  completed: boolean;
  color: string | null;
}

/** The days a view shows: the month's six full weeks, the week (Sunday first), or one day. */
export function visibleDays(view: CalendarView, anchor: ISODate): ISODate[] {
  if (view === 'month') {
    const { year, month } = monthOf(anchor);
    return monthGrid(year, month).flat().map((cell) => cell.date);
  }
  if (view === 'week') {
    const sunday = startOfWeek(anchor);
    return Array.from({ length: 7 }, (_, index) => addDays(sunday, index));
  }
  return [anchor];
}

/** Midnight at the start of a calendar day in `zone`, as an ISO moment in UTC. */
function startOfDayUtc(date: ISODate, zone: string): string {
  return startOfDayIn(date, zone).toISOString();
}

/**
 * The moments to ask the task list for: from the first visible day's midnight (inclusive) to
 * the midnight after the last visible day (exclusive), in the person's zone — the task router's
 * `from`/`to` filter on the due date, so a month never fetches every task.
 */
export function visibleRange(view: CalendarView, anchor: ISODate, zone: string): { from: string; to: string } {
  const days = visibleDays(view, anchor);
  return { from: startOfDayUtc(days[0]!, zone), to: startOfDayUtc(addDays(days[days.length - 1]!, 1), zone) };
}

/**
 * The range the page opens on: today's day (a phone, the server's guess from the request) or month,
 * in the account's zone. The server reads it with the page (src/app/(app)/calendar/page.tsx), and
 * the page's first render asks for the same, so the browser finds it in its cache.
 */
export function firstRange(phone: boolean, zone: string): { from: string; to: string } {
  return visibleRange(phone ? 'day' : 'month', todayISO(zone), zone);
}

/** The view's anchor moved one step back or forward: a month, a week or a day. */
export function shiftAnchor(view: CalendarView, anchor: ISODate, step: number): ISODate {
  if (view === 'month') return addMonths(anchor, step);
  return addDays(anchor, view === 'week' ? step * 7 : step);
}

const yearOf = (date: ISODate) => String(utcDate(date).getUTCFullYear()).padStart(4, '0');
const monthNumber = (date: ISODate) => utcDate(date).getUTCMonth() + 1;
const dayNumber = (date: ISODate) => utcDate(date).getUTCDate();
/** luxon's 'LLL d' in en-US: 'Nov 22'. */
const shortDay = (date: ISODate) => `${monthShort(monthNumber(date))} ${dayNumber(date)}`;

/** The heading of a view: 'November 2026', 'Nov 22 – 28, 2026', 'Sunday, November 22, 2026'. */
export function rangeTitle(view: CalendarView, anchor: ISODate): string {
  const month = MONTH_NAMES[monthNumber(anchor) - 1];
  if (view === 'month') return `${month} ${yearOf(anchor)}`;
  if (view === 'day') return `${WEEKDAY_NAMES[utcDate(anchor).getUTCDay()]}, ${month} ${dayNumber(anchor)}, ${yearOf(anchor)}`;
  const first = startOfWeek(anchor);
  const last = addDays(first, 6);
  if (yearOf(first) !== yearOf(last)) return `${shortDay(first)}, ${yearOf(first)} – ${shortDay(last)}, ${yearOf(last)}`;
  if (monthNumber(first) !== monthNumber(last)) return `${shortDay(first)} – ${shortDay(last)}, ${yearOf(last)}`;
  return `${shortDay(first)} – ${dayNumber(last)}, ${yearOf(last)}`;
}

/** The calendar day a task is due on in `zone`; null for an undated task. */
export function taskDay(task: Pick<CalendarTask, 'dueDate'>, zone: string): ISODate | null {
  if (!task.dueDate) return null;
  return dayKey(new Date(task.dueDate), zone);
}

const dueMillis = (task: CalendarTask) => (task.dueDate ? Date.parse(task.dueDate) : Number.POSITIVE_INFINITY);
const byDue = (a: CalendarTask, b: CalendarTask) => dueMillis(a) - dueMillis(b) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id);

/** Dated tasks grouped by their day in `zone`, each day's list sorted by due date. */
export function tasksByDay<T extends CalendarTask>(tasks: readonly T[], zone: string): Map<ISODate, T[]> {
  const days = new Map<ISODate, T[]>();
  for (const task of tasks) {
    const date = taskDay(task, zone);
    if (!date) continue;
    const list = days.get(date);
    if (list) list.push(task);
    else days.set(date, [task]);
  }
  for (const list of days.values()) list.sort(byDue);
  return days;
}

/**
 * The side panel's order for one day: open tasks first, then (under the 'Completed' divider)
 * the completed ones, each part by due date.
 */
export function dayTaskList<T extends CalendarTask>(tasks: readonly T[]): { open: T[]; completed: T[] } {
  const sorted = [...tasks].sort(byDue);
  return { open: sorted.filter((task) => !task.completed), completed: sorted.filter((task) => task.completed) };
}

/**
 * A month cell: its first tasks (open ones first, as in the side panel) and how many more there
 * are, for the '+N more' count.
 */
export function monthCell<T extends CalendarTask>(tasks: readonly T[], limit = CALENDAR_MONTH_CELL_TASKS): { shown: T[]; more: number } {
  const { open, completed } = dayTaskList(tasks);
  const ordered = [...open, ...completed];
  return { shown: ordered.slice(0, limit), more: Math.max(0, ordered.length - limit) };
}

export interface WeekPlacement<T extends CalendarTask = CalendarTask> {
  task: T;
  day: ISODate;
  hour: number;
  /** The due time's minutes within its hour (15 to 59). */
  minutes: number;
  /** Height as a share of the hour cell: minutes / 60. */
  heightFraction: number;
  /** Side by side with the other tasks placed in the same hour cell. */
  column: number;
  columns: number;
}

/**
 * The week grid (the rule: "In week cells a task is placed only if its due minutes are 15 or more,
 * with height proportional to the minutes"), read literally: a task sits in the cell of the
 * hour it is due in only when the minutes of its due time are at least
 * CALENDAR_WEEK_MIN_MINUTES, and its block runs from the top of that hour down to the due
 * moment (height minutes / 60 of the cell), so the block ends where the task is due. A task due
 * at 10:00-10:14 is not placed in a cell; so that it never disappears, the week view lists such
 * tasks in its day header (`unplaced`), and every task stays in the day's side panel.
 */
export function weekLayout<T extends CalendarTask>(
  tasks: readonly T[],
  days: readonly ISODate[],
  zone: string,
  minMinutes = CALENDAR_WEEK_MIN_MINUTES,
): { placed: WeekPlacement<T>[]; unplaced: Map<ISODate, T[]> } {
  const wanted = new Set(days);
  const cells = new Map<string, WeekPlacement<T>[]>();
  const unplaced = new Map<ISODate, T[]>(days.map((day) => [day, []]));
  for (const task of [...tasks].sort(byDue)) {
    if (!task.dueDate) continue;
    const due = zonedParts(new Date(task.dueDate), zone);
    const day = dayKey(new Date(task.dueDate), zone);
    if (!wanted.has(day)) continue;
    if (due.minute < minMinutes) {
      unplaced.get(day)!.push(task);
      continue;
    }
    const key = `${day}T${due.hour}`;
    const placement: WeekPlacement<T> = { task, day, hour: due.hour, minutes: due.minute, heightFraction: due.minute / 60, column: 0, columns: 1 };
    const cell = cells.get(key);
    if (cell) cell.push(placement);
    else cells.set(key, [placement]);
  }
  const placed: WeekPlacement<T>[] = [];
  for (const cell of cells.values()) {
    cell.forEach((placement, index) => placed.push({ ...placement, column: index, columns: cell.length }));
  }
  return { placed, unplaced };
}

/** The moment a day's hour begins in `zone` (a click on a week hour slot creates a task due then). */
export function dayAtHour(date: ISODate, hour: number, zone: string): Date {
  return dayTimeIn(date, hour, 0, zone);
}

/**
 * The due moment Create Task starts with for a picked day: the next full hour when the day is
 * today (at most 23:00), otherwise 09:00, in `zone`.
 */
export function defaultDueForDay(date: ISODate, zone: string, now: Date = new Date()): Date {
  if (dayKey(now, zone) === date) return dayAtHour(date, Math.min(23, zonedParts(now, zone).hour + 1), zone);
  return dayAtHour(date, 9, zone);
}

/** '9 AM', '12 PM', '3 PM': the week grid's hour labels. */
export function hourLabel(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve} ${suffix}`;
}

/** A task's due time of day in `zone`, e.g. '9:30 AM'. */
export function dueTimeLabel(task: Pick<CalendarTask, 'dueDate'>, zone: string): string {
  if (!task.dueDate) return '';
  const { hour, minute } = zonedParts(new Date(task.dueDate), zone);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The hour a day's moment falls in, in `zone` (the week grid's slot for a new task). */
export function hourIn(moment: Date, zone: string): number {
  return zonedParts(moment, zone).hour;
}

/** The view a width gets: the single-day view below the mobile breakpoint. */
export function viewForWidth(chosen: Exclude<CalendarView, 'day'>, width: number, breakpoint: number): CalendarView {
  return width < breakpoint ? 'day' : chosen;
}

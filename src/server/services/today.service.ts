// Your day (docs/api-contract.md, "Your day"): today's figures and lists, the fresh start
// (preview, apply in one transaction, undo once) and Just start's pick. The rules of planning
// are pure, in src/lib/day-plan.ts; this file reads and writes, every query scoped by user.
import type { Prisma } from '@/generated/prisma/client';
import { dayBounds, dayFigures, localDate, nextReason, proposeFreshStart, resolveDecision, type Interval, type Workday } from '@/lib/day-plan';
import { calibratedMinutes, firstStepOf, pickNext, STARTER_MINUTES, type FreshStartAction, type PlanTask } from '@/lib/just-start';
import { focusedMinutes } from '@/lib/session-stats';
import type { TDayLineInput, TDayLineOutput, TFreshStartInput, TNextOutput, TProposal, TTodayOutput } from '@/lib/schemas/today';
import { ZDayLineInput, ZFreshStartInput } from '@/lib/schemas/today';
import type { Db } from '@/server/db';
import { appError } from '@/server/errors';
import { beforeNextLabel, freeStretch } from '@/lib/free-time';
import { busyIntervals } from './busy-time.service';
import { userOverrunFactor } from './planning.service';
import { TASK_SELECT, taskNotFound, toApiDifficulty, toTaskOutput } from './task.service';

/** The most carried-over or due-today tasks one answer lists (as GET /api/tasks). */
const DAY_TASKS_MAX = 5000;
/** How far ahead the fresh start looks for days with room. */
const LOOK_AHEAD_DAYS = 14;

type Context = { now: Date; zone: string; workday: Workday; day: string; bounds: Interval; factor: number | null };

async function dayContext(db: Db, userId: string, now: Date): Promise<Context> {
  const [user, factor] = await Promise.all([
    db.user.findUnique({ where: { id: userId }, select: { timeZone: true, workdayStart: true, workdayEnd: true, workdayDays: true } }),
    userOverrunFactor(db, userId, now),
  ]);
  if (!user) throw appError('UNAUTHORIZED', 'Please sign in to continue');
  const zone = user.timeZone;
  const day = localDate(now, zone);
  return { now, zone, workday: { start: user.workdayStart, end: user.workdayEnd, days: user.workdayDays }, day, bounds: dayBounds(day, zone), factor };
}

/** What planning reads of a task (the preview needs no more: it answers ids, actions and dates). */
const PLAN_SELECT = {
  id: true,
  title: true,
  importance: true,
  difficulty: true,
  estimatedMinutes: true,
  focusedSeconds: true,
  dueDate: true,
  recurrence: true,
  createdAt: true,
} as const;

type TaskRow = Prisma.TaskGetPayload<{ select: typeof PLAN_SELECT }>;

function toPlanTask(row: TaskRow): PlanTask {
  return {
    id: row.id,
    title: row.title,
    importance: row.importance,
    difficulty: toApiDifficulty(row.difficulty),
    estimatedMinutes: row.estimatedMinutes,
    actualMinutes: Math.round(row.focusedSeconds / 60),
    dueDate: row.dueDate,
    recurrence: row.recurrence,
    createdAt: row.createdAt,
  };
}

const openWhere = (userId: string) => ({ userId, completed: false, letGoAt: null });

const dueWhere = (userId: string, from: Date | null, to: Date) => ({ ...openWhere(userId), dueDate: { ...(from && { gte: from }), lt: to } });
const dueOrder = [{ dueDate: 'asc' as const }, { createdAt: 'asc' as const }, { id: 'asc' as const }];

/** Open tasks, not let go, due in [from, to), soonest first, as Task answers. */
function dueBetween(db: Db, userId: string, from: Date | null, to: Date) {
  return db.task.findMany({ where: dueWhere(userId, from, to), orderBy: dueOrder, take: DAY_TASKS_MAX, select: TASK_SELECT });
}

/** The same, only what planning reads (the preview answers ids, actions and dates). */
function planBetween(db: Db, userId: string, from: Date | null, to: Date) {
  return db.task.findMany({ where: dueWhere(userId, from, to), orderBy: dueOrder, take: DAY_TASKS_MAX, select: PLAN_SELECT });
}

/** Minutes focused in sessions started today (as the sessions page counts them). */
async function focusedToday(db: Db, userId: string, context: Context): Promise<number> {
  const sessions = await db.session.findMany({
    where: { userId, startedAt: { gte: context.bounds.start, lt: context.bounds.end } },
    select: { id: true, startedAt: true, sessionDuration: true, tasksCompleted: { select: { id: true, completed: true, completedAt: true, completedInSessionId: true } } },
    take: 200,
  });
  return sessions.reduce(
    (sum, session) =>
      sum +
      focusedMinutes(
        { id: session.id, startedAt: session.startedAt.toISOString(), sessionDuration: session.sessionDuration },
        session.tasksCompleted.map((task) => ({ ...task, completedAt: task.completedAt?.toISOString() ?? null })),
      ),
    0,
  );
}

/** Today's figures from today's tasks and the busy time in the window. */
async function figuresOf(db: Db, userId: string, context: Context, today: readonly TaskRow[]) {
  const busy = await busyIntervals(db, userId, context.bounds.start, context.bounds.end);
  const figures = dayFigures({ now: context.now, zone: context.zone, workday: context.workday, todayTasks: today.map(toPlanTask), busy, factor: context.factor });
  return { figures, busy };
}

/** The free stretch from now to the next busy event (else the window's end), inside today's window. */
function stretchFrom(busy: readonly (Interval & { title?: string | null })[], now: Date, window: Interval | null) {
  if (!window || now < window.start || now >= window.end) return null;
  return freeStretch(busy.map((block) => ({ start: block.start, end: block.end, title: block.title ?? null })), now, window.end);
}

/** How far back the morning check-in looks for the last evening's line. */
const LAST_LINE_DAYS = 7;

/** The day lines of today and the week before it, newest first. */
function recentLines(db: Db, userId: string, day: string) {
  return db.dayLine.findMany({
    where: { userId, date: { gte: shiftDay(day, -LAST_LINE_DAYS), lte: day } },
    orderBy: { date: 'desc' },
    select: { date: true, line: true },
  });
}

/** The newest line about a day before `day`, if any. */
function earlierLine(lines: readonly { date: string; line: string }[], day: string): { date: string; line: string } | null {
  const row = lines.find((candidate) => candidate.date < day);
  return row ? { date: row.date, line: row.line } : null;
}

/** 'YYYY-MM-DD' `days` later (earlier when negative), on the calendar (no zone involved). */
function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** GET /api/today. */
export async function getToday(db: Db, userId: string, now = new Date()): Promise<TTodayOutput> {
  const context = await dayContext(db, userId, now);
  const [carried, today, focused, completedToday, lines] = await Promise.all([
    dueBetween(db, userId, null, context.bounds.start),
    dueBetween(db, userId, context.bounds.start, context.bounds.end),
    focusedToday(db, userId, context),
    db.task.count({ where: { userId, completed: true, completedAt: { gte: context.bounds.start, lt: context.bounds.end } } }),
    recentLines(db, userId, context.day),
  ]);
  const { figures, busy } = await figuresOf(db, userId, context, today);
  return {
    date: context.day,
    window: figures.window ? { start: figures.window.start.toISOString(), end: figures.window.end.toISOString() } : null,
    plannedMinutes: figures.plannedMinutes,
    focusedMinutes: focused,
    completedToday,
    busyMinutes: figures.busyMinutes,
    freeMinutes: figures.freeMinutes,
    overMinutes: figures.overMinutes,
    freeUntil: (() => {
      const stretch = stretchFrom(busy, context.now, figures.window);
      return stretch ? { until: stretch.until.toISOString(), minutes: stretch.minutes, nextEvent: stretch.next?.title ?? null } : null;
    })(),
    line: lines.find((row) => row.date === context.day)?.line ?? null,
    lastLine: earlierLine(lines, context.day),
    carriedOver: carried.map(toTaskOutput),
    today: today.map(toTaskOutput),
  };
}

/** POST /api/today/fresh-start/preview: a proposal for every carried-over task; writes nothing. */
export async function previewFreshStart(db: Db, userId: string, now = new Date()): Promise<{ proposals: TProposal[] }> {
  const context = await dayContext(db, userId, now);
  const aheadEnd = new Date(context.bounds.end.getTime() + LOOK_AHEAD_DAYS * 86_400_000);
  const [carried, today, coming] = await Promise.all([
    planBetween(db, userId, null, context.bounds.start),
    planBetween(db, userId, context.bounds.start, context.bounds.end),
    db.task.findMany({
      where: { ...openWhere(userId), dueDate: { gte: context.bounds.end, lt: aheadEnd } },
      select: { dueDate: true, estimatedMinutes: true, difficulty: true, focusedSeconds: true },
      take: DAY_TASKS_MAX,
    }),
  ]);
  const { figures } = await figuresOf(db, userId, context, today);
  const plannedByDay = new Map<string, number>();
  for (const task of coming) {
    const key = localDate(task.dueDate!, context.zone);
    const need = calibratedMinutes({ estimatedMinutes: task.estimatedMinutes, difficulty: toApiDifficulty(task.difficulty), actualMinutes: Math.round(task.focusedSeconds / 60) }, context.factor);
    plannedByDay.set(key, (plannedByDay.get(key) ?? 0) + need);
  }
  const proposals = proposeFreshStart({
    now,
    zone: context.zone,
    workday: context.workday,
    tasks: carried.map(toPlanTask),
    factor: context.factor,
    freeToday: figures.freeMinutes,
    plannedByDay,
  });
  return { proposals };
}

type DayFields = { dueDate: string | null; letGoAt: string | null; recurrence: string | null };
type Change = { taskId: string; action: FreshStartAction; before: DayFields; after: DayFields };

const iso = (date: Date | null) => date?.toISOString() ?? null;
const fieldsOf = (row: { dueDate: Date | null; letGoAt: Date | null; recurrence: string | null }): DayFields => ({
  dueDate: iso(row.dueDate),
  letGoAt: iso(row.letGoAt),
  recurrence: row.recurrence,
});
const sameFields = (a: DayFields, b: DayFields) => a.dueDate === b.dueDate && a.letGoAt === b.letGoAt && a.recurrence === b.recurrence;

/**
 * POST /api/today/fresh-start: applies the decisions in one transaction. Every task must be one
 * of the user's own (else 404 and nothing changes); a task completed meanwhile is left as it is.
 * What each task had before is stored with the fresh start, for its undo.
 */
export async function applyFreshStart(db: Db, userId: string, input: TFreshStartInput, now = new Date()): Promise<{ id: string; changed: number }> {
  const { decisions } = ZFreshStartInput.parse(input);
  const context = await dayContext(db, userId, now);
  return db.$transaction(async (tx) => {
    const ids = decisions.map((decision) => decision.taskId);
    // Locked for the transaction: a concurrent edit waits, and what is stored as "before" is what it overwrites.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Task" WHERE "userId" = ${userId} AND "id" = ANY(${ids}) FOR UPDATE`;
    if (locked.length !== ids.length) throw taskNotFound();
    const rows = await tx.task.findMany({ where: { userId, id: { in: ids } }, select: { id: true, completed: true, dueDate: true, letGoAt: true, recurrence: true } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const changes: Change[] = [];
    for (const decision of decisions) {
      const row = byId.get(decision.taskId)!;
      if (row.completed) continue;
      const after = resolveDecision(row, decision.action, context, decision.dueDate ? new Date(decision.dueDate) : undefined);
      const change: Change = { taskId: row.id, action: decision.action, before: fieldsOf(row), after: fieldsOf(after) };
      if (sameFields(change.before, change.after)) continue;
      await tx.task.update({ where: { id: row.id }, data: { dueDate: after.dueDate, letGoAt: after.letGoAt, recurrence: after.recurrence } });
      changes.push(change);
    }
    const record = await tx.freshStart.create({ data: { userId, changes: changes as unknown as Prisma.InputJsonValue }, select: { id: true } });
    return { id: record.id, changed: changes.length };
  });
}

const freshStartNotFound = () => appError('NOT_FOUND', 'Fresh start not found');

/**
 * POST /api/today/fresh-start/{id}/undo: every field the fresh start changed is put back as it
 * was (due date to the instant, so across a DST change too; a repeating task's occurrence and
 * its rule; let go or not), in one transaction. Another user's id: 404; a second undo: 409.
 */
export async function undoFreshStart(db: Db, userId: string, id: string, now = new Date()): Promise<{ restored: number }> {
  return db.$transaction(async (tx) => {
    const record = await tx.freshStart.findFirst({ where: { id, userId }, select: { id: true, changes: true } });
    if (!record) throw freshStartNotFound();
    const claimed = await tx.freshStart.updateMany({ where: { id, userId, undoneAt: null }, data: { undoneAt: now } });
    if (claimed.count === 0) throw appError('CONFLICT', 'This fresh start was already undone');
    let restored = 0;
    for (const change of record.changes as unknown as Change[]) {
      const { before } = change;
      const result = await tx.task.updateMany({
        where: { id: change.taskId, userId },
        data: { dueDate: before.dueDate ? new Date(before.dueDate) : null, letGoAt: before.letGoAt ? new Date(before.letGoAt) : null, recurrence: before.recurrence },
      });
      restored += result.count;
    }
    return { restored };
  });
}

/**
 * GET /api/today/next: one open top-level task to start now (not let go, not skipped), its first
 * step (its first open subtask, else its own first-step line, else a starter line: firstStepOf;
 * no AI, so it works offline and on Free),
 * one line saying why, and the starter's minutes.
 */
export async function nextTask(db: Db, userId: string, skip: readonly string[], now = new Date()): Promise<TNextOutput> {
  const context = await dayContext(db, userId, now);
  const rows = await db.task.findMany({
    where: { ...openWhere(userId), parentTaskId: null, ...(skip.length > 0 && { id: { notIn: [...skip] } }) },
    orderBy: [{ dueDate: { sort: 'asc', nulls: 'last' } }, { createdAt: 'asc' }, { id: 'asc' }],
    take: 200,
    select: TASK_SELECT,
  });
  const picked = pickNext(rows.map(toPlanTask), new Set(skip), context.factor);
  if (!picked) return { task: null, firstStep: null, firstStepTaskId: null, reason: skip.length > 0 ? 'Nothing else is open right now.' : 'Nothing is open right now.', minutes: STARTER_MINUTES };
  const row = rows.find((candidate) => candidate.id === picked.id)!;
  const [step, busy] = await Promise.all([
    db.task.findFirst({
      where: { userId, parentTaskId: row.id, completed: false, letGoAt: null },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, title: true },
    }),
    busyIntervals(db, userId, now, context.bounds.end),
  ]);
  // Sized to the gap before the next calendar event: "you have 70 min before Standup".
  const stretch = freeStretch(busy.map((block) => ({ start: block.start, end: block.end, title: block.title ?? null })), now, context.bounds.end);
  const before = stretch ? beforeNextLabel(stretch) : null;
  const reason = nextReason(picked, { now, zone: context.zone, workday: context.workday, factor: context.factor, busy });
  return {
    task: toTaskOutput(row),
    ...firstStepOf(row, step),
    reason: before ? `${reason}, ${before}` : reason,
    minutes: stretch?.next && stretch.minutes >= 1 ? Math.min(STARTER_MINUTES, stretch.minutes) : STARTER_MINUTES,
  };
}

/**
 * PUT /api/today/line: the evening check-in's one line about a day (default today, in the
 * account's zone), kept per account and day; an empty line removes it. A day after today: 400.
 */
export async function setDayLine(db: Db, userId: string, input: TDayLineInput, now = new Date()): Promise<TDayLineOutput> {
  const data = ZDayLineInput.parse(input);
  const user = await db.user.findUnique({ where: { id: userId }, select: { timeZone: true } });
  if (!user) throw appError('UNAUTHORIZED', 'Please sign in to continue');
  const today = localDate(now, user.timeZone);
  const date = data.date ?? today;
  if (date > today) throw appError('BAD_REQUEST', 'A line can be kept for today or a day before, not a day to come');
  if (!data.line) {
    await db.dayLine.deleteMany({ where: { userId, date } });
    return { date, line: null };
  }
  const row = await db.dayLine.upsert({
    where: { userId_date: { userId, date } },
    create: { userId, date, line: data.line },
    update: { line: data.line },
    select: { date: true, line: true },
  });
  return row;
}

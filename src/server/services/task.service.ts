// Tasks: the rules and docs/api-contract.md. Every query is scoped by userId, every list
// is one bounded, indexed query, and creating a task counts against the plan in the same
// transaction as the insert (usage.service). Rows are turned into the API's JSON shape here
// (ISO dates, 'Very Hard').
import type { Task } from '@/generated/prisma/client';
import { Difficulty as DbDifficulty } from '@/generated/prisma/enums';
import type { Difficulty } from '@/lib/constants';
import {
  TASK_LIST_MAX,
  TASK_PAGE_DEFAULT,
  ZCompleteTaskInput,
  ZCreateTaskInput,
  ZListTasksInput,
  ZPatchTaskInput,
  ZUpdateTaskInput,
  type TTaskCountsOutput,
  type TTaskDraft,
  type TTaskOutput,
  type TTaskPage,
} from '@/lib/schemas/task';
import { appError } from '@/server/errors';
import { inSqlTransaction, poolOf, UTC_TYPES, type Db, type SqlClient } from '@/server/db';
import { newId } from '@/server/db/ids';
import { nextOccurrence } from '@/lib/recurrence';
import { NO_TITLE, parseQuickCapture } from '@/lib/quick-capture';
import { runIdempotent } from './idempotency.service';
import { meterUsage, meterUsageSql, type Tx } from './usage.service';
import type { z } from 'zod';

export type OwnTask = Pick<Task, 'id' | 'userId' | 'parentTaskId' | 'completed' | 'completedAt' | 'completedInSessionId' | 'recurrence'>;

/** The columns a Task answer needs (userId and updatedAt stay inside). */
export const TASK_SELECT = {
  id: true,
  title: true,
  description: true,
  importance: true,
  difficulty: true,
  dueDate: true,
  completed: true,
  completedAt: true,
  createdAt: true,
  sessionId: true,
  completedInSessionId: true,
  parentTaskId: true,
  isAiGenerated: true,
  color: true,
  recurrence: true,
  estimatedMinutes: true,
  focusedSeconds: true,
} as const;

type TaskRow = Pick<Task, keyof typeof TASK_SELECT>;

export function toApiDifficulty(value: DbDifficulty): Difficulty {
  return value === DbDifficulty.VeryHard ? 'Very Hard' : value;
}

export function toDbDifficulty(value: Difficulty): DbDifficulty {
  return value === 'Very Hard' ? DbDifficulty.VeryHard : value;
}

export function toTaskOutput(row: TaskRow): TTaskOutput {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    importance: row.importance,
    difficulty: toApiDifficulty(row.difficulty),
    dueDate: row.dueDate?.toISOString() ?? null,
    completed: row.completed,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    sessionId: row.sessionId,
    completedInSessionId: row.completedInSessionId,
    parentTaskId: row.parentTaskId,
    isAiGenerated: row.isAiGenerated,
    color: row.color,
    recurrence: row.recurrence,
    estimatedMinutes: row.estimatedMinutes,
    actualMinutes: Math.round(row.focusedSeconds / 60),
  };
}

const toDate = (value: string | null | undefined) => (value == null ? null : new Date(value));

export const taskNotFound = () => appError('NOT_FOUND', 'Task not found');
export const sessionNotFound = () => appError('NOT_FOUND', 'Session not found');

/** The user's task or 404 (another user's id is indistinguishable from a missing one). */
export async function getOwnTask(db: Db | Tx, userId: string, id: string): Promise<OwnTask> {
  const pool = poolOf(db);
  const task = pool
    ? (
        await pool.query<OwnTask>({
          name: 'onething-own-task',
          text: 'SELECT "id", "userId", "parentTaskId", "completed", "completedAt", "completedInSessionId", "recurrence" FROM "Task" WHERE "id" = $1 AND "userId" = $2',
          values: [id, userId],
          types: UTC_TYPES,
        })
      ).rows[0]
    : await db.task.findFirst({
        where: { id, userId },
        select: { id: true, userId: true, parentTaskId: true, completed: true, completedAt: true, completedInSessionId: true, recurrence: true },
      });
  if (!task) throw taskNotFound();
  return task;
}

async function assertOwnSession(db: Db | Tx, userId: string, sessionId: string): Promise<void> {
  const session = await db.session.findFirst({ where: { id: sessionId, userId }, select: { id: true } });
  if (!session) throw sessionNotFound();
}

/**
 * GET /api/tasks: all the user's tasks, subtasks included (flat), open ones first, then by due
 * date (undated last) and creation; at most TASK_LIST_MAX rows. Optional filters serve the
 * calendar (`from`/`to` on the due date) and the completed/open lists.
 */
export async function listTasks(db: Db, userId: string, input: z.output<typeof ZListTasksInput> = {}): Promise<TTaskOutput[]> {
  const pool = poolOf(db);
  if (pool) return listTasksSql(pool, userId, input);
  const completed = completedFilter(input);
  const rows = await db.task.findMany({
    where: { userId, ...(completed !== undefined && { completed }), ...dueDateFilter(input) },
    orderBy: [{ completed: 'asc' }, { dueDate: { sort: 'asc', nulls: 'last' } }, { createdAt: 'asc' }, { id: 'asc' }],
    take: TASK_LIST_MAX,
    select: TASK_SELECT,
  });
  return rows.map(toTaskOutput);
}

const TASK_COLUMNS = Object.keys(TASK_SELECT)
  .map((column) => `"${column}"`)
  .join(', ');

/** A timestamp parameter as the `timestamp` (UTC wall-clock) columns hold it. */
const utcParam = (iso: string) => new Date(iso).toISOString().replace('Z', '');

/**
 * The same query as the Prisma one above, through node-postgres: the task list is the largest
 * answer on the hot path, and Prisma's row mapping cost more than the query itself (profiled).
 * src/server/services/task.service.test.ts checks both give the same answer.
 */
export async function listTasksSql(pool: NonNullable<ReturnType<typeof poolOf>>, userId: string, input: z.output<typeof ZListTasksInput> = {}): Promise<TTaskOutput[]> {
  const values: unknown[] = [userId];
  let where = '"userId" = $1';
  const completed = completedFilter(input);
  if (completed !== undefined) where += ` AND "completed" = $${values.push(completed)}`;
  if (input.from) where += ` AND "dueDate" >= $${values.push(utcParam(input.from))}`;
  if (input.to) where += ` AND "dueDate" < $${values.push(utcParam(input.to))}`;
  const { rows } = await pool.query<TaskRow>({
    text: `SELECT ${TASK_COLUMNS} FROM "Task" WHERE ${where}
      ORDER BY "completed" ASC, "dueDate" ASC NULLS LAST, "createdAt" ASC, "id" ASC LIMIT ${TASK_LIST_MAX}`,
    values,
    types: UTC_TYPES,
  });
  return rows.map(toTaskOutput);
}

type ListInput = z.output<typeof ZListTasksInput>;

/** `status` and its older spelling `completed` (both may be sent, if they agree). */
function completedFilter(input: ListInput): boolean | undefined {
  const fromStatus = input.status === undefined ? undefined : input.status === 'completed';
  if (fromStatus !== undefined && input.completed !== undefined && fromStatus !== input.completed) {
    throw appError('BAD_REQUEST', 'status and completed ask for different tasks; send one of them');
  }
  return fromStatus ?? input.completed;
}

function dueDateFilter(input: ListInput) {
  if (!input.from && !input.to) return {};
  return { dueDate: { ...(input.from && { gte: new Date(input.from) }), ...(input.to && { lt: new Date(input.to) }) } };
}

/**
 * A cursor names the last task of a page by its sort key and id (keyset paging: a page costs
 * the same however deep into the history it is, and tasks added or removed meanwhile neither
 * repeat nor skip a row). Completed-only pages go newest completion first, all others oldest
 * creation first; the cursor records which order it belongs to.
 */
type Cursor = { order: 'completedAt' | 'createdAt'; at: Date | null; id: string };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.order === 'completedAt' ? 'd' : 'c', cursor.at?.toISOString() ?? null, cursor.id])).toString('base64url');
}

const badCursor = () => appError('BAD_REQUEST', 'Invalid cursor: send back the nextCursor of a page, with the same filters');

function decodeCursor(text: string, order: Cursor['order']): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw badCursor();
  const [kind, at, id] = parsed as unknown[];
  if (kind !== (order === 'completedAt' ? 'd' : 'c') || typeof id !== 'string' || id.length === 0 || id.length > 64) throw badCursor();
  if (at !== null && (typeof at !== 'string' || Number.isNaN(Date.parse(at)))) throw badCursor();
  if (at === null && order === 'createdAt') throw badCursor();
  return { order, at: at === null ? null : new Date(at), id };
}

/**
 * GET /api/tasks with `limit` or `cursor`: one page `{ items, nextCursor }` of the same filters.
 * Completed tasks (status=completed) come newest completion first (the history, read
 * backwards); a completed task without a completion time sorts before them. Any other page
 * goes in creation order, oldest first. Uses the (userId, completed, completedAt, id) and
 * (userId, createdAt) indexes, so a page's cost does not grow with the history.
 */
export async function listTaskPage(db: Db, userId: string, input: ListInput): Promise<TTaskPage> {
  const completed = completedFilter(input);
  const order: Cursor['order'] = completed === true ? 'completedAt' : 'createdAt';
  const limit = input.limit ?? TASK_PAGE_DEFAULT;
  const cursor = input.cursor ? decodeCursor(input.cursor, order) : null;
  let after = {};
  if (cursor && order === 'completedAt') {
    // DESC NULLS FIRST, then id DESC: the rows after (at, id).
    after = cursor.at
      ? { OR: [{ completedAt: { lt: cursor.at } }, { completedAt: cursor.at, id: { lt: cursor.id } }] }
      : { OR: [{ completedAt: null, id: { lt: cursor.id } }, { completedAt: { not: null } }] };
  } else if (cursor) {
    after = { OR: [{ createdAt: { gt: cursor.at! } }, { createdAt: cursor.at!, id: { gt: cursor.id } }] };
  }
  const rows = await db.task.findMany({
    where: { userId, ...(completed !== undefined && { completed }), ...dueDateFilter(input), ...after },
    orderBy:
      order === 'completedAt'
        ? [{ completedAt: { sort: 'desc', nulls: 'first' } }, { id: 'desc' }]
        : [{ createdAt: 'asc' }, { id: 'asc' }],
    take: limit + 1,
    select: TASK_SELECT,
  });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeCursor({ order, at: order === 'completedAt' ? last.completedAt : last.createdAt, id: last.id }) : null;
  return { items: items.map(toTaskOutput), nextCursor };
}

/** GET /api/tasks/counts: how many open and completed tasks (for the dashboard's figures). */
export async function taskCounts(db: Db, userId: string): Promise<TTaskCountsOutput> {
  // One row kept by a trigger on "Task" (prisma/schema.prisma, TaskCount): counting the rows
  // instead cost the dashboard 25% of its throughput at 10,000 tasks (bench/results.md).
  const row = await db.taskCount.findUnique({ where: { userId }, select: { open: true, completed: true } });
  return { open: row?.open ?? 0, completed: row?.completed ?? 0 };
}

/** GET /api/tasks/current: the first open top-level task by due date, undated last. */
export async function currentTask(db: Db, userId: string): Promise<TTaskOutput | null> {
  const row = await db.task.findFirst({
    where: { userId, completed: false, parentTaskId: null },
    orderBy: [{ dueDate: { sort: 'asc', nulls: 'last' } }, { createdAt: 'asc' }, { id: 'asc' }],
    select: TASK_SELECT,
  });
  return row ? toTaskOutput(row) : null;
}

/**
 * POST /api/tasks. A subtask's parent must be one of the user's own top-level tasks (404 for
 * a missing or foreign one, 400 for a subtask). Every created task counts, subtasks and
 * AI-suggested ones too, in the same transaction as the insert.
 */
export async function createTask(db: Db, userId: string, input: z.output<typeof ZCreateTaskInput>, now = new Date(), idempotencyKey?: string): Promise<TTaskOutput> {
  const pool = poolOf(db);
  if (pool && idempotencyKey) {
    return runIdempotent(pool, userId, idempotencyKey, { operation: 'task.create', input }, (client) => createTaskSql(client, userId, input, now), now);
  }
  if (pool) return inSqlTransaction(pool, (client) => createTaskSql(client, userId, input, now));
  const row = await db.$transaction(async (tx) => {
    if (input.parentTaskId) {
      const parent = await tx.task.findFirst({ where: { id: input.parentTaskId, userId }, select: { parentTaskId: true } });
      if (!parent) throw taskNotFound();
      if (parent.parentTaskId) throw appError('BAD_REQUEST', 'A subtask cannot have subtasks of its own');
    }
    if (input.parentTaskId && input.recurrence) throw appError('BAD_REQUEST', SUBTASK_REPEATS);
    if (input.sessionId) await assertOwnSession(tx, userId, input.sessionId);
    await meterUsage(tx, userId, 'tasks', now);
    return tx.task.create({
      data: {
        userId,
        title: input.title,
        description: input.description ?? null,
        importance: input.importance,
        difficulty: toDbDifficulty(input.difficulty),
        dueDate: toDate(input.dueDate),
        color: input.color ?? null,
        parentTaskId: input.parentTaskId ?? null,
        isAiGenerated: input.isAiGenerated,
        sessionId: input.sessionId ?? null,
        recurrence: input.recurrence ?? null,
        estimatedMinutes: input.estimatedMinutes ?? null,
      },
      select: TASK_SELECT,
    });
  });
  return toTaskOutput(row);
}

/**
 * POST /api/tasks through node-postgres: the same checks, count and insert as the Prisma
 * transaction above, in one transaction on one connection. Through Prisma's interactive
 * transaction a task cost ~180 kB of allocations (sampled heap profile); task.service.test.ts checks both
 * paths create the same task and count it the same, the limit included.
 */
async function createTaskSql(client: SqlClient, userId: string, input: z.output<typeof ZCreateTaskInput>, now: Date): Promise<TTaskOutput> {
    if (input.parentTaskId) {
      const { rows } = await client.query<{ parentTaskId: string | null }>({
        text: 'SELECT "parentTaskId" FROM "Task" WHERE "id" = $1 AND "userId" = $2',
        values: [input.parentTaskId, userId],
      });
      if (!rows[0]) throw taskNotFound();
      if (rows[0].parentTaskId) throw appError('BAD_REQUEST', 'A subtask cannot have subtasks of its own');
    }
    if (input.parentTaskId && input.recurrence) throw appError('BAD_REQUEST', SUBTASK_REPEATS);
    if (input.sessionId) {
      const { rowCount } = await client.query({ text: 'SELECT 1 FROM "Session" WHERE "id" = $1 AND "userId" = $2', values: [input.sessionId, userId] });
      if (!rowCount) throw sessionNotFound();
    }
    await meterUsageSql(client, userId, 'tasks', now);
    const stamp = utcParam(new Date().toISOString());
    const { rows } = await client.query<TaskRow>({
      name: 'onething-create-task',
      text: `INSERT INTO "Task" ("id", "userId", "title", "description", "importance", "difficulty", "dueDate", "color", "parentTaskId", "isAiGenerated", "sessionId", "createdAt", "updatedAt", "recurrence", "estimatedMinutes")
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14) RETURNING ${TASK_COLUMNS}`,
      values: [
        newId(),
        userId,
        input.title,
        input.description ?? null,
        input.importance,
        input.difficulty,
        input.dueDate ? utcParam(input.dueDate) : null,
        input.color ?? null,
        input.parentTaskId ?? null,
        input.isAiGenerated,
        input.sessionId ?? null,
        stamp,
        input.recurrence ?? null,
        input.estimatedMinutes ?? null,
      ],
      types: UTC_TYPES,
    });
    return toTaskOutput(rows[0]!);
}

/** PUT /api/tasks/{id}: replaces the edit form's fields (see ZUpdateTaskInput). */
export async function updateTask(db: Db, task: OwnTask, input: z.output<typeof ZUpdateTaskInput>, now = new Date()): Promise<TTaskOutput> {
  const changes: TaskChanges = {
    title: input.title,
    description: input.description ?? null,
    importance: input.importance,
    difficulty: input.difficulty,
    dueDate: toDate(input.dueDate),
    ...(input.color !== undefined && { color: input.color }),
    ...(input.recurrence !== undefined && { recurrence: input.recurrence }),
    ...(input.estimatedMinutes !== undefined && { estimatedMinutes: input.estimatedMinutes }),
  };
  if (changes.recurrence && task.parentTaskId) throw appError('BAD_REQUEST', SUBTASK_REPEATS);
  const pool = poolOf(db);
  if (pool && task.recurrence && input.applyTo === 'this') return inSqlTransaction(pool, (client) => editOneOccurrenceSql(client, task, changes, now));
  if (pool) return changeTaskSql(pool, task, changes);
  const { difficulty, ...rest } = changes;
  const row = await db.task.update({
    where: { id: task.id, userId: task.userId },
    data: { ...rest, ...(difficulty !== undefined && { difficulty: toDbDifficulty(difficulty) }) },
    select: TASK_SELECT,
  });
  return toTaskOutput(row);
}

/** PATCH /api/tasks/{id}: only the fields sent; `completed: false` reopens. */
export async function patchTask(db: Db, task: OwnTask, input: z.output<typeof ZPatchTaskInput>, now = new Date(), idempotencyKey?: string): Promise<TTaskOutput> {
  if (input.completedAt !== undefined && input.completed === undefined) {
    throw appError('BAD_REQUEST', 'completedAt can only be sent together with completed');
  }
  if (input.completed === false && input.completedAt) {
    throw appError('BAD_REQUEST', 'A reopened task cannot have a completedAt');
  }
  let completion: TaskChanges = {};
  if (input.completed === false) completion = { completed: false, completedAt: null, completedInSessionId: null };
  if (input.completed === true) {
    completion = task.completed && input.completedAt === undefined ? {} : { completed: true, completedAt: toDate(input.completedAt) ?? now };
  }
  const edits: TaskChanges = {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.importance !== undefined && { importance: input.importance }),
    ...(input.difficulty !== undefined && { difficulty: input.difficulty }),
    ...(input.dueDate !== undefined && { dueDate: toDate(input.dueDate) }),
    ...(input.color !== undefined && { color: input.color }),
    ...(input.recurrence !== undefined && { recurrence: input.recurrence }),
    ...(input.estimatedMinutes !== undefined && { estimatedMinutes: input.estimatedMinutes }),
  };
  if (edits.recurrence && task.parentTaskId) throw appError('BAD_REQUEST', SUBTASK_REPEATS);
  const changes: TaskChanges = { ...edits, ...completion };
  const pool = poolOf(db);
  const splits = task.recurrence && input.applyTo === 'this' && Object.keys(edits).length > 0;
  const write = async (client: SqlClient) => {
    if (splits) return editOneOccurrenceSql(client, task, changes, now);
    return completion.completed ? completeInSeriesSql(client, task, changes, now) : changeTaskSql(client, task, changes);
  };
  if (pool && idempotencyKey) {
    return runIdempotent(pool, task.userId, idempotencyKey, { operation: 'task.patch', target: task.id, input }, write, now);
  }
  if (pool && (splits || (task.recurrence && completion.completed))) return inSqlTransaction(pool, write);
  if (pool) return changeTaskSql(pool, task, changes);
  if (task.recurrence) throw appError('SERVICE_UNAVAILABLE', 'Repeating tasks need the database pool');
  const { difficulty, ...rest } = changes;
  const row = await db.task.update({
    where: { id: task.id, userId: task.userId },
    data: { ...rest, ...(difficulty !== undefined && { difficulty: toDbDifficulty(difficulty) }) },
    select: TASK_SELECT,
  });
  return toTaskOutput(row);
}

/** Columns a PATCH may change, with the API's values (difficulty 'Very Hard' is also its SQL label). */
type TaskChanges = Partial<{
  title: string;
  description: string | null;
  importance: TTaskOutput['importance'];
  difficulty: Difficulty;
  dueDate: Date | null;
  color: string | null;
  completed: boolean;
  completedAt: Date | null;
  completedInSessionId: string | null;
  recurrence: string | null;
  estimatedMinutes: number | null;
}>;

/**
 * PATCH /api/tasks/{id} through node-postgres: one UPDATE ... RETURNING of the columns sent
 * (updatedAt as Prisma's @updatedAt would set it). Through Prisma the update allocated ~40 kB
 * per request on the hot path (sampled heap profile); task.service.test.ts checks both paths answer the same.
 */
async function changeTaskSql(pool: NonNullable<ReturnType<typeof poolOf>> | SqlClient, task: OwnTask, changes: TaskChanges): Promise<TTaskOutput> {
  const values: unknown[] = [task.id, task.userId, utcParam(new Date().toISOString())];
  const sets = ['"updatedAt" = $3'];
  // The column names come from TaskChanges' keys (code), never from the request.
  for (const [column, value] of Object.entries(changes)) {
    sets.push(`"${column}" = $${values.push(value instanceof Date ? utcParam(value.toISOString()) : value)}`);
  }
  const { rows } = await pool.query<TaskRow>({
    text: `UPDATE "Task" SET ${sets.join(', ')} WHERE "id" = $1 AND "userId" = $2 RETURNING ${TASK_COLUMNS}`,
    values,
    types: UTC_TYPES,
  });
  if (!rows[0]) throw taskNotFound();
  return toTaskOutput(rows[0]);
}

export const SUBTASK_REPEATS = 'Only a top-level task can repeat; its subtasks come along with each occurrence';

type SeriesRow = {
  id: string;
  userId: string;
  title: string;
  description: string | null;
  importance: string;
  difficulty: string;
  dueDate: Date | null;
  color: string | null;
  completed: boolean;
  completedInSessionId: string | null;
  parentTaskId: string | null;
  isAiGenerated: boolean;
  recurrence: string | null;
  estimatedMinutes: number | null;
  timeZone: string;
};

/**
 * Locks the task's row for the rest of the transaction: concurrent completes of one occurrence
 * (on any app instance) queue here, and the second one sees it completed.
 */
async function lockTaskSql(client: SqlClient, task: OwnTask): Promise<SeriesRow> {
  const { rows } = await client.query<SeriesRow>({
    text: `SELECT t."id", t."userId", t."title", t."description", t."importance", t."difficulty", t."dueDate", t."color", t."completed",
        t."completedInSessionId", t."parentTaskId", t."isAiGenerated", t."recurrence", t."estimatedMinutes", u."timeZone"
      FROM "Task" t JOIN "User" u ON u."id" = t."userId" WHERE t."id" = $1 AND t."userId" = $2 FOR UPDATE OF t`,
    values: [task.id, task.userId],
    types: UTC_TYPES,
  });
  if (!rows[0]) throw taskNotFound();
  return rows[0];
}

/**
 * The occurrence after `row`, created once: counted against the task limit like any create (in
 * the caller's transaction), with the subtasks copied uncompleted and their due dates moved
 * along. The unique previousOccurrenceId makes a second creation impossible even if the row
 * lock were bypassed; reopening and completing again creates nothing new.
 */
async function createNextOccurrenceSql(client: SqlClient, row: SeriesRow, now: Date, from?: { recurrence: string }): Promise<void> {
  const recurrence = from?.recurrence ?? row.recurrence;
  if (!recurrence || row.parentTaskId) return;
  const { rowCount: exists } = await client.query({ text: 'SELECT 1 FROM "Task" WHERE "previousOccurrenceId" = $1', values: [row.id] });
  if (exists) return;
  const next = nextOccurrence(recurrence, row.dueDate, row.timeZone, now);
  if (!next) return;
  await meterUsageSql(client, row.userId, 'tasks', now);
  const stamp = utcParam(new Date().toISOString());
  const nextId = newId();
  const { rowCount } = await client.query({
    text: `INSERT INTO "Task" ("id", "userId", "title", "description", "importance", "difficulty", "dueDate", "color", "isAiGenerated", "recurrence",
        "estimatedMinutes", "previousOccurrenceId", "createdAt", "updatedAt")
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) ON CONFLICT ("previousOccurrenceId") DO NOTHING`,
    values: [nextId, row.userId, row.title, row.description, row.importance, row.difficulty, utcParam(next.dueDate.toISOString()), row.color, row.isAiGenerated,
      next.recurrence, row.estimatedMinutes, row.id, stamp],
  });
  if (!rowCount) return;
  const shift = row.dueDate ? next.dueDate.getTime() - row.dueDate.getTime() : 0;
  const { rows: subtasks } = await client.query<SeriesRow>({
    text: `SELECT "title", "description", "importance", "difficulty", "dueDate", "color", "isAiGenerated", "estimatedMinutes"
      FROM "Task" WHERE "parentTaskId" = $1 AND "userId" = $2 ORDER BY "createdAt", "id"`,
    values: [row.id, row.userId],
    types: UTC_TYPES,
  });
  for (const subtask of subtasks) {
    await meterUsageSql(client, row.userId, 'tasks', now);
    await client.query({
      text: `INSERT INTO "Task" ("id", "userId", "title", "description", "importance", "difficulty", "dueDate", "color", "isAiGenerated", "estimatedMinutes",
          "parentTaskId", "createdAt", "updatedAt")
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
      values: [newId(), row.userId, subtask.title, subtask.description, subtask.importance, subtask.difficulty,
        subtask.dueDate ? utcParam(new Date(subtask.dueDate.getTime() + shift).toISOString()) : null, subtask.color, subtask.isAiGenerated,
        subtask.estimatedMinutes, nextId, stamp],
    });
  }
}

/** Completes a task in the caller's transaction; a repeating one gets its next occurrence, once. */
async function completeInSeriesSql(client: SqlClient, task: OwnTask, changes: TaskChanges, now: Date): Promise<TTaskOutput> {
  const row = await lockTaskSql(client, task);
  if (row.completed && changes.completed) {
    // Completed meanwhile (a concurrent complete): only a session link may still be added.
    const { completed: _completed, completedAt: _completedAt, completedInSessionId, ...rest } = changes;
    return changeTaskSql(client, task, { ...rest, ...(completedInSessionId && !row.completedInSessionId && { completedInSessionId }) });
  }
  const answer = await changeTaskSql(client, task, changes);
  if (changes.completed) await createNextOccurrenceSql(client, { ...row, recurrence: changes.recurrence !== undefined ? changes.recurrence : row.recurrence }, now);
  return answer;
}

/**
 * "This one only" on a repeating task: the series moves on to its next occurrence now (created
 * from the task as it was), and this occurrence takes the edits and leaves the series.
 */
async function editOneOccurrenceSql(client: SqlClient, task: OwnTask, changes: TaskChanges, now: Date): Promise<TTaskOutput> {
  const row = await lockTaskSql(client, task);
  if (!row.completed && row.recurrence) await createNextOccurrenceSql(client, row, now);
  return changeTaskSql(client, task, { ...changes, recurrence: null });
}

/**
 * POST /api/tasks/{id}/complete: marks it done now, in the given session (which must be the
 * user's, else 404). Completing a completed task changes nothing but may link the session. A
 * repeating task's next occurrence is created in the same transaction, exactly once.
 */
export async function completeTask(db: Db, task: OwnTask, input: z.output<typeof ZCompleteTaskInput>, now = new Date(), idempotencyKey?: string): Promise<TTaskOutput> {
  const pool = poolOf(db);
  const write = async (client: SqlClient) => {
    if (input.sessionId) {
      const { rowCount } = await client.query({ text: 'SELECT 1 FROM "Session" WHERE "id" = $1 AND "userId" = $2', values: [input.sessionId, task.userId] });
      if (!rowCount) throw sessionNotFound();
    }
    const changes: TaskChanges = task.completed
      ? { ...(input.sessionId && !task.completedInSessionId && { completedInSessionId: input.sessionId }) }
      : { completed: true, completedAt: now, completedInSessionId: input.sessionId ?? null };
    return task.recurrence && !task.completed ? completeInSeriesSql(client, task, changes, now) : changeTaskSql(client, task, changes);
  };
  if (pool && idempotencyKey) {
    return runIdempotent(pool, task.userId, idempotencyKey, { operation: 'task.complete', target: task.id, input }, write, now);
  }
  if (pool && task.recurrence) return inSqlTransaction(pool, write);
  if (task.recurrence && !task.completed) throw appError('SERVICE_UNAVAILABLE', 'Repeating tasks need the database pool');
  if (input.sessionId) await assertOwnSession(db, task.userId, input.sessionId);
  const row = await db.task.update({
    where: { id: task.id, userId: task.userId },
    data: task.completed
      ? { ...(input.sessionId && !task.completedInSessionId && { completedInSessionId: input.sessionId }) }
      : { completed: true, completedAt: now, completedInSessionId: input.sessionId ?? null },
    select: TASK_SELECT,
  });
  return toTaskOutput(row);
}

/** DELETE /api/tasks/{id}: its subtasks go with it (ON DELETE CASCADE). No quota is given back. */
export async function deleteTask(db: Db, task: OwnTask): Promise<{ success: true }> {
  await db.task.delete({ where: { id: task.id, userId: task.userId } });
  return { success: true };
}

/**
 * POST /api/tasks/parse: quick capture's plain words as a draft on the user's clock; nothing is
 * saved. Words that leave no title are a 400.
 */
export async function parseTaskText(db: Db, userId: string, text: string, now = new Date()): Promise<TTaskDraft> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { timeZone: true } });
  const draft = parseQuickCapture(text, user?.timeZone ?? 'UTC', now);
  if (!draft.title) throw appError('BAD_REQUEST', NO_TITLE);
  return draft;
}

/**
 * POST /api/tasks/{id}/focus: the session screen adds the focused time on its current task (a
 * small write when the task changes, completes or the timer pauses); actualMinutes sums them.
 */
export async function recordFocus(db: Db, task: OwnTask, seconds: number): Promise<TTaskOutput> {
  const row = await db.task.update({
    where: { id: task.id, userId: task.userId },
    data: { focusedSeconds: { increment: seconds } },
    select: TASK_SELECT,
  });
  return toTaskOutput(row);
}

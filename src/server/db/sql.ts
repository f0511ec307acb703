// The hot paths' SQL: every statement the app sends through node-postgres instead of Prisma,
// in one place. Each operation below has this path only (no Prisma fallback, no second
// implementation to keep equal); everything else in the app goes through Prisma only.
//
// Which operations, and why. These are the calls every screen makes, or makes most:
//   - the sign-in session check of every signed-in request (sessionUserRow, or apiTokenRow for a
//     personal access token, whose lastUsedAt is written at most once a minute: touchApiToken),
//   - GET /api/auth/me (meRow), GET /api/tasks (taskRows), GET /api/sessions (focusSessionRows),
//   - the task writes: POST /api/tasks, PUT/PATCH /api/tasks/{id}, POST /api/tasks/{id}/complete,
//     with the ownership read before them (ownTaskRow) and a repeating task's next occurrence,
//     and POST /api/tasks/{id}/focus (written every minute of a running timer, and replayed from
//     the offline queue inside the idempotency claim's transaction, which only these can join).
// Measured by `npm run bench` on the 2-CPU machine, beside a bare node:http + pg floor doing the
// same SQL (bench/results.md): with the session check, /me, PATCH and POST still on Prisma the
// app answered at 0.56-0.66 of the floor's throughput on /me, PATCH and POST, with p99 at the
// same load 2.6-4.0 times the floor's on /me and POST (run of 22 Nov 2026, 07:46 UTC); with these
// statements all five hot calls answer at 0.90-1.11 of the floor's throughput and p99 at
// 0.67-1.01 of the floor's (part of that gain came with the same change's other trim, one gate
// middleware per procedure instead of five). Sampled heap profiles showed the data path's share:
// Prisma's query planning, interpreter and result mapping allocated ~35 kB per session check and
// 230 kB per /me (87 kB here), 376 kB per POST (124 kB here) and 290 kB per PATCH (139 kB here),
// garbage that shows up as collection pauses in the latency tail.
//
// Rules stay in the services (src/server/services/*): these functions only read and write rows
// and answer null for "no such row". Statements that run on every request are prepared by name
// (sent unnamed behind a transaction pooler, src/server/db.ts). Two statements live with their
// rules instead: the metering statement, one text shared by Prisma's transactions and these
// (src/server/services/usage.service.ts), and the idempotency claim that wraps the task writes
// (src/server/services/idempotency.service.ts).
//
// A Prisma transaction client has no connection this module could join: these functions take the
// pool of the shared client (`poolOf(db)`), or a connection inside `inSqlTransaction`, never a
// Prisma transaction. An operation that must share a transaction with a Prisma write stays on
// Prisma (creating a focus session, counting an AI breakdown).
import type { Session, Task } from '@/generated/prisma/client';
import type { Difficulty, DisplayMode, SubscriptionTier } from '@/lib/constants';
import { UTC_TYPES, type SqlClient } from '@/server/db';
import type pg from 'pg';

/** A pool or one of its connections inside a transaction. */
export type Queryable = pg.Pool | SqlClient;

/** A `timestamp` (UTC wall-clock) parameter, as Prisma writes those columns. */
const utcParam = (date: Date | string) => new Date(date).toISOString().replace('Z', '');

/** The columns a Task answer is made of (userId and updatedAt stay inside). */
export const TASK_COLUMN_NAMES = [
  'id',
  'title',
  'description',
  'importance',
  'difficulty',
  'dueDate',
  'completed',
  'completedAt',
  'createdAt',
  'sessionId',
  'completedInSessionId',
  'parentTaskId',
  'isAiGenerated',
  'color',
  'recurrence',
  'estimatedMinutes',
  'firstStep',
  'focusedSeconds',
  'letGoAt',
] as const satisfies readonly (keyof Task)[];

const TASK_COLUMNS = TASK_COLUMN_NAMES.map((column) => `"${column}"`).join(', ');

/**
 * A Task row as node-postgres reads it. Enum values come as PostgreSQL stores them: the
 * difficulty label is 'Very Hard' (Prisma's `VeryHard` is only its name in the client).
 */
export type TaskRow = Omit<Pick<Task, (typeof TASK_COLUMN_NAMES)[number]>, 'difficulty'> & { difficulty: Difficulty };

export type OwnTaskRow = Pick<Task, 'id' | 'userId' | 'parentTaskId' | 'completed' | 'completedAt' | 'completedInSessionId' | 'recurrence'>;

/** Columns a task write may set, with the values PostgreSQL stores (difficulty 'Very Hard'). */
export type TaskChanges = Partial<{
  title: string;
  description: string | null;
  importance: Task['importance'];
  difficulty: Difficulty;
  dueDate: Date | null;
  color: string | null;
  completed: boolean;
  completedAt: Date | null;
  completedInSessionId: string | null;
  recurrence: string | null;
  estimatedMinutes: number | null;
  firstStep: string | null;
  letGoAt: Date | null;
}>;

/** Every column a task write may set (TaskChanges' keys): what an agent's write record compares. */
export const TASK_CHANGE_COLUMNS = [
  'title',
  'description',
  'importance',
  'difficulty',
  'dueDate',
  'color',
  'completed',
  'completedAt',
  'completedInSessionId',
  'recurrence',
  'estimatedMinutes',
  'firstStep',
  'letGoAt',
] as const satisfies readonly (keyof TaskChanges)[];
export type TaskChangeColumn = (typeof TASK_CHANGE_COLUMNS)[number];

/** A task's writable fields with what tells whether it was touched (focused time, updatedAt). */
export type TaskFieldsRow = Required<TaskChanges> & { focusedSeconds: number; createdAt: Date; updatedAt: Date };

/** Reads a task's writable fields and locks its row for the rest of the transaction; null when the user has no such task. */
export async function lockTaskFields(client: SqlClient, task: { id: string; userId: string }): Promise<TaskFieldsRow | null> {
  const { rows } = await client.query<TaskFieldsRow>({
    text: `SELECT ${TASK_CHANGE_COLUMNS.map((column) => `"${column}"`).join(', ')}, "focusedSeconds", "createdAt", "updatedAt"
      FROM "Task" WHERE "id" = $1 AND "userId" = $2 FOR UPDATE`,
    values: [task.id, task.userId],
    types: UTC_TYPES,
  });
  return rows[0] ?? null;
}

/** The id of the occurrence after task `id`, if it exists. */
export async function nextOccurrenceIdOf(client: SqlClient, id: string): Promise<string | null> {
  const { rows } = await client.query<{ id: string }>({ text: 'SELECT "id" FROM "Task" WHERE "previousOccurrenceId" = $1', values: [id] });
  return rows[0]?.id ?? null;
}

export async function hasSubtasks(client: SqlClient, task: { id: string; userId: string }): Promise<boolean> {
  const { rowCount } = await client.query({ text: 'SELECT 1 FROM "Task" WHERE "parentTaskId" = $1 AND "userId" = $2 LIMIT 1', values: [task.id, task.userId] });
  return Boolean(rowCount);
}

/** Deletes the user's task (its subtasks go with it: ON DELETE CASCADE). */
export async function deleteTaskRow(client: SqlClient, task: { id: string; userId: string }): Promise<void> {
  await client.query({ text: 'DELETE FROM "Task" WHERE "id" = $1 AND "userId" = $2', values: [task.id, task.userId] });
}

/** Locks the user's focus session for the rest of the transaction; false when there is none. */
export async function lockFocusSession(client: SqlClient, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await client.query({ text: 'SELECT 1 FROM "Session" WHERE "id" = $1 AND "userId" = $2 FOR UPDATE', values: [id, userId] });
  return Boolean(rowCount);
}

/** Whether a task was created or completed in the focus session. */
export async function focusSessionHasWork(client: SqlClient, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await client.query({
    text: 'SELECT 1 FROM "Task" WHERE "userId" = $1 AND ("sessionId" = $2 OR "completedInSessionId" = $2) LIMIT 1',
    values: [userId, id],
  });
  return Boolean(rowCount);
}

/** Deletes the user's focus session (its tasks stay, unlinked: ON DELETE SET NULL). */
export async function deleteFocusSessionRow(client: SqlClient, userId: string, id: string): Promise<void> {
  await client.query({ text: 'DELETE FROM "Session" WHERE "id" = $1 AND "userId" = $2', values: [id, userId] });
}

export type SessionUserRow = { emailVerified: boolean; sessionVersion: number; ended: boolean };

/**
 * The one query every signed-in request makes: the user's session version and e-mail
 * verification, and whether this sign-in was ended on its own (EndedSession).
 */
export async function sessionUserRow(pool: pg.Pool, userId: string, sessionId: string): Promise<SessionUserRow | null> {
  const { rows } = await pool.query<SessionUserRow>({
    name: 'onething-session-user-2',
    text: 'SELECT u."emailVerified", u."sessionVersion", EXISTS (SELECT 1 FROM "EndedSession" e WHERE e."id" = $2) AS "ended" FROM "User" u WHERE u."id" = $1',
    values: [userId, sessionId],
  });
  return rows[0] ?? null;
}

export type ApiTokenRow = { id: string; userId: string; scopes: string[]; expiresAt: Date | null; lastUsedAt: Date | null; emailVerified: boolean };

/** The personal access token with this SHA-256 hash and its user's e-mail verification, or null. */
export async function apiTokenRow(pool: pg.Pool, tokenHash: string): Promise<ApiTokenRow | null> {
  const { rows } = await pool.query<ApiTokenRow>({
    name: 'onething-api-token',
    text: 'SELECT t."id", t."userId", t."scopes", t."expiresAt", t."lastUsedAt", u."emailVerified" FROM "ApiToken" t JOIN "User" u ON u."id" = t."userId" WHERE t."tokenHash" = $1',
    values: [tokenHash],
    types: UTC_TYPES,
  });
  return rows[0] ?? null;
}

/**
 * Records a use of the token unless one was recorded since `staleBefore`: the caller only asks
 * when its row says the last use is older, and parallel requests write it once.
 */
export async function touchApiToken(pool: pg.Pool, id: string, now: Date, staleBefore: Date): Promise<void> {
  await pool.query({
    name: 'onething-api-token-touch',
    text: 'UPDATE "ApiToken" SET "lastUsedAt" = $2 WHERE "id" = $1 AND ("lastUsedAt" IS NULL OR "lastUsedAt" < $3)',
    values: [id, utcParam(now), utcParam(staleBefore)],
  });
}

/** The user's plan, read in the transaction that meters a use (null: no such user). */
export async function subscriptionTierOf(client: SqlClient, userId: string): Promise<SubscriptionTier | null> {
  const { rows } = await client.query<{ subscriptionTier: SubscriptionTier }>({
    name: 'onething-user-tier',
    text: 'SELECT "subscriptionTier" FROM "User" WHERE "id" = $1',
    values: [userId],
  });
  return rows[0]?.subscriptionTier ?? null;
}

/** The user's task (the fields its rules need), or null for a missing or foreign one. */
export async function ownTaskRow(pool: pg.Pool, userId: string, id: string): Promise<OwnTaskRow | null> {
  const { rows } = await pool.query<OwnTaskRow>({
    name: 'onething-own-task',
    text: 'SELECT "id", "userId", "parentTaskId", "completed", "completedAt", "completedInSessionId", "recurrence" FROM "Task" WHERE "id" = $1 AND "userId" = $2',
    values: [id, userId],
    types: UTC_TYPES,
  });
  return rows[0] ?? null;
}

/**
 * The task list: open first, then by due date (undated last), creation and id; optionally only
 * open or completed ones, and a due-date window [from, to). Tasks let go are left out unless asked for.
 */
export type LetGoFilter = 'exclude' | 'only' | 'any';

export async function taskRows(
  pool: pg.Pool,
  userId: string,
  filter: { completed?: boolean; letGo?: LetGoFilter; from?: string; to?: string },
  limit: number,
): Promise<TaskRow[]> {
  const values: unknown[] = [userId];
  let where = '"userId" = $1';
  if (filter.completed !== undefined) where += ` AND "completed" = $${values.push(filter.completed)}`;
  if ((filter.letGo ?? 'exclude') === 'exclude') where += ' AND "letGoAt" IS NULL';
  else if (filter.letGo === 'only') where += ' AND "letGoAt" IS NOT NULL';
  if (filter.from) where += ` AND "dueDate" >= $${values.push(utcParam(filter.from))}`;
  if (filter.to) where += ` AND "dueDate" < $${values.push(utcParam(filter.to))}`;
  const { rows } = await pool.query<TaskRow>({
    text: `SELECT ${TASK_COLUMNS} FROM "Task" WHERE ${where}
      ORDER BY "completed" ASC, "dueDate" ASC NULLS LAST, "createdAt" ASC, "id" ASC LIMIT ${Number(limit)}`,
    values,
    types: UTC_TYPES,
  });
  return rows;
}

/** The parent link of the user's task `id`, or null when the user has no such task. */
export async function parentLinkOf(client: Queryable, userId: string, id: string): Promise<{ parentTaskId: string | null } | null> {
  const { rows } = await client.query<{ parentTaskId: string | null }>({
    text: 'SELECT "parentTaskId" FROM "Task" WHERE "id" = $1 AND "userId" = $2',
    values: [id, userId],
  });
  return rows[0] ?? null;
}

/** Whether the focus session `id` is the user's. */
export async function ownsFocusSession(client: Queryable, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await client.query({ text: 'SELECT 1 FROM "Session" WHERE "id" = $1 AND "userId" = $2', values: [id, userId] });
  return Boolean(rowCount);
}

export type NewTask = {
  id: string;
  userId: string;
  title: string;
  description: string | null;
  importance: Task['importance'];
  difficulty: Difficulty;
  dueDate: Date | null;
  color: string | null;
  parentTaskId: string | null;
  isAiGenerated: boolean;
  sessionId: string | null;
  recurrence: string | null;
  estimatedMinutes: number | null;
  firstStep: string | null;
  /** createdAt and updatedAt (as Prisma's @updatedAt sets it on insert). */
  at: Date;
};

/** Inserts a task and answers its row. */
export async function insertTaskRow(client: Queryable, task: NewTask): Promise<TaskRow> {
  const { rows } = await client.query<TaskRow>({
    name: 'onething-create-task',
    text: `INSERT INTO "Task" ("id", "userId", "title", "description", "importance", "difficulty", "dueDate", "color", "parentTaskId",
        "isAiGenerated", "sessionId", "createdAt", "updatedAt", "recurrence", "estimatedMinutes", "firstStep")
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14, $15) RETURNING ${TASK_COLUMNS}`,
    values: [
      task.id,
      task.userId,
      task.title,
      task.description,
      task.importance,
      task.difficulty,
      task.dueDate ? utcParam(task.dueDate) : null,
      task.color,
      task.parentTaskId,
      task.isAiGenerated,
      task.sessionId,
      utcParam(task.at),
      task.recurrence,
      task.estimatedMinutes,
      task.firstStep,
    ],
    types: UTC_TYPES,
  });
  return rows[0]!;
}

/**
 * One UPDATE ... RETURNING of the columns given (updatedAt as Prisma's @updatedAt would set it),
 * or null when the user has no such task.
 */
export async function updateTaskRow(client: Queryable, task: { id: string; userId: string }, changes: TaskChanges): Promise<TaskRow | null> {
  const values: unknown[] = [task.id, task.userId, utcParam(new Date())];
  const sets = ['"updatedAt" = $3'];
  // The column names come from TaskChanges' keys (code), never from the request.
  for (const [column, value] of Object.entries(changes)) {
    sets.push(`"${column}" = $${values.push(value instanceof Date ? utcParam(value) : value)}`);
  }
  const { rows } = await client.query<TaskRow>({
    text: `UPDATE "Task" SET ${sets.join(', ')} WHERE "id" = $1 AND "userId" = $2 RETURNING ${TASK_COLUMNS}`,
    values,
    types: UTC_TYPES,
  });
  return rows[0] ?? null;
}

/**
 * Adds focused seconds to the user's task (POST /api/tasks/{id}/focus) and answers its row, or
 * null when the user has no such task. One UPDATE: parallel writes add up, none is lost.
 */
export async function addFocusSeconds(client: Queryable, task: { id: string; userId: string }, seconds: number): Promise<TaskRow | null> {
  const { rows } = await client.query<TaskRow>({
    name: 'onething-task-focus',
    text: `UPDATE "Task" SET "focusedSeconds" = "focusedSeconds" + $3, "updatedAt" = $4 WHERE "id" = $1 AND "userId" = $2 RETURNING ${TASK_COLUMNS}`,
    values: [task.id, task.userId, seconds, utcParam(new Date())],
    types: UTC_TYPES,
  });
  return rows[0] ?? null;
}

/** What a repeating task's next occurrence is made from (the owner's time zone included). */
export type SeriesRow = {
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
  firstStep: string | null;
  timeZone: string;
};

/**
 * Reads the task and locks its row for the rest of the transaction: concurrent completes of one
 * occurrence (on any app instance) queue here, and the second one sees it completed.
 */
export async function lockTaskRow(client: SqlClient, task: { id: string; userId: string }): Promise<SeriesRow | null> {
  const { rows } = await client.query<SeriesRow>({
    text: `SELECT t."id", t."userId", t."title", t."description", t."importance", t."difficulty", t."dueDate", t."color", t."completed",
        t."completedInSessionId", t."parentTaskId", t."isAiGenerated", t."recurrence", t."estimatedMinutes", t."firstStep", u."timeZone"
      FROM "Task" t JOIN "User" u ON u."id" = t."userId" WHERE t."id" = $1 AND t."userId" = $2 FOR UPDATE OF t`,
    values: [task.id, task.userId],
    types: UTC_TYPES,
  });
  return rows[0] ?? null;
}

/** Whether the occurrence after task `id` exists already. */
export async function hasNextOccurrence(client: SqlClient, id: string): Promise<boolean> {
  const { rowCount } = await client.query({ text: 'SELECT 1 FROM "Task" WHERE "previousOccurrenceId" = $1', values: [id] });
  return Boolean(rowCount);
}

/**
 * Inserts the occurrence after `row` unless one exists (the unique previousOccurrenceId makes a
 * second one impossible even if the row lock were bypassed). True when this call inserted it.
 */
export async function insertNextOccurrence(
  client: SqlClient,
  row: SeriesRow,
  next: { id: string; dueDate: Date; recurrence: string; at: Date },
): Promise<boolean> {
  const { rowCount } = await client.query({
    text: `INSERT INTO "Task" ("id", "userId", "title", "description", "importance", "difficulty", "dueDate", "color", "isAiGenerated", "recurrence",
        "estimatedMinutes", "firstStep", "previousOccurrenceId", "createdAt", "updatedAt")
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) ON CONFLICT ("previousOccurrenceId") DO NOTHING`,
    values: [next.id, row.userId, row.title, row.description, row.importance, row.difficulty, utcParam(next.dueDate), row.color, row.isAiGenerated,
      next.recurrence, row.estimatedMinutes, row.firstStep, row.id, utcParam(next.at)],
  });
  return Boolean(rowCount);
}

export type SubtaskRow = Pick<SeriesRow, 'title' | 'description' | 'importance' | 'difficulty' | 'dueDate' | 'color' | 'isAiGenerated' | 'estimatedMinutes' | 'firstStep'>;

/** The subtasks of the user's task `parentId`, in creation order. */
export async function subtaskRows(client: SqlClient, userId: string, parentId: string): Promise<SubtaskRow[]> {
  const { rows } = await client.query<SubtaskRow>({
    text: `SELECT "title", "description", "importance", "difficulty", "dueDate", "color", "isAiGenerated", "estimatedMinutes", "firstStep"
      FROM "Task" WHERE "parentTaskId" = $1 AND "userId" = $2 ORDER BY "createdAt", "id"`,
    values: [parentId, userId],
    types: UTC_TYPES,
  });
  return rows;
}

/** Inserts an uncompleted copy of `subtask` under `parentId`, due at `dueDate`. */
export async function insertSubtaskCopy(
  client: SqlClient,
  subtask: SubtaskRow,
  copy: { id: string; userId: string; parentId: string; dueDate: Date | null; at: Date },
): Promise<void> {
  await client.query({
    text: `INSERT INTO "Task" ("id", "userId", "title", "description", "importance", "difficulty", "dueDate", "color", "isAiGenerated", "estimatedMinutes",
        "firstStep", "parentTaskId", "createdAt", "updatedAt")
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
    values: [copy.id, copy.userId, subtask.title, subtask.description, subtask.importance, subtask.difficulty,
      copy.dueDate ? utcParam(copy.dueDate) : null, subtask.color, subtask.isAiGenerated, subtask.estimatedMinutes, subtask.firstStep, copy.parentId, utcParam(copy.at)],
  });
}

const SESSION_COLUMNS = [
  'id',
  'sessionName',
  'displayMode',
  'startedAt',
  'sessionDuration',
  'maxTasks',
  'pomodoroWork',
  'pomodoroBreak',
  'timerDuration',
  'dueDate',
  'selectedTaskIds',
  'sessionType',
  'userMood',
  'darkMode',
  'createdAt',
] as const satisfies readonly (keyof Omit<Session, 'userId'>)[];

/** A focus session row as node-postgres reads it: the display mode as stored ('clock-date'). */
export type FocusSessionRow = Omit<Pick<Session, (typeof SESSION_COLUMNS)[number]>, 'displayMode'> & { displayMode: DisplayMode };

/** The user's focus sessions, newest start first. */
export async function focusSessionRows(pool: pg.Pool, userId: string, limit: number): Promise<FocusSessionRow[]> {
  const { rows } = await pool.query<FocusSessionRow>({
    text: `SELECT ${SESSION_COLUMNS.map((column) => `"${column}"`).join(', ')} FROM "Session" WHERE "userId" = $1
      ORDER BY "startedAt" DESC, "id" DESC LIMIT ${Number(limit)}`,
    values: [userId],
    types: UTC_TYPES,
  });
  return rows;
}

/** The columns of the User answer (nothing secret). */
export const USER_COLUMN_NAMES = [
  'id',
  'name',
  'email',
  'emailVerified',
  'subscriptionTier',
  'emailRemindersEnabled',
  'marketingEmailsEnabled',
  'newsletterEnabled',
  'pushRemindersEnabled',
  'subscriptionStatus',
  'cancelAtPeriodEnd',
  'subscriptionPeriodEnd',
  'pendingEmail',
  'pendingEmailExpiresAt',
  'timeZone',
  'workdayStart',
  'workdayEnd',
  'workdayDays',
  'ritualMorning',
  'ritualEvening',
  'ritualOfferedAt',
  'createdAt',
] as const;

/** A user's columns as GET /api/auth/me and the account answer use them. */
export type UserRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  subscriptionTier: 'free' | 'plus';
  emailRemindersEnabled: boolean;
  marketingEmailsEnabled: boolean;
  newsletterEnabled: boolean;
  pushRemindersEnabled: boolean;
  subscriptionStatus: string | null;
  cancelAtPeriodEnd: boolean;
  subscriptionPeriodEnd: Date | null;
  pendingEmail: string | null;
  pendingEmailExpiresAt: Date | null;
  timeZone: string;
  workdayStart: string;
  workdayEnd: string;
  workdayDays: number[];
  ritualMorning: boolean;
  ritualEvening: boolean;
  ritualOfferedAt: Date | null;
  createdAt: Date;
};

export type MeRow = UserRow & {
  /** The month's counters (null: nothing counted this month). */
  tasks: number | null;
  sessions: number | null;
  aiBreakdowns: number | null;
  aiSessions: number | null;
};

/** The user and the counters of the month starting on `month` (a UTC date), in one query. */
export async function meRow(pool: pg.Pool, userId: string, month: Date): Promise<MeRow | null> {
  const { rows } = await pool.query<MeRow>({
    name: 'onething-me',
    text: `SELECT ${USER_COLUMN_NAMES.map((column) => `u."${column}"`).join(', ')}, c."tasks", c."sessions", c."aiBreakdowns", c."aiSessions"
      FROM "User" u LEFT JOIN "UsageCounter" c ON c."userId" = u."id" AND c."month" = $2::date
      WHERE u."id" = $1`,
    values: [userId, month.toISOString().slice(0, 10)],
    types: UTC_TYPES,
  });
  return rows[0] ?? null;
}

// Tasks: the rules and docs/api-contract.md. Every query is scoped by userId, every list
// is one bounded, indexed query, and creating a task counts against the plan in the same
// transaction as the insert (usage.service). Rows are turned into the API's JSON shape here
// (ISO dates, 'Very Hard'). The list and the writes (create, edit, patch, complete, focus, with the
// ownership read) run on the hot paths' SQL only (src/server/db/sql.ts says why); the other
// operations on Prisma only.
import { Difficulty as DbDifficulty } from '@/generated/prisma/enums';
import type { Difficulty } from '@/lib/constants';
import {
  isStorableDate,
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
  type TCompleteTaskOutput,
  type TTaskPage,
} from '@/lib/schemas/task';
import { appError } from '@/server/errors';
import { inSqlTransaction, poolOf, type Db, type SqlClient } from '@/server/db';
import { newId } from '@/server/db/ids';
import * as sql from '@/server/db/sql';
import { nextOccurrence } from '@/lib/recurrence';
import { NO_TITLE, parseQuickCapture } from '@/lib/quick-capture';
import { recordAgentWrite, recordedTaskWrite, taskFields, type AgentActor } from './agent-write.service';
import { runIdempotent } from './idempotency.service';
import { meterUsageSql, tryMeterUsageSql } from './usage.service';
import type { z } from 'zod';

export type OwnTask = sql.OwnTaskRow;

/** The columns a Task answer needs (userId and updatedAt stay inside), for Prisma's reads. */
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
  firstStep: true,
  focusedSeconds: true,
  letGoAt: true,
} as const satisfies Record<(typeof sql.TASK_COLUMN_NAMES)[number], true>;

/**
 * A task row from Prisma (difficulty `VeryHard`, the client's name) or from the hot paths' SQL
 * (difficulty 'Very Hard', the stored label).
 */
type AnyTaskRow = Omit<sql.TaskRow, 'difficulty'> & { difficulty: DbDifficulty | Difficulty };

export function toApiDifficulty(value: DbDifficulty | Difficulty): Difficulty {
  return value === DbDifficulty.VeryHard ? 'Very Hard' : value;
}

export function toTaskOutput(row: AnyTaskRow): TTaskOutput {
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
    firstStep: row.firstStep,
    actualMinutes: Math.round(row.focusedSeconds / 60),
    letGoAt: row.letGoAt?.toISOString() ?? null,
  };
}

const toDate = (value: string | null | undefined) => (value == null ? null : new Date(value));

export const taskNotFound = () => appError('NOT_FOUND', 'Task not found');
export const focusSessionNotFound = () => appError('NOT_FOUND', 'Session not found');

/** The user's task or 404 (another user's id is indistinguishable from a missing one). */
export async function getOwnTask(db: Db, userId: string, id: string): Promise<OwnTask> {
  const task = await sql.ownTaskRow(poolOf(db), userId, id);
  if (!task) throw taskNotFound();
  return task;
}

/**
 * GET /api/tasks: all the user's tasks, subtasks included (flat), open ones first, then by due
 * date (undated last) and creation; at most TASK_LIST_MAX rows. Optional filters serve the
 * calendar (`from`/`to` on the due date) and the completed/open lists.
 */
export async function listTasks(db: Db, userId: string, input: z.output<typeof ZListTasksInput> = {}): Promise<TTaskOutput[]> {
  const rows = await sql.taskRows(poolOf(db), userId, { completed: completedFilter(input), letGo: letGoFilter(input), from: input.from, to: input.to }, TASK_LIST_MAX);
  return rows.map(toTaskOutput);
}

type ListInput = z.output<typeof ZListTasksInput>;

/** Tasks let go are kept but left out of every list unless `status` is 'let-go' (only them) or 'all'. */
function letGoFilter(input: ListInput): sql.LetGoFilter {
  if (input.status === 'all') return 'any';
  return input.status === 'let-go' ? 'only' : 'exclude';
}

const LET_GO_WHERE = { exclude: { letGoAt: null }, only: { letGoAt: { not: null } }, any: {} } as const;

/** `status` and its older spelling `completed` (both may be sent, if they agree). */
function completedFilter(input: ListInput): boolean | undefined {
  if (input.status === 'all' || input.status === 'let-go') {
    if (input.completed !== undefined) throw appError('BAD_REQUEST', 'status and completed ask for different tasks; send one of them');
    return undefined;
  }
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
  // A date PostgreSQL cannot hold (year -271821 parses in JavaScript) is a bad cursor, not a query.
  if (at !== null && (typeof at !== 'string' || !isStorableDate(new Date(at)))) throw badCursor();
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
    where: { userId, ...(completed !== undefined && { completed }), ...LET_GO_WHERE[letGoFilter(input)], ...dueDateFilter(input), ...after },
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
    where: { userId, completed: false, parentTaskId: null, letGoAt: null },
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
export async function createTask(db: Db, userId: string, input: z.output<typeof ZCreateTaskInput>, now = new Date(), by: WriteBy = {}): Promise<TTaskOutput> {
  const pool = poolOf(db);
  const write = async (client: SqlClient) => {
    const task = await insertTask(client, userId, input, now);
    if (by.agent) {
      const row = (await sql.lockTaskFields(client, { id: task.id, userId }))!;
      await recordAgentWrite(client, userId, by.agent, { kind: 'task.created', taskId: task.id, title: task.title, fields: taskFields(row) }, now);
    }
    return task;
  };
  return by.idempotencyKey ? runIdempotent(pool, userId, by.idempotencyKey, { operation: 'task.create', input }, write, now) : inSqlTransaction(pool, write);
}

/**
 * Who is writing, beside the user: the request's Idempotency-Key, and the assistant when the
 * call came through the MCP connector (its write is then recorded in the same transaction,
 * src/server/services/agent-write.service.ts).
 */
export type WriteBy = { idempotencyKey?: string; agent?: AgentActor };

/** POST /api/tasks's checks, count and insert, in the caller's transaction. */
async function insertTask(client: SqlClient, userId: string, input: z.output<typeof ZCreateTaskInput>, now: Date): Promise<TTaskOutput> {
  if (input.parentTaskId) {
    const parent = await sql.parentLinkOf(client, userId, input.parentTaskId);
    if (!parent) throw taskNotFound();
    if (parent.parentTaskId) throw appError('BAD_REQUEST', 'A subtask cannot have subtasks of its own');
  }
  if (input.parentTaskId && input.recurrence) throw appError('BAD_REQUEST', SUBTASK_REPEATS);
  if (input.sessionId && !(await sql.ownsFocusSession(client, userId, input.sessionId))) throw focusSessionNotFound();
  await meterUsageSql(client, userId, 'tasks', now);
  const row = await sql.insertTaskRow(client, {
    id: newId(),
    userId,
    title: input.title,
    description: input.description ?? null,
    importance: input.importance,
    difficulty: input.difficulty,
    dueDate: toDate(input.dueDate),
    color: input.color ?? null,
    parentTaskId: input.parentTaskId ?? null,
    isAiGenerated: input.isAiGenerated,
    sessionId: input.sessionId ?? null,
    recurrence: input.recurrence ?? null,
    estimatedMinutes: input.estimatedMinutes ?? null,
    firstStep: input.firstStep ?? null,
    // The insert's own time (as Prisma's @default(now()) / @updatedAt), not the request's `now`.
    at: new Date(),
  });
  return toTaskOutput(row);
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
    ...(input.firstStep !== undefined && { firstStep: input.firstStep }),
  };
  if (changes.recurrence && task.parentTaskId) throw appError('BAD_REQUEST', SUBTASK_REPEATS);
  const pool = poolOf(db);
  if (task.recurrence && input.applyTo === 'this') return inSqlTransaction(pool, (client) => editOneOccurrence(client, task, changes, now));
  return changeTask(pool, task, changes);
}

/** PATCH /api/tasks/{id}: only the fields sent; `completed: false` reopens. */
export async function patchTask(db: Db, task: OwnTask, input: z.output<typeof ZPatchTaskInput>, now = new Date(), by: WriteBy = {}): Promise<TTaskOutput> {
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
    ...(input.firstStep !== undefined && { firstStep: input.firstStep }),
    ...(input.letGoAt !== undefined && { letGoAt: toDate(input.letGoAt) }),
  };
  if (edits.recurrence && task.parentTaskId) throw appError('BAD_REQUEST', SUBTASK_REPEATS);
  const changes: TaskChanges = { ...edits, ...completion };
  const pool = poolOf(db);
  const splits = task.recurrence && input.applyTo === 'this' && Object.keys(edits).length > 0;
  const write = recordedBy(by, task, async (client: SqlClient) => {
    if (splits) return editOneOccurrence(client, task, changes, now);
    if (!completion.completed) return changeTask(client, task, changes);
    // PATCH answers the Task; whether the series paused is POST /complete's answer alone.
    const { seriesPaused: _seriesPaused, ...completed } = await completeInSeries(client, task, changes, now);
    return completed;
  });
  if (by.idempotencyKey) return runIdempotent(pool, task.userId, by.idempotencyKey, { operation: 'task.patch', target: task.id, input }, write, now);
  // A repeating task's series changes in one transaction, as does an agent's write with its
  // record; any other PATCH is one UPDATE.
  if (by.agent || splits || (task.recurrence && completion.completed)) return inSqlTransaction(pool, write);
  return changeTask(pool, task, changes);
}

type TaskChanges = sql.TaskChanges;

/** The write, recorded in its own transaction when an agent makes it. */
function recordedBy<T extends TTaskOutput>(by: WriteBy, task: OwnTask, write: (client: SqlClient) => Promise<T>): (client: SqlClient) => Promise<T> {
  const agent = by.agent;
  return agent ? (client) => recordedTaskWrite(client, task, agent, () => write(client)) : write;
}

/** Writes `changes` to the user's task (one UPDATE), 404 if it is gone. */
async function changeTask(client: sql.Queryable, task: OwnTask, changes: TaskChanges): Promise<TTaskOutput> {
  const row = await sql.updateTaskRow(client, task, changes);
  if (!row) throw taskNotFound();
  return toTaskOutput(row);
}

const SUBTASK_REPEATS = 'Only a top-level task can repeat; its subtasks come along with each occurrence';

/** The task, locked for the rest of the transaction (sql.lockTaskRow), or 404. */
async function lockTask(client: SqlClient, task: OwnTask): Promise<sql.SeriesRow> {
  const row = await sql.lockTaskRow(client, task);
  if (!row) throw taskNotFound();
  return row;
}

/** What became of a repeating task's next occurrence when one was due. */
type NextOutcome = 'created' | 'none' | 'paused';

/**
 * The occurrence after `row`, created once: counted against the task limit like any create (in
 * the caller's transaction), with the subtasks copied uncompleted and their due dates moved
 * along. Reopening and completing again creates nothing new while the next one exists. With
 * `pauseAtLimit` (completing), an occurrence that would pass the plan's task limit is not created
 * and nothing of it is counted ('paused'); otherwise (an edit of "this one", which leaves the
 * series) the limit's 403 stands.
 */
async function createNextOccurrence(client: SqlClient, row: sql.SeriesRow, now: Date, pauseAtLimit = false): Promise<NextOutcome> {
  if (!row.recurrence || row.parentTaskId) return 'none';
  if (await sql.hasNextOccurrence(client, row.id)) return 'none';
  const next = nextOccurrence(row.recurrence, row.dueDate, row.timeZone, now);
  if (!next) return 'none';
  const subtasks = await sql.subtaskRows(client, row.userId, row.id);
  // The occurrence and its subtasks are counted together, all or none.
  if (pauseAtLimit) {
    if (!(await tryMeterUsageSql(client, row.userId, 'tasks', subtasks.length + 1, now))) return 'paused';
  } else {
    for (let unit = 0; unit <= subtasks.length; unit += 1) await meterUsageSql(client, row.userId, 'tasks', now);
  }
  const at = new Date();
  const nextId = newId();
  if (!(await sql.insertNextOccurrence(client, row, { id: nextId, dueDate: next.dueDate, recurrence: next.recurrence, at }))) return 'none';
  const shift = row.dueDate ? next.dueDate.getTime() - row.dueDate.getTime() : 0;
  for (const subtask of subtasks) {
    const dueDate = subtask.dueDate ? new Date(subtask.dueDate.getTime() + shift) : null;
    await sql.insertSubtaskCopy(client, subtask, { id: newId(), userId: row.userId, parentId: nextId, dueDate, at });
  }
  return 'created';
}

/**
 * Completes a task in the caller's transaction; a repeating one gets its next occurrence, once.
 * Completing always completes: at the plan's task limit the series pauses instead (`seriesPaused`).
 */
async function completeInSeries(client: SqlClient, task: OwnTask, changes: TaskChanges, now: Date): Promise<TCompleteTaskOutput> {
  const row = await lockTask(client, task);
  if (row.completed && changes.completed) {
    // Completed meanwhile (a concurrent complete): only a session link may still be added.
    const { completed: _completed, completedAt: _completedAt, completedInSessionId, ...rest } = changes;
    const answer = await changeTask(client, task, { ...rest, ...(completedInSessionId && !row.completedInSessionId && { completedInSessionId }) });
    return { ...answer, seriesPaused: false };
  }
  const answer = await changeTask(client, task, changes);
  const outcome = changes.completed
    ? await createNextOccurrence(client, { ...row, recurrence: changes.recurrence !== undefined ? changes.recurrence : row.recurrence }, now, true)
    : 'none';
  return { ...answer, seriesPaused: outcome === 'paused' };
}

/**
 * "This one only" on a repeating task: the series moves on to its next occurrence now (created
 * from the task as it was), and this occurrence takes the edits and leaves the series.
 */
async function editOneOccurrence(client: SqlClient, task: OwnTask, changes: TaskChanges, now: Date): Promise<TTaskOutput> {
  const row = await lockTask(client, task);
  if (!row.completed && row.recurrence) await createNextOccurrence(client, row, now);
  return changeTask(client, task, { ...changes, recurrence: null });
}

/**
 * POST /api/tasks/{id}/complete: marks it done now, in the given session (which must be the
 * user's, else 404). Completing a completed task changes nothing but may link the session. A
 * repeating task's next occurrence is created in the same transaction, exactly once, unless it
 * would pass the plan's task limit: then the task is completed all the same and the answer says
 * `seriesPaused: true`.
 */
export async function completeTask(db: Db, task: OwnTask, input: z.output<typeof ZCompleteTaskInput>, now = new Date(), by: WriteBy = {}): Promise<TCompleteTaskOutput> {
  const pool = poolOf(db);
  const changesOn = async (client: sql.Queryable): Promise<TaskChanges> => {
    if (input.sessionId && !(await sql.ownsFocusSession(client, task.userId, input.sessionId))) throw focusSessionNotFound();
    return task.completed
      ? { ...(input.sessionId && !task.completedInSessionId && { completedInSessionId: input.sessionId }) }
      : { completed: true, completedAt: now, completedInSessionId: input.sessionId ?? null };
  };
  // A repeating task's next occurrence is created in the complete's transaction.
  const write = recordedBy(by, task, async (client: SqlClient): Promise<TCompleteTaskOutput> => {
    const changes = await changesOn(client);
    if (task.recurrence && !task.completed) return completeInSeries(client, task, changes, now);
    return { ...(await changeTask(client, task, changes)), seriesPaused: false };
  });
  if (by.idempotencyKey) return runIdempotent(pool, task.userId, by.idempotencyKey, { operation: 'task.complete', target: task.id, input }, write, now);
  if (by.agent || task.recurrence) return inSqlTransaction(pool, write);
  // Anything else is the session check and one UPDATE, on the pool.
  return { ...(await changeTask(pool, task, await changesOn(pool))), seriesPaused: false };
}

/** DELETE /api/tasks/{id}: its subtasks go with it (ON DELETE CASCADE). No quota is given back. */
export async function deleteTask(db: Db, task: OwnTask): Promise<{ success: true }> {
  await db.task.delete({ where: { id: task.id, userId: task.userId } });
  return { success: true };
}

/**
 * POST /api/tasks/parse: quick capture's plain words as a draft on the user's clock; nothing is
 * saved. Words that leave no title, or name a date outside the years 1 to 9999, are a 400.
 */
export async function parseTaskText(db: Db, userId: string, text: string, now = new Date()): Promise<TTaskDraft> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { timeZone: true } });
  const { problem, ...draft } = parseQuickCapture(text, user?.timeZone ?? 'UTC', now);
  if (problem) throw appError('BAD_REQUEST', problem);
  if (!draft.title) throw appError('BAD_REQUEST', NO_TITLE);
  return draft;
}

/**
 * POST /api/tasks/{id}/focus: the session screen and Just start add the focused time on their
 * task (small writes: every minute, when the task changes, completes or the timer stops);
 * actualMinutes sums them. With an Idempotency-Key (Just start's writes, queued offline and
 * replayed) a repeat adds nothing: the seconds count once.
 */
export async function recordFocus(db: Db, task: OwnTask, seconds: number, now = new Date(), by: Pick<WriteBy, 'idempotencyKey'> = {}): Promise<TTaskOutput> {
  const pool = poolOf(db);
  const write = async (client: sql.Queryable) => {
    const row = await sql.addFocusSeconds(client, task, seconds);
    if (!row) throw taskNotFound();
    return toTaskOutput(row);
  };
  if (by.idempotencyKey) return runIdempotent(pool, task.userId, by.idempotencyKey, { operation: 'task.focus', target: task.id, input: { seconds } }, write, now);
  return write(pool);
}

// What assistants did, and undoing it. Every write an MCP tool makes is recorded IN THE WRITE'S
// OWN TRANSACTION: the MCP connector puts the acting agent on the request context
// (`ctx.agent`: which token, which tool), the routers hand it to the services, and the service
// that writes inserts the AgentWrite row inside its transaction (recordAgentWrite below, on the
// task writes' node-postgres connection or a Prisma transaction, one statement for both). A
// write that fails leaves no record; a record never exists without its write.
//
// The record keeps what undo needs (`change`): for a task the agent created, the fields it was
// created with; for a change or a completion, the previous and new values of exactly the fields
// that changed (and the next occurrence a repeating task's completion created); for a focus
// session, its id. Undo (POST /api/user/agent-writes/{id}/undo, browser session only) is one
// transaction and refuses (409) what would throw away the person's own later work:
//   - a created task is deleted (the person never made it: letting it go would leave the agent's
//     task in their history), unless it changed since (any field, focused time, a subtask);
//   - a change or completion puts the previous values back, unless one of those fields changed
//     since; a repeating task's next occurrence made by the completion goes too, unless it has
//     been touched;
//   - a started focus session is removed, unless a task was created or completed in it since.
// Quota is not given back, as with DELETE (src/server/services/task.service.ts).
import type { Prisma } from '@/generated/prisma/client';
import { inSqlTransaction, poolOf, UTC_TYPES, type Db, type SqlClient } from '@/server/db';
import * as sql from '@/server/db/sql';
import { newId } from '@/server/db/ids';
import { appError } from '@/server/errors';

/** Who is writing, when an assistant is: set on the request context by the MCP connector only. */
export type AgentActor = {
  /** The personal access token the assistant connected with, if it did. */
  tokenId: string | null;
  /** The OAuth client (a connected app) whose access token it used, if it did. */
  oauthClientId: string | null;
  /** The MCP tool it called, e.g. `create_task`. */
  tool: string;
};

/** A task's stored fields, JSON-safe (dates as ISO strings), keyed by column. */
export type TaskFields = Partial<Record<sql.TaskChangeColumn, string | number | boolean | null>>;

/** What undo needs, kept with the record. */
export type AgentChange =
  | { kind: 'task.created'; taskId: string; title: string; fields: TaskFields }
  | { kind: 'task.changed'; taskId: string; title: string; before: TaskFields; after: TaskFields; nextOccurrenceId: string | null }
  | { kind: 'session.created'; sessionId: string; name: string };

const quoted = (title: string) => `“${title.length > 80 ? `${title.slice(0, 79)}…` : title}”`;

const FIELD_WORDS: Record<sql.TaskChangeColumn, string> = {
  title: 'title',
  description: 'description',
  importance: 'importance',
  difficulty: 'difficulty',
  dueDate: 'due date',
  color: 'colour',
  completed: 'completion',
  completedAt: 'completion time',
  completedInSessionId: 'session',
  recurrence: 'repeat',
  estimatedMinutes: 'estimate',
  firstStep: 'first step',
  letGoAt: 'let go',
};

const listWords = (words: string[]) => (words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/** The write in plain words, for Connected apps: `Completed “Call Sam”`. */
function describeChange(change: AgentChange): string {
  switch (change.kind) {
    case 'task.created':
      return `Created the task ${quoted(change.title)}`;
    case 'session.created':
      return `Started the focus session ${quoted(change.name)}`;
    case 'task.changed': {
      if (change.after.completed === true && change.before.completed === false) return `Completed ${quoted(change.title)}`;
      if (change.after.completed === false && change.before.completed === true) return `Reopened ${quoted(change.title)}`;
      if (change.after.letGoAt && !change.before.letGoAt) return `Let go of ${quoted(change.title)}`;
      const fields = (Object.keys(change.after) as sql.TaskChangeColumn[]).filter((field) => !field.startsWith('completed'));
      if (fields.length === 1 && fields[0] === 'title') return `Renamed ${quoted(String(change.before.title))} to ${quoted(change.title)}`;
      if (fields.length === 0) return `Changed nothing of ${quoted(change.title)}`;
      return `Changed the ${listWords(fields.map((field) => FIELD_WORDS[field]))} of ${quoted(change.title)}`;
    }
  }
}

const targetOf = (change: AgentChange) => (change.kind === 'session.created' ? change.sessionId : change.taskId);

/**
 * The record's INSERT, one text for both kinds of transaction (the task writes' node-postgres
 * connection and Prisma's interactive transactions), like the metering statement. The token's
 * (or the connected app's) current name is copied so the record reads the same after the token
 * is revoked or the app disconnected.
 */
function recordStatement(userId: string, actor: AgentActor, change: AgentChange, now: Date) {
  return {
    text: `INSERT INTO "AgentWrite" ("id", "userId", "tokenId", "oauthClientId", "tokenName", "tool", "summary", "targetId", "change", "createdAt")
      SELECT $1, $2, t."id", c."id", COALESCE(t."name", c."clientName", 'Revoked token'), $5, $6, $7, $8::jsonb, $9::timestamp
      FROM (SELECT 1) AS one
        LEFT JOIN "ApiToken" t ON t."id" = $3 AND t."userId" = $2
        LEFT JOIN "OAuthClient" c ON c."id" = $4`,
    values: [
      newId(now.getTime()),
      userId,
      actor.tokenId,
      actor.oauthClientId,
      actor.tool,
      describeChange(change).slice(0, 300),
      targetOf(change),
      JSON.stringify(change),
      now.toISOString().replace('Z', ''),
    ],
  };
}

/** Records an agent's write inside the write's own transaction (a node-postgres connection or a Prisma transaction). */
export async function recordAgentWrite(tx: SqlClient | Prisma.TransactionClient, userId: string, actor: AgentActor, change: AgentChange, now = new Date()): Promise<void> {
  const { text, values } = recordStatement(userId, actor, change, now);
  if ('$executeRawUnsafe' in tx) await tx.$executeRawUnsafe(text, ...values);
  else await tx.query({ text, values });
}

/** A stored value as the record keeps it (dates as ISO strings). */
const jsonValue = (value: unknown) => (value instanceof Date ? value.toISOString() : (value as string | number | boolean | null));

/** The given columns of a task row, JSON-safe. */
export function taskFields(row: sql.TaskFieldsRow, columns: readonly sql.TaskChangeColumn[] = sql.TASK_CHANGE_COLUMNS): TaskFields {
  return Object.fromEntries(columns.map((column) => [column, jsonValue(row[column])]));
}

/**
 * Runs a task write for an agent in the caller's transaction and records it there: the task is
 * locked and read before, read again after, and the fields that differ are the record's before
 * and after; a next occurrence that exists after but not before was made by this write.
 */
export async function recordedTaskWrite<T extends { title: string }>(client: SqlClient, task: { id: string; userId: string }, actor: AgentActor, write: () => Promise<T>): Promise<T> {
  const row = await sql.lockTaskFields(client, task);
  if (!row) return write(); // The write answers its own 404.
  const nextBefore = await sql.nextOccurrenceIdOf(client, task.id);
  const answer = await write();
  const after = await sql.lockTaskFields(client, task);
  const beforeFields = taskFields(row);
  const afterFields = after ? taskFields(after) : {};
  const changed = sql.TASK_CHANGE_COLUMNS.filter((column) => beforeFields[column] !== afterFields[column]);
  const nextAfter = nextBefore ? null : await sql.nextOccurrenceIdOf(client, task.id);
  await recordAgentWrite(client, task.userId, actor, {
    kind: 'task.changed',
    taskId: task.id,
    title: answer.title,
    before: Object.fromEntries(changed.map((column) => [column, beforeFields[column]])),
    after: Object.fromEntries(changed.map((column) => [column, afterFields[column]])),
    nextOccurrenceId: nextAfter,
  });
  return answer;
}

const sameFields = (current: TaskFields, expected: TaskFields) => Object.entries(expected).every(([column, value]) => current[column as sql.TaskChangeColumn] === value);

const changedSince = (what: string) => appError('CONFLICT', `${what} changed since the assistant’s write, so undoing it would lose your own changes`);

/** The stored values of `fields` as a task write sets them (dates back to Date). */
function toTaskChanges(fields: TaskFields): sql.TaskChanges {
  const dates = new Set<string>(['dueDate', 'completedAt', 'letGoAt']);
  return Object.fromEntries(Object.entries(fields).map(([column, value]) => [column, dates.has(column) && typeof value === 'string' ? new Date(value) : value])) as sql.TaskChanges;
}

async function undoChange(client: SqlClient, userId: string, change: AgentChange): Promise<void> {
  if (change.kind === 'session.created') {
    if (!(await sql.lockFocusSession(client, userId, change.sessionId))) throw appError('CONFLICT', 'This focus session is already gone');
    if (await sql.focusSessionHasWork(client, userId, change.sessionId)) throw changedSince('This focus session');
    await sql.deleteFocusSessionRow(client, userId, change.sessionId);
    return;
  }
  const task = { id: change.taskId, userId };
  const row = await sql.lockTaskFields(client, task);
  if (!row) throw appError('CONFLICT', 'This task is already gone');
  const current = taskFields(row);
  if (change.kind === 'task.created') {
    if (!sameFields(current, change.fields) || row.focusedSeconds > 0) throw changedSince('This task');
    if (await sql.hasSubtasks(client, task)) throw appError('CONFLICT', 'This task has subtasks now: undo or delete them first');
    await sql.deleteTaskRow(client, task);
    return;
  }
  if (!sameFields(current, change.after)) throw changedSince('This task');
  if (change.nextOccurrenceId) {
    // The repeating task's next occurrence, made by the completion: it goes, unless touched.
    const next = await sql.lockTaskFields(client, { id: change.nextOccurrenceId, userId });
    if (next) {
      if (next.completed || next.focusedSeconds > 0 || next.updatedAt.getTime() !== next.createdAt.getTime()) throw changedSince('The next occurrence of this task');
      await sql.deleteTaskRow(client, { id: change.nextOccurrenceId, userId });
    }
  }
  if (Object.keys(change.before).length > 0) await sql.updateTaskRow(client, task, toTaskChanges(change.before));
}

const NOT_UNDOABLE = 'This write was recorded before undo existed, so it cannot be undone here';

/**
 * POST /api/user/agent-writes/{id}/undo: puts back what the assistant's write changed, in one
 * transaction. 404 for another user's record or none; 409 when it was undone already, or when
 * what it touched changed since (see the top of this file).
 */
export async function undoAgentWrite(db: Db, userId: string, id: string, now = new Date()): Promise<AgentWriteListed> {
  return inSqlTransaction(poolOf(db), async (client) => {
    const { rows } = await client.query<{ change: AgentChange | null; undoneAt: Date | null }>({
      text: 'SELECT "change", "undoneAt" FROM "AgentWrite" WHERE "id" = $1 AND "userId" = $2 FOR UPDATE',
      values: [id, userId],
      types: UTC_TYPES,
    });
    const record = rows[0];
    if (!record) throw appError('NOT_FOUND', 'Agent write not found');
    if (record.undoneAt) throw appError('CONFLICT', 'This write was already undone');
    if (!record.change) throw appError('CONFLICT', NOT_UNDOABLE);
    await undoChange(client, userId, record.change);
    const updated = await client.query<AgentWriteRow>({
      text: `UPDATE "AgentWrite" SET "undoneAt" = $3::timestamp WHERE "id" = $1 AND "userId" = $2 RETURNING ${WRITE_COLUMNS}`,
      values: [id, userId, now.toISOString().replace('Z', '')],
      types: UTC_TYPES,
    });
    return toListed(updated.rows[0]!);
  });
}

/** How many recent writes the Account page shows per token or connected app. */
const RECENT_AGENT_WRITES = 10;

const WRITE_COLUMNS = `"id", "tokenId", "oauthClientId", "tool", "summary", "targetId", "createdAt", "undoneAt", ("change" IS NOT NULL) AS "undoable"`;

type AgentWriteRow = { id: string; tokenId: string | null; oauthClientId: string | null; tool: string; summary: string; targetId: string | null; createdAt: Date; undoneAt: Date | null; undoable: boolean };

export type AgentWriteListed = { id: string; tool: string; summary: string; targetId: string | null; createdAt: string; undoneAt: string | null; undoable: boolean };

function toListed({ tokenId: _tokenId, oauthClientId: _oauthClientId, ...row }: AgentWriteRow): AgentWriteListed {
  return { ...row, createdAt: row.createdAt.toISOString(), undoneAt: row.undoneAt ? row.undoneAt.toISOString() : null, undoable: row.undoable && !row.undoneAt };
}

/**
 * The latest writes of each of the user's tokens (`by` tokenId) or connected apps (`by`
 * oauthClientId), newest first, RECENT_AGENT_WRITES each, in ONE query whatever their number.
 */
export async function recentAgentWrites(db: Db, userId: string, by: 'tokenId' | 'oauthClientId'): Promise<Map<string, AgentWriteListed[]>> {
  // The column name comes from the type above (code), never from a request.
  const { rows } = await poolOf(db).query<AgentWriteRow>({
    text: `SELECT ${WRITE_COLUMNS} FROM (
        SELECT w.*, row_number() OVER (PARTITION BY w."${by}" ORDER BY w."createdAt" DESC, w."id" DESC) AS "rank"
        FROM "AgentWrite" w WHERE w."userId" = $1 AND w."${by}" IS NOT NULL
      ) AS ranked WHERE "rank" <= $2 ORDER BY "createdAt" DESC, "id" DESC`,
    values: [userId, RECENT_AGENT_WRITES],
    types: UTC_TYPES,
  });
  const byOwner = new Map<string, AgentWriteListed[]>();
  for (const row of rows) {
    const owner = row[by]!;
    byOwner.set(owner, [...(byOwner.get(owner) ?? []), toListed(row)]);
  }
  return byOwner;
}

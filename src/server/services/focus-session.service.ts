// Focus sessions: defaults and default names, plan limits (a session counts
// against `sessions`, an AI session also against `aiSessions`, both in the insert's
// transaction), and the tasks of a session. Every query is scoped by userId and bounded.
import { randomInt } from 'node:crypto';
import type { Session } from '@/generated/prisma/client';
import { DisplayMode as DbDisplayMode } from '@/generated/prisma/enums';
import { SESSION_DEFAULTS, type DisplayMode } from '@/lib/constants';
import { combineDateAndTime, usDate } from '@/lib/dates';
import { SESSION_LIST_MAX, ZCreateFocusSessionInput, type TCreateFocusSessionInput, type TFocusSession } from '@/lib/schemas/session';
import { DATE_RANGE_MESSAGE, isStorableDate, TASK_LIST_MAX, type TTaskOutput } from '@/lib/schemas/task';
import { appError } from '@/server/errors';
import { poolOf, type Db } from '@/server/db';
import { focusSessionRows, type FocusSessionRow } from '@/server/db/sql';
import { focusSessionNotFound, TASK_SELECT, taskNotFound, toTaskOutput } from './task.service';
import { recordAgentWrite, type AgentActor } from './agent-write.service';
import { meterUsage } from './usage.service';
import type { z } from 'zod';

export type OwnFocusSession = Pick<Session, 'id' | 'userId'>;
export type TCreateFocusSessionData = z.output<typeof ZCreateFocusSessionInput>;

function toApiDisplayMode(value: DbDisplayMode | DisplayMode): DisplayMode {
  return value === DbDisplayMode.clock_date ? 'clock-date' : value;
}

function toDbDisplayMode(value: DisplayMode): DbDisplayMode {
  return value === 'clock-date' ? DbDisplayMode.clock_date : value;
}

/** A focus session row from Prisma (display mode `clock_date`) or from the hot paths' SQL ('clock-date'). */
export function toFocusSessionOutput(row: Omit<FocusSessionRow, 'displayMode'> & { displayMode: DbDisplayMode | DisplayMode }): TFocusSession {
  return {
    id: row.id,
    sessionName: row.sessionName,
    displayMode: toApiDisplayMode(row.displayMode),
    startedAt: row.startedAt.toISOString(),
    sessionDuration: row.sessionDuration,
    maxTasks: row.maxTasks,
    pomodoroWork: row.pomodoroWork,
    pomodoroBreak: row.pomodoroBreak,
    timerDuration: row.timerDuration,
    dueDate: row.dueDate.toISOString(),
    selectedTaskIds: row.selectedTaskIds ?? [],
    sessionType: row.sessionType,
    userMood: row.userMood,
    darkMode: row.darkMode,
    createdAt: row.createdAt.toISOString(),
  };
}

const FOCUS_SESSION_OMIT = { userId: true } as const;

/** The user's focus session or 404 (another user's id is indistinguishable from a missing one). */
export async function getOwnFocusSession(db: Db, userId: string, id: string): Promise<Omit<Session, 'userId'> & OwnFocusSession> {
  const focusSession = await db.session.findFirst({ where: { id, userId } });
  if (!focusSession) throw focusSessionNotFound();
  return focusSession;
}

/** Default names, with the US-format date of today in the person's zone. */
function defaultFocusSessionName(type: 'manual' | 'ai', existingCount: number, now: Date, zone = 'UTC'): string {
  const date = usDate(now, zone);
  return type === 'ai' ? `AI Session #${randomInt(0, 1000)} - ${date}` : `Session #${existingCount + 1} - ${date}`;
}

/**
 * POST /api/sessions, and POST /api/sessions/ai-generate: validates the picked tasks (the user's
 * own, else 404), counts the session (and the AI session) in the same transaction as the
 * insert, and fills the defaults. Takes the API's input (parsed here, so other callers can
 * pass a partial one such as `{ sessionType: 'ai', sessionName, sessionDuration }`).
 */
export async function createFocusSession(
  db: Db,
  userId: string,
  raw: TCreateFocusSessionInput | TCreateFocusSessionData,
  now = new Date(),
  by: { agent?: AgentActor } = {},
): Promise<TFocusSession> {
  const input = ZCreateFocusSessionInput.parse(raw);
  // Without a zone in the call, the account's: the default name carries the person's date.
  const zone = input.timeZone ?? (await db.user.findUnique({ where: { id: userId }, select: { timeZone: true } }))?.timeZone ?? 'UTC';
  // A due date in range plus a time in a zone ahead of UTC can land past the year 9999.
  const dueDate = combineDateAndTime(input.dueDate ? new Date(input.dueDate) : null, input.dueTime, zone, now);
  if (!isStorableDate(dueDate)) throw appError('BAD_REQUEST', DATE_RANGE_MESSAGE);
  const selectedTaskIds = [...new Set(input.selectedTaskIds)];
  const row = await db.$transaction(async (tx) => {
    if (selectedTaskIds.length) {
      const own = await tx.task.count({ where: { userId, id: { in: selectedTaskIds } } });
      if (own !== selectedTaskIds.length) throw taskNotFound();
    }
    await meterUsage(tx, userId, 'sessions', now);
    if (input.sessionType === 'ai') await meterUsage(tx, userId, 'aiSessions', now);
    const name = input.sessionName || defaultFocusSessionName(input.sessionType, input.sessionType === 'manual' ? await tx.session.count({ where: { userId } }) : 0, now, zone);
    const created = await tx.session.create({
      data: {
        userId,
        sessionName: name,
        displayMode: toDbDisplayMode(input.displayMode),
        startedAt: now,
        sessionDuration: input.sessionDuration ?? null,
        maxTasks: input.maxTasks ?? SESSION_DEFAULTS.maxTasks,
        pomodoroWork: input.pomodoroWork ?? SESSION_DEFAULTS.pomodoroWork,
        pomodoroBreak: input.pomodoroBreak ?? SESSION_DEFAULTS.pomodoroBreak,
        timerDuration: input.timerDuration ?? null,
        dueDate,
        selectedTaskIds,
        sessionType: input.sessionType,
        userMood: input.userMood ?? null,
        darkMode: input.darkMode,
        createdAt: now,
      },
      omit: FOCUS_SESSION_OMIT,
    });
    // An assistant's session is recorded in the same transaction (agent-write.service.ts).
    if (by.agent) await recordAgentWrite(tx, userId, by.agent, { kind: 'session.created', sessionId: created.id, name: created.sessionName }, now);
    return created;
  });
  return toFocusSessionOutput(row);
}

/** GET /api/sessions: newest first by start time, at most SESSION_LIST_MAX (hot paths' SQL). */
export async function listFocusSessions(db: Db, userId: string): Promise<TFocusSession[]> {
  const rows = await focusSessionRows(poolOf(db), userId, SESSION_LIST_MAX);
  return rows.map(toFocusSessionOutput);
}

/** GET /api/sessions/{id}/tasks: the tasks created in or completed in the session, one query. */
export async function focusSessionTasks(db: Db, focusSession: OwnFocusSession): Promise<TTaskOutput[]> {
  const rows = await db.task.findMany({
    where: { userId: focusSession.userId, OR: [{ sessionId: focusSession.id }, { completedInSessionId: focusSession.id }] },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: TASK_LIST_MAX,
    select: TASK_SELECT,
  });
  return rows.map(toTaskOutput);
}

/** DELETE /api/sessions/{id}: its tasks stay, unlinked (ON DELETE SET NULL). */
export async function deleteFocusSession(db: Db, focusSession: OwnFocusSession): Promise<{ success: true }> {
  await db.session.delete({ where: { id: focusSession.id, userId: focusSession.userId } });
  return { success: true };
}

// Plans and usage: the one module that owns the monthly limits. Counters live in one row per
// user and calendar month (UTC), so a new month starts at zero without any job. A limited
// action calls meterUsage inside the same transaction as the write it counts: one atomic
// statement counts and checks, so parallel requests can never pass a limit, and a failed write
// rolls its count back.
import type { Prisma } from '@/generated/prisma/client';
import { PLAN_LIMITS, type SubscriptionTier, type UsageKind } from '@/lib/constants';
import { appError, type ErrorReason } from '@/server/errors';
import type { Db, SqlClient } from '@/server/db';
import { subscriptionTierOf } from '@/server/db/sql';

export type Tx = Prisma.TransactionClient;
export type PlanLimits = { tasks: number | null; sessions: number | null; aiBreakdowns: number | null; aiSessions: number | null };
export type Usage = {
  tasksCreatedThisMonth: number;
  sessionsCreatedThisMonth: number;
  aiBreakdownsThisMonth: number;
  aiSessionsThisMonth: number;
};

const COLUMN: Record<UsageKind, string> = {
  tasks: 'tasks',
  sessions: 'sessions',
  aiBreakdowns: 'aiBreakdowns',
  aiSessions: 'aiSessions',
};

/** The machine-readable reason of each limit's 403: what the client decides by. */
const LIMIT_REASONS: Record<UsageKind, ErrorReason> = {
  tasks: 'task_limit',
  sessions: 'session_limit',
  aiBreakdowns: 'ai_breakdown_limit',
  aiSessions: 'ai_session_limit',
};

/** A limit's 403: the spec's words for people, the reason for the client's dialog. */
export function limitError(kind: UsageKind, max: number, tier: SubscriptionTier) {
  return appError('FORBIDDEN', limitMessage(kind, max, tier), undefined, LIMIT_REASONS[kind]);
}

/** The spec's words for a limit error (spec section 8; the client decides by the reason, not by these). */
const LIMIT_WORDS: Record<UsageKind, { title: string; unit: string }> = {
  tasks: { title: 'Task limit reached', unit: 'tasks' },
  sessions: { title: 'Session limit reached', unit: 'sessions' },
  aiBreakdowns: { title: 'AI breakdown limit reached', unit: 'AI breakdowns' },
  aiSessions: { title: 'AI session limit reached', unit: 'AI sessions' },
};

/** The first day of the month of `now`, in UTC. */
export function monthStart(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function limitsFor(tier: SubscriptionTier): PlanLimits {
  return { ...PLAN_LIMITS[tier] };
}

export function limitMessage(kind: UsageKind, max: number, tier: SubscriptionTier): string {
  const words = LIMIT_WORDS[kind];
  const plan = tier === 'plus' ? 'Plus' : 'Free';
  return `${words.title}: you've reached your limit of ${max} ${words.unit} per month on the ${plan} plan.`;
}

export async function getUsage(db: Db | Tx, userId: string, now: Date = new Date()): Promise<Usage> {
  const row = await db.usageCounter.findUnique({ where: { userId_month: { userId, month: monthStart(now) } } });
  return {
    tasksCreatedThisMonth: row?.tasks ?? 0,
    sessionsCreatedThisMonth: row?.sessions ?? 0,
    aiBreakdownsThisMonth: row?.aiBreakdowns ?? 0,
    aiSessionsThisMonth: row?.aiSessions ?? 0,
  };
}

/**
 * The statement that counts `units` uses (one unless told) and checks the limit at once: insert
 * the month's row with them, or add them only while they fit under the limit. No row back means
 * the limit is reached (and nothing was counted). One text for both paths below, so they cannot
 * drift apart.
 */
function meterStatement(userId: string, kind: UsageKind, max: number | null, now: Date, units = 1): { text: string; values: unknown[] } {
  const column = `"${COLUMN[kind]}"`;
  return {
    text: `INSERT INTO "UsageCounter" ("userId", "month", ${column})
      SELECT $1, $2::date, $3::int ${max === null ? '' : 'WHERE $3::int <= $4'}
      ON CONFLICT ("userId", "month") DO UPDATE
        SET ${column} = "UsageCounter".${column} + $3::int
        WHERE ${max === null ? 'TRUE' : `"UsageCounter".${column} + $3::int <= $4`}
      RETURNING ${column} AS used`,
    values: max === null ? [userId, monthDate(now), units] : [userId, monthDate(now), units, max],
  };
}

/** The month's first day as the `date` column takes it ('2026-11-01'). */
const monthDate = (now: Date) => monthStart(now).toISOString().slice(0, 10);

function refuseOverLimit(rows: { used: number }[], kind: UsageKind, max: number | null, tier: SubscriptionTier): void {
  if (rows.length === 0 || (max !== null && (rows[0]?.used ?? 0) > max)) {
    throw limitError(kind, max ?? 0, tier);
  }
}

/**
 * Counts one use of `kind` for the user if the plan allows it, else throws 403 with the product's
 * words. Call inside the transaction that performs the counted write.
 */
export async function meterUsage(tx: Tx, userId: string, kind: UsageKind, now: Date = new Date()): Promise<void> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { subscriptionTier: true } });
  if (!user) throw appError('NOT_FOUND', 'Not found');
  const max = PLAN_LIMITS[user.subscriptionTier][kind];
  const { text, values } = meterStatement(userId, kind, max, now);
  refuseOverLimit(await tx.$queryRawUnsafe<{ used: number }[]>(text, ...values), kind, max, user.subscriptionTier);
}

/**
 * Counts `units` uses of `kind` together if they all fit under the plan's limit, on a
 * node-postgres connection inside its transaction; false (nothing counted) when they do not.
 * Completing a repeating task uses it: at the limit its series pauses instead of failing.
 */
export async function tryMeterUsageSql(client: SqlClient, userId: string, kind: UsageKind, units: number, now: Date = new Date()): Promise<boolean> {
  const tier = await subscriptionTierOf(client, userId);
  if (!tier) throw appError('NOT_FOUND', 'Not found');
  const { text, values } = meterStatement(userId, kind, PLAN_LIMITS[tier][kind], now, units);
  return (await client.query<{ used: number }>({ text, values })).rows.length > 0;
}

/** meterUsage on a node-postgres connection inside its transaction (the task writes). */
export async function meterUsageSql(client: SqlClient, userId: string, kind: UsageKind, now: Date = new Date()): Promise<void> {
  const tier = await subscriptionTierOf(client, userId);
  if (!tier) throw appError('NOT_FOUND', 'Not found');
  const max = PLAN_LIMITS[tier][kind];
  const { text, values } = meterStatement(userId, kind, max, now);
  refuseOverLimit((await client.query<{ used: number }>({ text, values })).rows, kind, max, tier);
}

/** The `me` answer's usage and limits. */
export async function usageSummary(db: Db | Tx, userId: string, tier: SubscriptionTier, now: Date = new Date()) {
  return { ...(await getUsage(db, userId, now)), limits: limitsFor(tier) };
}

// The account as its owner sees it (the User answer of api.md) and the changes its owner makes:
// profile, e-mail preferences, password, deletion. Never returns a hash or a token.
import type { TChangePasswordInput, TUpdatePreferencesInput, TUpdateProfileInput, TUser } from '@/lib/schemas/user';
import { ZChangePasswordInput, ZUpdatePreferencesInput, ZUpdateProfileInput } from '@/lib/schemas/user';
import { appError } from '@/server/api/errors';
import { hashPassword, verifyPassword } from '@/server/auth/password';
import { poolOf, UTC_TYPES, type Db } from '@/server/db';
import { sendVerificationEmail } from './auth.service';
import { endBillingForDeletedAccount } from './billing.service';
import { consumeRateLimit, rateLimitKey, RATE_LIMITS, releaseRateLimitHit, tooManyRequests } from './rate-limit.service';
import { limitsFor, monthStart, usageSummary, type Tx, type Usage } from './usage.service';
import { TASK_SELECT, toTaskOutput } from './task.service';
import { toSessionOutput } from './session.service';
import { log } from '@/server/log';

/** The columns the User answer is made of (and nothing secret). */
export const USER_SELECT = {
  id: true,
  name: true,
  email: true,
  emailVerified: true,
  subscriptionTier: true,
  emailRemindersEnabled: true,
  marketingEmailsEnabled: true,
  newsletterEnabled: true,
  subscriptionStatus: true,
  cancelAtPeriodEnd: true,
  subscriptionPeriodEnd: true,
  createdAt: true,
} as const;

type UserRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  subscriptionTier: 'free' | 'plus';
  emailRemindersEnabled: boolean;
  marketingEmailsEnabled: boolean;
  newsletterEnabled: boolean;
  subscriptionStatus: string | null;
  cancelAtPeriodEnd: boolean;
  subscriptionPeriodEnd: Date | null;
  createdAt: Date;
};

export async function toUserOutput(db: Db | Tx, row: UserRow): Promise<TUser> {
  return userAnswer(row, await usageSummary(db, row.id, row.subscriptionTier));
}

function userAnswer(row: UserRow, usage: Usage & { limits: ReturnType<typeof limitsFor> }): TUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    subscriptionTier: row.subscriptionTier,
    ...usage,
    emailRemindersEnabled: row.emailRemindersEnabled,
    marketingEmailsEnabled: row.marketingEmailsEnabled,
    newsletterEnabled: row.newsletterEnabled,
    subscriptionStatus: row.subscriptionStatus,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    subscriptionPeriodEnd: row.subscriptionPeriodEnd ? row.subscriptionPeriodEnd.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getUser(db: Db, userId: string): Promise<TUser> {
  const pool = poolOf(db);
  if (pool) return getUserSql(pool, userId);
  const row = await db.user.findUnique({ where: { id: userId }, select: USER_SELECT });
  if (!row) throw appError('UNAUTHORIZED', 'Please sign in to continue');
  return toUserOutput(db, row);
}

const USER_COLUMNS = Object.keys(USER_SELECT)
  .map((column) => `u."${column}"`)
  .join(', ');

type UserUsageRow = UserRow & { tasks: number | null; sessions: number | null; aiBreakdowns: number | null; aiSessions: number | null };

/**
 * GET /api/auth/me (asked by every screen): the same answer as the Prisma path above, in one
 * query through node-postgres (the user and this month's counters). Through Prisma the two
 * reads allocated ~75 kB per request, garbage that showed up as collection pauses in the
 * latency tail (issue 10). user.service.test.ts checks both paths give the same answer.
 */
export async function getUserSql(pool: NonNullable<ReturnType<typeof poolOf>>, userId: string, now: Date = new Date()): Promise<TUser> {
  const { rows } = await pool.query<UserUsageRow>({
    name: 'onething-me',
    text: `SELECT ${USER_COLUMNS}, c."tasks", c."sessions", c."aiBreakdowns", c."aiSessions"
      FROM "User" u LEFT JOIN "UsageCounter" c ON c."userId" = u."id" AND c."month" = $2::date
      WHERE u."id" = $1`,
    values: [userId, monthStart(now).toISOString().slice(0, 10)],
    types: UTC_TYPES,
  });
  const row = rows[0];
  if (!row) throw appError('UNAUTHORIZED', 'Please sign in to continue');
  return userAnswer(row, {
    tasksCreatedThisMonth: row.tasks ?? 0,
    sessionsCreatedThisMonth: row.sessions ?? 0,
    aiBreakdownsThisMonth: row.aiBreakdowns ?? 0,
    aiSessionsThisMonth: row.aiSessions ?? 0,
    limits: limitsFor(row.subscriptionTier),
  });
}

/**
 * Name and e-mail. A changed e-mail must be verified again: the account becomes unverified and a
 * verification mail goes to the new address. If that mail cannot be sent the change still stands
 * (the verification wall offers a resend); 409 when another account has the address.
 */
export async function updateProfile(db: Db, userId: string, input: TUpdateProfileInput): Promise<TUser> {
  const data = ZUpdateProfileInput.parse(input);
  const current = await db.user.findUnique({ where: { id: userId }, select: { email: true } });
  if (!current) throw appError('UNAUTHORIZED', 'Please sign in to continue');
  const emailChanged = data.email !== undefined && data.email !== current.email;
  if (emailChanged) {
    const taken = await db.user.findUnique({ where: { email: data.email }, select: { id: true } });
    if (taken) throw appError('CONFLICT', 'An account with this email already exists');
  }
  const row = await db.$transaction(async (tx) => {
    const updated = await tx.user.update({
      where: { id: userId },
      data: {
        ...(data.name !== undefined ? { name: data.name } : {}),
        ...(emailChanged
          ? { email: data.email, emailVerified: false, emailVerifiedAt: null, lastVerificationSentAt: null }
          : {}),
      },
      select: USER_SELECT,
    });
    // Links sent to the old address must not verify the new one.
    if (emailChanged) await tx.authToken.deleteMany({ where: { userId, usedAt: null } });
    return updated;
  });
  if (emailChanged) {
    try {
      await sendVerificationEmail(db, { id: row.id, name: row.name, email: row.email });
    } catch (error) {
      log.warn('verification mail after an e-mail change was not sent', { userId, error: (error as Error).message });
    }
  }
  return toUserOutput(db, row);
}

export async function updatePreferences(db: Db, userId: string, input: TUpdatePreferencesInput): Promise<TUser> {
  const data = ZUpdatePreferencesInput.parse(input);
  const row = await db.user.update({ where: { id: userId }, data, select: USER_SELECT });
  return toUserOutput(db, row);
}

/**
 * Changes the password while signed in (the current one is checked, wrong guesses count like
 * failed sign-ins) and ends every other session by bumping the session version. Answers the new
 * session version so the caller can re-issue its own cookie.
 */
export async function changePassword(
  db: Db,
  userId: string,
  input: TChangePasswordInput,
  resHeaders: Headers,
): Promise<{ id: string; sessionVersion: number }> {
  const data = ZChangePasswordInput.parse(input);
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, passwordHash: true } });
  if (!user) throw appError('UNAUTHORIZED', 'Please sign in to continue');
  const attempt = await consumeRateLimit(db, { key: rateLimitKey('signin:account', user.email), ...RATE_LIMITS.signinPerAccount });
  if (!attempt.ok) tooManyRequests(resHeaders, attempt.retryAfterSeconds, 'Too many password attempts');
  if (!(await verifyPassword(user.passwordHash, data.currentPassword))) {
    throw appError('BAD_REQUEST', 'Current password is incorrect. Please check your current password and try again.');
  }
  await releaseRateLimitHit(db, attempt.hitId);
  const passwordHash = await hashPassword(data.newPassword);
  return db.user.update({
    where: { id: userId },
    data: { passwordHash, sessionVersion: { increment: 1 } },
    select: { id: true, sessionVersion: true },
  });
}

/**
 * Removes the user and all their data in one transaction: tasks, sessions, usage, tokens (by the
 * schema's cascades) and their contact messages (which would otherwise keep their name and
 * address). Their sessions end with the row. A paid subscription is ended with Stripe first;
 * when Stripe cannot be reached the account stays (503) rather than being charged without one.
 */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await endBillingForDeletedAccount(db, userId);
  await db.$transaction(async (tx) => {
    await tx.contactMessage.deleteMany({ where: { userId } });
    await tx.user.delete({ where: { id: userId } });
  });
}

/** One month of the usage counters, as the export lists them. */
export interface TUsageMonth {
  month: string;
  tasks: number;
  sessions: number;
  aiBreakdowns: number;
  aiSessions: number;
}

/**
 * Everything the account holds, for "Export my data" (beyond the spec): the profile as `me`
 * shows it (no hashes, no Stripe ids), every task and session, the usage counters of every
 * month and the API tokens' names (never the tokens). One query per table, no N+1.
 */
export async function exportAccount(db: Db, userId: string) {
  const [row, taskRows, sessionRows, usageRows, tokenRows] = await Promise.all([
    db.user.findUnique({ where: { id: userId }, select: USER_SELECT }),
    db.task.findMany({ where: { userId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: TASK_SELECT }),
    db.session.findMany({ where: { userId }, orderBy: [{ startedAt: 'asc' }, { id: 'asc' }], omit: { userId: true } }),
    db.usageCounter.findMany({ where: { userId }, orderBy: { month: 'asc' } }),
    db.apiToken.findMany({
      where: { userId },
      orderBy: { createdAt: 'asc' },
      select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true },
    }),
  ]);
  if (!row) throw appError('UNAUTHORIZED', 'Please sign in to continue');
  return {
    exportedAt: new Date().toISOString(),
    profile: await toUserOutput(db, row),
    tasks: taskRows.map(toTaskOutput),
    sessions: sessionRows.map(toSessionOutput),
    usage: usageRows.map(
      (usage): TUsageMonth => ({
        month: usage.month.toISOString().slice(0, 7),
        tasks: usage.tasks,
        sessions: usage.sessions,
        aiBreakdowns: usage.aiBreakdowns,
        aiSessions: usage.aiSessions,
      }),
    ),
    apiTokens: tokenRows.map((token) => ({
      id: token.id,
      name: token.name,
      prefix: token.prefix,
      createdAt: token.createdAt.toISOString(),
      lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

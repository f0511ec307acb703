// The account as its owner sees it (the User answer of docs/api-contract.md) and the changes its owner makes:
// profile, e-mail preferences, password, deletion. Never returns a hash or a token.
import type { TChangePasswordInput, TDeleteAccountInput, TUpdatePreferencesInput, TUpdateProfileInput, TUser } from '@/lib/schemas/user';
import { ZChangePasswordInput, ZDeleteAccountInput, ZUpdatePreferencesInput, ZUpdateProfileInput } from '@/lib/schemas/user';
import { loadCommonPasswords } from '@/lib/password-rules';
import { appError } from '@/server/errors';
import { hashPassword, verifyPassword } from '@/server/auth/password';
import { poolOf, type Db } from '@/server/db';
import { meRow, USER_COLUMN_NAMES, type UserRow } from '@/server/db/sql';
import { env } from '@/server/env';
import { log } from '@/server/log';
import { passwordChangedMail } from '@/server/mail/messages';
import { sendMail } from '@/server/mail/transport';
import { EMAIL_TAKEN } from './account-messages';
import { requestEmailChange } from './email-change.service';
import { endBillingForDeletedAccount } from './billing.service';
import { consumeRateLimit, rateLimitKey, RATE_LIMITS, releaseRateLimitHit, tooManyRequests } from './rate-limit.service';
import { limitsFor, monthStart, usageSummary, type Tx, type Usage } from './usage.service';
import { TASK_SELECT, toTaskOutput } from './task.service';
import { toFocusSessionOutput } from './focus-session.service';
import { toApiTokenOutput } from './token.service';

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
  pushRemindersEnabled: true,
  subscriptionStatus: true,
  cancelAtPeriodEnd: true,
  subscriptionPeriodEnd: true,
  pendingEmail: true,
  pendingEmailExpiresAt: true,
  timeZone: true,
  workdayStart: true,
  workdayEnd: true,
  workdayDays: true,
  ritualMorning: true,
  ritualEvening: true,
  ritualOfferedAt: true,
  createdAt: true,
} as const satisfies Record<(typeof USER_COLUMN_NAMES)[number], true>;


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
    pushRemindersEnabled: row.pushRemindersEnabled,
    subscriptionStatus: row.subscriptionStatus,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    subscriptionPeriodEnd: row.subscriptionPeriodEnd ? row.subscriptionPeriodEnd.toISOString() : null,
    timeZone: row.timeZone,
    pendingEmail: row.pendingEmail && row.pendingEmailExpiresAt && row.pendingEmailExpiresAt > new Date() ? row.pendingEmail : null,
    workday: { start: row.workdayStart, end: row.workdayEnd, days: row.workdayDays },
    ritual: { morning: row.ritualMorning, evening: row.ritualEvening, offered: row.ritualOfferedAt !== null },
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * GET /api/auth/me (asked by every screen): the user and this month's counters in one query of
 * the hot paths' SQL (src/server/db/sql.ts).
 */
export async function getUser(db: Db, userId: string, now: Date = new Date()): Promise<TUser> {
  const row = await meRow(poolOf(db), userId, monthStart(now));
  if (!row) throw appError('UNAUTHORIZED', 'Please sign in to continue');
  return userAnswer(row, {
    tasksCreatedThisMonth: row.tasks ?? 0,
    sessionsCreatedThisMonth: row.sessions ?? 0,
    aiBreakdownsThisMonth: row.aiBreakdowns ?? 0,
    aiSessionsThisMonth: row.aiSessions ?? 0,
    limits: limitsFor(row.subscriptionTier),
  });
}

const CURRENT_PASSWORD_WRONG = 'Current password is incorrect. Please check your current password and try again.';
const CURRENT_PASSWORD_NEEDED = 'Please enter your current password to change your email address';
const DELETE_PASSWORD_WRONG = 'Password is incorrect. Your account was not deleted.';

/**
 * Checks the account's password as proof for a sensitive change. Wrong guesses count like failed
 * sign-ins (the account's budget), so a stolen session cannot brute-force the password here.
 */
async function provePassword(db: Db, userId: string, password: string, resHeaders: Headers, wrongMessage: string) {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, passwordHash: true } });
  if (!user) throw appError('UNAUTHORIZED', 'Please sign in to continue');
  const attempt = await consumeRateLimit(db, { key: rateLimitKey('signin:account', user.email), ...RATE_LIMITS.signinPerAccount });
  if (!attempt.ok) tooManyRequests(resHeaders, attempt.retryAfterSeconds, 'Too many password attempts');
  if (!(await verifyPassword(user.passwordHash, password))) throw appError('BAD_REQUEST', wrongMessage, undefined, 'password_incorrect');
  await releaseRateLimitHit(db, attempt.hitId);
}

/**
 * Name (at once) and e-mail (as a request). A new address needs the current password and is
 * only *pending*: the account keeps its address, its verified state and full access; a link goes
 * to the new address (confirmed through the usual verify call, auth.service `verifyEmail`) and a
 * notice to the current one. A pending address claims nothing — anyone may still sign up with
 * it, and then the link is refused. 409 when an account already has the address; 503 (and
 * nothing pending) when the link cannot be mailed.
 */
export async function updateProfile(db: Db, userId: string, input: TUpdateProfileInput, resHeaders: Headers = new Headers()): Promise<TUser> {
  const data = ZUpdateProfileInput.parse(input);
  const current = await db.user.findUnique({ where: { id: userId }, select: { email: true } });
  if (!current) throw appError('UNAUTHORIZED', 'Please sign in to continue');
  const newEmail = data.email !== undefined && data.email !== current.email ? data.email : undefined;
  if (newEmail !== undefined) {
    if (!data.currentPassword) throw appError('BAD_REQUEST', CURRENT_PASSWORD_NEEDED, undefined, 'password_required');
    await provePassword(db, userId, data.currentPassword, resHeaders, CURRENT_PASSWORD_WRONG);
    const taken = await db.user.findUnique({ where: { email: newEmail }, select: { id: true } });
    if (taken) throw appError('CONFLICT', EMAIL_TAKEN);
  }
  if (data.name !== undefined || data.timeZone !== undefined || data.workday !== undefined || data.ritual !== undefined) {
    await db.user.update({
      where: { id: userId },
      data: {
        ...(data.name !== undefined && { name: data.name }),
        ...(data.timeZone !== undefined && { timeZone: data.timeZone }),
        ...(data.workday !== undefined && { workdayStart: data.workday.start, workdayEnd: data.workday.end, workdayDays: data.workday.days }),
        ...(data.ritual !== undefined && {
          ...(data.ritual.morning !== undefined && { ritualMorning: data.ritual.morning }),
          ...(data.ritual.evening !== undefined && { ritualEvening: data.ritual.evening }),
          ritualOfferedAt: new Date(),
        }),
      },
    });
  }
  if (newEmail !== undefined) await requestEmailChange(db, { id: userId, email: current.email }, newEmail, resHeaders);
  return getUser(db, userId);
}

/** Stops a pending e-mail change: its link no longer works. */
export async function cancelEmailChange(db: Db, userId: string): Promise<TUser> {
  await db.$transaction([
    db.authToken.updateMany({ where: { userId, kind: 'change_email', usedAt: null }, data: { usedAt: new Date() } }),
    db.user.updateMany({ where: { id: userId }, data: { pendingEmail: null, pendingEmailExpiresAt: null } }),
  ]);
  return getUser(db, userId);
}

export async function updatePreferences(db: Db, userId: string, input: TUpdatePreferencesInput): Promise<TUser> {
  const data = ZUpdatePreferencesInput.parse(input);
  const row = await db.user.update({ where: { id: userId }, data, select: USER_SELECT });
  return toUserOutput(db, row);
}

/**
 * Changes the password while signed in (the current one is checked, wrong guesses count like
 * failed sign-ins), ends every other session by bumping the session version, removes the push
 * subscriptions those sessions registered (so their browsers stop getting the account's
 * reminders; this session's `browserSessionId` and tokens' subscriptions stay) and tells the
 * account's address. Answers the new session version so the caller can re-issue its own cookie.
 */
export async function changePassword(
  db: Db,
  userId: string,
  input: TChangePasswordInput,
  resHeaders: Headers,
  browserSessionId?: string,
): Promise<{ id: string; sessionVersion: number }> {
  await loadCommonPasswords(); // the new password's common-password check needs the list
  const data = ZChangePasswordInput.parse(input);
  await provePassword(db, userId, data.currentPassword, resHeaders, CURRENT_PASSWORD_WRONG);
  const passwordHash = await hashPassword(data.newPassword);
  const ended = browserSessionId ? { OR: [{ browserSessionId: null }, { browserSessionId: { not: browserSessionId } }] } : {};
  const [changed] = await db.$transaction([
    db.user.update({
      where: { id: userId },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: { id: true, sessionVersion: true, email: true },
    }),
    db.pushSubscription.deleteMany({ where: { userId, apiTokenId: null, ...ended } }),
  ]);
  // Tell the owner (best effort): if it was not them, the mail leads to a reset by mail.
  try {
    await sendMail(await passwordChangedMail(changed.email, { resetLink: `${env().APP_URL}/forgot-password` }));
  } catch (error) {
    log.warn('password change notice was not sent', { userId, error: (error as Error).message });
  }
  return { id: changed.id, sessionVersion: changed.sessionVersion };
}

/**
 * Removes the user and all their data in one transaction: tasks, sessions, usage, tokens (by the
 * schema's cascades) and their contact messages (which would otherwise keep their name and
 * address). Their sessions end with the row. The password is asked first (a session left open on
 * a shared computer must not be enough). A paid subscription is ended with Stripe first;
 * when Stripe cannot be reached the account stays (503) rather than being charged without one.
 */
export async function deleteAccount(db: Db, userId: string, input: TDeleteAccountInput, resHeaders: Headers = new Headers()): Promise<void> {
  const data = ZDeleteAccountInput.parse(input);
  await provePassword(db, userId, data.password, resHeaders, DELETE_PASSWORD_WRONG);
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
 * Everything the account holds, for "Export my data" (an extra of this server): the profile as `me`
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
      select: { id: true, name: true, prefix: true, scopes: true, expiresAt: true, createdAt: true, lastUsedAt: true },
    }),
  ]);
  if (!row) throw appError('UNAUTHORIZED', 'Please sign in to continue');
  return {
    exportedAt: new Date().toISOString(),
    profile: await toUserOutput(db, row),
    tasks: taskRows.map(toTaskOutput),
    sessions: sessionRows.map(toFocusSessionOutput),
    usage: usageRows.map(
      (usage): TUsageMonth => ({
        month: usage.month.toISOString().slice(0, 7),
        tasks: usage.tasks,
        sessions: usage.sessions,
        aiBreakdowns: usage.aiBreakdowns,
        aiSessions: usage.aiSessions,
      }),
    ),
    apiTokens: tokenRows.map(toApiTokenOutput),
  };
}

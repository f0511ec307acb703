// Accounts: sign-up, sign-in, sign-out, e-mail verification, forgotten passwords. The rules of
// docs/api-contract.md live here; routers only set or clear the session cookie.
//
// Links: verification `${APP_URL}/verify/{email}/{token}` (24 h); password reset
// `${APP_URL}/forgot-password/reset?email=...&token=...` (1 h; the product's /reset-password is the
// signed-in change-password page, so the public reset page has its own route). Tokens are 32
// random bytes, stored only as SHA-256 hashes, single-use (usedAt is set in the transaction that
// applies them) and expiring; a newer mail of the same kind invalidates the older links.
import { Prisma } from '@/generated/prisma/client';
import { RESET_TOKEN_TTL_HOURS, VERIFY_RESEND_COOLDOWN_SECONDS, VERIFY_TOKEN_TTL_HOURS } from '@/lib/constants';
import type { TForgotPasswordInput, TResetPasswordInput, TSigninInput, TSignupInput, TUser, TVerifyEmailInput } from '@/lib/schemas/user';
import { ZForgotPasswordInput, ZResetPasswordInput, ZSigninInput, ZSignupInput, ZVerifyEmailInput } from '@/lib/schemas/user';
import { loadCommonPasswords } from '@/lib/password-rules';
import { appError } from '@/server/errors';
import { hashPassword, passwordNeedsRehash, verifyPassword } from '@/server/auth/password';
import { normaliseEmail, randomSecret, sha256 } from '@/server/auth/secrets';
import { SESSION_MAX_AGE_SECONDS } from '@/server/auth/cookie';
import { knownDeviceProof, rememberDevice } from '@/server/auth/known-device';
import type { AuthSession } from '@/server/auth/session';
import type { Db } from '@/server/db';
import { env } from '@/server/env';
import { log } from '@/server/log';
import { resetPasswordMail, verifyEmailMail } from '@/server/mail/messages';
import { MailUnavailableError, sendMail } from '@/server/mail/transport';
import {
  clearRateLimit,
  consumeRateLimit,
  enforceRateLimit,
  rateLimitKey,
  RATE_LIMITS,
  releaseRateLimitHit,
  tooManyRequests,
} from './rate-limit.service';
import { EMAIL_TAKEN, MAIL_UNAVAILABLE } from './account-messages';
import { confirmEmailChange } from './email-change.service';
import { toUserOutput, USER_SELECT } from './user.service';
import { processSingleton } from '@/server/process-singleton';

const INVALID_CREDENTIALS = 'Invalid email or password';
const BAD_VERIFY_LINK = 'This verification link is invalid or has expired. Please ask for a new one.';
const BAD_RESET_LINK = 'This reset link is invalid or has expired. Please ask for a new one.';

/** The public page that opens a password-reset link (built by the UI). */
const RESET_PAGE_PATH = '/forgot-password/reset';

const HOUR_MS = 60 * 60 * 1000;

export type SessionUser = { id: string; sessionVersion: number };
/** `headers`: the request's own (the known-device cookie); absent for callers without a browser. */
type RequestInfo = { ip: string; resHeaders: Headers; headers?: Headers };

function verificationLink(email: string, token: string): string {
  return `${env().APP_URL}/verify/${encodeURIComponent(email)}/${encodeURIComponent(token)}`;
}

function resetLink(email: string, token: string): string {
  const query = new URLSearchParams({ email, token });
  return `${env().APP_URL}${RESET_PAGE_PATH}?${query.toString()}`;
}

function mailUnavailable(cause?: unknown) {
  return appError('SERVICE_UNAVAILABLE', MAIL_UNAVAILABLE, cause);
}

/**
 * Creates a verification token for the user's current address and mails the link. On success
 * older verification links stop working and lastVerificationSentAt is set; on failure nothing
 * changes (the new token is removed) and 503 is thrown. 5 mails per address per hour.
 */
async function sendVerificationEmail(
  db: Db,
  user: { id: string; name: string; email: string },
  resHeaders: Headers = new Headers(),
): Promise<void> {
  const limit = await consumeRateLimit(db, { key: rateLimitKey('mail:verify', user.email), ...RATE_LIMITS.mailPerAddress });
  if (!limit.ok) tooManyRequests(resHeaders, limit.retryAfterSeconds, 'Too many verification emails');
  const token = randomSecret();
  const now = new Date();
  const created = await db.authToken.create({
    data: {
      userId: user.id,
      kind: 'verify_email',
      tokenHash: sha256(token),
      email: user.email,
      expiresAt: new Date(now.getTime() + VERIFY_TOKEN_TTL_HOURS * HOUR_MS),
    },
    select: { id: true },
  });
  try {
    await sendMail(await verifyEmailMail(user.email, { link: verificationLink(user.email, token), hours: VERIFY_TOKEN_TTL_HOURS }));
  } catch (error) {
    await db.authToken.deleteMany({ where: { id: created.id } });
    await releaseRateLimitHit(db, limit.hitId);
    if (error instanceof MailUnavailableError) throw mailUnavailable(error);
    throw error;
  }
  await db.$transaction([
    db.authToken.updateMany({
      where: { userId: user.id, kind: 'verify_email', usedAt: null, id: { not: created.id } },
      data: { usedAt: now },
    }),
    db.authToken.deleteMany({ where: { userId: user.id, expiresAt: { lt: new Date(now.getTime() - VERIFY_TOKEN_TTL_HOURS * HOUR_MS) } } }),
    db.user.updateMany({ where: { id: user.id }, data: { lastVerificationSentAt: now } }),
  ]);
}

/**
 * Creates the account (argon2id hash), signs it in (the router sets the cookie) and sends the
 * verification mail. A mail that cannot be sent does not undo the account: the answer says
 * `verificationEmailSent: false` and the verification wall offers a resend. 30 per IP per hour.
 */
export async function signup(
  db: Db,
  input: TSignupInput,
  request: RequestInfo,
): Promise<{ user: TUser; session: SessionUser; verificationEmailSent: boolean }> {
  await enforceRateLimit({ db, resHeaders: request.resHeaders }, { key: rateLimitKey('signup:ip', request.ip), ...RATE_LIMITS.signupPerIp }, 'Too many sign-ups from this network');
  await loadCommonPasswords(); // the new password's common-password check needs the list
  const data = ZSignupInput.parse(input);
  const existing = await db.user.findUnique({ where: { email: data.email }, select: { id: true } });
  if (existing) throw appError('CONFLICT', EMAIL_TAKEN);
  const passwordHash = await hashPassword(data.password);
  let row;
  try {
    row = await db.user.create({
      data: { name: data.name, email: data.email, passwordHash, ...(data.timeZone && { timeZone: data.timeZone }) },
      select: { ...USER_SELECT, sessionVersion: true },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw appError('CONFLICT', EMAIL_TAKEN);
    throw error;
  }
  let verificationEmailSent = true;
  try {
    await sendVerificationEmail(db, row);
  } catch (error) {
    verificationEmailSent = false;
    log.warn('verification mail after sign-up was not sent', { userId: row.id, error: (error as Error).message });
  }
  const { sessionVersion, ...userRow } = row;
  if (request.headers) rememberDevice(request.headers, request.resHeaders, { id: row.id, sessionVersion });
  return { user: await toUserOutput(db, userRow), session: { id: row.id, sessionVersion }, verificationEmailSent };
}

/**
 * Checks an e-mail and password. Unknown address and wrong password answer the same 401 after
 * the same work. Each attempt takes a slot of the IP's (100 per 15 min) failed-sign-in budget and
 * of the account's (10 per 15 min) up front, so parallel guesses cannot overrun them; a
 * successful attempt gives its slots back, so only failures count. A device that signed in to
 * this account before (src/server/auth/known-device.ts) is counted in a bucket of its own (this
 * account on this device) instead of the account's, so a stranger's guesses cannot lock the owner
 * out of their own devices, and a former device's guesses lock only that device.
 */
export async function verifyCredentials(db: Db, input: TSigninInput, request: RequestInfo): Promise<SessionUser> {
  const data = ZSigninInput.parse(input);
  const user = await db.user.findUnique({ where: { email: data.email }, select: { id: true, passwordHash: true, sessionVersion: true } });
  const device = user && request.headers ? knownDeviceProof(request.headers, user) : undefined;
  // A known device's bucket is its own: the account and this device's id.
  const accountKey = device && user ? rateLimitKey('signin:device', `${user.id}:${device}`) : rateLimitKey('signin:account', data.email);
  const account = await consumeRateLimit(db, { key: accountKey, ...RATE_LIMITS.signinPerAccount });
  if (!account.ok) tooManyRequests(request.resHeaders, account.retryAfterSeconds, 'Too many sign-in attempts');
  const ip = await consumeRateLimit(db, { key: rateLimitKey('signin:ip', request.ip), ...RATE_LIMITS.signinPerIp });
  if (!ip.ok) {
    await releaseRateLimitHit(db, account.hitId);
    tooManyRequests(request.resHeaders, ip.retryAfterSeconds, 'Too many sign-in attempts');
  }
  const ok = await verifyPassword(user?.passwordHash, data.password);
  if (!user || !ok) throw appError('UNAUTHORIZED', INVALID_CREDENTIALS);
  await releaseRateLimitHit(db, account.hitId);
  await releaseRateLimitHit(db, ip.hitId);
  if (passwordNeedsRehash(user.passwordHash)) {
    await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(data.password) } });
  }
  if (request.headers) rememberDevice(request.headers, request.resHeaders, user);
  return { id: user.id, sessionVersion: user.sessionVersion };
}

export async function signin(db: Db, input: TSigninInput, request: RequestInfo): Promise<{ user: TUser; session: SessionUser }> {
  const session = await verifyCredentials(db, input, request);
  const row = await db.user.findUniqueOrThrow({ where: { id: session.id }, select: USER_SELECT });
  return { user: await toUserOutput(db, row), session };
}

/**
 * Ends this browser session server-side: its id is kept in EndedSession until the token would
 * have expired (expired rows of the user go at the same time); the account's other devices stay
 * signed in. A token from before session ids has none to end, so it ends every cookie session of
 * the user, as sign-out always did. A bearer token is not a session: revoke it with
 * DELETE /api/user/tokens/{id}.
 */
export async function signout(db: Db, session: AuthSession | null): Promise<void> {
  if (session?.via !== 'cookie') return;
  if (!session.sessionId || session.signedInAt === undefined) {
    await signoutEverywhere(db, session.userId);
    return;
  }
  const now = new Date();
  const expiresAt = new Date((session.signedInAt + SESSION_MAX_AGE_SECONDS) * 1000);
  await db.$transaction([
    db.endedSession.deleteMany({ where: { userId: session.userId, expiresAt: { lt: now } } }),
    db.endedSession.createMany({ data: [{ id: session.sessionId, userId: session.userId, expiresAt }], skipDuplicates: true }),
  ]);
}

/**
 * Ends every browser session of the account and forgets every push subscription (a browser
 * signed out must not keep getting the account's reminders). Personal access tokens stay.
 */
export async function signoutEverywhere(db: Db, userId: string): Promise<void> {
  await db.$transaction([
    db.user.updateMany({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } }),
    db.pushSubscription.deleteMany({ where: { userId } }),
  ]);
}

/**
 * Mails a one-time reset link when the address has an account; the answer is the same either
 * way (5 requests per address per hour, counted whether or not the account exists). Both paths
 * do the same work before answering — the rate limit and one lookup by address — and everything
 * only a known address needs (retiring older links, storing the new token, the mail) runs after
 * the answer, in `delivery`, so the response time does not tell whether an account exists. A
 * mail that cannot be sent is logged.
 */
export async function forgotPassword(db: Db, input: TForgotPasswordInput, resHeaders: Headers): Promise<{ delivery: Promise<void> }> {
  const data = ZForgotPasswordInput.parse(input);
  await enforceRateLimit({ db, resHeaders }, { key: rateLimitKey('mail:reset', data.email), ...RATE_LIMITS.mailPerAddress }, 'Too many reset emails');
  const user = await db.user.findUnique({ where: { email: data.email }, select: { id: true, email: true } });
  const delivery = user ? sendResetLink(db, user) : Promise.resolve();
  pendingDeliveries.add(delivery);
  void delivery.finally(() => pendingDeliveries.delete(delivery));
  return { delivery };
}

const pendingDeliveries = processSingleton('pendingMailDeliveries', () => new Set<Promise<void>>());

/** Resolves once every reset link still being stored and mailed after its answer is done (tests, shutdown). */
export async function resetDeliveriesSettled(): Promise<void> {
  while (pendingDeliveries.size) await Promise.all(pendingDeliveries);
}

async function sendResetLink(db: Db, user: { id: string; email: string }): Promise<void> {
  // After the answer: a macrotask later, so none of this is on the request's path.
  await new Promise((resolve) => setImmediate(resolve));
  try {
    const token = randomSecret();
    const now = new Date();
    await db.$transaction([
      db.authToken.updateMany({ where: { userId: user.id, kind: 'reset_password', usedAt: null }, data: { usedAt: now } }),
      db.authToken.create({
        data: {
          userId: user.id,
          kind: 'reset_password',
          tokenHash: sha256(token),
          email: user.email,
          expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_HOURS * HOUR_MS),
        },
      }),
    ]);
    await sendMail(await resetPasswordMail(user.email, { link: resetLink(user.email, token), minutes: RESET_TOKEN_TTL_HOURS * 60 }));
  } catch (error) {
    log.error('password reset mail was not sent', { userId: user.id, error: (error as Error).message });
  }
}

/**
 * Sets a new password from a reset link. The token is used up in the same transaction; every
 * session of the user ends, every personal access token is revoked, the calendar feed URL
 * rotates, a pending e-mail change is dropped, other reset links stop working, and the
 * account's failed sign-ins are forgotten. Opening the link proves the mailbox, so an unverified address becomes verified.
 */
export async function resetPassword(db: Db, input: TResetPasswordInput): Promise<void> {
  await loadCommonPasswords(); // the new password's common-password check needs the list
  const data = ZResetPasswordInput.parse(input);
  const now = new Date();
  const token = await db.authToken.findUnique({
    where: { tokenHash: sha256(data.token) },
    select: { id: true, kind: true, email: true, usedAt: true, expiresAt: true, userId: true, user: { select: { email: true, emailVerified: true } } },
  });
  if (
    !token ||
    token.kind !== 'reset_password' ||
    token.usedAt ||
    token.expiresAt <= now ||
    normaliseEmail(token.email) !== data.email ||
    token.user.email !== token.email
  ) {
    throw appError('BAD_REQUEST', BAD_RESET_LINK);
  }
  const passwordHash = await hashPassword(data.newPassword);
  await db.$transaction(async (tx) => {
    const used = await tx.authToken.updateMany({ where: { id: token.id, usedAt: null }, data: { usedAt: now } });
    if (used.count !== 1) throw appError('BAD_REQUEST', BAD_RESET_LINK);
    await tx.authToken.updateMany({ where: { userId: token.userId, kind: 'reset_password', usedAt: null }, data: { usedAt: now } });
    // Whoever had the account before the reset loses every way back in: sessions (the
    // version), personal access tokens, apps connected through OAuth (their tokens go with
    // them), the calendar feed URL and a pending e-mail change; and
    // every browser's push subscription, so no reminder reaches a device that was signed in.
    // The push-reminder switch stays as the person set it: reminders resume on a browser that
    // signs in and turns notifications on again.
    await tx.authToken.updateMany({ where: { userId: token.userId, kind: 'change_email', usedAt: null }, data: { usedAt: now } });
    await tx.apiToken.deleteMany({ where: { userId: token.userId } });
    await tx.oAuthGrant.deleteMany({ where: { userId: token.userId } });
    await tx.pushSubscription.deleteMany({ where: { userId: token.userId } });
    await tx.user.update({
      where: { id: token.userId },
      data: {
        passwordHash,
        sessionVersion: { increment: 1 },
        calendarFeedVersion: { increment: 1 },
        pendingEmail: null,
        pendingEmailExpiresAt: null,
        ...(token.user.emailVerified ? {} : { emailVerified: true, emailVerifiedAt: now }),
      },
    });
  });
  await clearRateLimit(db, rateLimitKey('signin:account', token.email));
}

/**
 * Applies a verification link: `verified` the first time, `already` when it was done before. A
 * link of a requested e-mail change (email-change.service) moves the account to that address.
 */
export async function verifyEmail(db: Db, input: TVerifyEmailInput): Promise<{ status: 'verified' | 'already' }> {
  const data = ZVerifyEmailInput.parse(input);
  const now = new Date();
  const token = await db.authToken.findUnique({
    where: { tokenHash: sha256(data.token) },
    select: { id: true, kind: true, email: true, usedAt: true, expiresAt: true, userId: true, user: { select: { email: true, emailVerified: true } } },
  });
  if (token?.kind === 'change_email' && normaliseEmail(token.email) === data.email) {
    const status = await confirmEmailChange(db, token);
    if (!status) throw appError('BAD_REQUEST', BAD_VERIFY_LINK);
    return { status };
  }
  if (!token || token.kind !== 'verify_email' || normaliseEmail(token.email) !== data.email || token.user.email !== token.email) {
    throw appError('BAD_REQUEST', BAD_VERIFY_LINK);
  }
  if (token.user.emailVerified) {
    if (!token.usedAt) await db.authToken.updateMany({ where: { id: token.id, usedAt: null }, data: { usedAt: now } });
    return { status: 'already' };
  }
  if (token.usedAt || token.expiresAt <= now) throw appError('BAD_REQUEST', BAD_VERIFY_LINK);
  const applied = await db.$transaction(async (tx) => {
    const used = await tx.authToken.updateMany({ where: { id: token.id, usedAt: null }, data: { usedAt: now } });
    if (used.count !== 1) return false;
    await tx.user.updateMany({ where: { id: token.userId, email: token.email }, data: { emailVerified: true, emailVerifiedAt: now } });
    return true;
  });
  if (!applied) {
    // A parallel click of the same link won the race.
    const user = await db.user.findUnique({ where: { id: token.userId }, select: { emailVerified: true } });
    if (user?.emailVerified) return { status: 'already' };
    throw appError('BAD_REQUEST', BAD_VERIFY_LINK);
  }
  return { status: 'verified' };
}

/**
 * Sends a new verification mail to the signed-in user. The 60 s cooldown is claimed atomically
 * on User.lastVerificationSentAt (429 with Retry-After inside it) and given back if the mail
 * cannot be sent (503), so a retry is possible as soon as SMTP answers again.
 */
export async function resendVerification(db: Db, userId: string, resHeaders: Headers): Promise<void> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, name: true, email: true, emailVerified: true, lastVerificationSentAt: true },
  });
  if (!user) throw appError('UNAUTHORIZED', 'Please sign in to continue');
  if (user.emailVerified) throw appError('BAD_REQUEST', 'Your email is already verified');
  const now = new Date();
  const cooldownStart = new Date(now.getTime() - VERIFY_RESEND_COOLDOWN_SECONDS * 1000);
  const claimed = await db.user.updateMany({
    where: { id: userId, OR: [{ lastVerificationSentAt: null }, { lastVerificationSentAt: { lte: cooldownStart } }] },
    data: { lastVerificationSentAt: now },
  });
  if (claimed.count !== 1) {
    const last = (await db.user.findUnique({ where: { id: userId }, select: { lastVerificationSentAt: true } }))?.lastVerificationSentAt ?? now;
    const seconds = Math.ceil((last.getTime() + VERIFY_RESEND_COOLDOWN_SECONDS * 1000 - now.getTime()) / 1000);
    tooManyRequests(resHeaders, Math.max(1, seconds), 'A verification email was just sent');
  }
  try {
    await sendVerificationEmail(db, user, resHeaders);
  } catch (error) {
    await db.user.updateMany({ where: { id: userId, lastVerificationSentAt: now }, data: { lastVerificationSentAt: user.lastVerificationSentAt } });
    throw error;
  }
}

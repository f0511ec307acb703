// A change of the sign-in address, as a request confirmed from the new mailbox. The request
// (user.service `updateProfile`) stores the new address as pending and mails a one-time link
// to it — the same /verify/{email}/{token} link and verify call as a sign-up's, with a token of
// kind `change_email` — plus a notice to the current address. Confirming (auth.service
// `verifyEmail`) moves the account to the new address, verified, and rotates the calendar feed
// URL (it was handed out under the old identity). Tokens: 32 random bytes kept as SHA-256
// hashes, single-use, 24 hours; a newer request retires the older link.
import { Prisma } from '@/generated/prisma/client';
import { VERIFY_TOKEN_TTL_HOURS } from '@/lib/constants';
import { appError } from '@/server/errors';
import { randomSecret, sha256 } from '@/server/auth/secrets';
import type { Db } from '@/server/db';
import { env } from '@/server/env';
import { log } from '@/server/log';
import { confirmEmailChangeMail, emailChangeNoticeMail } from '@/server/mail/messages';
import { MailUnavailableError, sendMail } from '@/server/mail/transport';
import { EMAIL_TAKEN, MAIL_UNAVAILABLE } from './account-messages';
import { consumeRateLimit, rateLimitKey, RATE_LIMITS, releaseRateLimitHit, tooManyRequests } from './rate-limit.service';

const HOUR_MS = 60 * 60 * 1000;


function confirmLink(email: string, token: string): string {
  return `${env().APP_URL}/verify/${encodeURIComponent(email)}/${encodeURIComponent(token)}`;
}

/**
 * Makes `newEmail` the account's pending address and mails the confirmation link to it (5 mails
 * per address per hour, like every verification mail). When the link cannot be mailed nothing is
 * pending and 503 is thrown; the notice to the current address is best effort (logged).
 */
export async function requestEmailChange(db: Db, user: { id: string; email: string }, newEmail: string, resHeaders: Headers): Promise<void> {
  const limit = await consumeRateLimit(db, { key: rateLimitKey('mail:verify', newEmail), ...RATE_LIMITS.mailPerAddress });
  if (!limit.ok) tooManyRequests(resHeaders, limit.retryAfterSeconds, 'Too many verification emails');
  const token = randomSecret();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + VERIFY_TOKEN_TTL_HOURS * HOUR_MS);
  const created = await db.$transaction(async (tx) => {
    await tx.authToken.updateMany({ where: { userId: user.id, kind: 'change_email', usedAt: null }, data: { usedAt: now } });
    await tx.user.update({ where: { id: user.id }, data: { pendingEmail: newEmail, pendingEmailExpiresAt: expiresAt } });
    return tx.authToken.create({
      data: { userId: user.id, kind: 'change_email', tokenHash: sha256(token), email: newEmail, expiresAt },
      select: { id: true },
    });
  });
  try {
    await sendMail(await confirmEmailChangeMail(newEmail, { link: confirmLink(newEmail, token), hours: VERIFY_TOKEN_TTL_HOURS }));
  } catch (error) {
    await db.$transaction([
      db.authToken.deleteMany({ where: { id: created.id } }),
      db.user.updateMany({ where: { id: user.id, pendingEmail: newEmail }, data: { pendingEmail: null, pendingEmailExpiresAt: null } }),
    ]);
    await releaseRateLimitHit(db, limit.hitId);
    if (error instanceof MailUnavailableError) throw appError('SERVICE_UNAVAILABLE', MAIL_UNAVAILABLE, error);
    throw error;
  }
  try {
    await sendMail(await emailChangeNoticeMail(user.email, { newEmail, accountLink: `${env().APP_URL}/account` }));
  } catch (error) {
    log.warn('e-mail change notice to the current address was not sent', { userId: user.id, error: (error as Error).message });
  }
}

type ChangeToken = { id: string; userId: string; email: string; usedAt: Date | null; expiresAt: Date };

/**
 * Applies a `change_email` link: `verified` when the account moved to the new address now,
 * `already` when it had (the same link opened twice). Refused (null) when the link is used up,
 * expired, or no longer the pending change (cancelled or replaced). 409 when another account
 * took the address meanwhile — a pending address claims nothing; the change is then dropped.
 */
export async function confirmEmailChange(db: Db, token: ChangeToken): Promise<'verified' | 'already' | null> {
  const now = new Date();
  const user = await db.user.findUnique({ where: { id: token.userId }, select: { email: true, pendingEmail: true } });
  if (!user) return null;
  if (token.usedAt || token.expiresAt <= now || user.pendingEmail !== token.email) {
    return token.usedAt && user.email === token.email ? 'already' : null;
  }
  try {
    const applied = await db.$transaction(async (tx) => {
      const used = await tx.authToken.updateMany({ where: { id: token.id, usedAt: null }, data: { usedAt: now } });
      if (used.count !== 1) return false;
      const moved = await tx.user.updateMany({
        where: { id: token.userId, pendingEmail: token.email },
        data: {
          email: token.email,
          emailVerified: true,
          emailVerifiedAt: now,
          pendingEmail: null,
          pendingEmailExpiresAt: null,
          calendarFeedVersion: { increment: 1 },
        },
      });
      if (moved.count !== 1) return false;
      // Links mailed to the old address (verification, reset) must not act on the new one.
      await tx.authToken.updateMany({ where: { userId: token.userId, usedAt: null }, data: { usedAt: now } });
      return true;
    });
    if (applied) return 'verified';
    const after = await db.user.findUnique({ where: { id: token.userId }, select: { email: true } });
    return after?.email === token.email ? 'already' : null;
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      await db.$transaction([
        db.authToken.updateMany({ where: { id: token.id }, data: { usedAt: now } }),
        db.user.updateMany({ where: { id: token.userId, pendingEmail: token.email }, data: { pendingEmail: null, pendingEmailExpiresAt: null } }),
      ]);
      throw appError('CONFLICT', EMAIL_TAKEN);
    }
    throw error;
  }
}

// Rate limits kept in PostgreSQL, so every app instance agrees (table RateLimitHit). A sliding
// window per key: a call is allowed while fewer than `limit` hits of that key fall inside the
// last `windowMs`. Checking and recording happen under a transaction-scoped advisory lock on the
// key, so concurrent requests cannot slip past a limit. Keys never hold personal data: build
// them with rateLimitKey(), which hashes the identifier (an address or an IP).
import { appError } from '@/server/errors';
import { sha256 } from '@/server/auth/secrets';
import type { Db } from '@/server/db';

export type RateLimitRule = { key: string; limit: number; windowMs: number };
export type RateLimitResult = {
  ok: boolean;
  /** Seconds until the next call would be allowed (0 when ok). */
  retryAfterSeconds: number;
  /** The recorded hit, when ok: release it with releaseRateLimitHit if the attempt should not count. */
  hitId?: bigint;
};

/** Longest supported window; older hits are purged now and then. */
const MAX_WINDOW_MS = 24 * 60 * 60 * 1000;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The rates of docs/api-contract.md, in one place. */
export const RATE_LIMITS = {
  signinPerAccount: { limit: 10, windowMs: 15 * MINUTE_MS },
  signinPerIp: { limit: 100, windowMs: 15 * MINUTE_MS },
  signupPerIp: { limit: 30, windowMs: HOUR_MS },
  mailPerAddress: { limit: 5, windowMs: HOUR_MS },
  contactPerIp: { limit: 10, windowMs: HOUR_MS },
  aiPlanPerUser: { limit: 30, windowMs: HOUR_MS },
  // The MCP connector's authorization server (src/server/services/oauth/): an assistant registers
  // once per install and refreshes about once an hour.
  oauthRegisterPerIp: { limit: 20, windowMs: HOUR_MS },
  oauthTokenPerIp: { limit: 300, windowMs: 15 * MINUTE_MS },
  oauthTokenPerClient: { limit: 60, windowMs: 15 * MINUTE_MS },
} as const;

/** A key like `signin:account:<hash>`: the identifier (address, IP, user id) is hashed. */
export function rateLimitKey(scope: string, identifier: string): string {
  return `${scope}:${sha256(identifier).slice(0, 32)}`;
}

async function windowHits(tx: Pick<Db, '$queryRaw'>, rule: RateLimitRule, now: Date) {
  const cutoff = new Date(now.getTime() - rule.windowMs);
  return tx.$queryRaw<{ createdAt: Date }[]>`
    SELECT "createdAt" FROM "RateLimitHit"
    WHERE "key" = ${rule.key} AND "createdAt" > ${cutoff}
    ORDER BY "createdAt" DESC
    LIMIT ${rule.limit}`;
}

function retryAfter(hits: { createdAt: Date }[], rule: RateLimitRule, now: Date): number {
  const oldest = hits[rule.limit - 1];
  if (!oldest) return 0;
  return Math.max(1, Math.ceil((oldest.createdAt.getTime() + rule.windowMs - now.getTime()) / 1000));
}

function check(rule: RateLimitRule): void {
  if (!(rule.limit >= 1) || !(rule.windowMs > 0) || rule.windowMs > MAX_WINDOW_MS) {
    throw new Error(`invalid rate limit rule for ${rule.key.split(':')[0]}`);
  }
}

/** Records one hit of the key if the limit allows it; answers whether it did. */
export async function consumeRateLimit(db: Db, rule: RateLimitRule, now: Date = new Date()): Promise<RateLimitResult> {
  check(rule);
  const result = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtext(${rule.key}))) AS locked`;
    const hits = await windowHits(tx, rule, now);
    if (hits.length >= rule.limit) return { ok: false, retryAfterSeconds: retryAfter(hits, rule, now) };
    const cutoff = new Date(now.getTime() - rule.windowMs);
    await tx.rateLimitHit.deleteMany({ where: { key: rule.key, createdAt: { lte: cutoff } } });
    const hit = await tx.rateLimitHit.create({ data: { key: rule.key, createdAt: now }, select: { id: true } });
    return { ok: true, retryAfterSeconds: 0, hitId: hit.id };
  });
  // Keys that are never hit again would stay forever: purge old rows now and then.
  if (Math.random() < 0.01) {
    await db.rateLimitHit.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - MAX_WINDOW_MS) } } });
  }
  return result;
}

/** Whether a call would be allowed now, without recording anything. */
export async function peekRateLimit(db: Db, rule: RateLimitRule, now: Date = new Date()): Promise<RateLimitResult> {
  check(rule);
  const hits = await windowHits(db, rule, now);
  return hits.length >= rule.limit ? { ok: false, retryAfterSeconds: retryAfter(hits, rule, now) } : { ok: true, retryAfterSeconds: 0 };
}

/** Gives back one recorded hit (e.g. the attempt succeeded and should not count). */
export async function releaseRateLimitHit(db: Db, hitId: bigint | undefined): Promise<void> {
  if (hitId !== undefined) await db.rateLimitHit.deleteMany({ where: { id: hitId } });
}

/** Forgets every hit of a key (e.g. an account's failed sign-ins after a password reset). */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.rateLimitHit.deleteMany({ where: { key } });
}

function wait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The 429 of docs/api-contract.md: a readable message and `Retry-After` on the response. */
export function tooManyRequests(resHeaders: Headers, retryAfterSeconds: number, what = 'Too many attempts'): never {
  resHeaders.set('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  throw appError('TOO_MANY_REQUESTS', `${what}. Please try again in ${wait(Math.max(1, Math.ceil(retryAfterSeconds)))}.`, undefined, 'rate_limited');
}

/**
 * Consumes one hit or throws 429 with Retry-After. Answers the recorded hit's id (to release it
 * when the attempt should not count).
 */
export async function enforceRateLimit(
  ctx: { db: Db; resHeaders: Headers },
  rule: RateLimitRule,
  what?: string,
): Promise<bigint | undefined> {
  const result = await consumeRateLimit(ctx.db, rule);
  if (!result.ok) tooManyRequests(ctx.resHeaders, result.retryAfterSeconds, what);
  return result.hitId;
}

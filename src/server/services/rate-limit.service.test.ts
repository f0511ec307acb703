// Rate limits in PostgreSQL: a sliding window per key that every app instance shares, exact
// under concurrency, with a Retry-After that tells when the next call is allowed.
import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { getDb } from '@/server/db';
import {
  clearRateLimit,
  consumeRateLimit,
  enforceRateLimit,
  peekRateLimit,
  rateLimitKey,
  releaseRateLimitHit,
} from './rate-limit.service';

const MINUTE = 60_000;
let keyCounter = 0;
const freshKey = () => rateLimitKey('test', `key-${(keyCounter += 1)}-${Math.random()}`);

describe('consumeRateLimit', () => {
  it('allows `limit` calls in the window, then answers how long to wait', async () => {
    const rule = { key: freshKey(), limit: 3, windowMs: 15 * MINUTE };
    const start = new Date('2026-11-22T09:00:00.000Z');
    for (let call = 0; call < 3; call += 1) {
      const result = await consumeRateLimit(getDb(), rule, new Date(start.getTime() + call * MINUTE));
      expect(result.ok).toBe(true);
      expect(result.retryAfterSeconds).toBe(0);
    }
    const refused = await consumeRateLimit(getDb(), rule, new Date(start.getTime() + 5 * MINUTE));
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 10 * 60 });
    // Refused calls are not recorded: the window slides from the first hit.
    expect((await consumeRateLimit(getDb(), rule, new Date(start.getTime() + 15 * MINUTE + 1))).ok).toBe(true);
    expect((await consumeRateLimit(getDb(), rule, new Date(start.getTime() + 15 * MINUTE + 2))).ok).toBe(false);
  });

  it('keeps keys apart', async () => {
    const a = { key: freshKey(), limit: 1, windowMs: MINUTE };
    const b = { key: freshKey(), limit: 1, windowMs: MINUTE };
    expect((await consumeRateLimit(getDb(), a)).ok).toBe(true);
    expect((await consumeRateLimit(getDb(), a)).ok).toBe(false);
    expect((await consumeRateLimit(getDb(), b)).ok).toBe(true);
  });

  it('never lets parallel calls past the limit', async () => {
    const rule = { key: freshKey(), limit: 5, windowMs: MINUTE };
    const results = await Promise.all(Array.from({ length: 20 }, () => consumeRateLimit(getDb(), rule)));
    expect(results.filter((result) => result.ok)).toHaveLength(5);
    expect(await getDb().rateLimitHit.count({ where: { key: rule.key } })).toBe(5);
  });

  it('gives a released hit back, and clear forgets the key', async () => {
    const rule = { key: freshKey(), limit: 1, windowMs: MINUTE };
    const first = await consumeRateLimit(getDb(), rule);
    expect((await peekRateLimit(getDb(), rule)).ok).toBe(false);
    await releaseRateLimitHit(getDb(), first.hitId);
    expect((await peekRateLimit(getDb(), rule)).ok).toBe(true);
    await consumeRateLimit(getDb(), rule);
    await clearRateLimit(getDb(), rule.key);
    expect((await consumeRateLimit(getDb(), rule)).ok).toBe(true);
  });

  it('refuses a rule it cannot keep', async () => {
    await expect(consumeRateLimit(getDb(), { key: freshKey(), limit: 0, windowMs: MINUTE })).rejects.toThrow();
    await expect(consumeRateLimit(getDb(), { key: freshKey(), limit: 1, windowMs: 2 * 24 * 60 * MINUTE })).rejects.toThrow();
  });
});

describe('enforceRateLimit', () => {
  it('throws 429 and sets Retry-After when over the limit', async () => {
    const rule = { key: freshKey(), limit: 1, windowMs: 10 * MINUTE };
    const resHeaders = new Headers();
    await enforceRateLimit({ db: getDb(), resHeaders }, rule);
    const error = await enforceRateLimit({ db: getDb(), resHeaders }, rule, 'Too many messages').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('TOO_MANY_REQUESTS');
    expect((error as TRPCError).message).toMatch(/^Too many messages\. Please try again in (9|10) minutes\.$/);
    expect(Number(resHeaders.get('retry-after'))).toBeGreaterThan(590);
  });
});

describe('rateLimitKey', () => {
  it('keeps no personal data in the table', () => {
    const key = rateLimitKey('signin:account', 'ada@example.com');
    expect(key).toMatch(/^signin:account:[0-9a-f]{32}$/);
    expect(key).not.toContain('ada');
    expect(rateLimitKey('signin:account', 'ada@example.com')).toBe(key);
  });
});

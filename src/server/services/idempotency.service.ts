// Idempotency keys for the writes an offline device replays (POST /api/tasks, PATCH
// /api/tasks/{id}, POST /api/tasks/{id}/complete, POST /api/tasks/{id}/focus), on both doors through the same
// `Idempotency-Key` HTTP header. The key is claimed in the same transaction as the write: a
// racing repeat waits on the (userId, key) primary key until the first commits, then answers
// the stored answer; if the first write fails, its claim rolls back with it and a repeat runs
// afresh. Several app instances agree because the database decides.
import { createHash } from 'node:crypto';
import { appError } from '@/server/errors';
import { inSqlTransaction, type Db, type SqlClient } from '@/server/db';
import type pg from 'pg';

const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A repeat within this window answers the first answer; after it the key may be used afresh. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

const idempotencyKeyReused = () => appError('CONFLICT', 'This Idempotency-Key was already used for a different request');

/** The request's Idempotency-Key, or undefined; a malformed one is a 400. */
export function idempotencyKeyOf(headers: Headers | undefined): string | undefined {
  const key = headers?.get(IDEMPOTENCY_HEADER);
  if (key == null) return undefined;
  if (!KEY_PATTERN.test(key)) throw appError('BAD_REQUEST', 'Idempotency-Key must be 1 to 200 visible ASCII characters');
  return key;
}

/** What the key guards: the operation, its target and its parsed input. */
export type IdempotentRequest = { operation: string; target?: string; input: unknown };

const hashOf = (request: IdempotentRequest) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

/** A `timestamp` (UTC wall-clock) parameter. */
const utcParam = (date: Date) => date.toISOString().replace('Z', '');

/**
 * Runs `write` once per (userId, key) within IDEMPOTENCY_WINDOW_MS, in one transaction with the
 * key's claim and stored answer. A repeat of the same request answers the stored answer; the
 * same key for another request is a 409.
 */
export async function runIdempotent<T>(
  pool: pg.Pool,
  userId: string,
  key: string,
  request: IdempotentRequest,
  write: (client: SqlClient) => Promise<T>,
  now = new Date(),
): Promise<T> {
  const requestHash = hashOf(request);
  return inSqlTransaction(pool, async (client) => {
    await client.query({
      text: 'DELETE FROM "IdempotencyKey" WHERE "userId" = $1 AND "key" = $2 AND "createdAt" < $3',
      values: [userId, key, utcParam(new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS))],
    });
    const claim = await client.query({
      text: `INSERT INTO "IdempotencyKey" ("userId", "key", "requestHash", "response", "createdAt")
        VALUES ($1, $2, $3, 'null'::jsonb, $4) ON CONFLICT ("userId", "key") DO NOTHING`,
      values: [userId, key, requestHash, utcParam(now)],
    });
    if (claim.rowCount === 1) {
      const answer = await write(client);
      await client.query({
        text: 'UPDATE "IdempotencyKey" SET "response" = $3::jsonb WHERE "userId" = $1 AND "key" = $2',
        values: [userId, key, JSON.stringify(answer)],
      });
      return answer;
    }
    const { rows } = await client.query<{ requestHash: string; response: T }>({
      text: 'SELECT "requestHash", "response" FROM "IdempotencyKey" WHERE "userId" = $1 AND "key" = $2',
      values: [userId, key],
    });
    if (!rows[0] || rows[0].requestHash !== requestHash) throw idempotencyKeyReused();
    return rows[0].response;
  });
}

/** Deletes keys past the window (run by the background jobs, so the table stays small). */
export async function forgetExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const { count } = await db.idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS) } } });
  return count;
}

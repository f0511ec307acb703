// Behind PgBouncer in transaction mode a statement prepared by name on one server connection is
// unknown on the next transaction's: with `pgbouncer=true` in the URL the app's own named
// statements must reach PostgreSQL unnamed, and migrations must not hold a session-level lock.
import { describe, expect, it } from 'vitest';
import { behindTransactionPooler, createDb, poolOf } from '@/server/db';
import { migrate } from '@/server/db/migrate';
import { createTaskRow, createUser } from '@/test/factories';
import { getOwnTask } from '@/server/services/task.service';

async function preparedOnTheConnection(url: string): Promise<number> {
  const db = createDb(url, 1);
  const pool = poolOf(db);
  try {
    const user = await createUser();
    const task = await createTaskRow(user.id);
    await getOwnTask(db, user.id, task.id);
    // One connection in the pool: this runs on the connection the named statement used.
    const { rows } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = 'onething-own-task'");
    return rows[0]!.n;
  } finally {
    await db.$disconnect();
    if (!pool.ended) await pool.end();
  }
}

describe('behind a transaction pooler', () => {
  it('reads pgbouncer=true from the URL and passes the rest on', () => {
    expect(behindTransactionPooler('postgresql://u:p@127.0.0.1:6432/db?pgbouncer=true&sslmode=disable')).toEqual({
      url: 'postgresql://u:p@127.0.0.1:6432/db?sslmode=disable',
      pooled: true,
    });
    expect(behindTransactionPooler('postgresql://u:p@127.0.0.1:5432/db')).toEqual({ url: 'postgresql://u:p@127.0.0.1:5432/db', pooled: false });
  });

  it('sends named statements unnamed with pgbouncer=true, and named without it', async () => {
    const url = process.env.DATABASE_URL!;
    expect(await preparedOnTheConnection(url)).toBe(1);
    const pooled = `${url}${url.includes('?') ? '&' : '?'}pgbouncer=true`;
    expect(await preparedOnTheConnection(pooled)).toBe(0);
  });

  it('migrates under transaction-level locks only: nothing is left locked, and concurrent runs apply nothing twice', async () => {
    const url = process.env.DATABASE_URL!;
    const results = await Promise.all([migrate(url), migrate(url), migrate(url)]);
    expect(results.flat()).toEqual([]);
    const db = createDb(url, 1);
    const pool = poolOf(db);
    try {
      const { rows } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'");
      expect(rows[0]!.n).toBe(0);
    } finally {
      await db.$disconnect();
      if (!pool.ended) await pool.end();
    }
  });
});

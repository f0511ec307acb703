// The one Prisma client of this process, over node-postgres through Prisma 7's driver adapter.
// DATABASE_URL is set by the launcher (embedded PostgreSQL) or by the operator.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '@/generated/prisma/client';

export type Db = PrismaClient;

/**
 * How long a request waits for one of the pool's connections, and how long an interactive
 * transaction may wait for one / run. Prisma's defaults (2 s / 5 s) turned a busy moment into
 * 500s under `npm run soak` (100 users on 2 CPUs): transactions now wait in the same queue as
 * every other query, and every wait is still bounded. A wait that runs out is a 503 with
 * Retry-After (src/server/errors.ts), not a 500.
 */
const DB_TIMEOUTS = { connectMs: 10_000, transactionMaxWaitMs: 10_000, transactionTimeoutMs: 15_000 } as const;

const pools = new WeakMap<object, pg.Pool>();

/**
 * `pgbouncer=true` in DATABASE_URL (Prisma's spelling) says a pooler in transaction mode sits in
 * front of PostgreSQL: each transaction may run on another server connection, so a statement
 * prepared by name on one is unknown on the next ("prepared statement … does not exist").
 * Behind it every statement is sent unnamed (parsed per call, as Prisma's own queries are).
 */
export function behindTransactionPooler(connectionString: string): { url: string; pooled: boolean } {
  try {
    const url = new URL(connectionString);
    const pooled = url.searchParams.get('pgbouncer') === 'true';
    url.searchParams.delete('pgbouncer');
    return { url: url.toString(), pooled };
  } catch {
    return { url: connectionString, pooled: false };
  }
}

/** A node-postgres client that drops statement names (see behindTransactionPooler). */
class UnnamedStatementClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config] = args;
    if (config && typeof config === 'object' && 'name' in config && (config as { name?: unknown }).name) {
      args[0] = { ...(config as object), name: undefined };
    }
    return (super.query as (...rest: unknown[]) => never)(...args);
  }
}

export function createDb(connectionString: string, max = 10): Db {
  const { url, pooled } = behindTransactionPooler(connectionString);
  // The pool is made here (not by the adapter) so the few hot reads of `poolOf` share it;
  // Prisma still owns it: $disconnect ends it.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: DB_TIMEOUTS.connectMs,
    ...(pooled && { Client: UnnamedStatementClient }),
  });
  const client = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    transactionOptions: { maxWait: DB_TIMEOUTS.transactionMaxWaitMs, timeout: DB_TIMEOUTS.transactionTimeoutMs },
  });
  pools.set(client, pool);
  return client;
}

const globalForDb = globalThis as unknown as { __onethingDb?: Db };

function connectionString(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: start the app with `npm start` (embedded PostgreSQL) or set it');
  return url;
}

/** The shared client, created on first use so importing this module never connects. */
export function getDb(): Db {
  globalForDb.__onethingDb ??= createDb(connectionString());
  return globalForDb.__onethingDb;
}

export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    const client = getDb() as unknown as Record<PropertyKey, unknown>;
    const value = client[property];
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(client) : value;
  },
});

/**
 * The node-postgres pool under a client made by `createDb` (the shared `db` included), for a
 * hot read whose rows cost more in Prisma's result mapping than in the query itself (profiled,
 * the task list). Undefined for anything else (a transaction or extended client) and
 * once the client was disconnected: callers then use Prisma. Small reads stay with Prisma: it
 * batches concurrent findUnique calls into one query, which a plain query here would not.
 */
export function poolOf(database: unknown): pg.Pool | undefined {
  const client = database === db ? globalForDb.__onethingDb : database;
  const pool = client && typeof client === 'object' ? pools.get(client) : undefined;
  return pool && !pool.ending && !pool.ended ? pool : undefined;
}

/** A node-postgres connection taken from the pool (inside `inSqlTransaction`). */
export type SqlClient = pg.PoolClient;

/**
 * Runs `work` in one transaction on one connection of the pool (READ COMMITTED, as Prisma's
 * interactive transactions): COMMIT when it returns, ROLLBACK when it throws. Waiting for a
 * connection is bounded by DB_TIMEOUTS.connectMs (then a 503, src/server/errors.ts).
 */
export async function inSqlTransaction<T>(pool: pg.Pool, work: (client: SqlClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    // A connection whose ROLLBACK failed is not handed out again.
    client.release(broken);
  }
}

/** `timestamp` columns hold UTC wall-clock time (as Prisma writes and reads them). */
function parseUtcTimestamp(value: string): Date {
  return new Date(`${value.replace(' ', 'T')}Z`);
}

/** Query option for `poolOf(db).query`: timestamps read as Prisma reads them. */
export const UTC_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === 1114 ? parseUtcTimestamp : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

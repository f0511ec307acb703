// The one Prisma client of this process, over node-postgres through Prisma 7's driver adapter.
// DATABASE_URL is set by the launcher (embedded PostgreSQL) or by the operator.
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '@/generated/prisma/client';
import { processSingleton } from './process-singleton';

export type Db = PrismaClient;

/**
 * How long a request waits for one of the pool's connections, and how long an interactive
 * transaction may wait for one / run. Prisma's defaults (2 s / 5 s) turned a busy moment into
 * 500s under `npm run soak` (100 users on 2 CPUs): transactions now wait in the same queue as
 * every other query, and every wait is still bounded. A wait that runs out is a 503 with
 * Retry-After (src/server/errors.ts), not a 500.
 */
const DB_TIMEOUTS = { connectMs: 10_000, transactionMaxWaitMs: 10_000, transactionTimeoutMs: 15_000 } as const;

// One registry for the process (process-singleton.ts): the pages' bundle and the API door each
// hold a copy of this module but share the one client (getDb), so they must find its pool too.
const pools = processSingleton('dbPools', () => new WeakMap<object, pg.Pool>());

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
  // The pool is made here (not by the adapter) so the hot paths' SQL (`poolOf`) shares it;
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

const shared = processSingleton('db', () => ({ client: undefined as Db | undefined }));

function connectionString(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: start the app with `npm start` (embedded PostgreSQL) or set it');
  return url;
}

/** The shared client, created on first use so importing this module never connects. */
export function getDb(): Db {
  shared.client ??= createDb(connectionString());
  return shared.client;
}

export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    const client = getDb() as unknown as Record<PropertyKey, unknown>;
    const value = client[property];
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(client) : value;
  },
});

/**
 * The node-postgres pool under a client made by `createDb` (the shared `db` included): the hot
 * paths' statements (src/server/db/sql.ts) run on it, beside Prisma's own queries. Every
 * client of this process is made by `createDb`, so there is always one. A Prisma transaction
 * client (or an extended client) has none: passing one is a programming error, thrown at once,
 * since a statement on the pool would run outside that transaction.
 */
export function poolOf(database: Db): pg.Pool {
  const pool = pools.get(database === db ? getDb() : database);
  if (!pool) throw new Error('poolOf: not a client made by createDb (a Prisma transaction client has no pool of its own)');
  return pool;
}

/**
 * Gives an extended client a pool for the hot paths' SQL (Prisma's `$extends` makes a new object
 * that `poolOf` does not know): its base client's pool, or one wrapping it (the tests' counting
 * client counts the statements that way).
 */
export function attachPool(client: Db, pool: pg.Pool): void {
  pools.set(client, pool);
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

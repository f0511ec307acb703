// A database that is down or restarting must give clear 503 JSON answers (never a 500, never
// "signed out"), and the app must recover on its own when the database is back. These tests use
// real errors of the real driver stack (Prisma 7 + @prisma/adapter-pg + node-postgres): a closed
// port, a server that answers "the database system is starting up" (57P03), and connections
// terminated by the server; `npm run soak` (bench/soak.mjs, phase 3) proves the same end to end
// by stopping and restarting PostgreSQL under load.
import net from 'node:net';
import { TRPCError } from '@trpc/server';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AI_UNAVAILABLE_MESSAGE } from '@/server/ai/provider';
import { encodeSessionToken, sessionCookieName } from '@/server/auth/cookie';
import { createDb, getDb, poolOf, type Db } from '@/server/db';
import { createUser } from '@/test/factories';
import { appError, DATABASE_UNAVAILABLE_MESSAGE, databaseUnavailableError, fromDatabaseError, isDatabaseUnavailable } from '@/server/errors';
import { handleRest } from '@/test/front';
import { createContext, createTRPCRouter, publicProcedure } from './trpc';
import { processSingleton } from '@/server/process-singleton';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server speaking just enough of the PostgreSQL protocol to refuse every connection with `sqlState`. */
async function refusingPostgres(sqlState: string, message: string): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer((socket) => {
    socket.once('data', () => {
      const fields = Buffer.concat([
        Buffer.from(`SFATAL\0VFATAL\0C${sqlState}\0M${message}\0`),
        Buffer.from([0]),
      ]);
      const header = Buffer.alloc(5);
      header.write('E', 0);
      header.writeInt32BE(fields.length + 4, 1);
      socket.end(Buffer.concat([header, fields]));
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

const clients: Db[] = [];
function client(url: string): Db {
  const db = createDb(url);
  clients.push(db);
  return db;
}
afterAll(async () => {
  await Promise.all(clients.map((db) => db.$disconnect().catch(() => {})));
});

describe('which database errors mean "unavailable"', () => {
  it('recognises a database that cannot be reached, for model queries, raw queries and transactions', async () => {
    const db = client(`postgresql://postgres:x@127.0.0.1:${await closedPort()}/onething`);
    const errors = [
      await errorOf(() => db.user.findUnique({ where: { id: 'x' } })),
      await errorOf(() => db.$queryRaw`SELECT 1`),
      await errorOf(() => db.$transaction(async (tx) => tx.task.count())),
      await errorOf(() => db.$transaction([db.user.findMany()])),
    ];
    for (const error of errors) {
      expect(isDatabaseUnavailable(error)).toBe(true);
      const mapped = databaseUnavailableError(error);
      expect(mapped?.code).toBe('SERVICE_UNAVAILABLE');
      expect(mapped?.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    }
  });

  it('recognises a server that is starting up or shutting down (SQLSTATE 57P03)', async () => {
    const fake = await refusingPostgres('57P03', 'the database system is starting up');
    try {
      const db = client(`postgresql://postgres:x@127.0.0.1:${fake.port}/onething`);
      const model = await errorOf(() => db.user.findUnique({ where: { id: 'x' } }));
      const raw = await errorOf(() => db.$queryRaw`SELECT 1`);
      expect(isDatabaseUnavailable(model)).toBe(true);
      expect(isDatabaseUnavailable(raw)).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it('recognises a transaction whose connection the server terminated midway', async () => {
    const db = client(process.env.DATABASE_URL!);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const error = await errorOf(() =>
        db.$transaction(async (tx) => {
          const [row] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
          await admin.query('SELECT pg_terminate_backend($1)', [row?.pid]);
          // Once pg has seen the connection fail, it refuses the transaction's next query.
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.user.count();
        }),
      );
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    } finally {
      await admin.end();
    }
    // The messages node-postgres uses for such a connection, whichever the timing produces.
    for (const message of [
      'Connection terminated unexpectedly',
      'Client has encountered a connection error and is not queryable',
      'Client was closed and is not queryable',
      'timeout exceeded when trying to connect',
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
  });

  it('leaves errors about the input alone: a missing row is still 404', async () => {
    const missing = await errorOf(() => getDb().task.update({ where: { id: 'no-such-task' }, data: { title: 'x' } }));
    expect(isDatabaseUnavailable(missing)).toBe(false);
    expect(fromDatabaseError(missing)?.code).toBe('NOT_FOUND');
    // node-postgres's errors on the pool's write paths: SQLSTATEs about the input are 4xx too.
    const pool = poolOf(getDb());
    const foreignKey = await errorOf(() => pool.query(`INSERT INTO "Task" ("id", "userId", "title", "updatedAt") VALUES ('t-fk', 'no-such-user', 'x', now())`));
    expect(isDatabaseUnavailable(foreignKey)).toBe(false);
    expect(fromDatabaseError(foreignKey)).toMatchObject({ code: 'BAD_REQUEST', message: 'A referenced record does not exist' });
    const nul = await errorOf(() => pool.query('SELECT $1::text', ['a\u0000b']));
    expect(fromDatabaseError(nul)).toMatchObject({ code: 'BAD_REQUEST' });
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('a busy database', () => {
  it('a transaction waits for a connection longer than Prisma\'s default 2 s instead of failing', async () => {
    const db = createDb(process.env.DATABASE_URL!, 1);
    clients.push(db);
    let release!: () => void;
    const held = db.$transaction(async (tx) => {
      await tx.user.count();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const waiting = db.$transaction(async (tx) => tx.user.count());
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    release();
    await held;
    await expect(waiting).resolves.toBeTypeOf('number');
  });

  it('a transaction that cannot start in time is a 503, not a 500', async () => {
    const db = createDb(process.env.DATABASE_URL!, 1);
    clients.push(db);
    let release!: () => void;
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const held = db.$transaction(async (tx) => {
      await tx.user.count();
      entered();
      await new Promise<void>((resolve) => (release = resolve));
    });
    // The one connection is taken (not a guess at how long that takes on a busy machine).
    await inside;
    const error = await errorOf(() => db.$transaction(async (tx) => tx.user.count(), { maxWait: 50 }));
    release();
    await held;
    expect((error as { code?: string }).code).toBe('P2028');
    expect(databaseUnavailableError(error)?.code).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('answers while the database is down', () => {
  let deadDb: Db;
  beforeAll(async () => {
    deadDb = client(`postgresql://postgres:x@127.0.0.1:${await closedPort()}/onething`);
  });

  it('a procedure answers 503 with Retry-After; a deliberate 503 (the AI provider) keeps its own message', async () => {
    const router = createTRPCRouter({
      list: publicProcedure.query(({ ctx }) => ctx.db.task.findMany()),
      ai: publicProcedure.query(() => {
        throw appError('SERVICE_UNAVAILABLE', AI_UNAVAILABLE_MESSAGE, Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
      }),
    });
    const resHeaders = new Headers();
    const caller = router.createCaller({ db: deadDb, session: null, headers: new Headers(), resHeaders });
    const error = await errorOf(() => caller.list());
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe('SERVICE_UNAVAILABLE');
    expect((error as TRPCError).message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    expect(resHeaders.get('Retry-After')).toBe('5');
    const ai = await errorOf(() => caller.ai());
    expect((ai as TRPCError).message).toBe(AI_UNAVAILABLE_MESSAGE);
  });

  it('the session lookup of a signed-in request answers 503, not 500 and not "signed out"', async () => {
    const cookie = `${sessionCookieName()}=${await encodeSessionToken({ sub: 'someone', sv: 0 })}`;
    const resHeaders = new Headers();
    const error = await errorOf(() => createContext({ headers: new Headers({ cookie }), resHeaders, database: deadDb }));
    expect((error as TRPCError).code).toBe('SERVICE_UNAVAILABLE');
    expect(resHeaders.get('Retry-After')).toBe('5');
  });

  describe('through the REST door', () => {
    // The shared client's process singleton (src/server/db.ts), swapped for a dead one.
    const global = {
      set __onethingDb(db: Db | undefined) {
        processSingleton('db', () => ({ client: undefined as Db | undefined })).client = db;
      },
    };
    let realDb: Db | undefined;
    beforeAll(() => {
      realDb = getDb();
      global.__onethingDb = deadDb;
    });
    afterEach(() => {
      global.__onethingDb = deadDb;
    });
    afterAll(() => {
      global.__onethingDb = realDb;
    });

    it('GET /api/health, GET /api/tasks (signed in) and POST /api/auth/signin answer 503 JSON { message, code }', async () => {
      const user = await (async () => {
        global.__onethingDb = realDb;
        const created = await createUser({ emailVerified: true });
        global.__onethingDb = deadDb;
        return created;
      })();
      const cookie = `${sessionCookieName()}=${await encodeSessionToken({ sub: user.id, sv: 0 })}`;
      const requests = [
        new Request('http://localhost/api/health'),
        new Request('http://localhost/api/tasks', { headers: { cookie } }),
        new Request('http://localhost/api/auth/signin', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: 'whatever it is' }),
        }),
      ];
      for (const request of requests) {
        const response = await handleRest(request);
        expect(response.status, request.url).toBe(503);
        expect(response.headers.get('content-type')).toContain('application/json');
        expect(response.headers.get('retry-after')).toBe('5');
        expect(await response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
      }
    });

    it('answers 200 again as soon as the database is back, without a restart', async () => {
      expect((await handleRest(new Request('http://localhost/api/health'))).status).toBe(503);
      global.__onethingDb = realDb;
      expect((await handleRest(new Request('http://localhost/api/health'))).status).toBe(200);
    });
  });
});

describe('connections the server closed', () => {
  it('are dropped by the pool: the next query reconnects instead of failing', async () => {
    const db = client(process.env.DATABASE_URL!);
    await Promise.all([db.user.count(), db.task.count(), db.session.count()]);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const terminated = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = current_database()',
    );
    await admin.end();
    expect(terminated.rowCount).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(db.user.count()).resolves.toBeTypeOf('number');
  });
});

// Test helpers: real rows in the test database and callers acting as a given user.
import { randomBytes } from 'node:crypto';
import { createCaller } from '@/server/api/root';
import type { AuthSession } from '@/server/auth/session';
import { attachPool, getDb, poolOf } from '@/server/db';
import type { Prisma } from '@/generated/prisma/client';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

export async function createUser(overrides: Partial<Prisma.UserCreateInput> = {}) {
  return getDb().user.create({
    data: {
      name: 'Test Person',
      email: uniqueEmail(),
      passwordHash: 'not-a-real-hash',
      emailVerified: true,
      emailVerifiedAt: new Date(),
      ...overrides,
    },
  });
}

/** A tRPC caller signed in as the user (as the browser's cookie would be). */
export function callerFor(user: { id: string; emailVerified: boolean } | null, headers: HeadersInit = {}) {
  const session: AuthSession | null = user ? { userId: user.id, emailVerified: user.emailVerified, via: 'cookie' } : null;
  return createCaller({ db: getDb(), session, headers: new Headers(headers), resHeaders: new Headers() });
}

/**
 * A REST client signed in as the user (the session is injected, as the cookie would give it):
 * `await restAs(user)('POST', '/tasks', { title: 'x' })` answers `{ status, body, headers }`.
 */
export function restAs(user: { id: string; emailVerified: boolean } | null) {
  const session: AuthSession | null = user ? { userId: user.id, emailVerified: user.emailVerified, via: 'cookie' } : null;
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const { handleRestAs } = await import('@/test/front');
    const init: RequestInit = { method, headers };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      init.headers = { 'content-type': 'application/json', ...headers };
    }
    const response = await handleRestAs(new Request(`http://localhost/api${path}`, init), session);
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.status, body: json as any, headers: response.headers };
  };
}

/** A task row straight in the database (no quota counted), for tests that need many. */
export async function createSessionRow(userId: string, overrides: Partial<Prisma.SessionUncheckedCreateInput> = {}) {
  return getDb().session.create({ data: { userId, sessionName: 'A session', startedAt: new Date(), ...overrides } });
}

export async function createTaskRow(userId: string, overrides: Partial<Prisma.TaskUncheckedCreateInput> = {}) {
  return getDb().task.create({ data: { userId, title: 'A task', ...overrides } });
}

/**
 * A tRPC caller as the user whose database client counts the queries it runs (Prisma's
 * operations and the hot paths' SQL statements), to prove a call makes a fixed number of queries
 * however many rows it answers (no N+1).
 */
export function countingCallerFor(user: { id: string; emailVerified: boolean }) {
  let operations = 0;
  const counting = getDb().$extends({
    query: {
      async $allOperations({ args, query }) {
        operations++;
        return query(args);
      },
    },
  }) as unknown as ReturnType<typeof getDb>;
  // The hot paths' statements (src/server/db/sql.ts) run on the pool: each counts as one query too.
  const pool = poolOf(getDb());
  attachPool(
    counting,
    new Proxy(pool, {
      get(target, property) {
        if (property === 'query') {
          return (...args: unknown[]) => {
            operations++;
            return (target.query as (...rest: unknown[]) => unknown)(...args);
          };
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as (...rest: unknown[]) => unknown).bind(target) : value;
      },
    }),
  );
  const session: AuthSession = { userId: user.id, emailVerified: user.emailVerified, via: 'cookie' };
  return {
    caller: createCaller({ db: counting, session, headers: new Headers(), resHeaders: new Headers() }),
    operations: () => operations,
    reset: () => {
      operations = 0;
    },
  };
}

// Test helpers: real rows in the test database and callers acting as a given user.
import { randomBytes } from 'node:crypto';
import { createCaller } from '@/server/api/root';
import type { AuthSession } from '@/server/auth/session';
import { getDb } from '@/server/db';
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

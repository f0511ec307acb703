// The User answer (GET /api/auth/me) has two readers: one node-postgres query on the request
// path (getUserSql) and Prisma (inside a transaction, or when no pool is at hand). They must
// answer the same, usage of this month included and other months' counts left out.
import { describe, expect, it } from 'vitest';
import { getDb, poolOf, type Db } from '@/server/db';
import { createUser } from '@/test/factories';
import { monthStart } from './usage.service';
import { getUser } from './user.service';

describe('getUser', () => {
  it('answers the same through node-postgres and through Prisma', async () => {
    const db = getDb();
    expect(poolOf(db)).toBeDefined();
    const viaPrisma = (id: string) => db.$transaction((tx) => getUser(tx as unknown as Db, id));
    const now = new Date();
    const lastMonth = monthStart(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)));

    const fresh = await createUser({ emailVerified: false, emailVerifiedAt: null });
    const plus = await createUser({
      subscriptionTier: 'plus',
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
      subscriptionPeriodEnd: new Date(Date.UTC(2027, 0, 31, 23, 59, 59)),
      newsletterEnabled: true,
    });
    await db.usageCounter.create({ data: { userId: plus.id, month: monthStart(now), tasks: 7, sessions: 3, aiBreakdowns: 2, aiSessions: 1 } });
    await db.usageCounter.create({ data: { userId: plus.id, month: lastMonth, tasks: 30, sessions: 30, aiBreakdowns: 30, aiSessions: 30 } });
    await db.usageCounter.create({ data: { userId: fresh.id, month: lastMonth, tasks: 40 } });

    const freshAnswer = await getUser(db, fresh.id);
    expect(freshAnswer).toMatchObject({ emailVerified: false, subscriptionTier: 'free', tasksCreatedThisMonth: 0, limits: { tasks: 40 } });
    expect(await viaPrisma(fresh.id)).toEqual(freshAnswer);

    const plusAnswer = await getUser(db, plus.id);
    expect(plusAnswer).toMatchObject({
      subscriptionTier: 'plus',
      tasksCreatedThisMonth: 7,
      sessionsCreatedThisMonth: 3,
      aiBreakdownsThisMonth: 2,
      aiSessionsThisMonth: 1,
      limits: { tasks: null, sessions: null },
      cancelAtPeriodEnd: true,
      subscriptionPeriodEnd: '2027-01-31T23:59:59.000Z',
    });
    expect(await viaPrisma(plus.id)).toEqual(plusAnswer);
    expect(Object.keys(plusAnswer)).not.toContain('passwordHash');
  });

  it('answers 401 for a user that no longer exists, on both paths', async () => {
    const db = getDb();
    const gone = await createUser();
    await db.user.delete({ where: { id: gone.id } });
    await expect(getUser(db, gone.id)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(db.$transaction((tx) => getUser(tx as unknown as Db, gone.id))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

// The User answer (GET /api/auth/me): one query of the hot paths' SQL (src/server/db/sql.ts),
// usage of this month included and other months' counts left out, nothing secret.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { createUser } from '@/test/factories';
import { monthStart } from './usage.service';
import { getUser } from './user.service';

describe('getUser', () => {
  it('answers the account with this month\'s usage and the plan\'s limits', async () => {
    const db = getDb();
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
    expect(freshAnswer).toEqual({
      id: fresh.id,
      name: fresh.name,
      email: fresh.email,
      emailVerified: false,
      subscriptionTier: 'free',
      tasksCreatedThisMonth: 0,
      sessionsCreatedThisMonth: 0,
      aiBreakdownsThisMonth: 0,
      aiSessionsThisMonth: 0,
      limits: { tasks: 40, sessions: 20, aiBreakdowns: 5, aiSessions: 5 },
      emailRemindersEnabled: fresh.emailRemindersEnabled,
      marketingEmailsEnabled: fresh.marketingEmailsEnabled,
      newsletterEnabled: fresh.newsletterEnabled,
      pushRemindersEnabled: fresh.pushRemindersEnabled,
      subscriptionStatus: null,
      cancelAtPeriodEnd: false,
      subscriptionPeriodEnd: null,
      timeZone: fresh.timeZone,
      pendingEmail: null,
      createdAt: fresh.createdAt.toISOString(),
      workday: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] },
      ritual: { morning: false, evening: false, offered: false },
    });

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
    expect(Object.keys(plusAnswer)).not.toContain('passwordHash');
  });

  it('answers 401 for a user that no longer exists', async () => {
    const db = getDb();
    const gone = await createUser();
    await db.user.delete({ where: { id: gone.id } });
    await expect(getUser(db, gone.id)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

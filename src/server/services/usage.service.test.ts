// Usage metering: counts and checks in one statement, per calendar month (UTC), per plan.
import { describe, expect, it } from 'vitest';
import { getDb, inSqlTransaction, poolOf } from '@/server/db';
import { createUser } from '@/test/factories';
import { getUsage, limitMessage, meterUsage, meterUsageSql, monthStart } from './usage.service';

const db = getDb();
type Kind = Parameters<typeof meterUsage>[2];
/** Meters inside a transaction of one of the two kinds, then runs `after` in the same transaction. */
type InTransaction = (userId: string, kind: Kind, now?: Date, after?: () => Promise<void>) => Promise<void>;

const viaPrisma: InTransaction = (userId, kind, now, after) =>
  db.$transaction(async (tx) => {
    await meterUsage(tx, userId, kind, now);
    await after?.();
  });
const viaSql: InTransaction = (userId, kind, now, after) =>
  inSqlTransaction(poolOf(db), async (client) => {
    await meterUsageSql(client, userId, kind, now);
    await after?.();
  });

// Each kind is metered here through the transaction its writes use: tasks in the hot paths' SQL
// (POST /api/tasks, a repeating task's next occurrence), focus sessions and AI uses in Prisma's
// (creating a session, an AI breakdown). Both run the same statement (meterStatement).
const PATH: Record<Kind, InTransaction> = { tasks: viaSql, sessions: viaPrisma, aiBreakdowns: viaPrisma, aiSessions: viaPrisma };

describe('meterUsage', () => {
  const meter = (userId: string, kind: Kind, now?: Date) => PATH[kind](userId, kind, now);

  it('lets a Free user create 40 tasks in a month and refuses the 41st with the limit message', async () => {
    const user = await createUser();
    for (let i = 0; i < 40; i++) await meter(user.id, 'tasks');
    await expect(meter(user.id, 'tasks')).rejects.toThrow(
      "Task limit reached: you've reached your limit of 40 tasks per month on the Free plan.",
    );
    expect((await getUsage(db, user.id)).tasksCreatedThisMonth).toBe(40);
  });

  it.each([
    ['sessions', 20, 'sessionsCreatedThisMonth'],
    ['tasks', 40, 'tasksCreatedThisMonth'],
  ] as const)('never lets parallel requests pass the limit: 10 %s at once with 5 left gives exactly 5', async (kind, max, field) => {
    const user = await createUser();
    for (let i = 0; i < max - 5; i++) await meter(user.id, kind);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => meter(user.id, kind)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    expect((await getUsage(db, user.id))[field]).toBe(max);
  });

  it('starts a new month at zero without any reset job', async () => {
    const user = await createUser();
    const lastDay = new Date('2026-10-31T23:59:00Z');
    for (let i = 0; i < 5; i++) await meter(user.id, 'aiBreakdowns', lastDay);
    await expect(meter(user.id, 'aiBreakdowns', lastDay)).rejects.toThrow('AI breakdown limit reached');
    await meter(user.id, 'aiBreakdowns', new Date('2026-11-01T00:00:00Z'));
    expect((await getUsage(db, user.id, new Date('2026-11-15T00:00:00Z'))).aiBreakdownsThisMonth).toBe(1);
  });

  it('gives Plus unlimited tasks and 50 AI sessions', async () => {
    const user = await createUser({ subscriptionTier: 'plus' });
    for (let i = 0; i < 45; i++) await meter(user.id, 'tasks');
    for (let i = 0; i < 50; i++) await meter(user.id, 'aiSessions');
    await expect(meter(user.id, 'aiSessions')).rejects.toThrow(
      "AI session limit reached: you've reached your limit of 50 AI sessions per month on the Plus plan.",
    );
  });

  it.each([
    ['tasks', viaSql],
    ['sessions', viaPrisma],
  ] as const)('rolls the count back when the counted write fails (%s)', async (kind, metered) => {
    const user = await createUser();
    await expect(
      metered(user.id, kind, undefined, async () => {
        throw new Error('the counted insert failed');
      }),
    ).rejects.toThrow('the counted insert failed');
    const usage = await getUsage(db, user.id);
    expect(usage.tasksCreatedThisMonth + usage.sessionsCreatedThisMonth).toBe(0);
  });

  it('computes month boundaries in UTC', () => {
    expect(monthStart(new Date('2026-12-31T23:30:00-05:00')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(limitMessage('sessions', 20, 'free')).toContain('20 sessions');
  });
});

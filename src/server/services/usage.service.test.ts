// Usage metering: counts and checks in one statement, per calendar month (UTC), per plan.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { createUser } from '@/test/factories';
import { getUsage, limitMessage, meterUsage, monthStart } from './usage.service';

const db = getDb();
const meter = (userId: string, kind: Parameters<typeof meterUsage>[2], now?: Date) =>
  db.$transaction((tx) => meterUsage(tx, userId, kind, now));

describe('meterUsage', () => {
  it('lets a Free user create 40 tasks in a month and refuses the 41st with the spec words', async () => {
    const user = await createUser();
    for (let i = 0; i < 40; i++) await meter(user.id, 'tasks');
    await expect(meter(user.id, 'tasks')).rejects.toThrow(
      "Task limit reached: you've reached your limit of 40 tasks per month on the Free plan.",
    );
    expect((await getUsage(db, user.id)).tasksCreatedThisMonth).toBe(40);
  });

  it('never lets parallel requests pass the limit: 10 at once with 5 left gives exactly 5', async () => {
    const user = await createUser();
    for (let i = 0; i < 15; i++) await meter(user.id, 'sessions');
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => meter(user.id, 'sessions')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    expect((await getUsage(db, user.id)).sessionsCreatedThisMonth).toBe(20);
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

  it('rolls the count back when the counted write fails', async () => {
    const user = await createUser();
    await expect(
      db.$transaction(async (tx) => {
        await meterUsage(tx, user.id, 'tasks');
        throw new Error('the task insert failed');
      }),
    ).rejects.toThrow('the task insert failed');
    expect((await getUsage(db, user.id)).tasksCreatedThisMonth).toBe(0);
  });

  it('computes month boundaries in UTC', () => {
    expect(monthStart(new Date('2026-12-31T23:30:00-05:00')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(limitMessage('sessions', 20, 'free')).toContain('20 sessions');
  });
});

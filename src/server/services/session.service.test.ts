// The session list has two readers of one query: node-postgres on the request path
// (listSessionsSql) and Prisma (inside a transaction, or when no pool is at hand). They must
// answer the same, mapped enum values ('clock-date') and arrays included.
import { describe, expect, it } from 'vitest';
import { getDb, poolOf, type Db } from '@/server/db';
import { createUser } from '@/test/factories';
import { listSessions } from './session.service';

describe('listSessions', () => {
  it('answers the same through node-postgres and through Prisma', async () => {
    const db = getDb();
    expect(poolOf(db)).toBeDefined();
    const user = await createUser();
    const other = await createUser();
    const base = Date.UTC(2026, 5, 1, 9);
    await db.session.create({ data: { userId: user.id, sessionName: 'Plain', startedAt: new Date(base) } });
    await db.session.create({
      data: {
        userId: user.id,
        sessionName: 'Full',
        displayMode: 'clock_date',
        startedAt: new Date(base + 3_600_000),
        sessionDuration: 45,
        timerDuration: 30,
        dueDate: new Date(base + 7_200_000),
        selectedTaskIds: ['a', 'b'],
        sessionType: 'ai',
        userMood: 'focused',
        darkMode: true,
      },
    });
    await db.session.create({ data: { userId: user.id, sessionName: 'Same start', startedAt: new Date(base) } });
    await db.session.create({ data: { userId: other.id, sessionName: 'Not mine', startedAt: new Date(base + 60_000) } });

    const fast = await listSessions(db, user.id);
    const viaPrisma = await db.$transaction((tx) => listSessions(tx as unknown as Db, user.id));
    expect(fast).toEqual(viaPrisma);
    expect(fast).toHaveLength(3);
    expect(fast[0]).toMatchObject({
      sessionName: 'Full',
      displayMode: 'clock-date',
      selectedTaskIds: ['a', 'b'],
      sessionType: 'ai',
      userMood: 'focused',
      darkMode: true,
      startedAt: new Date(base + 3_600_000).toISOString(),
      dueDate: new Date(base + 7_200_000).toISOString(),
    });
    expect(fast.some((session) => session.sessionName === 'Not mine')).toBe(false);
  });
});

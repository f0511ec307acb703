// The session list (the hot paths' SQL, src/server/db/sql.ts): the user's sessions newest first,
// each as stored, mapped enum values ('clock-date') and arrays included.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { createUser } from '@/test/factories';
import { listFocusSessions, toFocusSessionOutput } from './focus-session.service';

describe('listFocusSessions', () => {
  it('answers the user\'s sessions newest first, each as stored', async () => {
    const db = getDb();
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

    const fast = await listFocusSessions(db, user.id);
    expect(fast).toHaveLength(3);
    for (const session of fast) expect(session).toEqual(toFocusSessionOutput(await db.session.findUniqueOrThrow({ where: { id: session.id } })));
    expect(fast.map((session) => session.sessionName).slice(1).sort()).toEqual(['Plain', 'Same start']);
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

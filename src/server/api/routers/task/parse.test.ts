// POST /api/tasks/parse on both doors: plain words into a draft on the user's own clock,
// nothing saved; words that leave no title are a 400.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { callerFor, createUser, restAs } from '@/test/factories';

const db = getDb();

describe('POST /api/tasks/parse', () => {
  it("answers a draft in the user's zone and saves nothing", async () => {
    const user = await createUser({ timeZone: 'America/New_York' });
    const { status, body } = await restAs(user)('POST', '/tasks/parse', { text: 'Call Sam tomorrow 5pm !high ~30m every Monday #blue' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ title: 'Call Sam', importance: 'High', estimatedMinutes: 30, recurrence: 'FREQ=WEEKLY;BYDAY=MO', color: '#3B82F6' });
    // 17:00 on the New York clock, whichever day "tomorrow" is.
    const due = new Date(body.dueDate);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(due)).toBe('17:00');
    expect(due.getTime()).toBeGreaterThan(Date.now());
    const trpc = await callerFor(user).task.parse({ text: 'Water plants daily ~10m' });
    expect(trpc).toMatchObject({ title: 'Water plants', recurrence: 'FREQ=DAILY', estimatedMinutes: 10 });
    expect(await db.task.count({ where: { userId: user.id } })).toBe(0);
  });

  it('refuses text with no title, or no text, with a 400 on both doors', async () => {
    const user = await createUser();
    for (const text of ['tomorrow 5pm !high ~30m', '   ', '']) {
      const answer = await restAs(user)('POST', '/tasks/parse', { text });
      expect(answer.status, text).toBe(400);
      expect(answer.body).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
    }
    expect((await restAs(user)('POST', '/tasks/parse', {})).status).toBe(400);
    await expect(callerFor(user).task.parse({ text: '#red ~1h' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('needs a signed-in, verified user', async () => {
    expect((await restAs(null)('POST', '/tasks/parse', { text: 'Call Sam' })).status).toBe(401);
    const unverified = await createUser({ emailVerified: false, emailVerifiedAt: null });
    expect((await restAs(unverified)('POST', '/tasks/parse', { text: 'Call Sam' })).status).toBe(403);
  });
});

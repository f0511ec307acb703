// "Export my data" (an extra of this server): GET /api/user/export answers everything the account holds
// as one JSON document: the profile without secrets, every task and session, the monthly usage
// and the API token names. Only the caller's own data, a fixed number of queries.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { callerFor, countingCallerFor, createTaskRow, createUser, restAs } from '@/test/factories';

describe('GET /api/user/export', () => {
  it('answers the profile, tasks, sessions, usage and token names, and nothing secret', async () => {
    const user = await createUser({ name: 'Grace', passwordHash: 'argon2-secret-hash', stripeCustomerId: 'cus_secret_1' });
    const caller = callerFor(user);
    const parent = await caller.task.create({ title: 'Write the report', difficulty: 'Hard' });
    await caller.task.create({ title: 'Outline', parentTaskId: parent.id, isAiGenerated: true });
    const session = await caller.session.create({ sessionName: 'Morning focus' });
    const created = await caller.user.createToken({ name: 'Laptop script' });

    const { status, body } = await restAs(user)('GET', '/user/export');
    expect(status).toBe(200);
    expect(body.profile).toMatchObject({ id: user.id, name: 'Grace', email: user.email, tasksCreatedThisMonth: 2, sessionsCreatedThisMonth: 1 });
    expect(body.tasks.map((task: { title: string }) => task.title)).toEqual(['Write the report', 'Outline']);
    expect(body.tasks[1]).toMatchObject({ parentTaskId: parent.id, isAiGenerated: true });
    expect(body.sessions).toEqual([expect.objectContaining({ id: session.id, sessionName: 'Morning focus' })]);
    expect(body.usage).toEqual([
      { month: new Date().toISOString().slice(0, 7), tasks: 2, sessions: 1, aiBreakdowns: 0, aiSessions: 0 },
    ]);
    expect(body.apiTokens).toEqual([expect.objectContaining({ name: 'Laptop script', prefix: created.prefix })]);
    expect(Date.parse(body.exportedAt)).not.toBeNaN();

    const text = JSON.stringify(body);
    expect(text).not.toContain('argon2-secret-hash');
    expect(text).not.toContain('cus_secret_1');
    expect(text).not.toContain(created.token);
    expect(text).not.toMatch(/passwordHash|tokenHash|stripe/i);
  });

  it("never includes another user's data", async () => {
    const me = await createUser();
    const other = await createUser();
    await createTaskRow(other.id, { title: 'Not mine' });
    await getDb().session.create({ data: { userId: other.id, sessionName: 'Not mine either' } });
    await createTaskRow(me.id, { title: 'Mine' });

    const answer = await callerFor(me).user.export();
    expect(answer.tasks.map((task) => task.title)).toEqual(['Mine']);
    expect(answer.sessions).toEqual([]);
    expect(JSON.stringify(answer)).not.toContain('Not mine');
  });

  it('needs a signed-in user', async () => {
    expect((await restAs(null)('GET', '/user/export')).status).toBe(401);
  });

  it('runs a fixed number of queries however many rows it answers', async () => {
    const user = await createUser();
    const counted = countingCallerFor(user);
    await counted.caller.user.export();
    const few = counted.operations();

    for (let i = 0; i < 25; i++) await createTaskRow(user.id, { title: `T${i}` });
    await getDb().session.createMany({ data: Array.from({ length: 15 }, (_, i) => ({ userId: user.id, sessionName: `S${i}` })) });
    counted.reset();
    const answer = await counted.caller.user.export();
    expect(answer.tasks).toHaveLength(25);
    expect(answer.sessions).toHaveLength(15);
    expect(counted.operations()).toBe(few);
  });
});

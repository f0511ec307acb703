// Repeating tasks on the real database: the rule is checked on both doors, completing an
// occurrence creates the next one exactly once (also under concurrent completes from two app
// instances), counted against the plan, with the subtasks copied uncompleted; editing "this one"
// leaves the series.
import { describe, expect, it } from 'vitest';
import { createCaller } from '@/server/api/root';
import { createDb, getDb, poolOf } from '@/server/db';
import { callerFor, createUser, restAs } from '@/test/factories';

const db = getDb();

describe('repeating tasks', () => {
  it('refuses an invalid or impossible RRULE with a 400 on both doors, and a repeating subtask', async () => {
    const user = await createUser();
    const rest = restAs(user);
    for (const recurrence of ['FREQ=SOMETIMES', 'garbage', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', 'FREQ=MINUTELY']) {
      const answer = await rest('POST', '/tasks', { title: 'Water plants', recurrence });
      expect(answer.status, recurrence).toBe(400);
      expect(answer.body).toMatchObject({ code: 'BAD_REQUEST' });
    }
    await expect(callerFor(user).task.create({ title: 'x', recurrence: 'FREQ=NEVER' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const parent = await rest('POST', '/tasks', { title: 'Weekly review', recurrence: 'freq=weekly;byday=fr' });
    expect(parent.status).toBe(200);
    expect(parent.body).toMatchObject({ recurrence: 'FREQ=WEEKLY;BYDAY=FR', estimatedMinutes: null, actualMinutes: 0 });
    const sub = await rest('POST', '/tasks', { title: 'Inbox zero', parentTaskId: parent.body.id, recurrence: 'FREQ=DAILY' });
    expect(sub.status).toBe(400);
    expect(await db.task.count({ where: { userId: user.id } })).toBe(1);
  });

  it('refuses a rule no date matches with a clear 400 on both doors, without stalling the server', async () => {
    const user = await createUser();
    const rest = restAs(user);
    const cases: [string, RegExp][] = [
      ['FREQ=DAILY;BYMONTH=13', /BYMONTH takes 1 to 12/],
      ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31', /never happens/],
      ['FREQ=DAILY;BYMONTH=1;BYYEARDAY=200', /never happens/],
    ];
    for (const [recurrence, message] of cases) {
      const answer = await rest('POST', '/tasks', { title: 'Water plants', recurrence });
      expect(answer.status, recurrence).toBe(400);
      expect(answer.body.issues?.[0]?.message ?? answer.body.message, recurrence).toMatch(message);
      await expect(callerFor(user).task.create({ title: 'Water plants', recurrence })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(message) });
    }
    // The health check answers while and after such rules are refused (the walk is bounded, not timed).
    expect((await rest('GET', '/health')).status).toBe(200);
    expect(await db.task.count({ where: { userId: user.id } })).toBe(0);
  });

  it("completing creates the next occurrence on the person's clock, with subtasks copied uncompleted, counted once each", async () => {
    const user = await createUser({ timeZone: 'America/New_York' });
    const rest = restAs(user);
    // Monday 1 November 2027, 17:00 in New York (EDT); daylight saving ends on the 7th.
    const task = (await rest('POST', '/tasks', { title: 'Call Sam', dueDate: '2027-11-01T21:00:00.000Z', recurrence: 'FREQ=WEEKLY;BYDAY=MO', estimatedMinutes: 30 })).body;
    const subtask = (await rest('POST', '/tasks', { title: 'Find the number', parentTaskId: task.id, dueDate: '2027-11-01T20:00:00.000Z' })).body;
    await rest('POST', `/tasks/${subtask.id}/complete`);
    const before = (await callerFor(user).auth.me()).tasksCreatedThisMonth;

    const done = await rest('POST', `/tasks/${task.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: task.id, completed: true });

    const next = await db.task.findFirstOrThrow({ where: { previousOccurrenceId: task.id }, include: { subtasks: true } });
    // The Monday after the DST change: 17:00 EST is 22:00 UTC.
    expect(next.dueDate?.toISOString()).toBe('2027-11-08T22:00:00.000Z');
    expect(next).toMatchObject({ title: 'Call Sam', completed: false, recurrence: 'FREQ=WEEKLY;BYDAY=MO', estimatedMinutes: 30 });
    expect(next.subtasks).toHaveLength(1);
    expect(next.subtasks[0]).toMatchObject({ title: 'Find the number', completed: false });
    expect(next.subtasks[0]!.dueDate?.toISOString()).toBe('2027-11-08T21:00:00.000Z');
    expect((await callerFor(user).auth.me()).tasksCreatedThisMonth).toBe(before + 2);

    // Completing again, or reopening and completing, creates nothing more.
    await rest('POST', `/tasks/${task.id}/complete`);
    await rest('PATCH', `/tasks/${task.id}`, { completed: false, completedAt: null });
    await rest('PATCH', `/tasks/${task.id}`, { completed: true });
    expect(await db.task.count({ where: { userId: user.id, parentTaskId: null } })).toBe(2);
  });

  it('creates exactly one next occurrence when two app instances complete it at the same moment', async () => {
    const user = await createUser();
    const task = await callerFor(user).task.create({ title: 'Stretch', dueDate: '2027-12-01T08:00:00.000Z', recurrence: 'FREQ=DAILY' });
    const other = createDb(process.env.DATABASE_URL!);
    try {
      const session = { userId: user.id, emailVerified: true, via: 'cookie' as const };
      const callers = [db, other, db, other].map((client) => createCaller({ db: client, session, headers: new Headers(), resHeaders: new Headers() }));
      const results = await Promise.all(callers.map((caller, index) => (index % 2 ? caller.task.complete({ id: task.id }) : caller.task.patch({ id: task.id, completed: true }))));
      expect(results.every((result) => result.completed)).toBe(true);
      const nexts = await db.task.findMany({ where: { userId: user.id, completed: false } });
      expect(nexts).toHaveLength(1);
      expect(nexts[0]!.dueDate?.toISOString()).toBe('2027-12-02T08:00:00.000Z');
    } finally {
      await poolOf(other).end();
      await other.$disconnect();
    }
  });

  it('completes a repeating task at the Free limit (200) and pauses the series, saying so, on both doors', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    const task = await caller.task.create({ title: 'Daily', dueDate: '2027-12-01T08:00:00.000Z', recurrence: 'FREQ=DAILY' });
    for (let i = 1; i < 40; i++) await caller.task.create({ title: `Task ${i}` });
    const answer = await restAs(user)('POST', `/tasks/${task.id}/complete`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ id: task.id, completed: true, seriesPaused: true });
    expect(await db.task.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({ completed: true });
    // No next occurrence, nothing counted past the limit.
    expect(await db.task.count({ where: { userId: user.id } })).toBe(40);
    expect((await caller.auth.me()).tasksCreatedThisMonth).toBe(40);

    // The tRPC door says the same; with room left the series goes on and says it did not pause.
    const other = await caller.task.create({ title: 'Weekly', dueDate: '2027-12-01T08:00:00.000Z', recurrence: 'FREQ=WEEKLY' }).catch((error: unknown) => error);
    expect(other).toMatchObject({ code: 'FORBIDDEN' });
    const plus = await createUser({ subscriptionTier: 'plus' });
    const weekly = await callerFor(plus).task.create({ title: 'Weekly', dueDate: '2027-12-01T08:00:00.000Z', recurrence: 'FREQ=WEEKLY' });
    expect(await callerFor(plus).task.complete({ id: weekly.id })).toMatchObject({ completed: true, seriesPaused: false });
    expect(await db.task.count({ where: { previousOccurrenceId: weekly.id } })).toBe(1);
  });

  it('pauses rather than half-creating an occurrence whose subtasks do not all fit under the limit', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    const task = await caller.task.create({ title: 'Weekly review', dueDate: '2027-12-01T08:00:00.000Z', recurrence: 'FREQ=WEEKLY' });
    await caller.task.create({ title: 'Inbox', parentTaskId: task.id });
    await caller.task.create({ title: 'Calendar', parentTaskId: task.id });
    for (let i = 3; i < 39; i++) await caller.task.create({ title: `Task ${i}` });
    // 39 counted: the occurrence alone would fit, but with its two subtasks (3) it would make 42.
    const done = await caller.task.complete({ id: task.id });
    expect(done).toMatchObject({ completed: true, seriesPaused: true });
    expect(await db.task.count({ where: { userId: user.id } })).toBe(39);
    expect((await caller.auth.me()).tasksCreatedThisMonth).toBe(39);
  });

  it('editing "this one" takes it out of the series, which goes on from the next occurrence unchanged', async () => {
    const user = await createUser();
    const rest = restAs(user);
    const task = (await rest('POST', '/tasks', { title: 'Gym', dueDate: '2027-12-01T07:00:00.000Z', recurrence: 'FREQ=DAILY;COUNT=3' })).body;
    const edited = await rest('PATCH', `/tasks/${task.id}`, { title: 'Gym, short one', applyTo: 'this' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Gym, short one', recurrence: null });
    const next = await db.task.findFirstOrThrow({ where: { previousOccurrenceId: task.id } });
    expect(next).toMatchObject({ title: 'Gym', recurrence: 'FREQ=DAILY;COUNT=2' });
    expect(next.dueDate?.toISOString()).toBe('2027-12-02T07:00:00.000Z');
    // "All following" edits the series in place.
    const all = await rest('PUT', `/tasks/${next.id}`, { title: 'Gym (long)', dueDate: next.dueDate!.toISOString(), applyTo: 'following' });
    expect(all.body).toMatchObject({ title: 'Gym (long)', recurrence: 'FREQ=DAILY;COUNT=2' });
    expect(await db.task.count({ where: { userId: user.id } })).toBe(2);
  });
});

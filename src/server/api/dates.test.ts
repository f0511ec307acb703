// Dates outside the years 1 to 9999 are a 400 everywhere a date is read, on both doors — year
// 0000 used to pass the format check and reach PostgreSQL (500). And if one ever slips past the
// schema, PostgreSQL's refusal is a 400 too.
import { describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { getDb } from '@/server/db';
import { callerFor, createTaskRow, createUser, restAs } from '@/test/factories';
import { fromDatabaseError } from '@/server/errors';

const OUT_OF_RANGE = ['0000-01-01T00:00:00Z', '0000-12-31T23:59:59.999Z', '0001-01-01T00:30:00+01:00', '10000-01-01T00:00:00Z'];
const MESSAGE = 'Dates must be between the years 1 and 9999';

describe('dates between the years 1 and 9999', () => {
  it.each(OUT_OF_RANGE)('refuses %s with a 400 on every REST call that reads a date, and stores nothing', async (date) => {
    const user = await createUser();
    const task = await createTaskRow(user.id, { title: 'Kept' });
    const rest = restAs(user);
    const answers = [
      await rest('POST', '/tasks', { title: 'Far away', dueDate: date }),
      await rest('PUT', `/tasks/${task.id}`, { title: 'Kept', dueDate: date }),
      await rest('PATCH', `/tasks/${task.id}`, { dueDate: date }),
      await rest('PATCH', `/tasks/${task.id}`, { completed: true, completedAt: date }),
      await rest('GET', `/tasks?from=${encodeURIComponent(date)}`),
      await rest('GET', `/tasks?to=${encodeURIComponent(date)}`),
      await rest('POST', '/sessions', { sessionName: 'Far away', displayMode: 'clock', dueDate: date }),
    ];
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.code).toBe('BAD_REQUEST');
    }
    // Year 10000 is not even a date to the format check; the others name the range.
    if (!date.startsWith('10000')) expect(JSON.stringify(answers[0]!.body)).toContain(MESSAGE);
    expect(await getDb().task.count({ where: { userId: user.id } })).toBe(1);
    expect(await getDb().task.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({ dueDate: null, completed: false });
    expect(await getDb().session.count({ where: { userId: user.id } })).toBe(0);
  });

  it('refuses them on the tRPC door too, and accepts the edges of the range', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    await expect(caller.task.create({ title: 'Far away', dueDate: '0000-06-01T00:00:00Z' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.task.list({ from: '0000-06-01T00:00:00Z' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const first = await caller.task.create({ title: 'First day', dueDate: '0001-01-01T00:00:00Z' });
    const last = await caller.task.create({ title: 'Last moment', dueDate: '9999-12-31T23:59:59.999Z' });
    expect([first.dueDate, last.dueDate]).toEqual(['0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']);
  });

  it('refuses a date past 9999 reached by quick capture words, a time and zone, or a cursor, with a 400 on both doors', async () => {
    const user = await createUser({ timeZone: 'Pacific/Kiritimati' });
    const rest = restAs(user);
    const caller = callerFor(user);

    // Quick capture: "in 8000 years" is past the year 9999.
    const capture = await rest('POST', '/tasks/parse', { text: 'x in 8000 years' });
    expect(capture.status, JSON.stringify(capture.body)).toBe(400);
    expect(capture.body).toMatchObject({ code: 'BAD_REQUEST', message: MESSAGE });
    await expect(caller.task.parse({ text: 'x in 8000 years' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: MESSAGE });

    // 23:00 UTC on the last day is already the year 10000 in Kiritimati (UTC+14): 23:30 there is past 9999.
    const session = { sessionName: 'Far away', displayMode: 'clock', dueDate: '9999-12-31T23:00:00.000Z', dueTime: { hour: 23, minute: 30 }, timeZone: 'Pacific/Kiritimati' };
    const late = await rest('POST', '/sessions', session);
    expect(late.status, JSON.stringify(late.body)).toBe(400);
    expect(late.body).toMatchObject({ code: 'BAD_REQUEST', message: MESSAGE });
    await expect(caller.session.create({ ...session, displayMode: 'clock' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: MESSAGE });
    expect(await getDb().session.count({ where: { userId: user.id } })).toBe(0);

    // A history cursor whose date JavaScript reads but PostgreSQL cannot hold (it answered 22009, a 500).
    const cursor = Buffer.from(JSON.stringify(['d', new Date(-8.64e15).toISOString(), 'x'])).toString('base64url');
    const page = await rest('GET', `/tasks?completed=true&cursor=${cursor}`);
    expect(page.status, JSON.stringify(page.body)).toBe(400);
    expect(page.body.message).toMatch(/Invalid cursor/);
    await expect(caller.task.list({ completed: 'true', cursor })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(fromDatabaseError({ code: '22009' })).toMatchObject({ code: 'BAD_REQUEST', message: MESSAGE });
  });

  it("maps PostgreSQL's refusal of a date to a 400 if one ever slips past the schema", async () => {
    const user = await createUser();
    const refused = await getDb()
      .task.create({ data: { userId: user.id, title: 'x', dueDate: new Date('0000-06-01T00:00:00Z') } })
      .then(() => undefined, (error: unknown) => error);
    expect(refused).toBeDefined();
    const mapped = fromDatabaseError(refused);
    expect(mapped).toBeInstanceOf(TRPCError);
    expect(mapped).toMatchObject({ code: 'BAD_REQUEST', message: MESSAGE });
    expect(fromDatabaseError({ code: '22008' })).toMatchObject({ code: 'BAD_REQUEST', message: MESSAGE });
  });
});

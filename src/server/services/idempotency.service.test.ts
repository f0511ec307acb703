// Idempotency keys against the real database: a repeat answers the first answer and writes
// nothing, racing repeats write once, a key reused for another request is refused, and a key
// older than 24 h is free again.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { createSessionRow, createTaskRow, createUser } from '@/test/factories';
import { getUsage } from './usage.service';
import { forgetExpiredIdempotencyKeys } from './idempotency.service';
import { completeTask, createTask, getOwnTask, patchTask } from './task.service';

const db = getDb();
const input = { title: 'Offline task', importance: 'Medium', difficulty: 'Medium', isAiGenerated: false } as const;

describe('idempotent task writes', () => {
  it('a repeated create with the same key answers the first task and creates and counts one', async () => {
    const user = await createUser();
    const first = await createTask(db, user.id, input, new Date(), { idempotencyKey: 'create-1' });
    const again = await createTask(db, user.id, input, new Date(), { idempotencyKey: 'create-1' });
    expect(again).toEqual(first);
    expect(await db.task.count({ where: { userId: user.id } })).toBe(1);
    expect((await getUsage(db, user.id)).tasksCreatedThisMonth).toBe(1);
  });

  it('racing repeats of one create write exactly one task', async () => {
    const user = await createUser();
    const answers = await Promise.all(Array.from({ length: 5 }, () => createTask(db, user.id, input, new Date(), { idempotencyKey: 'race' })));
    expect(new Set(answers.map((task) => task.id)).size).toBe(1);
    expect(await db.task.count({ where: { userId: user.id } })).toBe(1);
  });

  it('the same key by another user is that user’s own', async () => {
    const [a, b] = [await createUser(), await createUser()];
    const mine = await createTask(db, a.id, input, new Date(), { idempotencyKey: 'shared' });
    const theirs = await createTask(db, b.id, input, new Date(), { idempotencyKey: 'shared' });
    expect(theirs.id).not.toBe(mine.id);
  });

  it('a key reused for a different request is a 409 and changes nothing', async () => {
    const user = await createUser();
    await createTask(db, user.id, input, new Date(), { idempotencyKey: 'k' });
    await expect(createTask(db, user.id, { ...input, title: 'Another' }, new Date(), { idempotencyKey: 'k' })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await db.task.count({ where: { userId: user.id } })).toBe(1);
  });

  it('a key older than 24 h is used afresh', async () => {
    const user = await createUser();
    const now = Date.now();
    await createTask(db, user.id, input, new Date(now - 25 * 3_600_000), { idempotencyKey: 'old' });
    await createTask(db, user.id, input, new Date(now), { idempotencyKey: 'old' });
    expect(await db.task.count({ where: { userId: user.id } })).toBe(2);
  });

  it('a failed write leaves its key unclaimed, so a repeat runs afresh', async () => {
    const user = await createUser();
    await expect(createTask(db, user.id, { ...input, parentTaskId: 'missing' }, new Date(), { idempotencyKey: 'f' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await db.idempotencyKey.count({ where: { userId: user.id } })).toBe(0);
  });

  it('a repeated complete answers the first completion time; a repeated patch does not undo later changes', async () => {
    const user = await createUser();
    const session = await createSessionRow(user.id);
    const row = await createTaskRow(user.id, { title: 'Done offline' });
    const first = await completeTask(db, await getOwnTask(db, user.id, row.id), { id: row.id, sessionId: session.id }, new Date('2026-11-20T10:00:00Z'), { idempotencyKey: 'c' });
    const again = await completeTask(db, await getOwnTask(db, user.id, row.id), { id: row.id, sessionId: session.id }, new Date('2026-11-21T10:00:00Z'), { idempotencyKey: 'c' });
    expect(again).toEqual(first);
    expect(first.completedAt).toBe('2026-11-20T10:00:00.000Z');

    await patchTask(db, await getOwnTask(db, user.id, row.id), { id: row.id, title: 'Renamed' }, new Date(), { idempotencyKey: 'p' });
    await patchTask(db, await getOwnTask(db, user.id, row.id), { id: row.id, title: 'Renamed again' }, new Date());
    const replay = await patchTask(db, await getOwnTask(db, user.id, row.id), { id: row.id, title: 'Renamed' }, new Date(), { idempotencyKey: 'p' });
    expect(replay.title).toBe('Renamed');
    expect((await db.task.findUniqueOrThrow({ where: { id: row.id } })).title).toBe('Renamed again');
  });

  it('the clean-up forgets keys past 24 h and keeps the rest', async () => {
    const user = await createUser();
    const now = Date.now();
    await createTask(db, user.id, input, new Date(now - 25 * 3_600_000), { idempotencyKey: 'stale' });
    await createTask(db, user.id, input, new Date(now - 3_600_000), { idempotencyKey: 'fresh' });
    await forgetExpiredIdempotencyKeys(db, new Date(now));
    expect((await db.idempotencyKey.findMany({ where: { userId: user.id } })).map((row) => row.key)).toEqual(['fresh']);
  });
});

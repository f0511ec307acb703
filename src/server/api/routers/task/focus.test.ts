// POST /api/tasks/{id}/focus on both doors: the session screen's small writes add up to the
// task's actualMinutes; bad amounts are a 400, another user's task a 404; with an
// Idempotency-Key (Just start's writes, replayed from the offline queue) a repeat counts once.
import { describe, expect, it } from 'vitest';
import { callerFor, createTaskRow, createUser, restAs } from '@/test/factories';

describe('POST /api/tasks/{id}/focus', () => {
  it('adds focused seconds that show as actualMinutes', async () => {
    const user = await createUser();
    const task = await createTaskRow(user.id, { title: 'Write', estimatedMinutes: 30 });
    const first = await restAs(user)('POST', `/tasks/${task.id}/focus`, { seconds: 600 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ actualMinutes: 10, estimatedMinutes: 30 });
    const second = await callerFor(user).task.recordFocus({ id: task.id, seconds: 930 });
    expect(second.actualMinutes).toBe(26);
    expect((await restAs(user)('GET', '/tasks')).body[0]).toMatchObject({ actualMinutes: 26 });
  });

  it('refuses bad amounts and read-only writes, and hides other users tasks', async () => {
    const user = await createUser();
    const other = await createUser();
    const task = await createTaskRow(user.id);
    for (const seconds of [0, -5, 1.5, 4 * 3600 + 1, '60']) {
      expect((await restAs(user)('POST', `/tasks/${task.id}/focus`, { seconds })).status, String(seconds)).toBe(400);
    }
    expect((await restAs(other)('POST', `/tasks/${task.id}/focus`, { seconds: 60 })).status).toBe(404);
    // actualMinutes cannot be set by hand: it is stripped from a PATCH.
    const patched = await restAs(user)('PATCH', `/tasks/${task.id}`, { actualMinutes: 500, estimatedMinutes: 45 });
    expect(patched.body).toMatchObject({ actualMinutes: 0, estimatedMinutes: 45 });
    expect((await restAs(user)('PATCH', `/tasks/${task.id}`, { estimatedMinutes: 2000 })).status).toBe(400);
  });

  it('with an Idempotency-Key, a replayed write counts once, on both doors; the key for another write is a 409', async () => {
    const user = await createUser();
    const task = await createTaskRow(user.id, { title: 'Write' });
    const rest = restAs(user);
    const key = { 'Idempotency-Key': 'focus-offline-1' };
    const first = await rest('POST', `/tasks/${task.id}/focus`, { seconds: 600 }, key);
    expect(first).toMatchObject({ status: 200, body: { actualMinutes: 10 } });
    const replay = await rest('POST', `/tasks/${task.id}/focus`, { seconds: 600 }, key);
    expect(replay).toMatchObject({ status: 200, body: { actualMinutes: 10 } });
    // Another key is another write: it adds.
    expect((await rest('POST', `/tasks/${task.id}/focus`, { seconds: 120 }, { 'Idempotency-Key': 'focus-offline-2' })).body).toMatchObject({ actualMinutes: 12 });
    // The same key for other seconds is a conflict, and adds nothing.
    const reused = await rest('POST', `/tasks/${task.id}/focus`, { seconds: 60 }, key);
    expect(reused).toMatchObject({ status: 409, body: { code: 'CONFLICT', message: 'This Idempotency-Key was already used for a different request' } });
    expect((await rest('POST', `/tasks/${task.id}/focus`, { seconds: 60 }, { 'Idempotency-Key': 'has space' })).status).toBe(400);
    // tRPC reads the same header.
    const caller = callerFor(user, { 'Idempotency-Key': 'focus-trpc-1' });
    expect((await caller.task.recordFocus({ id: task.id, seconds: 300 })).actualMinutes).toBe(17);
    expect((await caller.task.recordFocus({ id: task.id, seconds: 300 })).actualMinutes).toBe(17);
    expect((await rest('GET', '/tasks')).body[0]).toMatchObject({ actualMinutes: 17 });
    // Another user's task with a fresh key: 404, nothing counted, and the key stays free.
    const other = await createUser();
    expect((await restAs(other)('POST', `/tasks/${task.id}/focus`, { seconds: 60 }, { 'Idempotency-Key': 'focus-foreign' })).status).toBe(404);
    expect((await rest('GET', '/tasks')).body[0]).toMatchObject({ actualMinutes: 17 });
  });
});

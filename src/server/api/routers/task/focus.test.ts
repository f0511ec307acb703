// POST /api/tasks/{id}/focus on both doors: the session screen's small writes add up to the
// task's actualMinutes; bad amounts are a 400, another user's task a 404.
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
});

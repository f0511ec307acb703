// A task's stored first-step line (Task.firstStep) through both doors, against the real database:
// trimmed, at most 200 characters, empty means none; PUT keeps it unless sent, PATCH changes it
// alone; Just start (GET /api/today/next) shows it when no subtask is open; a repeating task's next
// occurrence keeps it; "Export my data" carries it; another user's task stays a 404.
import { describe, expect, it } from 'vitest';
import { TASK_LIMITS } from '@/lib/constants';
import { getDb } from '@/server/db';
import { callerFor, createUser, restAs } from '@/test/factories';

const db = getDb();

describe('Task.firstStep', () => {
  it('is stored trimmed on create, answered on every task answer, and empty means none, on both doors', async () => {
    const user = await createUser();
    const rest = restAs(user);
    const created = await rest('POST', '/tasks', { title: 'Write the essay', firstStep: '  Open the draft  ' });
    expect(created).toMatchObject({ status: 200, body: { title: 'Write the essay', firstStep: 'Open the draft' } });
    expect((await db.task.findUniqueOrThrow({ where: { id: created.body.id } })).firstStep).toBe('Open the draft');
    expect((await rest('GET', '/tasks')).body[0]).toMatchObject({ id: created.body.id, firstStep: 'Open the draft' });

    const blank = await rest('POST', '/tasks', { title: 'Call Sam', firstStep: '   ' });
    expect(blank.body.firstStep).toBeNull();
    expect((await rest('POST', '/tasks', { title: 'Tidy', firstStep: null })).body.firstStep).toBeNull();
    expect((await rest('POST', '/tasks', { title: 'Tidy' })).body.firstStep).toBeNull();

    const trpc = await callerFor(user).task.create({ title: 'Book the dentist', firstStep: ' Find the number ' });
    expect(trpc.firstStep).toBe('Find the number');
    expect((await rest('POST', '/tasks', { title: 'Long', firstStep: 'x'.repeat(TASK_LIMITS.firstStepMax) })).status).toBe(200);
  });

  it('refuses a line over 200 characters or not a string with a 400 naming the field, and stores nothing', async () => {
    const user = await createUser();
    const rest = restAs(user);
    for (const firstStep of ['x'.repeat(TASK_LIMITS.firstStepMax + 1), 42, ['Open the draft'], { text: 'x' }]) {
      const { status, body } = await rest('POST', '/tasks', { title: 'Write the essay', firstStep });
      expect(status, JSON.stringify(firstStep).slice(0, 20)).toBe(400);
      expect(body).toMatchObject({ code: 'BAD_REQUEST', message: expect.any(String) });
      expect(body.issues.map((issue: { path: string[] }) => issue.path[0])).toContain('firstStep');
    }
    expect((await rest('POST', '/tasks', { title: 'Write the essay', firstStep: 'x'.repeat(201) })).body.issues[0].message).toBe(
      'First step must be at most 200 characters',
    );
    await expect(callerFor(user).task.create({ title: 'x', firstStep: 'x'.repeat(201) })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await db.task.count({ where: { userId: user.id } })).toBe(0);

    const task = (await rest('POST', '/tasks', { title: 'Write the essay', firstStep: 'Open the draft' })).body;
    expect((await rest('PATCH', `/tasks/${task.id}`, { firstStep: 'y'.repeat(201) })).status).toBe(400);
    expect((await rest('PUT', `/tasks/${task.id}`, { title: 'Write the essay', firstStep: 7 })).status).toBe(400);
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).firstStep).toBe('Open the draft');
  });

  it('PUT keeps it unless sent and clears it with "" or null; PATCH changes it alone; another user’s task is a 404', async () => {
    const user = await createUser();
    const rest = restAs(user);
    const task = (await rest('POST', '/tasks', { title: 'Write the essay', firstStep: 'Open the draft', estimatedMinutes: 30 })).body;

    const kept = await rest('PUT', `/tasks/${task.id}`, { title: 'Write the essay, part 1' });
    expect(kept.body).toMatchObject({ title: 'Write the essay, part 1', firstStep: 'Open the draft' });
    const changed = await rest('PUT', `/tasks/${task.id}`, { title: 'Write the essay', firstStep: ' Reread the last paragraph ' });
    expect(changed.body.firstStep).toBe('Reread the last paragraph');
    expect((await rest('PUT', `/tasks/${task.id}`, { title: 'Write the essay', firstStep: '' })).body.firstStep).toBeNull();

    const patched = await rest('PATCH', `/tasks/${task.id}`, { firstStep: 'Open the draft' });
    expect(patched.body).toMatchObject({ title: 'Write the essay', firstStep: 'Open the draft', estimatedMinutes: 30 });
    expect((await callerFor(user).task.patch({ id: task.id, firstStep: null })).firstStep).toBeNull();

    const other = await createUser();
    expect((await restAs(other)('PATCH', `/tasks/${task.id}`, { firstStep: 'Mine now' })).status).toBe(404);
    await expect(callerFor(other).task.patch({ id: task.id, firstStep: 'Mine now' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).firstStep).toBeNull();
  });

  it('Just start shows it as the first step when no subtask is open: the first open subtask comes first', async () => {
    const user = await createUser();
    const rest = restAs(user);
    const task = (await rest('POST', '/tasks', { title: 'Write the essay', importance: 'Critical', firstStep: 'Open the draft' })).body;
    await rest('POST', '/tasks', { title: 'Tidy the desk', importance: 'Low' });

    expect((await rest('GET', '/today/next')).body).toMatchObject({ task: { id: task.id, firstStep: 'Open the draft' }, firstStep: 'Open the draft', firstStepTaskId: null });
    expect(await callerFor(user).today.next({})).toMatchObject({ firstStep: 'Open the draft', firstStepTaskId: null });

    const outline = (await rest('POST', '/tasks', { title: 'Outline the argument', parentTaskId: task.id })).body;
    expect((await rest('GET', '/today/next')).body).toMatchObject({ firstStep: 'Outline the argument', firstStepTaskId: outline.id });

    // The subtask done: the line again (it is kept on the task, not used up).
    await rest('POST', `/tasks/${outline.id}/complete`);
    expect((await rest('GET', '/today/next')).body).toMatchObject({ firstStep: 'Open the draft', firstStepTaskId: null });

    // No line: the neutral starter.
    await rest('PATCH', `/tasks/${task.id}`, { firstStep: '' });
    expect((await rest('GET', '/today/next')).body.firstStep).toBe('Open what you need for "Write the essay" and do the smallest next bit for ten minutes.');
  });

  it('a repeating task’s next occurrence keeps it, as it keeps the description (its subtasks’ too)', async () => {
    const user = await createUser();
    const rest = restAs(user);
    const task = (
      await rest('POST', '/tasks', { title: 'Run', description: '5 km', firstStep: 'Put on the running shoes', dueDate: '2027-12-01T07:00:00.000Z', recurrence: 'FREQ=DAILY' })
    ).body;
    await rest('POST', '/tasks', { title: 'Stretch', parentTaskId: task.id, firstStep: 'Roll out the mat' });
    await rest('POST', `/tasks/${task.id}/complete`);
    const next = await db.task.findFirstOrThrow({ where: { previousOccurrenceId: task.id }, include: { subtasks: true } });
    expect(next).toMatchObject({ title: 'Run', description: '5 km', firstStep: 'Put on the running shoes', completed: false });
    expect(next.subtasks[0]).toMatchObject({ title: 'Stretch', firstStep: 'Roll out the mat', completed: false });

    // "This one only": the series goes on with the line as it was; this one takes the edit.
    const edited = await rest('PATCH', `/tasks/${next.id}`, { firstStep: 'Fill the bottle', applyTo: 'this' });
    expect(edited.body).toMatchObject({ firstStep: 'Fill the bottle', recurrence: null });
    expect((await db.task.findFirstOrThrow({ where: { previousOccurrenceId: next.id } })).firstStep).toBe('Put on the running shoes');
  });

  it('"Export my data" carries it', async () => {
    const user = await createUser();
    await restAs(user)('POST', '/tasks', { title: 'Write the essay', firstStep: 'Open the draft' });
    const { body } = await restAs(user)('GET', '/user/export');
    expect(body.tasks).toEqual([expect.objectContaining({ title: 'Write the essay', firstStep: 'Open the draft' })]);
  });
});

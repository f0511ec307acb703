// Tasks through both doors (tRPC caller and REST), against the real database: each task call
// with the shapes and statuses of docs/api-contract.md, validation, subtasks, plan limits and
// isolation between users.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { taskItems } from '@/lib/tasks';
import { getUsage } from '@/server/services/usage.service';
import { callerFor, countingCallerFor, createTaskRow, createUser, restAs } from '@/test/factories';

const db = getDb();

const TASK_KEYS = [
  'actualMinutes',
  'color',
  'completed',
  'completedAt',
  'completedInSessionId',
  'createdAt',
  'description',
  'difficulty',
  'dueDate',
  'estimatedMinutes',
  'firstStep',
  'id',
  'importance',
  'isAiGenerated',
  'letGoAt',
  'parentTaskId',
  'recurrence',
  'sessionId',
  'title',
];

describe('POST /api/tasks', () => {
  it('creates a task with trimmed fields and the defaults, and counts it', async () => {
    const user = await createUser();
    const { status, body } = await restAs(user)('POST', '/tasks', {
      title: '  Write the report  ',
      description: '  first draft ',
      dueDate: '2026-11-23T09:30:00+01:00',
      color: '#3b82f6',
      somethingUnknown: 'is stripped',
    });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(TASK_KEYS);
    expect(body).toMatchObject({
      title: 'Write the report',
      description: 'first draft',
      importance: 'Medium',
      difficulty: 'Medium',
      dueDate: '2026-11-23T08:30:00.000Z',
      completed: false,
      completedAt: null,
      sessionId: null,
      parentTaskId: null,
      isAiGenerated: false,
      color: '#3B82F6',
    });
    expect((await getUsage(db, user.id)).tasksCreatedThisMonth).toBe(1);
  });

  it("stores 'Very Hard' and Critical and answers them in the API's words on both doors", async () => {
    const user = await createUser();
    const created = await callerFor(user).task.create({ title: 'Hard one', difficulty: 'Very Hard', importance: 'Critical', description: '   ' });
    expect(created).toMatchObject({ difficulty: 'Very Hard', importance: 'Critical', description: null });
    const { body } = await restAs(user)('GET', '/tasks');
    expect(body[0]).toMatchObject({ id: created.id, difficulty: 'Very Hard' });
  });

  it('answers invalid input with 400 and the issues, and counts nothing', async () => {
    const user = await createUser();
    const rest = restAs(user);
    const cases: [unknown, string][] = [
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'ok', description: 'd'.repeat(5001) }, 'description'],
      [{ title: 'ok', importance: 'Urgent' }, 'importance'],
      [{ title: 'ok', difficulty: 'Impossible' }, 'difficulty'],
      [{ title: 'ok', color: 'blue' }, 'color'],
      [{ title: 'ok', dueDate: 'tomorrow' }, 'dueDate'],
      [{}, 'title'],
    ];
    for (const [input, field] of cases) {
      const { status, body } = await rest('POST', '/tasks', input);
      expect(status, JSON.stringify(input)).toBe(400);
      expect(body.code).toBe('BAD_REQUEST');
      expect(body.issues.map((issue: { path: string[] }) => issue.path[0])).toContain(field);
    }
    await expect(callerFor(user).task.create({ title: '' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await getUsage(db, user.id)).tasksCreatedThisMonth).toBe(0);
    expect(await db.task.count({ where: { userId: user.id } })).toBe(0);
  });

  it('accepts a 200-character title and a 5,000-character description', async () => {
    const user = await createUser();
    const { status } = await restAs(user)('POST', '/tasks', { title: 't'.repeat(200), description: 'd'.repeat(5000) });
    expect(status).toBe(200);
  });

  it('refuses the 41st task of the month on the Free plan with the limit message, on both doors', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    for (let i = 0; i < 40; i++) await caller.task.create({ title: `Task ${i}` });
    const { status, body } = await restAs(user)('POST', '/tasks', { title: 'One too many' });
    expect(status).toBe(403);
    expect(body).toEqual({
      code: 'FORBIDDEN',
      message: "Task limit reached: you've reached your limit of 40 tasks per month on the Free plan.",
      reason: 'task_limit',
    });
    await expect(caller.task.create({ title: 'Again' })).rejects.toThrow('40 tasks');
    expect(await db.task.count({ where: { userId: user.id } })).toBe(40);
  });

  it('gives no quota back when a task is deleted', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    for (let i = 0; i < 40; i++) await caller.task.create({ title: `Task ${i}` });
    const first = taskItems(await caller.task.list({}))[0]!;
    await caller.task.delete({ id: first.id });
    await expect(caller.task.create({ title: 'Freed?' })).rejects.toThrow('Task limit reached');
  });

  it('lets exactly 5 of 10 parallel creates through when 5 are left', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    for (let i = 0; i < 35; i++) await caller.task.create({ title: `Task ${i}` });
    const rest = restAs(user);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => rest('POST', '/tasks', { title: `Parallel ${i}` })));
    expect(results.filter((result) => result.status === 200)).toHaveLength(5);
    expect(results.filter((result) => result.status === 403)).toHaveLength(5);
    expect(await db.task.count({ where: { userId: user.id } })).toBe(40);
    expect((await getUsage(db, user.id)).tasksCreatedThisMonth).toBe(40);
  });

  it('starts a new month with a fresh allowance', async () => {
    const user = await createUser();
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 15));
    await db.usageCounter.create({ data: { userId: user.id, month: new Date(Date.UTC(lastMonth.getUTCFullYear(), lastMonth.getUTCMonth(), 1)), tasks: 40 } });
    const { status } = await restAs(user)('POST', '/tasks', { title: 'New month' });
    expect(status).toBe(200);
    expect((await getUsage(db, user.id)).tasksCreatedThisMonth).toBe(1);
  });

  it('gives Plus unlimited tasks', async () => {
    const user = await createUser({ subscriptionTier: 'plus' });
    await db.usageCounter.create({ data: { userId: user.id, month: new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)), tasks: 500 } });
    expect((await restAs(user)('POST', '/tasks', { title: 'Still fine' })).status).toBe(200);
  });

  it('links a task to the session it was created in, which must be the caller’s', async () => {
    const user = await createUser();
    const other = await createUser();
    const session = await callerFor(user).session.create({});
    const foreign = await callerFor(other).session.create({});
    const task = await callerFor(user).task.create({ title: 'In session', sessionId: session.id });
    expect(task.sessionId).toBe(session.id);
    const { status, body } = await restAs(user)('POST', '/tasks', { title: 'Sneaky', sessionId: foreign.id });
    expect(status).toBe(404);
    expect(body.message).toBe('Session not found');
  });
});

describe('subtasks', () => {
  it('creates a subtask under an own top-level task, and counts it (AI-suggested too)', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    const parent = await caller.task.create({ title: 'Parent' });
    const child = await caller.task.create({ title: 'Child', parentTaskId: parent.id, isAiGenerated: true });
    expect(child).toMatchObject({ parentTaskId: parent.id, isAiGenerated: true });
    expect((await getUsage(db, user.id)).tasksCreatedThisMonth).toBe(2);
  });

  it('refuses a subtask of a subtask with 400 and a foreign or missing parent with 404', async () => {
    const user = await createUser();
    const other = await createUser();
    const caller = callerFor(user);
    const parent = await caller.task.create({ title: 'Parent' });
    const child = await caller.task.create({ title: 'Child', parentTaskId: parent.id });
    const foreign = await callerFor(other).task.create({ title: 'Not yours' });
    const rest = restAs(user);
    const nested = await rest('POST', '/tasks', { title: 'Grandchild', parentTaskId: child.id });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toBe('A subtask cannot have subtasks of its own');
    const stolen = await rest('POST', '/tasks', { title: 'Under theirs', parentTaskId: foreign.id });
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ message: 'Task not found', code: 'NOT_FOUND' });
    expect((await rest('POST', '/tasks', { title: 'Nowhere', parentTaskId: 'missing' })).status).toBe(404);
    expect((await getUsage(db, user.id)).tasksCreatedThisMonth).toBe(2);
  });

  it('deletes the subtasks with their parent', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    const parent = await caller.task.create({ title: 'Parent' });
    await caller.task.create({ title: 'Child 1', parentTaskId: parent.id });
    await caller.task.create({ title: 'Child 2', parentTaskId: parent.id });
    const keep = await caller.task.create({ title: 'Unrelated' });
    const { status, body } = await restAs(user)('DELETE', `/tasks/${parent.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true });
    expect(taskItems(await caller.task.list({})).map((task) => task.id)).toEqual([keep.id]);
  });
});

describe('GET /api/tasks', () => {
  it('lists all the user’s tasks flat, subtasks included: open first, by due date, undated last', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    const undated = await caller.task.create({ title: 'Undated' });
    const later = await caller.task.create({ title: 'Later', dueDate: '2026-12-02T10:00:00.000Z' });
    const sooner = await caller.task.create({ title: 'Sooner', dueDate: '2026-12-01T10:00:00.000Z' });
    const child = await caller.task.create({ title: 'Child', parentTaskId: later.id, dueDate: '2026-12-03T10:00:00.000Z' });
    const done = await caller.task.create({ title: 'Done', dueDate: '2026-11-01T10:00:00.000Z' });
    await caller.task.complete({ id: done.id });
    const { status, body } = await restAs(user)('GET', '/tasks');
    expect(status).toBe(200);
    expect(body.map((task: { id: string }) => task.id)).toEqual([sooner.id, later.id, child.id, undated.id, done.id]);
    expect(body[2].parentTaskId).toBe(later.id);
  });

  it('filters by completed and by a due-date window for the calendar', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    const nov = await caller.task.create({ title: 'November', dueDate: '2026-11-20T10:00:00.000Z' });
    const dec = await caller.task.create({ title: 'December', dueDate: '2026-12-01T00:00:00.000Z' });
    await caller.task.create({ title: 'Undated' });
    await caller.task.complete({ id: nov.id });
    const rest = restAs(user);
    const window = await rest('GET', '/tasks?from=2026-11-01T00:00:00.000Z&to=2026-12-01T00:00:00.000Z');
    expect(window.body.map((task: { id: string }) => task.id)).toEqual([nov.id]);
    const open = await rest('GET', '/tasks?completed=false');
    expect(open.body.map((task: { title: string }) => task.title)).toEqual(['December', 'Undated']);
    const completed = await rest('GET', '/tasks?completed=true');
    expect(completed.body.map((task: { id: string }) => task.id)).toEqual([nov.id]);
    expect(taskItems(await caller.task.list({ from: '2026-12-01T00:00:00.000Z' })).map((task) => task.id)).toEqual([dec.id]);
    expect((await rest('GET', '/tasks?completed=maybe')).status).toBe(400);
    expect((await rest('GET', '/tasks?from=yesterday')).status).toBe(400);
  });
});

describe('GET /api/tasks/current', () => {
  it('answers the first open top-level task by due date, undated last, or null', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    const rest = restAs(user);
    expect((await rest('GET', '/tasks/current')).body).toEqual({ task: null });
    const undated = await caller.task.create({ title: 'Undated' });
    expect((await rest('GET', '/tasks/current')).body.task.id).toBe(undated.id);
    const dated = await caller.task.create({ title: 'Dated', dueDate: '2027-01-05T10:00:00.000Z' });
    await caller.task.create({ title: 'Earlier subtask', parentTaskId: dated.id, dueDate: '2027-01-01T10:00:00.000Z' });
    const earlierDone = await caller.task.create({ title: 'Earlier but done', dueDate: '2027-01-02T10:00:00.000Z' });
    await caller.task.complete({ id: earlierDone.id });
    const { status, body } = await rest('GET', '/tasks/current');
    expect(status).toBe(200);
    expect(body.task).toMatchObject({ id: dated.id, title: 'Dated' });
    expect(await caller.task.current({})).toEqual(body);
  });
});

describe('PUT /api/tasks/{id}', () => {
  it('replaces the edit form’s fields, keeps the colour unless sent, and ignores a body id', async () => {
    const user = await createUser();
    const task = await callerFor(user).task.create({
      title: 'Old',
      description: 'old words',
      importance: 'High',
      difficulty: 'Hard',
      dueDate: '2026-12-01T10:00:00.000Z',
      color: '#FF0000',
    });
    const { status, body } = await restAs(user)('PUT', `/tasks/${task.id}`, {
      id: 'something-else',
      title: ' New ',
      importance: 'Low',
      difficulty: 'Very Hard',
      dueDate: '2026-12-24T18:00:00.000Z',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: task.id,
      title: 'New',
      description: null,
      importance: 'Low',
      difficulty: 'Very Hard',
      dueDate: '2026-12-24T18:00:00.000Z',
      color: '#FF0000',
    });
    const recoloured = await callerFor(user).task.update({ id: task.id, title: 'New', color: null });
    expect(recoloured).toMatchObject({ color: null, dueDate: null, importance: 'Medium' });
  });

  it('validates like create', async () => {
    const user = await createUser();
    const task = await callerFor(user).task.create({ title: 'Ok' });
    const { status, body } = await restAs(user)('PUT', `/tasks/${task.id}`, { title: '' });
    expect(status).toBe(400);
    expect(body.issues[0].path).toEqual(['title']);
  });
});

describe('PATCH /api/tasks/{id}', () => {
  it('changes only the fields sent', async () => {
    const user = await createUser();
    const task = await callerFor(user).task.create({ title: 'Keep me', description: 'words', importance: 'High' });
    const { status, body } = await restAs(user)('PATCH', `/tasks/${task.id}`, { difficulty: 'Easy', color: '#00ff00' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ title: 'Keep me', description: 'words', importance: 'High', difficulty: 'Easy', color: '#00FF00' });
  });

  it('reopens a completed task with completed false and completedAt null, unlinking its session', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    const session = await caller.session.create({});
    const task = await caller.task.create({ title: 'Reopen me' });
    const completed = await caller.task.complete({ id: task.id, sessionId: session.id });
    expect(completed).toMatchObject({ completed: true, completedInSessionId: session.id });
    const { status, body } = await restAs(user)('PATCH', `/tasks/${task.id}`, { completed: false, completedAt: null });
    expect(status).toBe(200);
    expect(body).toMatchObject({ completed: false, completedAt: null, completedInSessionId: null });
    expect((await caller.session.tasks({ id: session.id })).map((t) => t.id)).toEqual([]);
  });

  it('completes with an explicit time, and refuses a completedAt without completed', async () => {
    const user = await createUser();
    const task = await callerFor(user).task.create({ title: 'x' });
    const rest = restAs(user);
    const done = await rest('PATCH', `/tasks/${task.id}`, { completed: true, completedAt: '2026-11-20T08:00:00Z' });
    expect(done.body).toMatchObject({ completed: true, completedAt: '2026-11-20T08:00:00.000Z' });
    expect((await rest('PATCH', `/tasks/${task.id}`, { completedAt: null })).status).toBe(400);
    expect((await rest('PATCH', `/tasks/${task.id}`, { completed: false, completedAt: '2026-11-20T08:00:00Z' })).status).toBe(400);
  });

  it('refuses a boolean sent as a string instead of reading "false" as true', async () => {
    const user = await createUser();
    const task = await callerFor(user).task.create({ title: 'x' });
    const rest = restAs(user);
    // The adapter coerces a procedure's fields on its first REST call: call it twice.
    expect((await rest('PATCH', `/tasks/${task.id}`, { completed: false })).status).toBe(200);
    const { status, body } = await rest('PATCH', `/tasks/${task.id}`, { completed: 'false' });
    expect(status).toBe(400);
    expect(body.issues[0].path).toEqual(['completed']);
    await expect(callerFor(user).task.patch({ id: task.id, completed: 'false' as unknown as boolean })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).completed).toBe(false);
  });
});

describe('POST /api/tasks/{id}/complete', () => {
  it('completes from the dashboard with an empty body', async () => {
    const user = await createUser();
    const task = await callerFor(user).task.create({ title: 'Finish me' });
    const before = Date.now();
    const response = await handleEmptyPost(user, `/tasks/${task.id}/complete`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: task.id, completed: true, completedInSessionId: null });
    expect(Date.parse(response.body.completedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('records the session it was completed in; a foreign session is a 404 and changes nothing', async () => {
    const user = await createUser();
    const other = await createUser();
    const session = await callerFor(user).session.create({});
    const foreign = await callerFor(other).session.create({});
    const task = await callerFor(user).task.create({ title: 'Finish me' });
    const rest = restAs(user);
    const refused = await rest('POST', `/tasks/${task.id}/complete`, { sessionId: foreign.id });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('Session not found');
    expect((await db.task.findUniqueOrThrow({ where: { id: task.id } })).completed).toBe(false);
    const { body } = await rest('POST', `/tasks/${task.id}/complete`, { sessionId: session.id });
    expect(body).toMatchObject({ completed: true, completedInSessionId: session.id });
  });

  it('keeps the first completion time when completed twice', async () => {
    const user = await createUser();
    const caller = callerFor(user);
    const task = await caller.task.create({ title: 'Twice' });
    const first = await caller.task.complete({ id: task.id });
    const second = await caller.task.complete({ id: task.id });
    expect(second.completedAt).toBe(first.completedAt);
  });
});

async function handleEmptyPost(user: { id: string; emailVerified: boolean }, path: string) {
  return restAs(user)('POST', path);
}

describe('isolation between users', () => {
  it('answers 404 for another user’s task on every call, on both doors, and changes nothing', async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const task = await callerFor(owner).task.create({ title: 'Mine', dueDate: '2026-12-01T10:00:00.000Z' });
    const rest = restAs(intruder);
    const calls: [string, string, unknown?][] = [
      ['PUT', `/tasks/${task.id}`, { title: 'Hacked' }],
      ['PATCH', `/tasks/${task.id}`, { title: 'Hacked' }],
      ['POST', `/tasks/${task.id}/complete`, {}],
      ['DELETE', `/tasks/${task.id}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await rest(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body).toEqual({ message: 'Task not found', code: 'NOT_FOUND' });
    }
    const caller = callerFor(intruder);
    await expect(caller.task.update({ id: task.id, title: 'Hacked' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.task.patch({ id: task.id, completed: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.task.complete({ id: task.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.task.delete({ id: task.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await rest('GET', '/tasks')).body).toEqual([]);
    expect((await rest('GET', '/tasks/current')).body).toEqual({ task: null });
    expect(await db.task.findUniqueOrThrow({ where: { id: task.id } })).toMatchObject({ title: 'Mine', completed: false });
  });

  it('answers a missing id with the same 404', async () => {
    const user = await createUser();
    const { status, body } = await restAs(user)('PATCH', '/tasks/no-such-task', { title: 'x' });
    expect(status).toBe(404);
    expect(body.message).toBe('Task not found');
  });
});

describe('access', () => {
  it('answers 401 when signed out and 403 before the e-mail is verified', async () => {
    const unverified = await createUser({ emailVerified: false, emailVerifiedAt: null });
    expect((await restAs(null)('GET', '/tasks')).status).toBe(401);
    const { status, body } = await restAs(unverified)('POST', '/tasks', { title: 'x' });
    expect(status).toBe(403);
    expect(body.message).toMatch(/verify your email/);
    await expect(callerFor(unverified).task.list({})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('scale', () => {
  it('lists a big task list in one query with the database doing the ordering', async () => {
    const user = await createUser();
    await db.task.createMany({
      data: Array.from({ length: 300 }, (_, i) => ({ userId: user.id, title: `Bulk ${i}`, dueDate: new Date(Date.UTC(2027, 0, 1, 0, i)) })),
    });
    await createTaskRow(user.id, { title: 'No date' });
    const counted = countingCallerFor(user);
    const tasks = taskItems(await counted.caller.task.list({}));
    expect(counted.operations()).toBe(1);
    expect(tasks).toHaveLength(301);
    expect(tasks[0]!.title).toBe('Bulk 0');
    expect(tasks.at(-1)!.title).toBe('No date');
    counted.reset();
    await counted.caller.task.current();
    expect(counted.operations()).toBe(1);
  });
});

describe('Idempotency-Key on task writes', () => {
  it('REST: a repeated POST /api/tasks, PATCH and complete answer the first answer and write once', async () => {
    const user = await createUser();
    const rest = restAs(user);
    const key = { 'Idempotency-Key': 'offline-create-1' };
    const first = await rest('POST', '/tasks', { title: 'Queued offline' }, key);
    const racing = await Promise.all([rest('POST', '/tasks', { title: 'Queued offline' }, key), rest('POST', '/tasks', { title: 'Queued offline' }, key)]);
    expect(first.status).toBe(200);
    for (const again of racing) expect(again).toMatchObject({ status: 200, body: first.body });
    expect(await db.task.count({ where: { userId: user.id } })).toBe(1);

    const done = await rest('POST', `/tasks/${first.body.id}/complete`, {}, { 'Idempotency-Key': 'c-1' });
    await rest('PATCH', `/tasks/${first.body.id}`, { completed: false }, { 'Idempotency-Key': 'reopen-1' });
    const replay = await rest('POST', `/tasks/${first.body.id}/complete`, {}, { 'Idempotency-Key': 'c-1' });
    expect(replay).toMatchObject({ status: 200, body: done.body });
    // the replay changed nothing: the task stays reopened
    expect((await db.task.findUniqueOrThrow({ where: { id: first.body.id } })).completed).toBe(false);
  });

  it('REST: a key reused for another request is a 409, a malformed key a 400', async () => {
    const user = await createUser();
    const rest = restAs(user);
    await rest('POST', '/tasks', { title: 'One' }, { 'Idempotency-Key': 'k' });
    const reused = await rest('POST', '/tasks', { title: 'Two' }, { 'Idempotency-Key': 'k' });
    expect(reused).toMatchObject({ status: 409, body: { code: 'CONFLICT', message: 'This Idempotency-Key was already used for a different request' } });
    const bad = await rest('POST', '/tasks', { title: 'Three' }, { 'Idempotency-Key': 'x'.repeat(201) });
    expect(bad).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(await db.task.count({ where: { userId: user.id } })).toBe(1);
  });

  it('tRPC: the same Idempotency-Key header is honoured', async () => {
    const user = await createUser();
    const caller = callerFor(user, { 'Idempotency-Key': 'trpc-1' });
    const first = await caller.task.create({ title: 'Via tRPC' });
    expect(await caller.task.create({ title: 'Via tRPC' })).toEqual(first);
    expect(await db.task.count({ where: { userId: user.id } })).toBe(1);
  });
});

describe('GET /api/tasks: status, due-date range and pages', () => {
  it('pages the completed history newest first through both doors, with a stable cursor', async () => {
    const user = await createUser();
    const other = await createUser();
    const base = Date.UTC(2026, 0, 1);
    const minute = 60_000;
    // 45 completed (three sharing one completion time, to test the id tie-break) and 3 open.
    await db.task.createMany({
      data: Array.from({ length: 45 }, (_, i) => ({
        userId: user.id,
        title: `Done ${i}`,
        completed: true,
        completedAt: new Date(base + (i < 3 ? 0 : i) * minute),
      })),
    });
    for (const title of ['Open A', 'Open B', 'Open C']) await createTaskRow(user.id, { title });
    await createTaskRow(other.id, { title: 'Not mine', completed: true, completedAt: new Date(base + 99 * minute) });
    const rest = restAs(user);
    const caller = callerFor(user);

    // Without limit or cursor: the plain array as before, narrowed by status.
    const open = await rest('GET', '/tasks?status=open');
    expect(open.status).toBe(200);
    expect(Array.isArray(open.body)).toBe(true);
    expect((open.body as { title: string }[]).map((task) => task.title)).toEqual(['Open A', 'Open B', 'Open C']);
    expect(taskItems(await caller.task.list({ status: 'completed' }))).toHaveLength(45);

    // REST: pages of 20 until nextCursor is null; every completed task once, newest first.
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/tasks?status=completed&limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await rest('GET', query);
      expect(page.status).toBe(200);
      const body = page.body as { items: { title: string; completedAt: string }[]; nextCursor: string | null };
      expect(Object.keys(body).sort()).toEqual(['items', 'nextCursor']);
      seen.push(...body.items.map((task) => task.title));
      cursor = body.nextCursor;
      pages += 1;
      if (pages === 1) {
        // A task completed after the first page was read does not shift the next pages.
        await createTaskRow(user.id, { title: 'Done later', completed: true, completedAt: new Date(base + 500 * minute) });
      }
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect(seen[0]).toBe('Done 44');
    expect(seen.slice(-3).sort()).toEqual(['Done 0', 'Done 1', 'Done 2']);
    expect(seen).not.toContain('Not mine');

    // tRPC: the same page shape; the cursor from one door works on the other.
    const first = await caller.task.list({ status: 'completed', limit: 2 });
    expect(Array.isArray(first)).toBe(false);
    const firstPage = first as { items: { title: string }[]; nextCursor: string | null };
    expect(firstPage.items.map((task) => task.title)).toEqual(['Done later', 'Done 44']);
    const second = await rest('GET', `/tasks?status=completed&limit=2&cursor=${encodeURIComponent(firstPage.nextCursor!)}`);
    expect((second.body as { items: { title: string }[] }).items.map((task) => task.title)).toEqual(['Done 43', 'Done 42']);

    // A cursor alone gives a page of the default size; open-task pages go in creation order.
    const openPage = (await caller.task.list({ status: 'open', limit: 2 })) as { items: { title: string }[]; nextCursor: string | null };
    expect(openPage.items.map((task) => task.title)).toEqual(['Open A', 'Open B']);
    const openRest = (await caller.task.list({ status: 'open', cursor: openPage.nextCursor! })) as { items: { title: string }[]; nextCursor: string | null };
    expect(openRest).toEqual({ items: [expect.objectContaining({ title: 'Open C' })], nextCursor: null });
  });

  it('refuses a bad cursor, a cursor of another order, a bad limit and contradicting filters with a 400', async () => {
    const user = await createUser();
    await createTaskRow(user.id, { title: 'Open' });
    await createTaskRow(user.id, { title: 'Open 2' });
    const rest = restAs(user);
    const openPage = (await callerFor(user).task.list({ status: 'open', limit: 1 })) as { nextCursor: string | null };
    for (const query of [
      '/tasks?cursor=not-a-cursor',
      `/tasks?cursor=${Buffer.from('["d",null]').toString('base64url')}`,
      `/tasks?status=completed&cursor=${encodeURIComponent(openPage.nextCursor!)}`,
      '/tasks?limit=0',
      '/tasks?limit=201',
      '/tasks?limit=ten',
      '/tasks?status=done',
      '/tasks?status=open&completed=true',
    ]) {
      const { status, body } = await rest('GET', query);
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    await expect(callerFor(user).task.list({ cursor: 'garbage' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('reads a due-date range and the counts, only of your own tasks', async () => {
    const user = await createUser();
    const other = await createUser();
    await createTaskRow(user.id, { title: 'Nov', dueDate: new Date('2026-11-10T10:00:00Z') });
    await createTaskRow(user.id, { title: 'Dec', dueDate: new Date('2026-12-10T10:00:00Z'), completed: true, completedAt: new Date() });
    await createTaskRow(user.id, { title: 'Undated' });
    await createTaskRow(other.id, { title: 'Theirs', dueDate: new Date('2026-11-11T10:00:00Z') });
    const rest = restAs(user);
    const range = await rest('GET', '/tasks?from=2026-11-01T00:00:00.000Z&to=2026-12-01T00:00:00.000Z');
    expect((range.body as { title: string }[]).map((task) => task.title)).toEqual(['Nov']);
    const counts = await rest('GET', '/tasks/counts');
    expect(counts).toMatchObject({ status: 200, body: { open: 2, completed: 1 } });
    expect(await callerFor(other).task.counts()).toEqual({ open: 1, completed: 0 });
  });
});

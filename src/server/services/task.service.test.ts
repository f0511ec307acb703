// Tasks against the real database: the list's filters and order, paging, the counts kept by the
// trigger, and the writes of the hot paths' SQL (src/server/db/sql.ts), each checked against the
// row PostgreSQL stored.
import { describe, expect, it } from 'vitest';
import { getDb, type Db } from '@/server/db';
import { createSessionRow, createTaskRow, createUser } from '@/test/factories';
import { ZCreateTaskInput } from '@/lib/schemas/task';
import { getUsage } from './usage.service';
import { completeTask, createTask, deleteTask, getOwnTask, listTaskPage, listTasks, patchTask, TASK_SELECT, taskCounts, toTaskOutput } from './task.service';

const hour = 3_600_000;

/** The task as stored, in the API's shape (read through Prisma). */
async function stored(db: Db, id: string) {
  return toTaskOutput(await db.task.findUniqueOrThrow({ where: { id }, select: TASK_SELECT }));
}

describe('listTasks', () => {
  it('answers the user\'s tasks in order, each filter alone and combined, every field as stored', async () => {
    const db = getDb();
    const user = await createUser();
    const other = await createUser();
    const base = Date.UTC(2026, 5, 1, 12);
    const parent = await createTaskRow(user.id, { title: 'Parent', dueDate: new Date(base + 5 * hour), difficulty: 'VeryHard', importance: 'Critical' });
    const sub = await createTaskRow(user.id, { title: 'Sub', parentTaskId: parent.id, description: 'notes', color: '#10B981', recurrence: null, estimatedMinutes: 25, focusedSeconds: 150 });
    await createTaskRow(user.id, { title: 'Done', completed: true, completedAt: new Date(base), dueDate: new Date(base - 2 * hour) });
    await createTaskRow(user.id, { title: 'Undated' });
    await createTaskRow(user.id, { title: 'Early', dueDate: new Date(base + 1 * hour) });
    await createTaskRow(other.id, { title: 'Not mine', dueDate: new Date(base + 2 * hour) });

    const titles = async (input?: Parameters<typeof listTasks>[2]) => (await listTasks(db, user.id, input)).map((task) => task.title);
    // open first, by due date (undated last), then by creation
    expect(await titles()).toEqual(['Early', 'Parent', 'Sub', 'Undated', 'Done']);
    expect(await titles({ completed: true })).toEqual(['Done']);
    expect(await titles({ completed: false })).toEqual(['Early', 'Parent', 'Sub', 'Undated']);
    expect(await titles({ status: 'open' })).toEqual(['Early', 'Parent', 'Sub', 'Undated']);
    expect(await titles({ status: 'completed' })).toEqual(['Done']);
    expect(await titles({ status: 'completed', completed: true })).toEqual(['Done']);
    expect(await titles({ from: new Date(base).toISOString() })).toEqual(['Early', 'Parent']);
    expect(await titles({ to: new Date(base + 3 * hour).toISOString() })).toEqual(['Early', 'Done']);
    // `to` is exclusive: Parent, due at base + 5 h, is left out.
    expect(await titles({ from: new Date(base).toISOString(), to: new Date(base + 5 * hour).toISOString(), completed: false })).toEqual(['Early']);
    await expect(listTasks(db, user.id, { status: 'open', completed: true })).rejects.toMatchObject({ code: 'BAD_REQUEST' });

    const all = await listTasks(db, user.id);
    for (const task of all) expect(task).toEqual(await stored(db, task.id));
    expect(all.find((task) => task.title === 'Parent')).toMatchObject({ difficulty: 'Very Hard', importance: 'Critical', dueDate: new Date(base + 5 * hour).toISOString() });
    expect(all.find((task) => task.title === 'Sub')).toMatchObject({
      id: sub.id,
      parentTaskId: parent.id,
      description: 'notes',
      color: '#10B981',
      estimatedMinutes: 25,
      actualMinutes: 3,
      dueDate: null,
      completedAt: null,
      createdAt: sub.createdAt.toISOString(),
    });
    expect(all.at(-1)).toMatchObject({ title: 'Done', completed: true, completedAt: new Date(base).toISOString() });
  });
});

describe('listTaskPage and taskCounts', () => {
  it('walk the whole history in pages, in order, each task once, and count without reading it', async () => {
    const db = getDb();
    const user = await createUser();
    const base = Date.UTC(2026, 1, 1);
    const done = await Promise.all(
      Array.from({ length: 23 }, (_, i) => createTaskRow(user.id, { title: `Done ${i}`, completed: true, completedAt: new Date(base + (i % 7) * hour) })),
    );
    // A completed task without a completion time (older data) sorts before the dated ones.
    await createTaskRow(user.id, { title: 'Done, undated', completed: true, completedAt: null });
    await createTaskRow(user.id, { title: 'Open' });
    const walked: { title: string; completedAt: string | null; id: string }[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i += 1) {
      const page = await listTaskPage(db, user.id, { status: 'completed', limit: 5, ...(cursor && { cursor }) });
      walked.push(...page.items);
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(walked).toHaveLength(done.length + 1);
    expect(new Set(walked.map((task) => task.id)).size).toBe(walked.length);
    expect(walked[0]!.title).toBe('Done, undated');
    const keys = walked.slice(1).map((task) => `${task.completedAt}|${task.id}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(await taskCounts(db, user.id)).toEqual({ open: 1, completed: 24 });
  });
});

describe('taskCounts', () => {
  /** The counts as a COUNT over the rows would give them. */
  async function counted(db: Db, userId: string) {
    const [open, completed] = await Promise.all([db.task.count({ where: { userId, completed: false } }), db.task.count({ where: { userId, completed: true } })]);
    return { open, completed };
  }

  it('follow every write of a task, whichever path makes it, without counting the rows', async () => {
    const db = getDb();
    const user = await createUser();
    const other = await createUser();
    expect(await taskCounts(db, user.id)).toEqual({ open: 0, completed: 0 });

    const viaSql = await createTask(db, user.id, ZCreateTaskInput.parse({ title: 'Through node-postgres' }));
    const viaPrisma = await createTaskRow(user.id, { title: 'Through Prisma' });
    await createTaskRow(user.id, { title: 'Done already', completed: true, completedAt: new Date() });
    const parent = await createTaskRow(user.id, { title: 'Parent' });
    await createTaskRow(user.id, { title: 'Subtask', parentTaskId: parent.id });
    await createTaskRow(other.id, { title: 'Not mine' });
    expect(await taskCounts(db, user.id)).toEqual({ open: 4, completed: 1 });

    await completeTask(db, (await getOwnTask(db, user.id, viaSql.id))!, { id: viaSql.id });
    await patchTask(db, (await getOwnTask(db, user.id, viaPrisma.id))!, { id: viaPrisma.id, completed: true });
    expect(await taskCounts(db, user.id)).toEqual({ open: 2, completed: 3 });
    // Reopened, and a title edit that leaves `completed` as it was.
    await patchTask(db, (await getOwnTask(db, user.id, viaPrisma.id))!, { id: viaPrisma.id, completed: false, completedAt: null });
    await db.task.update({ where: { id: viaSql.id }, data: { title: 'Renamed', completed: true } });
    expect(await taskCounts(db, user.id)).toEqual({ open: 3, completed: 2 });
    // Deleting a parent deletes its subtask too.
    await deleteTask(db, (await getOwnTask(db, user.id, parent.id))!);
    expect(await taskCounts(db, user.id)).toEqual(await counted(db, user.id));
    expect(await taskCounts(db, user.id)).toEqual({ open: 1, completed: 2 });
    expect(await taskCounts(db, other.id)).toEqual({ open: 1, completed: 0 });

    // The account's deletion takes its counts with it.
    await db.user.delete({ where: { id: user.id } });
    expect(await db.taskCount.findUnique({ where: { userId: user.id } })).toBeNull();
    expect(await taskCounts(db, other.id)).toEqual({ open: 1, completed: 0 });
  });

  it('stay exact under concurrent writes of one user', async () => {
    const db = getDb();
    const user = await createUser();
    const tasks = await Promise.all(Array.from({ length: 12 }, (_, i) => createTaskRow(user.id, { title: `Task ${i}` })));
    await Promise.all(tasks.map(async (task, i) => (i % 3 === 0 ? deleteTask(db, (await getOwnTask(db, user.id, task.id))!) : completeTask(db, (await getOwnTask(db, user.id, task.id))!, { id: task.id }))));
    expect(await taskCounts(db, user.id)).toEqual(await counted(db, user.id));
    expect(await taskCounts(db, user.id)).toEqual({ open: 0, completed: 8 });
  });
});

describe('getOwnTask and patchTask', () => {
  it('change only the fields sent, store what they answer, and set updatedAt', async () => {
    const db = getDb();
    const user = await createUser();
    const other = await createUser();
    const base = Date.UTC(2026, 5, 1, 12);
    const cases: [Parameters<typeof patchTask>[2], Record<string, unknown>][] = [
      [{ id: 'x', title: 'Renamed', description: null, importance: 'Critical', difficulty: 'Very Hard', color: '#10B981' }, { title: 'Renamed', description: null, importance: 'Critical', difficulty: 'Very Hard', color: '#10B981' }],
      [{ id: 'x', dueDate: new Date(base + 3 * hour).toISOString() }, { dueDate: new Date(base + 3 * hour).toISOString() }],
      [{ id: 'x', dueDate: null, description: 'Some notes' }, { dueDate: null, description: 'Some notes' }],
      [{ id: 'x', completed: true, completedAt: new Date(base).toISOString() }, { completed: true, completedAt: new Date(base).toISOString() }],
      [{ id: 'x', completed: true }, { completed: true, completedAt: 'now' }],
      [{ id: 'x', completed: false }, { completed: false, completedAt: null, completedInSessionId: null }],
      [{ id: 'x' }, {}],
    ];
    for (const [i, [patch, changed]] of cases.entries()) {
      const reopening = i === 5;
      const fields = { title: 'A task', description: 'desc', dueDate: new Date(base), completed: reopening, completedAt: reopening ? new Date(base) : null };
      const row = await createTaskRow(user.id, fields);
      const before = await stored(db, row.id);
      const now = new Date(base + i * hour);
      const own = await getOwnTask(db, user.id, row.id);
      expect(own).toEqual({ id: row.id, userId: user.id, parentTaskId: null, completed: reopening, completedAt: fields.completedAt, completedInSessionId: null, recurrence: null });
      const answer = await patchTask(db, own, { ...patch, id: row.id }, now);
      const expected = { ...before, ...changed, ...(changed.completedAt === 'now' && { completedAt: now.toISOString() }) };
      expect(answer, JSON.stringify(patch)).toEqual(expected);
      expect(await stored(db, row.id)).toEqual(answer);
      const updated = await db.task.findUniqueOrThrow({ where: { id: row.id } });
      expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime());
    }
    const mine = await createTaskRow(user.id);
    await expect(getOwnTask(db, other.id, mine.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getOwnTask(db, user.id, 'no-such-task')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('createTask', () => {
  it('creates the task as sent, stores what it answers, and counts it', async () => {
    const db = getDb();
    const user = await createUser();
    const session = await createSessionRow(user.id);
    const parent = await createTaskRow(user.id, { title: 'Parent' });
    const plain = await createTask(db, user.id, { title: 'Plain', importance: 'Medium', difficulty: 'Medium', isAiGenerated: false });
    const everything = await createTask(db, user.id, {
      title: 'Everything',
      description: 'Notes',
      importance: 'Critical',
      difficulty: 'Very Hard',
      dueDate: '2026-12-24T18:30:00.000Z',
      color: '#10B981',
      parentTaskId: parent.id,
      sessionId: session.id,
      isAiGenerated: true,
      estimatedMinutes: 40,
    });
    expect(plain).toMatchObject({ title: 'Plain', description: null, importance: 'Medium', difficulty: 'Medium', dueDate: null, color: null, parentTaskId: null, sessionId: null, isAiGenerated: false, completed: false, completedAt: null, recurrence: null, estimatedMinutes: null, actualMinutes: 0 });
    expect(everything).toMatchObject({
      title: 'Everything',
      description: 'Notes',
      importance: 'Critical',
      difficulty: 'Very Hard',
      dueDate: '2026-12-24T18:30:00.000Z',
      color: '#10B981',
      parentTaskId: parent.id,
      sessionId: session.id,
      isAiGenerated: true,
      estimatedMinutes: 40,
    });
    for (const task of [plain, everything]) {
      expect(task.id).toMatch(/^c[0-9a-z]{24}$/);
      expect(Math.abs(Date.parse(task.createdAt) - Date.now())).toBeLessThan(60_000);
      expect(await stored(db, task.id)).toEqual(task);
      const row = await db.task.findUniqueOrThrow({ where: { id: task.id } });
      expect(row.updatedAt.toISOString()).toBe(task.createdAt);
    }
    expect((await getUsage(db, user.id)).tasksCreatedThisMonth).toBe(2);
  });

  it('refuses a foreign session, a subtask of a subtask and a missing parent, and counts nothing for a refused task', async () => {
    const db = getDb();
    const user = await createUser();
    const other = await createUser();
    const foreignSession = await createSessionRow(other.id);
    const sub = await createTaskRow(user.id, { parentTaskId: (await createTaskRow(user.id)).id });
    const base = { title: 'T', importance: 'Medium', difficulty: 'Medium', isAiGenerated: false } as const;
    await expect(createTask(db, user.id, { ...base, sessionId: foreignSession.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Session not found' });
    await expect(createTask(db, user.id, { ...base, parentTaskId: sub.id })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'A subtask cannot have subtasks of its own' });
    await expect(createTask(db, user.id, { ...base, parentTaskId: 'missing' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Task not found' });
    expect((await getUsage(db, user.id)).tasksCreatedThisMonth).toBe(0);
    for (let i = 0; i < 40; i++) await createTask(db, user.id, base);
    await expect(createTask(db, user.id, base)).rejects.toThrow("Task limit reached: you've reached your limit of 40 tasks per month on the Free plan.");
    expect(await db.task.count({ where: { userId: user.id, title: 'T' } })).toBe(40);
  });
});

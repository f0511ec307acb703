// The task list has two readers of one query: node-postgres on the request path (listTasksSql)
// and Prisma (inside a transaction, or when no pool is at hand). They must answer the same.
import { describe, expect, it } from 'vitest';
import { getDb, poolOf, type Db } from '@/server/db';
import { createSessionRow, createTaskRow, createUser } from '@/test/factories';
import { ZCreateTaskInput } from '@/lib/schemas/task';
import { getUsage } from './usage.service';
import { completeTask, createTask, deleteTask, getOwnTask, listTaskPage, listTasks, patchTask, taskCounts } from './task.service';

const hour = 3_600_000;

describe('listTasks', () => {
  it('answers the same through node-postgres and through Prisma, filters included', async () => {
    const db = getDb();
    expect(poolOf(db)).toBeDefined();
    const user = await createUser();
    const other = await createUser();
    const base = Date.UTC(2026, 5, 1, 12);
    const parent = await createTaskRow(user.id, { title: 'Parent', dueDate: new Date(base + 5 * hour), difficulty: 'VeryHard', importance: 'Critical' });
    await createTaskRow(user.id, { title: 'Sub', parentTaskId: parent.id, description: 'notes', color: '#10B981' });
    await createTaskRow(user.id, { title: 'Done', completed: true, completedAt: new Date(base), dueDate: new Date(base - 2 * hour) });
    await createTaskRow(user.id, { title: 'Undated' });
    await createTaskRow(user.id, { title: 'Early', dueDate: new Date(base + 1 * hour) });
    await createTaskRow(other.id, { title: 'Not mine', dueDate: new Date(base + 2 * hour) });

    const viaPrisma = (input?: Parameters<typeof listTasks>[2]) => db.$transaction((tx) => listTasks(tx as unknown as Db, user.id, input));
    const inputs = [
      undefined,
      { completed: true },
      { completed: false },
      { status: 'open' as const },
      { status: 'completed' as const },
      { from: new Date(base).toISOString() },
      { to: new Date(base + 3 * hour).toISOString() },
      { from: new Date(base).toISOString(), to: new Date(base + 5 * hour).toISOString(), completed: false },
    ];
    for (const input of inputs) {
      const fast = await listTasks(db, user.id, input);
      expect(fast, JSON.stringify(input)).toEqual(await viaPrisma(input));
    }
    const all = await listTasks(db, user.id);
    // open first, by due date (undated last), then by creation
    expect(all.map((task) => task.title)).toEqual(['Early', 'Parent', 'Sub', 'Undated', 'Done']);
    expect(all.find((task) => task.title === 'Parent')).toMatchObject({ difficulty: 'Very Hard', importance: 'Critical', dueDate: new Date(base + 5 * hour).toISOString() });
    expect(all.at(-1)).toMatchObject({ title: 'Done', completed: true, completedAt: new Date(base).toISOString() });
    expect(all.some((task) => task.title === 'Not mine')).toBe(false);
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
  it('answer the same through node-postgres (the request path) and through Prisma, and set updatedAt', async () => {
    const db = getDb();
    expect(poolOf(db)).toBeDefined();
    const user = await createUser();
    const other = await createUser();
    const base = Date.UTC(2026, 5, 1, 12);
    const inTx = <T>(work: (tx: Db) => Promise<T>) => db.$transaction((tx) => work(tx as unknown as Db));
    const patches: Parameters<typeof patchTask>[2][] = [
      { id: 'x', title: 'Renamed', description: null, importance: 'Critical', difficulty: 'Very Hard', color: '#10B981' },
      { id: 'x', dueDate: new Date(base + 3 * hour).toISOString() },
      { id: 'x', dueDate: null, description: 'Some notes' },
      { id: 'x', completed: true, completedAt: new Date(base).toISOString() },
      { id: 'x', completed: true },
      { id: 'x', completed: false },
      { id: 'x' },
    ];
    for (const [i, patch] of patches.entries()) {
      const fields = { title: 'A task', description: 'desc', dueDate: new Date(base), completed: i === 5, completedAt: i === 5 ? new Date(base) : null };
      const [a, b] = [await createTaskRow(user.id, fields), await createTaskRow(user.id, fields)];
      const now = new Date(base + i * hour);
      const ownA = await getOwnTask(db, user.id, a.id);
      const ownB = await inTx((tx) => getOwnTask(tx, user.id, b.id));
      expect({ ...ownA, id: '' }).toEqual({ ...ownB, id: '' });
      const fast = await patchTask(db, ownA, { ...patch, id: a.id }, now);
      const slow = await inTx((tx) => patchTask(tx, ownB, { ...patch, id: b.id }, now));
      expect({ ...fast, id: '', createdAt: '' }, JSON.stringify(patch)).toEqual({ ...slow, id: '', createdAt: '' });
      const rowA = await db.task.findUniqueOrThrow({ where: { id: a.id } });
      const rowB = await db.task.findUniqueOrThrow({ where: { id: b.id } });
      expect(rowA.updatedAt.getTime()).toBeGreaterThanOrEqual(a.updatedAt.getTime());
      expect(rowB.updatedAt.getTime()).toBeGreaterThanOrEqual(b.updatedAt.getTime());
      expect(rowA.completedAt?.toISOString() ?? null).toBe(rowB.completedAt?.toISOString() ?? null);
    }
    const mine = await createTaskRow(user.id);
    await expect(getOwnTask(db, other.id, mine.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(inTx((tx) => getOwnTask(tx, other.id, mine.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('createTask', () => {
  it('creates and counts the same task through node-postgres (the request path) and through Prisma', async () => {
    const db = getDb();
    const user = await createUser();
    const session = await createSessionRow(user.id);
    const parent = await createTaskRow(user.id, { title: 'Parent' });
    const viaPrisma = (input: Parameters<typeof createTask>[2]) => db.$transaction((tx) => createTask(tx as unknown as Db, user.id, input));
    const inputs: Parameters<typeof createTask>[2][] = [
      { title: 'Plain', importance: 'Medium', difficulty: 'Medium', isAiGenerated: false },
      {
        title: 'Everything',
        description: 'Notes',
        importance: 'Critical',
        difficulty: 'Very Hard',
        dueDate: '2026-12-24T18:30:00.000Z',
        color: '#10B981',
        parentTaskId: parent.id,
        sessionId: session.id,
        isAiGenerated: true,
      },
    ];
    for (const input of inputs) {
      const fast = await createTask(db, user.id, input);
      const slow = await viaPrisma(input);
      expect(fast.id).toMatch(/^c[0-9a-z]{24}$/);
      expect({ ...fast, id: '', createdAt: '' }).toEqual({ ...slow, id: '', createdAt: '' });
      expect(Math.abs(Date.parse(fast.createdAt) - Date.now())).toBeLessThan(60_000);
      const stored = await db.task.findUniqueOrThrow({ where: { id: fast.id } });
      expect(stored.updatedAt.toISOString()).toBe(fast.createdAt);
    }
    expect((await getUsage(db, user.id)).tasksCreatedThisMonth).toBe(4);
  });

  it('refuses the same things on both paths and counts nothing for a refused task', async () => {
    const db = getDb();
    const user = await createUser();
    const other = await createUser();
    const foreignSession = await createSessionRow(other.id);
    const sub = await createTaskRow(user.id, { parentTaskId: (await createTaskRow(user.id)).id });
    const viaPrisma = (input: Parameters<typeof createTask>[2]) => db.$transaction((tx) => createTask(tx as unknown as Db, user.id, input));
    const base = { title: 'T', importance: 'Medium', difficulty: 'Medium', isAiGenerated: false } as const;
    for (const create of [(input: Parameters<typeof createTask>[2]) => createTask(db, user.id, input), viaPrisma]) {
      await expect(create({ ...base, sessionId: foreignSession.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Session not found' });
      await expect(create({ ...base, parentTaskId: sub.id })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'A subtask cannot have subtasks of its own' });
      await expect(create({ ...base, parentTaskId: 'missing' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Task not found' });
    }
    expect((await getUsage(db, user.id)).tasksCreatedThisMonth).toBe(0);
    for (let i = 0; i < 40; i++) await createTask(db, user.id, base);
    await expect(createTask(db, user.id, base)).rejects.toThrow("Task limit reached: you've reached your limit of 40 tasks per month on the Free plan.");
    await expect(viaPrisma(base)).rejects.toThrow('Task limit reached');
    expect(await db.task.count({ where: { userId: user.id, title: 'T' } })).toBe(40);
  });
});

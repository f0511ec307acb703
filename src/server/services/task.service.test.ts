// The task list has two readers of one query: node-postgres on the request path (listTasksSql)
// and Prisma (inside a transaction, or when no pool is at hand). They must answer the same.
import { describe, expect, it } from 'vitest';
import { getDb, poolOf, type Db } from '@/server/db';
import { createTaskRow, createUser } from '@/test/factories';
import { listTasks } from './task.service';

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

// The pool the hot paths' statements (src/server/db/sql.ts) run on: always the client's own, found
// from every copy of src/server/db.ts that Next's bundles hold, and never a stand-in for a Prisma
// transaction.
import { describe, expect, it, vi } from 'vitest';
import { getDb, poolOf, type Db } from '@/server/db';
import { createUser } from '@/test/factories';
import { listTasks } from '@/server/services/task.service';

describe('poolOf', () => {
  it('finds the shared client\'s pool from another copy of its module, as the pages\' bundle and the API door each hold one', async () => {
    const db = getDb();
    vi.resetModules();
    const copy = await import('@/server/db');
    expect(copy.poolOf).not.toBe(poolOf);
    expect(copy.poolOf(db)).toBe(poolOf(db));
    expect(copy.poolOf(copy.db)).toBe(poolOf(db));
  });

  it('refuses a Prisma transaction client at once: the hot paths never run beside another transaction', async () => {
    const db = getDb();
    const user = await createUser();
    await expect(db.$transaction(async (tx) => poolOf(tx as unknown as Db))).rejects.toThrow('not a client made by createDb');
    await expect(db.$transaction((tx) => listTasks(tx as unknown as Db, user.id))).rejects.toThrow('not a client made by createDb');
  });
});

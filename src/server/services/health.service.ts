// Health: one round trip to PostgreSQL.
import type { Db } from '@/server/db';

export const sql = {
  async check(db: Db) {
    const rows = await db.$queryRaw<{ now: Date }[]>`SELECT now() AS now`;
    const now = rows[0]?.now ?? new Date();
    return { status: 'ok' as const, database: 'ok' as const, time: new Date(now).toISOString() };
  },
};

// Applies the committed prisma/migrations/*/migration.sql files in order, recording them in
// Prisma's own `_prisma_migrations` table so `prisma migrate status/dev` agree. Needs no
// schema engine, so the app migrates itself at start-up. An advisory lock makes several
// instances starting at once apply each migration exactly once.
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

const LOCK_ID = 727_001;

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../prisma/migrations');

type Migration = { name: string; sql: string; checksum: string };

async function readMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

/**
 * Applies pending migrations; returns the names applied now. Each migration is applied in its
 * own transaction that first takes a transaction-level advisory lock and then re-reads what is
 * applied, so instances starting at once apply each migration exactly once. Transaction-level
 * (not session-level) because behind PgBouncer in transaction mode a session lock taken on one
 * server connection would be released, or never released, on another.
 */
export async function migrate(connectionString: string, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir);
  const client = new pg.Client({ connectionString: connectionString.replace(/([?&])pgbouncer=true(&|$)/, (_, lead: string, tail: string) => (tail ? lead : '')) });
  await client.connect();
  const applied: string[] = [];
  const locked = async <T>(work: () => Promise<T>): Promise<T> => {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
      const result = await work();
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
  };
  const finishedMigrations = async () => {
    const done = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    return new Map(done.rows.map((row) => [row.migration_name, row.checksum]));
  };
  try {
    await locked(() =>
      client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`),
    );
    let finished = await finishedMigrations();
    for (const migration of migrations) {
      const known = finished.get(migration.name);
      if (known) {
        if (known !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied; restore it or add a new migration`);
        }
        continue;
      }
      const ran = await locked(async () => {
        // Another instance may have applied it while this one waited for the lock.
        finished = await finishedMigrations();
        if (finished.has(migration.name)) return false;
        const id = randomUUID();
        await client.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())',
          [id, migration.checksum, migration.name],
        );
        try {
          await client.query(migration.sql);
        } catch (error) {
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
        }
        await client.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [id]);
        return true;
      });
      if (ran) applied.push(migration.name);
      else if (finished.get(migration.name) !== migration.checksum) {
        throw new Error(`Migration ${migration.name} was changed after it was applied; restore it or add a new migration`);
      }
    }
  } finally {
    await client.end();
  }
  return applied;
}

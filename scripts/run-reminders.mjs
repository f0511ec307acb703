#!/usr/bin/env node
// `npm run reminders`: one pass of the e-mail reminder job (src/server/jobs/reminders.ts), for a
// cron job or by hand; the app itself also runs it every 5 minutes. Safe beside running app
// instances: each reminder is claimed in PostgreSQL and sent once.
//
// Database: DATABASE_URL when set (then AUTH_SECRET too, as for the app). Otherwise the
// embedded PostgreSQL under ONETHING_DATA_DIR (default .data): the running app's cluster when
// it is up, else one started for this run and stopped after.
//
// The job's code: on a checkout with the development dependencies, the sources (always the
// current ones): Node loads the TypeScript directly (type stripping), and scripts/ts-hooks.mjs
// resolves the project's `@/` and `@emails/` paths and compiles .tsx (e-mail templates) with the
// TypeScript compiler. Without that compiler (the production image), the app's build: the server
// bundle (scripts/build-server.mjs) runs one pass of the job.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (message) => process.stdout.write(`[reminders] ${message}\n`);

let fromSources = true;
try {
  createRequire(import.meta.url).resolve('typescript');
} catch {
  fromSources = false;
}
if (fromSources) await import('./ts-hooks.mjs');

const { EnvError, parseEnv } = await import('../src/server/env.ts');

const dataDir = path.resolve(root, process.env.ONETHING_DATA_DIR || '.data');
let cluster;

async function databaseUrl() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const secretFile = path.join(dataDir, 'auth-secret');
  if (!process.env.AUTH_SECRET && existsSync(secretFile)) process.env.AUTH_SECRET = readFileSync(secretFile, 'utf8').trim();
  const pgDir = path.join(dataDir, 'postgres');
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
    try {
      process.kill(Number(pid), 0);
      // The running app's embedded cluster (credentials of src/server/db/embedded.ts).
      say(`using the running embedded PostgreSQL on port ${port}`);
      return `postgresql://postgres:onething-local@127.0.0.1:${Number(port)}/onething`;
    } catch {
      // not running: start it below
    }
  }
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    throw new EnvError(`No database: set DATABASE_URL, or start the app once so ${path.relative(root, pgDir)} exists`);
  }
  const { startEmbeddedPostgres } = await import('../src/server/db/embedded.ts');
  const { migrate } = await import('../src/server/db/migrate.ts');
  say('starting the embedded PostgreSQL for this run');
  cluster = await startEmbeddedPostgres({ databaseDir: pgDir });
  await cluster.createDatabase('onething');
  await migrate(cluster.url('onething'));
  return cluster.url('onething');
}

async function fromTheSources() {
  const { getDb } = await import('../src/server/db.ts');
  const { runReminders } = await import('../src/server/jobs/reminders.ts');
  const db = getDb();
  try {
    return await runReminders(db);
  } finally {
    await db.$disconnect();
  }
}

async function fromTheBuild() {
  Object.assign(process.env, { NODE_ENV: 'production' });
  const bundle = path.join(root, process.env.NEXT_DIST_DIR || '.next', 'server-bundle', 'index.mjs');
  if (!existsSync(bundle)) throw new EnvError('no build of the app: run `npm run build` first');
  const { runRemindersOnce } = await import(pathToFileURL(bundle).href);
  return runRemindersOnce();
}

let code = 0;
try {
  process.env.DATABASE_URL = await databaseUrl();
  process.env.ONETHING_DATA_DIR ??= dataDir;
  parseEnv(process.env);
  const result = fromSources ? await fromTheSources() : await fromTheBuild();
  say(`sent ${result.sent}, failed ${result.failed}`);
  if (result.failed > 0) code = 1;
} catch (error) {
  process.stderr.write(`[reminders] ${error instanceof EnvError ? error.message : (error?.stack ?? error)}\n`);
  code = 1;
} finally {
  if (cluster) await cluster.stop().catch(() => {});
}
process.exit(code);

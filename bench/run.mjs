#!/usr/bin/env node
// `npm run bench`: throughput and latency of the REST API against the production build, each
// call beside the floor (bench/floor.mjs: node:http + pg doing the same SQL, JSON and cookie
// check) measured in the same run, and how GET /api/tasks grows with the size of the list.
//
// 1. Starts its own embedded PostgreSQL (bench/.out/pg, removed afterwards), migrates it and
//    seeds 50 users x 200 tasks x 50 sessions (+ users with 20 / 200 / 2,000 tasks) with SQL.
// 2. Builds the app when its sources changed since its last build (scripts/build.mjs), starts it
//    with the real launcher on a free loopback port, and the floor on another.
// 3. For each call: 50 connections, closed loop, 2 s warm-up, 10 s measured; app and floor
//    one after the other; then both again in an open loop at the same fixed rate (50 % of the
//    app's closed-loop throughput) for p50/p99 at the same load, taking turns in short windows. Requests carry the session cookie the app's sign-in issues
//    (bench/auth.mjs).
//    Then Your day's fresh-start preview and GET /api/today for the 2,000-task account, one request
//    at a time (p95 of the preview under 300 ms).
// 4. Measures the front end (bench/frontend.mjs): first-load JS per route, start time, /session TTI.
// 5. Writes bench/results.md and the key figures into README.md (between the bench markers).
//
// Options: --duration=10 --warmup=2 --connections=50 --open-share=0.5 --open-windows=96 --open-window=0.25
// --generator-pause=10 (ms: a turn in which the open loop's own thread paused longer is measured again),
// --app-dir=<checkout> (default this one),
// --profile (CPU profiles of the app in bench/.out/profiles), --app-node-options="<flags>" (NODE_OPTIONS
// for the app's processes, e.g. a --require preload that records GC pauses), --frontend=false (skip
// bench/frontend.mjs), --rows=tasks,me,sessions,patch,post,growth,preview,dashboard (measure only these rows; the
// report then goes to bench/.out/results-partial.md and README's figures are left as they are),
// --timeline (each open-loop answer's due time and latency in bench/.out/timeline-<row>.json),
// --app-script=<file> (a candidate HTTP front started in the launcher's place, for comparing fronts),
// --floor-as-app (a second floor in the app's place, to see the noise of the comparison itself),
// --lighthouse (also bench/lighthouse.mjs: Lighthouse mobile scores per page; alone: `npm run bench:lighthouse`).
// Loopback only, bounded in time (about 8 minutes plus a build, and 2 more for the front end).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { buildIfChanged } from '../scripts/build.mjs';
import { mintSessionCookie } from './auth.mjs';
import { measureFrontend } from './frontend.mjs';
import { measureLighthouse, writeLighthouseSection } from './lighthouse.mjs';
import { replaceSection } from './report-sections.mjs';
import { processTreeCpuMs, runLoad } from './load.mjs';
import { runOpenLoopOnItsOwnThread } from './open-loop-thread.mjs';
import { requestsFor } from './requests.mjs';
import { GROWTH, growthUserId, HISTORY, historyUserId, seed, SESSIONS, TASKS, USERS, userId } from './seed.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const at = arg.indexOf('=');
    return at < 0 ? [arg.replace(/^--/, ''), 'true'] : [arg.slice(0, at).replace(/^--/, ''), arg.slice(at + 1)];
  }),
);
const durationMs = Number(args.duration ?? 10) * 1000;
const warmupMs = Number(args.warmup ?? 2) * 1000;
const connections = Number(args.connections ?? 50);
// The open-loop rate, as a share of the app's closed-loop throughput (both servers can sustain it).
const openShare = Number(args['open-share'] ?? 0.5);
// The open loop alternates between floor and app in short windows (bench/load.mjs
// runInterleavedOpenLoop): 96 windows of 0.25 s each per server, strictly taking turns (24 s
// measured, so a p99 rests on the slowest ~200 of ~20,000 answers rather than on one pause), after
// one 0.3 s warm-up per server. Before 27 Nov 2026 (evening) they were 16 windows of 1.5 s (floor first in odd
// windows, app first in even ones, a warm-up in each): a burst of slow answers from outside both
// servers (250-500 ms long) then fell within one server's window and decided that server's p99.
const openWindows = Number(args['open-windows'] ?? 96);
const openWindowMs = Number(args['open-window'] ?? 0.25) * 1000;
const openWarmupMs = 300;
// A turn in which the load generator's own event loop paused longer than this is measured again,
// for both servers alike (bench/load.mjs runInterleavedOpenLoop): the requests due in such a pause
// go out late and their latencies are the generator's.
const generatorPauseMs = Number(args['generator-pause'] ?? 10);
const SETTLE_MS = 3000;
/** Your day's rows: requests one at a time, after a warm-up; the preview's p95 target. */
const PREVIEW_WARMUP = 10;
const PREVIEW_RUNS = 100;
const PREVIEW_P95_TARGET_MS = 300;
// The bar: the app answers at least 0.8 of the floor's throughput, and its p99 at the same load is
// at most 1.2 times the floor's.
const THROUGHPUT_TARGET = 0.8;
const P99_TARGET = 1.2;
const appDir = path.resolve(args['app-dir'] ?? root);
const outDir = path.join(here, '.out');
const say = (message) => process.stdout.write(`[bench] ${message}\n`);

mkdirSync(outDir, { recursive: true });
const secret = randomBytes(48).toString('base64url');
const loadAtStart = os.loadavg()[0];
let cluster;
let app;
let floor;

/** Sets this process's nice value (lower runs first), if allowed; returns the value it runs at. */
function raisePriority(nice) {
  try {
    os.setPriority(nice);
  } catch {
    // not permitted: stays where it was
  }
  return os.getPriority();
}

function stopChild(child, name) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      say(`${name} did not stop in 20 s: killing it`);
      child.kill('SIGKILL');
    }, 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function cleanup() {
  await stopChild(app, 'the app');
  await stopChild(floor, 'the floor');
  if (cluster) await cluster.stop().catch(() => {});
  cluster = undefined;
}

process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanup().then(() => process.exit(143)));

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server at ${url} exited with ${child.exitCode} (see bench/.out/*.log)`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer /api/health in ${timeoutMs / 1000} s`);
}

function startServer(name, args, cwd, env) {
  const log = createWriteStream(path.join(outDir, `${name}.log`));
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return child;
}

const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

try {
  // 1. Database
  const pgDir = path.join(outDir, 'pg');
  say('starting PostgreSQL');
  cluster = await startEmbeddedPostgres({ databaseDir: pgDir, persistent: false });
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS onething_bench WITH (FORCE)');
  await admin.query('CREATE DATABASE onething_bench');
  // Both servers' commits return without waiting for the disk's flush. This machine's disk
  // stalls a flush now and then (fsync p99.9 27 ms, max 127 ms in a 15 s probe), and a stall
  // holds every commit behind it: in the write rows it fell on whichever server's window was
  // running (27 Nov 2026: PATCH's p99 253 ms on the app's windows in one run, POST's 414 ms on the
  // floor's), deciding their p99 by luck. The comparison is the two servers' own work.
  await admin.query('ALTER DATABASE onething_bench SET synchronous_commit = off');
  await admin.end();
  const databaseUrl = cluster.url('onething_bench');
  // PostgreSQL's own processes (the postmaster and its backends), for the CPU per answer.
  const databasePid = Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  await migrate(databaseUrl, path.join(appDir, 'prisma', 'migrations'));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seeded = Date.now();
  await seed(client);
  await client.end();
  say(`seeded ${USERS} users x ${TASKS} tasks x ${SESSIONS} sessions and growth users (${GROWTH.join(', ')}) in ${Date.now() - seeded} ms`);

  // 2. Servers
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  // --floor-as-app: a second floor in the app's place (an A/A run): the ratios then show how far
  // the machine's own noise alone moves them from 1.
  const aa = args['floor-as-app'] === 'true';
  // The launcher serves whatever build it finds: the current sources are built first.
  if (!aa && buildIfChanged(appDir, say) !== 0) throw new Error(`the build of ${appDir} failed`);
  say(`starting the app with the launcher on ${appUrl} (log in bench/.out/app.log)`);
  if (aa) say('A/A run: a second floor stands in for the app');
  // --app-script=<file>: a candidate front in the launcher's place (started with the server's V8
  // flags, on the migrated database), to compare HTTP fronts under the same conditions.
  const candidate = args['app-script'] ? path.resolve(args['app-script']) : undefined;
  if (candidate) say(`candidate front: ${candidate}`);
  const appArgs = aa ? [path.join(here, 'floor.mjs')] : candidate ? ['--max-semi-space-size=64', '--min-semi-space-size=64', '--no-memory-reducer', candidate] : [path.join(appDir, 'scripts', 'start.mjs')];
  app = startServer('app', appArgs, aa ? here : appDir, {
    PORT: String(appPort),
    APP_URL: appUrl,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: secret,
    LOG_LEVEL: 'warn',
    ONETHING_JOBS: 'off',
    ...(candidate ? { NODE_ENV: 'production' } : {}),
    ONETHING_DATA_DIR: path.join(outDir, 'data'),
    // --profile: CPU profiles of the app's processes in bench/.out/profiles (open in Chrome DevTools).
    ...(args.profile || args['app-node-options']
      ? { NODE_OPTIONS: [args.profile ? `--cpu-prof --cpu-prof-dir=${path.join(outDir, 'profiles')}` : '', args['app-node-options'] ?? ''].join(' ').trim() }
      : {}),
  });
  const floorPort = await freePort();
  const floorUrl = `http://127.0.0.1:${floorPort}`;
  floor = startServer('floor', [path.join(here, 'floor.mjs')], here, { PORT: String(floorPort), DATABASE_URL: databaseUrl, AUTH_SECRET: secret });
  await waitForHealth(floorUrl, floor, 30_000);
  await waitForHealth(appUrl, app, 15 * 60_000);
  say('both servers answer');

  const cookies = await Promise.all(Array.from({ length: USERS }, (_, i) => mintSessionCookie({ userId: userId(i + 1), secret })));
  const historyCookies = Object.fromEntries(
    await Promise.all(HISTORY.map(async (size) => [size, await mintSessionCookie({ userId: historyUserId(size), secret })])),
  );
  const growthCookies = Object.fromEntries(
    await Promise.all(GROWTH.map(async (size) => [size, await mintSessionCookie({ userId: growthUserId(size), secret })])),
  );

  // 3. Same answers on both, before measuring anything
  const get = async (base, url, cookie) => {
    const response = await fetch(`${base}${url}`, { headers: { cookie } });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
  const appTasks = await get(appUrl, '/api/tasks', cookies[0]);
  if (appTasks.status === 401) {
    throw new Error('the app answered 401 to the session cookie: sign-in is not in this build, or its cookie changed (bench/auth.mjs)');
  }
  const floorTasks = await get(floorUrl, '/api/tasks', cookies[0]);
  if (appTasks.status !== 200 || !isDeepStrictEqual(appTasks.body, floorTasks.body)) {
    throw new Error(`GET /api/tasks differs between the app (${appTasks.status}) and the floor: the comparison would be unfair`);
  }
  say(`GET /api/tasks answers the same ${appTasks.body.length} tasks on both`);
  const appSessions = await get(appUrl, '/api/sessions', cookies[0]);
  const floorSessions = await get(floorUrl, '/api/sessions', cookies[0]);
  if (appSessions.status !== 200 || !isDeepStrictEqual(appSessions.body, floorSessions.body)) {
    throw new Error(`GET /api/sessions differs between the app (${appSessions.status}) and the floor: the comparison would be unfair`);
  }
  say(`GET /api/sessions answers the same ${appSessions.body.length} sessions on both`);
  const appMe = await get(appUrl, '/api/auth/me', cookies[0]);
  const floorMe = await get(floorUrl, '/api/auth/me', cookies[0]);
  const meAvailable = appMe.status === 200;
  const meSame = meAvailable && isDeepStrictEqual(appMe.body, floorMe.body);
  if (!meAvailable) say(`GET /api/auth/me answers ${appMe.status} in this build: not measured`);
  else if (!meSame) say('note: GET /api/auth/me answers differ in shape between the app and the floor (measured anyway)');

  // 4. Measurements
  // The load generator runs ahead of the servers it measures (and of the PostgreSQL they share),
  // all of which it started at the default priority, so the machine's scheduler does not pause
  // the clock that times them while they work. Raising a priority needs root (or CAP_SYS_NICE);
  // without it the generator stays at the default, and the report says so.
  const generatorPriority = raisePriority(-10);
  say(`load generator at nice ${generatorPriority}`);
  const rows = [];
  const only = args.rows ? new Set(args.rows.split(',')) : null;
  const measure = async (key, label, data, section, { appOnly = false, request = requestsFor(key, data) } = {}) => {
    if (only && !only.has(key)) return;
    const result = {};
    for (const [name, url] of [
      ...(appOnly ? [] : [['floor', floorUrl]]),
      ['app', appUrl],
    ]) {
      const pid = name === 'app' ? app.pid : floor.pid;
      const cpu = { server: () => processTreeCpuMs(pid), database: () => processTreeCpuMs(databasePid) };
      result[name] = await runLoad({ url, request, connections, durationMs, warmupMs, cpu });
      const r = result[name];
      say(`${label} ${name}: ${fmt(r.rps, 0)} req/s, CPU per answer ${fmt(r.cpuPerRequest?.server, 3)} ms (server) + ${fmt(r.cpuPerRequest?.database, 3)} ms (PostgreSQL), p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, statuses ${JSON.stringify(r.statuses)}, errors ${r.errors}`);
    }
    const row = { label, section, ...result, ratio: result.floor ? result.app.rps / result.floor.rps : undefined };
    if (section === 'calls') {
      // Latency at the same load: both servers get the same fixed request rate.
      const rate = Math.max(1, Math.round(result.app.rps * openShare));
      // The closed loop just saturated both servers; the open loop measures the steady state at
      // half that load, so both first get the same few idle seconds to finish the collections
      // the saturation left behind (a major GC of the 200-task row's heap otherwise landed in the
      // next row's tail).
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const { results, timeline } = await runOpenLoopOnItsOwnThread({
        row: key,
        data,
        urls: { floor: floorUrl, app: appUrl },
        rate,
        windows: openWindows,
        windowMs: openWindowMs,
        warmupMs: openWarmupMs,
        generatorPauseMs,
        timeline: Boolean(args.timeline),
      });
      row.open = { rate, ...results };
      // --timeline: every open-loop answer's due time and latency, per server, for finding what made the slow ones slow.
      if (timeline) writeFileSync(path.join(outDir, `timeline-${key}.json`), JSON.stringify(timeline));
      for (const name of ['floor', 'app']) {
        const r = row.open[name];
        say(`${label} ${name} at ${rate} req/s (open loop, ${openWindows} windows, ${r.remeasuredTurns} turns measured again): p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, answered ${fmt(r.achievedRps, 0)} req/s, statuses ${JSON.stringify(r.statuses)}, errors ${r.errors}${r.errors ? ` ${JSON.stringify(r.errorCodes)}` : ''}`);
      }
      row.p99Ratio = row.open.app.p99 / row.open.floor.p99;
    }
    rows.push(row);
  };

  // Each row's requests, from plain data (bench/requests.mjs): the open loop makes them again on its own thread.
  await measure('tasks', `GET /api/tasks (${TASKS} tasks)`, { cookies }, 'calls');
  if (meAvailable) await measure('me', 'GET /api/auth/me', { cookies }, 'calls');
  await measure('sessions', `GET /api/sessions (${SESSIONS} sessions)`, { cookies }, 'calls');
  await measure('patch', 'PATCH /api/tasks/{id} (complete)', { cookies }, 'calls');
  // Last, because it adds tasks to the users' lists.
  await measure('post', 'POST /api/tasks', { cookies, due: new Date(Date.now() + 86_400_000).toISOString() }, 'calls');
  // The growth rows last: the 2,000-task answers leave a large heap behind, and V8's clean-up of
  // it (full collections once the allocation rate drops) landed in the next row's latency tail.
  for (const size of GROWTH) {
    await measure('growth', `GET /api/tasks (${size.toLocaleString('en-US')} tasks)`, { cookie: growthCookies[size] }, 'growth');
  }

  // Your day: the fresh start's preview (POST /api/today/fresh-start/preview, which writes nothing)
  // and GET /api/today for the account with 2,000 tasks (a few hundred of them carried over),
  // one request at a time: the latency a person waits for, with its p95 against the 300 ms target.
  const dayRows = [];
  if (!only || only.has('preview')) {
    const size = GROWTH.at(-1);
    const cookie = growthCookies[size];
    const timed = async (method, url) => {
      const started = performance.now();
      const response = await fetch(`${appUrl}${url}`, { method, headers: { cookie, 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
      const body = await response.json();
      if (response.status !== 200) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, body };
    };
    for (const [method, url, label] of [
      ['POST', '/api/today/fresh-start/preview', `POST /api/today/fresh-start/preview (${size.toLocaleString('en-US')} tasks)`],
      ['GET', '/api/today', `GET /api/today (${size.toLocaleString('en-US')} tasks)`],
    ]) {
      for (let i = 0; i < PREVIEW_WARMUP; i++) await timed(method, url);
      const times = [];
      let last;
      for (let i = 0; i < PREVIEW_RUNS; i++) {
        last = await timed(method, url);
        times.push(last.ms);
      }
      times.sort((a, b) => a - b);
      const at = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
      const items = last.body.proposals?.length ?? last.body.carriedOver?.length;
      dayRows.push({ label, items, p50: at(0.5), p95: at(0.95), max: times.at(-1) });
      say(`${label}: ${items} carried over, p50 ${fmt(at(0.5))} ms, p95 ${fmt(at(0.95))} ms, max ${fmt(times.at(-1))} ms (${PREVIEW_RUNS} requests one at a time)`);
    }
  }

  // The dashboard's reads (the open tasks, the counts, the first page of completed history, in
  // turn, as the page asks for them) for users whose history grows: the app only (the floor has
  // no paging). The figure to watch is each row's throughput against the 200-task row's.
  for (const size of HISTORY) {
    await measure('dashboard', `dashboard reads (${size.toLocaleString('en-US')} tasks, all but 20 completed)`, { cookie: historyCookies[size] }, 'dashboard', { appOnly: true });
  }

  // 5. Report
  const cpu = os.cpus();
  const environment = [
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}; load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end (above the CPU count means other work shared the machine)`,
    `- Node ${process.version}; PostgreSQL embedded (same machine; the bench's database commits without waiting for the disk's flush, \`synchronous_commit = off\`, for both servers alike); app: production build started by \`scripts/start.mjs\`; floor: \`bench/floor.mjs\``,
    `- Load: ${connections} connections, closed loop, ${warmupMs / 1000} s warm-up then ${durationMs / 1000} s measured per row, loopback, keep-alive; floor and app measured one after the other in the same run`,
    `- Data: ${USERS} users × ${TASKS} tasks × ${SESSIONS} sessions, requests spread over the ${USERS} users; growth rows use one user with that many tasks`,
  ].join('\n');
  const line = (row) =>
    `| ${row.label} | ${fmt(row.app.rps, 0)} | ${fmt(row.app.p50)} | ${fmt(row.app.p99)} | ${fmt(row.floor.rps, 0)} | ${fmt(row.floor.p50)} | ${fmt(row.floor.p99)} | ${fmt(row.ratio, 2)} | ${cpuPair(row, 'server')} | ${cpuPair(row, 'database')} |`;
  const cpuPair = (row, part) => `${fmt(row.app.cpuPerRequest?.[part], 2)} / ${fmt(row.floor.cpuPerRequest?.[part], 2)}`;
  const header = '| call | app req/s | app p50 ms | app p99 ms | floor req/s | floor p50 ms | floor p99 ms | app / floor | server CPU ms per answer, app / floor | PostgreSQL CPU ms per answer, app / floor |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|';
  const verdict = (ok) => (ok ? 'pass' : '**FAIL**');
  const targetLine = (row) =>
    `| ${row.label} | ${fmt(row.app.rps, 0)} | ${fmt(row.floor.rps, 0)} | ${fmt(row.ratio, 2)} ${verdict(row.ratio >= THROUGHPUT_TARGET)} | ${row.open.rate} | ${fmt(row.open.app.p50)} | ${fmt(row.open.app.p99)} | ${fmt(row.open.floor.p50)} | ${fmt(row.open.floor.p99)} | ${fmt(row.p99Ratio, 2)} ${verdict(row.p99Ratio <= P99_TARGET)} |`;
  const targetHeader = `| call | app req/s | floor req/s | app / floor (≥ ${THROUGHPUT_TARGET.toFixed(2)}) | same load, req/s | app p50 ms | app p99 ms | floor p50 ms | floor p99 ms | p99 app / floor (≤ ${P99_TARGET.toFixed(1)}) |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`;
  const failures = rows.filter(
    (row) =>
      row.app.ok !== row.app.requests ||
      (row.floor && row.floor.ok !== row.floor.requests) ||
      row.app.errors ||
      row.floor?.errors ||
      (row.open && (row.open.app.errors || row.open.floor.errors || Object.keys(row.open.app.statuses).some((status) => Number(status) >= 400) || Object.keys(row.open.floor.statuses).some((status) => Number(status) >= 400))),
  );
  const table = (section) => [header, ...rows.filter((row) => row.section === section).map(line)].join('\n');
  const dashboardRows = rows.filter((row) => row.section === 'dashboard');
  const dashboardTable = () =>
    [
      '| reads | app req/s | app p50 ms | app p99 ms | req/s / 200-task row (target 0.80 to 1.20) |',
      '|---|---:|---:|---:|---:|',
      ...dashboardRows.map((row) => {
        const ratio = row.app.rps / dashboardRows[0].app.rps;
        return `| ${row.label} | ${fmt(row.app.rps, 0)} | ${fmt(row.app.p50)} | ${fmt(row.app.p99)} | ${fmt(ratio, 2)} ${verdict(ratio >= 0.8 && ratio <= 1.2)} |`;
      }),
    ].join('\n');
  const targetTable = () => [targetHeader, ...rows.filter((row) => row.open).map(targetLine)].join('\n');
  const missed = rows.filter((row) => row.open && (row.ratio < THROUGHPUT_TARGET || row.p99Ratio > P99_TARGET));
  const notes = [
    meAvailable ? null : '- GET /api/auth/me was not measured: this build has no sign-in yet.',
    meAvailable && !meSame ? '- GET /api/auth/me: the floor answers the User shape of docs/api-contract.md; the app’s answer differed in some field.' : null,
    failures.length ? `- Non-2xx answers or connection errors in: ${failures.map((row) => row.label).join(', ')} (see the statuses printed by the run).` : '- Every measured request answered 2xx.',
    `- Turns measured again because the load generator itself paused over ${generatorPauseMs} ms (of ${openWindows} per row): ${rows
      .filter((row) => row.open)
      .map((row) => `${row.label} ${row.open.app.remeasuredTurns}`)
      .join(', ')}.`,
    missed.length ? `- Targets missed in this run: ${missed.map((row) => row.label).join(', ')}.` : '- Every call met both targets in this run.',
  ]
    .filter(Boolean)
    .join('\n');
  // The front end's figures (bench/frontend.mjs) start their own launchers and Chromium: measured
  // after the REST rows, with the app and the floor stopped. `--frontend=false` skips them.
  await stopChild(app, 'the app');
  await stopChild(floor, 'the floor');
  let frontend = '';
  if (args.frontend !== 'false') {
    say('front end: first-load JavaScript per route, start time, time to interactive');
    frontend = (await measureFrontend({ root, appDir, say: (message) => say(`front end: ${message}`) })).markdown;
  }
  // Lighthouse (bench/lighthouse.mjs) takes about 15 minutes more: only with --lighthouse.
  const lighthouse = args.lighthouse ? (await measureLighthouse({ root, appDir, say: (message) => say(`lighthouse: ${message}`) })).markdown : '';
  const report = `# Benchmark results

Produced by \`npm run bench\` (bench/run.mjs). The floor is a bare \`node:http\` + \`pg\` server doing the
same SQL, the same JSON and the same cookie check (next-auth JWT decode + one SELECT); every figure
of the app stands beside the floor's, measured in the same run, one after the other.

${environment}

## Targets: throughput ≥ ${THROUGHPUT_TARGET.toFixed(1)} × the floor's, p99 ≤ ${P99_TARGET.toFixed(1)} × the floor's at the same load

Throughput: closed loop, ${connections} connections. Latency: open loop at the same fixed rate for both
servers, ${Math.round(openShare * 100)} % of the app's closed-loop throughput (so both can sustain it);
each latency counts from the moment the request was due. The two servers take strict turns in
${openWindows} windows of ${openWindowMs / 1000} s each (${(openWindows * openWindowMs) / 1000} s measured per server; floor, app, floor, app, …;
each server keeps its warm connections between its windows, after one ${openWarmupMs / 1000} s unrecorded warm-up per server and
${SETTLE_MS / 1000} s of rest for both following the closed loop's saturation), so anything else on the machine during the
row (the PostgreSQL both share, the load generator, other processes: bursts of slow answers 250-500 ms long
were seen on both servers alike) falls on both alike instead of on whichever happened to run at that moment.
The open loop runs on a thread of its own (its own heap: the bench's thread holds 80-90 MB that its collections
marked in 5-15 ms steps), at nice ${generatorPriority} (the servers and PostgreSQL at 0), and watches its own event loop: a turn
in which it paused over ${generatorPauseMs} ms (a collection of its own, or the machine not running it) is measured again
for both servers, since the requests due in that pause went out late and their latencies were the generator's
(at most ${openWindows / 4} turns per row; the count is in the notes below).

${targetTable()}

Why the p99 comparison uses an open loop: in a closed loop each of the ${connections} connections sends its
next request only when the previous answer arrives, so the mean latency is simply
${connections} / throughput (Little's law) and the closed-loop p50/p99 below restate the throughput gap
instead of measuring latency; the server that is faster is also measured at a higher load. "p99 at
the same load" needs both servers to receive the same request rate, whatever their answer times —
an open loop, as real independent users send requests.

## Closed loop (${connections} connections): throughput and its latencies

${table('calls')}

## GET /api/tasks as the list grows (closed loop)

${table('growth')}
${dashboardRows.length ? `
## The dashboard's reads as the history grows (closed loop, app only)

GET /api/tasks?status=open, GET /api/tasks/counts and GET /api/tasks?status=completed&limit=20 in turn,
for one user with that many tasks, all but 20 of them completed.

${dashboardTable()}
` : ''}
${dayRows.length ? `
## Your day: the fresh start's preview for an account with 2,000 tasks (one request at a time)

${PREVIEW_RUNS} requests after ${PREVIEW_WARMUP} unrecorded ones, each sent when the previous answered: the wait a person has
when opening the Fresh start screen. Target: the preview's p95 under ${PREVIEW_P95_TARGET_MS} ms.

| call | carried over | p50 ms | p95 ms | max ms |
|---|---:|---:|---:|---:|
${dayRows.map((row) => `| ${row.label} | ${row.items} | ${fmt(row.p50)} | ${fmt(row.p95)} ${row.label.startsWith('POST') ? verdict(row.p95 < PREVIEW_P95_TARGET_MS) : ''} | ${fmt(row.max)} |`).join('\n')}
` : ''}
${notes}
`;
  // A partial run (--rows) or an A/A run is a probe, not the published figures: its report goes to
  // bench/.out. A full run replaces only the parts of bench/results.md it measured (the REST
  // figures, and the front end's and Lighthouse's when it measured them); the hand-written
  // sections and the other parts stay as they were.
  if (only || aa) {
    const reportPath = path.join(outDir, 'results-partial.md');
    writeFileSync(reportPath, `${report}${frontend ? `\n${frontend}` : ''}${lighthouse ? `\n${lighthouse}\n` : ''}`);
    say(`wrote ${path.relative(root, reportPath)}`);
  } else {
    const resultsPath = path.join(here, 'results.md');
    let results = existsSync(resultsPath) ? readFileSync(resultsPath, 'utf8') : '';
    results = replaceSection(results, 'bench', report, 'start');
    if (frontend) results = replaceSection(results, 'frontend', frontend);
    writeFileSync(resultsPath, results);
    if (lighthouse) writeLighthouseSection(lighthouse, resultsPath);
    say(`updated ${path.relative(root, resultsPath)}`);
  }

  const readmePath = path.join(root, 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  if (!only && !aa && readme.includes('<!-- bench:start -->')) {
    const figures = `Last run (${new Date().toISOString().slice(0, 10)}, ${cpu.length} CPUs, ${connections} connections, ${durationMs / 1000} s per row; full table in [bench/results.md](bench/results.md)):\n\n${targetTable()}\n\n${table('growth')}`;
    writeFileSync(readmePath, replaceSection(readme, 'bench', figures));
    say('updated the figures in README.md');
  }
  process.stdout.write(`\n${report}\n`);
} catch (error) {
  process.stderr.write(`[bench] ${error.stack ?? error}\n`);
  process.exitCode = 1;
} finally {
  await cleanup();
  if (existsSync(path.join(outDir, 'pg'))) rmSync(path.join(outDir, 'pg'), { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);

// `npm run soak -- --cluster`: the soak's users and checks across several instances, through
// `npm run cluster`'s set-up (scripts/cluster.mjs: HAProxy → 3 production servers → PgBouncer in
// transaction mode → PostgreSQL), all on loopback, bounded in time (about 4 minutes plus a build),
// results in bench/cluster-results.md, exit code 1 when a check fails.
//
// C1. Steady load: USERS simulated users (bench/soak-sim.mjs) through the balancer. Checks: no 5xx,
//     every answer of the docs/api-contract.md shape, lists equal to each user's model, the Free limits' 403s,
//     and the usage counters, tasks and sessions in PostgreSQL equal the simulation exactly. At the
//     same time: reminder mails with every instance running the job every 3 s (each mailed
//     once), failed sign-ins per IP and per account counted across instances (each request from
//     its own loopback source address, which HAProxy passes on in X-Forwarded-For), and the
//     verification mail's 60 s cooldown under concurrent resends.
// MCP. Meanwhile, MCP assistants on the SDK's own client (bench/soak-mcp.mjs): 6 through the
//     balancer, 2 sending each request to the next instance's own port; each session an
//     initialize, tools/list and three tool calls. Checks: every request answered, each session's
//     requests answered by more than one instance (X-Served-By), every instance used, and
//     PostgreSQL holds exactly their tasks and write records. The connector is stateless.
// C2. Rolling restart under load: SIGTERM to one instance at a time (it drains: health 503,
//     HAProxy's check takes it out, requests in flight finish), restarted before the next. The
//     simulated users do NOT retry: every failed request counts. HAProxy's own retries (only
//     for connections that could not be made) are read from its statistics and reported.
// C3. The same with SIGKILL. Requests in flight at the kill fail (HAProxy answers 502). The users
//     then retry reads, and task writes that carry an Idempotency-Key (every task create, patch
//     and complete here does), with the same key; other writes are not retried and their user
//     stops, its outcome taken from the database. Afterwards the database must equal the models
//     exactly: a retried write that took effect twice would show as an extra task or count.
//
// Options: --duration=60 (C1 seconds) --users=40 --keep (keep bench/.out/cluster-<id>).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { startCluster } from '../scripts/cluster.mjs';
import { adoptDatabase, seedUsers, snapshot, verifyUsers } from './soak-db.mjs';
import { httpClient, sleep, Stats } from './soak-lib.mjs';
import { runAgents, summariseAgents } from './soak-mcp.mjs';
import { PASSWORD, SimUser } from './soak-sim.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const HOST = '127.0.0.1';
const SMTP_PORT = 4150;
const REMINDER_USERS = 8;
const REMINDERS_EACH = 10;
/** MCP assistants through the balancer during C1 (bench/soak-mcp.mjs). */
const MCP_AGENTS = 6;

const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const say = (message) => process.stdout.write(`[cluster-soak ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

/** One request from a chosen loopback source address (for per-IP limits). */
function requestFrom(localAddress, method, url, { body, headers = {} } = {}) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const target = new URL(url);
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method,
        localAddress,
        agent: false,
        headers: { accept: 'application/json', ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ status: 0, error: error.code ?? error.message }));
    if (payload) req.write(payload);
    req.end();
  });
}

function count(list, status) {
  return list.filter((response) => response.status === status).length;
}

/** The HAProxy backend row's counters that say what it retried or failed. */
function backendCounters(rows) {
  const backend = rows.find((row) => row.pxname === 'onething' && row.svname === 'BACKEND') ?? {};
  const n = (key) => Number(backend[key] || 0);
  return { retries: n('wretr'), redispatches: n('wredis'), connectionErrors: n('econ'), responseErrors: n('eresp'), fiveXx: n('hrsp_5xx') };
}

const diff = (after, before) => Object.fromEntries(Object.entries(after).map(([key, value]) => [key, value - (before[key] ?? 0)]));

/**
 * The users' client for C3: reads are retried, and task writes carry an Idempotency-Key and are
 * retried with it, when the balancer answers 502/503/504 or the connection fails (an instance
 * died with the request in flight). Other writes are not retried: they come back as status 0
 * so the simulated user records its outcome as unknown.
 */
function retryingClient(base, tally) {
  const keyed = (method, urlPath) =>
    (method === 'POST' && (urlPath === '/api/tasks' || /^\/api\/tasks\/[^/]+\/complete$/.test(urlPath))) || (method === 'PATCH' && /^\/api\/tasks\/[^/]+$/.test(urlPath));
  const broken = (response) => response.status === 0 || ((response.status === 502 || response.status === 503 || response.status === 504) && !response.json);
  return {
    ...base,
    async request(method, urlPath, options = {}) {
      const idempotencyKey = keyed(method, urlPath) ? randomUUID() : undefined;
      const send = () => base.request(method, urlPath, { ...options, headers: { ...options.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) } });
      let response = await send();
      if (!broken(response)) return response;
      tally.inFlightFailures++;
      if (method !== 'GET' && !idempotencyKey) {
        tally.notRetried++;
        return { ...response, status: 0, error: `in flight at the kill (${response.status || response.error})` };
      }
      for (let attempt = 1; attempt <= 5 && broken(response); attempt++) {
        await sleep(300 * attempt);
        tally.retries++;
        if (idempotencyKey) tally.retriedWrites.push({ method, path: urlPath, key: idempotencyKey });
        response = await send();
      }
      if (broken(response)) tally.failedAfterRetries++;
      return response;
    },
  };
}

export async function runClusterSoak(args) {
  const LOAD_SECONDS = Number(args.duration ?? 60);
  const USERS = Number(args.users ?? 40);
  const KEEP = args.keep === 'true';
  const runDir = path.join(here, '.out', `cluster-${Date.now().toString(36)}-${process.pid}`);
  const checks = [];
  const check = (phase, name, ok, detail = '') => {
    checks.push({ phase, name, ok: Boolean(ok), detail });
    say(`${ok ? 'ok  ' : 'FAIL'} [${phase}] ${name}${detail ? ` — ${detail}` : ''}`);
    return Boolean(ok);
  };
  const report = {};
  const loadAtStart = os.loadavg()[0];

  // A real SMTP server on loopback: every mail the instances send.
  const mails = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(SMTP_PORT, HOST, resolve);
  });

  let cluster;
  let sql;
  let client;
  const cleanup = async () => {
    client?.close();
    await sql?.end().catch(() => {});
    await cluster?.stop();
    await new Promise((resolve) => smtp.close(resolve));
    if (!KEEP) rmSync(runDir, { recursive: true, force: true });
  };
  const onSignal = () => void cleanup().then(() => process.exit(130));

  try {
    say(`starting the cluster in ${path.relative(process.cwd(), runDir)} (builds first when the sources changed)`);
    cluster = await startCluster({
      dir: runDir,
      say: (message) => say(`cluster: ${message}`),
      handleSignals: false,
      env: { SMTP_URL: `smtp://${HOST}:${SMTP_PORT}`, ONETHING_JOBS_INTERVAL_MS: '3000', MAIL_FROM: 'Onething <soak@example.com>' },
    });
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    sql = new pg.Client({ connectionString: cluster.directUrl });
    await sql.connect();
    sql.on('error', () => {});

    // ------------------------------------------------------------ seeds
    const seeds = await seedUsers(sql, 1, USERS);
    // Reminder users: verified, reminders on, tasks due within the next hours (the job's window is 12 h).
    await sql.query(
      `INSERT INTO "User" ("id", "name", "email", "passwordHash", "emailVerified", "subscriptionTier", "emailRemindersEnabled", "updatedAt")
       SELECT 'remind-' || u, 'Remind ' || u, 'remind-' || u || '@example.com', 'not-a-hash', true, 'plus', true, now() FROM generate_series(1, $1) u`,
      [REMINDER_USERS],
    );
    await sql.query(
      `INSERT INTO "Task" ("id", "userId", "title", "dueDate", "createdAt", "updatedAt")
       SELECT 'remind-' || u || '-task-' || k, 'remind-' || u, 'Reminder ' || u || '.' || k,
              (now() AT TIME ZONE 'UTC') + k * interval '50 minutes', now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC'
       FROM generate_series(1, $1) u, generate_series(1, $2) k`,
      [REMINDER_USERS, REMINDERS_EACH],
    );
    // An account for the per-account limit, and an unverified one for the resend cooldown.
    const hash = (await sql.query(`SELECT "passwordHash" FROM "User" WHERE "id" = 'soak-user-1'`)).rows[0].passwordHash;
    await sql.query(
      `INSERT INTO "User" ("id", "name", "email", "passwordHash", "emailVerified", "subscriptionTier", "updatedAt") VALUES
       ('limit-account', 'Limit', 'limit-account@example.com', $1, true, 'free', now()),
       ('cooldown-account', 'Cooldown', 'cooldown-account@example.com', $1, false, 'free', now())`,
      [hash],
    );

    client = httpClient(cluster.url, { timeoutMs: 20_000, maxSockets: USERS + 20 });
    const stats1 = new Stats('steady');
    const users = seeds.map(({ n, tier, used }) => new SimUser({ n, tier, used, client, stats: stats1 }));
    const ids = users.map((user) => user.id);

    // ------------------------------------------------------------ C1
    say(`C1: ${USERS} users for ${LOAD_SECONDS} s through ${cluster.url}, with limits, cooldown and reminders checked meanwhile`);
    let i = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (i < users.length) await users[i++].signIn();
    }));
    check('C1', `all ${USERS} users signed in through the balancer`, users.every((user) => user.cookie));
    const deadline = Date.now() + LOAD_SECONDS * 1000;
    const load = Promise.all(users.map((user) => user.run(deadline)));
    // MCP assistants meanwhile (bench/soak-mcp.mjs): MCP_AGENTS through the balancer (round robin,
    // X-Served-By names the instance), and 2 whose requests go to each instance's own port in
    // turn: an initialize on one, tools/list and the tool calls on the others.
    const agentsViaBalancer = runAgents({ sql, origins: [cluster.url], agents: MCP_AGENTS, deadline, prefix: 'mcp-agent' });
    const agentsDirect = runAgents({ sql, origins: cluster.instances.map((instance) => `http://${HOST}:${instance.port}`), agents: 2, deadline, prefix: 'mcp-direct' });

    // Per IP: 105 failed sign-ins (105 different unknown accounts) from 127.0.0.9, spread by round robin over the instances.
    const perIp = [];
    let next = 0;
    await Promise.all(Array.from({ length: 5 }, async () => {
      while (next < 105) {
        const k = next++;
        perIp.push(await requestFrom('127.0.0.9', 'POST', `${cluster.url}/api/auth/signin`, { body: { email: `nobody-${k}@example.com`, password: 'wrong password 123' } }));
      }
    }));
    check('C1', 'failed sign-ins per IP: exactly 100 answered 401 across the instances, the rest 429 with Retry-After', count(perIp, 401) === 100 && count(perIp, 429) === 5 && perIp.filter((r) => r.status === 429).every((r) => Number(r.headers['retry-after']) > 0), `401: ${count(perIp, 401)}, 429: ${count(perIp, 429)}, other: ${perIp.length - count(perIp, 401) - count(perIp, 429)}`);
    const forged = await requestFrom('127.0.0.9', 'POST', `${cluster.url}/api/auth/signin`, { body: { email: 'nobody-x@example.com', password: 'wrong password 123' }, headers: { 'x-forwarded-for': '203.0.113.7' } });
    check('C1', 'a client-written X-Forwarded-For does not escape the per-IP limit (TRUSTED_PROXIES=1 reads what HAProxy appended)', forged.status === 429, `answered ${forged.status}`);
    const otherIp = await requestFrom('127.0.0.10', 'POST', `${cluster.url}/api/auth/signin`, { body: { email: 'nobody-y@example.com', password: 'wrong password 123' } });
    check('C1', 'another client address is not limited', otherIp.status === 401, `answered ${otherIp.status}`);
    // Per account: 14 wrong passwords for one account, each from its own address.
    const perAccount = [];
    for (let k = 0; k < 14; k++) {
      perAccount.push(await requestFrom(`127.0.1.${k + 1}`, 'POST', `${cluster.url}/api/auth/signin`, { body: { email: 'limit-account@example.com', password: 'not the password 1' } }));
    }
    check('C1', 'failed sign-ins per account: exactly 10 answered 401 across instances and addresses, then 429', count(perAccount, 401) === 10 && count(perAccount, 429) === 4, `401: ${count(perAccount, 401)}, 429: ${count(perAccount, 429)}`);
    // Cooldown: 6 concurrent resends of the verification mail (spread over the instances): one is sent.
    const signin = await requestFrom('127.0.0.11', 'POST', `${cluster.url}/api/auth/signin`, { body: { email: 'cooldown-account@example.com', password: PASSWORD } });
    const cookie = (signin.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
    const resends = await Promise.all(Array.from({ length: 6 }, () => requestFrom('127.0.0.11', 'POST', `${cluster.url}/api/auth/resend-verification`, { body: {}, headers: { cookie } })));
    await sleep(2000);
    const cooldownMails = mails.filter((mail) => mail.to.includes('cooldown-account@example.com')).length;
    check('C1', 'verification cooldown across instances: 6 concurrent resends, one 200 and five 429, one mail', signin.status === 200 && count(resends, 200) === 1 && count(resends, 429) === 5 && cooldownMails === 1, `sign-in ${signin.status}; 200: ${count(resends, 200)}, 429: ${count(resends, 429)}; mails ${cooldownMails}`);

    await load;
    stats1.finish();
    const viaBalancer = await agentsViaBalancer;
    const direct = await agentsDirect;
    const mcpAll = summariseAgents([...viaBalancer, ...direct]);
    const mcpBalanced = summariseAgents(viaBalancer);
    const mcpDirect = summariseAgents(direct);
    check('MCP', `${mcpAll.sessions} MCP client sessions (initialize, tools/list, create_task, list_tasks, complete_task) under C1's load: every request answered, no tool error`, mcpAll.failures.length === 0 && mcpAll.sessions > 0, mcpAll.failures.slice(0, 5).join(' | ') || `${mcpAll.requests} requests`);
    check('MCP', `through the balancer, every instance answered MCP requests and each session's requests were answered by more than one instance (no affinity)`, Object.keys(mcpBalanced.perInstance).length === cluster.instances.length && mcpBalanced.spread === mcpBalanced.sessions, `${mcpBalanced.spread} of ${mcpBalanced.sessions} sessions spread; per instance ${JSON.stringify(mcpBalanced.perInstance)}`);
    check('MCP', "each instance's own port in turn: initialize on one, tools/list and calls on the others, all succeed", mcpDirect.failures.length === 0 && mcpDirect.spread === mcpDirect.sessions && Object.keys(mcpDirect.perInstance).length === cluster.instances.length, `${mcpDirect.sessions} sessions; per port ${JSON.stringify(mcpDirect.perInstance)}`);
    const agentRows = (await sql.query(
      `SELECT (SELECT count(*)::int FROM "Task" WHERE "userId" LIKE 'mcp-%' AND "completed") AS completed,
              (SELECT count(*)::int FROM "Task" WHERE "userId" LIKE 'mcp-%') AS tasks,
              (SELECT count(*)::int FROM "AgentWrite" WHERE "userId" LIKE 'mcp-%') AS records`,
    )).rows[0];
    const sessionsDone = mcpAll.sessions;
    check('MCP', 'PostgreSQL holds exactly what the assistants did: one completed task per session, two write records each (create, complete)', agentRows.tasks === sessionsDone && agentRows.completed === sessionsDone && agentRows.records === 2 * sessionsDone, `${agentRows.tasks} tasks, ${agentRows.completed} completed, ${agentRows.records} records for ${sessionsDone} sessions`);
    report.mcp = { all: mcpAll, balanced: mcpBalanced, direct: mcpDirect };
    say(`MCP: ${mcpAll.sessions} sessions, ${mcpAll.requests} requests, p50 ${fmt(mcpAll.p50)} ms, p99 ${fmt(mcpAll.p99)} ms; per instance ${JSON.stringify(mcpBalanced.perInstance)}`);
    const s1 = stats1.summary();
    const bad1 = Object.entries(stats1.statuses).filter(([status]) => /^5/.test(status) || status.startsWith('error:'));
    check('C1', 'no 5xx and no request without an answer', bad1.length === 0, bad1.map(([k, v]) => `${k}: ${v}`).join(', '));
    check('C1', 'every answer of the docs/api-contract.md shape, lists equal to the simulation, 403s only at the Free limits', stats1.failureCount === 0, stats1.failures.slice(0, 5).join(' | '));
    let verified = verifyUsers(users, await snapshot(sql, ids));
    check('C1', 'usage counters, tasks and sessions in PostgreSQL equal the simulation exactly', verified.problems.length === 0, verified.problems.slice(0, 5).join(' | ') || `${verified.totals.tasks} tasks, ${verified.totals.sessions} sessions`);
    const free = users.filter((user) => user.tier === 'free');
    const atLimit = free.filter((user) => user.limitHits.tasks > 0 || user.limitHits.sessions > 0).length;
    check('C1', "Free users reached their limits on whichever instance and got the 403 with the product's words", atLimit > 0, `${atLimit} of ${free.length} Free users`);
    report.c1 = { s: s1, statuses: stats1.statuses, perIp: { 401: count(perIp, 401), 429: count(perIp, 429) }, perAccount: { 401: count(perAccount, 401), 429: count(perAccount, 429) }, resends: { 200: count(resends, 200), 429: count(resends, 429), mails: cooldownMails } };
    say(`C1: ${s1.requests} requests, ${fmt(s1.rps, 0)} req/s, p50 ${fmt(s1.p50)} ms, p99 ${fmt(s1.p99)} ms`);

    // ------------------------------------------------------------ C2: rolling restart, SIGTERM
    const roll = async (label, signal, phase, clientFor) => {
      const stats = new Stats(label);
      const tally = { inFlightFailures: 0, retries: 0, notRetried: 0, failedAfterRetries: 0, retriedWrites: [] };
      const rollClient = clientFor(tally);
      for (const user of users) {
        Object.assign(user, { stats, client: rollClient, stopped: false, uncertain: null, mode: signal === 'SIGKILL' ? 'kill' : 'steady', killed: false });
        if (!user.cookie) await user.signIn();
      }
      const before = backendCounters(await cluster.stats());
      let rolling = true;
      const running = Promise.all(users.map((user) => (async () => {
        while (rolling && !user.stopped) await user.run(Date.now() + 1000);
      })()));
      await sleep(3000);
      const restarts = [];
      for (const instance of cluster.instances) {
        say(`${phase}: ${signal} to ${instance.name}`);
        if (signal === 'SIGKILL') for (const user of users) user.killed = true;
        const started = performance.now();
        const { downMs } = await cluster.restart(instance, { signal });
        if (signal === 'SIGKILL') for (const user of users) user.killed = false;
        restarts.push({ name: instance.name, stopMs: performance.now() - started - downMs, downMs });
        say(`  ${instance.name} back after ${fmt(downMs / 1000)} s`);
        // Back in rotation (HAProxy needs `rise` good checks) before the next one goes.
        const upAgain = performance.now();
        while (performance.now() - upAgain < 30_000) {
          const rows = await cluster.stats();
          if (rows.filter((row) => row.pxname === 'onething' && row.svname.startsWith('app') && row.status === 'UP').length === cluster.instances.length) break;
          await sleep(250);
        }
        await sleep(1000);
      }
      await sleep(2000);
      rolling = false;
      await running;
      stats.finish();
      const counters = diff(backendCounters(await cluster.stats()), before);
      return { stats, s: stats.summary(), counters, restarts, tally };
    };

    const c2 = await roll('roll-sigterm', 'SIGTERM', 'C2', () => client);
    const failed2 = Object.entries(c2.stats.statuses).filter(([status]) => /^5/.test(status) || status.startsWith('error:'));
    const failures2 = failed2.reduce((sum, [, n]) => sum + n, 0);
    check('C2', 'rolling restart with SIGTERM: zero failed requests (no client retries)', failures2 === 0, `${c2.s.requests} requests, failed ${failures2}${failed2.length ? ` (${failed2.map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}`);
    check('C2', 'every answer well-formed and equal to the simulation during the roll', c2.stats.failureCount === 0, c2.stats.failures.slice(0, 5).join(' | '));
    verified = verifyUsers(users, await snapshot(sql, ids));
    check('C2', 'after the roll, PostgreSQL equals the simulation exactly', verified.problems.length === 0, verified.problems.slice(0, 5).join(' | '));
    report.c2 = c2;
    say(`C2: ${c2.s.requests} requests, failed ${failures2}, p99 ${fmt(c2.s.p99)} ms; HAProxy connection retries ${c2.counters.retries}, redispatches ${c2.counters.redispatches}`);

    // ------------------------------------------------------------ C3: the same with SIGKILL
    const c3 = await roll('roll-sigkill', 'SIGKILL', 'C3', (tally) => retryingClient(client, tally));
    const snap3 = await snapshot(sql, ids);
    const uncertainUsers = users.filter((user) => user.uncertain).length;
    verified = verifyUsers(users, snap3);
    check('C3', 'SIGKILL: acknowledged writes all in PostgreSQL, retried task writes took effect once (counters and tasks exact)', verified.problems.length === 0, verified.problems.slice(0, 5).join(' | ') || `${c3.tally.retriedWrites.length} retried writes, ${uncertainUsers} writes of unknown outcome (not retried)`);
    adoptDatabase(users, snap3);
    const left = Object.entries(c3.stats.statuses).filter(([status]) => /^5/.test(status) || status.startsWith('error:'));
    check('C3', 'SIGKILL: failures only for requests in flight at a kill', c3.tally.failedAfterRetries === 0 && c3.stats.failureCount === 0, `in flight at a kill: ${c3.tally.inFlightFailures} (retried ${c3.tally.inFlightFailures - c3.tally.notRetried}, not retried ${c3.tally.notRetried}); still failing after retries: ${c3.tally.failedAfterRetries}; answers seen by users: ${left.map(([k, v]) => `${k}: ${v}`).join(', ') || 'all 2xx/4xx'}`);
    report.c3 = { ...c3, uncertainUsers };
    say(`C3: ${c3.s.requests} requests, p99 ${fmt(c3.s.p99)} ms, in flight at the kills ${c3.tally.inFlightFailures}`);

    // ------------------------------------------------------------ reminders
    const expected = REMINDER_USERS * REMINDERS_EACH;
    await sleep(4000);
    const reminderMails = mails.filter((mail) => mail.to.some((to) => to.startsWith('remind-')));
    const perUser = new Map();
    for (const mail of reminderMails) for (const to of mail.to) perUser.set(to, (perUser.get(to) ?? 0) + 1);
    const claims = Number((await sql.query(`SELECT count(*)::int AS n FROM "SentReminder" WHERE "taskId" LIKE 'remind-%'`)).rows[0].n);
    check('reminders', `each reminder mailed once while 3 instances ran the job every 3 s (and through 6 restarts): ${expected} mails`, reminderMails.length === expected && [...perUser.values()].every((n) => n === REMINDERS_EACH) && claims === expected, `${reminderMails.length} mails, per user ${[...new Set(perUser.values())].join('/')}, ${claims} claims`);
    report.reminders = { mails: reminderMails.length, expected, claims };

    writeResults({ report, checks, USERS, LOAD_SECONDS, loadAtStart, instances: cluster.instances.length });
  } catch (error) {
    check('run', 'the run completed', false, error.stack ?? String(error));
  } finally {
    await cleanup();
  }
  const failed = checks.filter((entry) => !entry.ok);
  say(failed.length ? `${failed.length} check(s) FAILED` : `all ${checks.length} checks passed`);
  return failed.length ? 1 : 0;
}

function writeResults({ report, checks, USERS, LOAD_SECONDS, loadAtStart, instances }) {
  const cpu = os.cpus();
  const row = (label, r) => `| ${label} | ${r.s.requests} | ${fmt(r.s.rps, 0)} | ${fmt(r.s.p50)} | ${fmt(r.s.p99)} | ${fmt(r.s.max)} |`;
  const statuses = (s) => Object.entries(s).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}: ${v}`).join(', ');
  const c2fail = Object.entries(report.c2.stats.statuses).filter(([k]) => /^5/.test(k) || k.startsWith('error:')).reduce((n, [, v]) => n + v, 0);
  const text = `# Cluster soak results

\`npm run soak -- --cluster\` (bench/cluster-soak.mjs) on \`npm run cluster\`'s set-up (scripts/cluster.mjs): HAProxy
(round robin, active health checks on /api/health every second, down after 2 failures) → ${instances} production
servers (scripts/start.mjs, each its own process) → PgBouncer 1.18 in transaction pooling mode → PostgreSQL
(embedded), all on 127.0.0.1.

- Date: ${new Date().toISOString()}
- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM; load average ${fmt(loadAtStart)} at the start, ${fmt(os.loadavg()[0])} at the end.
- **Caveat:** the load generator, HAProxy, PgBouncer, PostgreSQL and all ${instances} instances share these ${cpu.length} CPUs,
  and anything else running on the machine (the load averages above say how busy it was). Throughput and latency
  figures are therefore far below what separate machines would give and vary from run to run; the correctness
  checks (counts, limits, mails, failures) do not depend on speed.
- Load: ${USERS} simulated users (half Free, half Plus), closed loop, no think time; C1 ran ${LOAD_SECONDS} s.

## Checks

| phase | check | result | detail |
|---|---|---|---|
${checks.map((entry) => `| ${entry.phase} | ${entry.name} | ${entry.ok ? 'pass' : '**FAIL**'} | ${entry.detail.replace(/\|/g, '/').replace(/\n/g, ' ').slice(0, 300)} |`).join('\n')}

## Figures

| phase | requests | req/s | p50 ms | p99 ms | max ms |
|---|---:|---:|---:|---:|---:|
${row('C1 steady load', report.c1)}
| C1 MCP assistants (alongside) | ${report.mcp.all.requests} | ${fmt(report.mcp.all.requests / LOAD_SECONDS, 0)} | ${fmt(report.mcp.all.p50)} | ${fmt(report.mcp.all.p99)} | ${fmt(report.mcp.all.max)} |
${row('C2 rolling restart, SIGTERM', report.c2)}
${row('C3 rolling restart, SIGKILL', report.c3)}

- C1 answers: ${statuses(report.c1.statuses)}.
- MCP (stateless Streamable HTTP, no session id, no affinity): ${MCP_AGENTS} assistants through HAProxy and 2 sending
  each request to the next instance's own port, in a closed loop during C1, each session an initialize,
  tools/list, create_task, list_tasks and complete_task (6 POSTs, the SDK's own client): ${report.mcp.all.sessions} sessions,
  ${report.mcp.all.requests} requests, failures ${report.mcp.all.failures.length}. Through the balancer, requests per instance
  ${Object.entries(report.mcp.balanced.perInstance).map(([k, v]) => `${k}: ${v}`).join(', ')}; sessions answered by more than one instance
  ${report.mcp.balanced.spread} of ${report.mcp.balanced.sessions}. Direct, per port ${Object.entries(report.mcp.direct.perInstance).map(([k, v]) => `${k}: ${v}`).join(', ')}.
- C2 (SIGTERM, one instance at a time; stop took ${report.c2.restarts.map((r) => `${r.name} ${fmt(r.stopMs / 1000)} s`).join(', ')}): answers ${statuses(report.c2.stats.statuses)}.
  **Failed requests: ${c2fail}.** The simulated users did not retry anything. HAProxy retried
  ${report.c2.counters.retries} request(s) (redispatched ${report.c2.counters.redispatches}); it retries only a connection that could not be
  made, and a GET or HEAD whose connection closed before any answer. Its backend counted ${report.c2.counters.fiveXx} 5xx answers,
  ${report.c2.counters.connectionErrors} connection errors and ${report.c2.counters.responseErrors} response errors during the roll.
- C3 (SIGKILL, one instance at a time): answers seen by the users after their retries ${statuses(report.c3.stats.statuses)}.
  Requests in flight at a kill: ${report.c3.tally.inFlightFailures}; retried by the users ${report.c3.tally.inFlightFailures - report.c3.tally.notRetried}
  (reads, and ${report.c3.tally.retriedWrites.length} task write attempt(s) with the same Idempotency-Key); not retried ${report.c3.tally.notRetried} (writes without a key:
  their outcome was taken from the database); still failing after retries ${report.c3.tally.failedAfterRetries}. HAProxy itself retried
  ${report.c3.counters.retries} request(s) (connections refused by the killed instance before its check failed, and GETs cut off by the kill)
  and counted ${report.c3.counters.fiveXx} 5xx answers; the users saw the other requests in flight at a kill as reset connections.
- Limits across instances: failed sign-ins from one address ${report.c1.perIp[401]} × 401 then ${report.c1.perIp[429]} × 429; for one
  account from 14 addresses ${report.c1.perAccount[401]} × 401 then ${report.c1.perAccount[429]} × 429; 6 concurrent verification resends
  ${report.c1.resends[200]} × 200, ${report.c1.resends[429]} × 429, ${report.c1.resends.mails} mail.
- Reminders: ${report.reminders.mails} mails for ${report.reminders.expected} due tasks (${report.reminders.claims} claims), with every instance running the job every 3 s.
`;
  writeFileSync(path.join(here, 'cluster-results.md'), text);
  say('wrote bench/cluster-results.md');
}

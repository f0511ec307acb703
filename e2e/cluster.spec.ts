// `npm run cluster` (scripts/cluster.mjs) stops and exits on SIGTERM or Ctrl-C even after its
// instances were stopped by hand. It hung after "stopping: balancer, instances, PgBouncer,
// PostgreSQL" on Ctrl-C (the second test failed that way, 60 s without exiting): a terminal
// signals the whole process group, so PostgreSQL had already stopped on its own, and the
// embedded cluster's stop() waited for an exit event that had passed (src/server/db/embedded.ts).
//
// A real cluster of two production instances (the build the suite runs on) behind HAProxy and
// PgBouncer, on ports of its own: E2E_PORT + 20 (balancer), + 21, + 22, + 31 and + 32.
//
// The MCP connector is stateless (no session id, no affinity): one MCP client's initialize,
// tools/list and tool calls are answered by different instances and all succeed, whether each
// request goes to the next instance's own port or through HAProxy's round robin.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { agentSession, seedAgent } from '../bench/soak-mcp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const basePort = Number(process.env.E2E_PORT ?? 3100) + 20;
const dir = path.join(root, '.data', 'e2e-cluster');
/** How long the cluster may take to stop once signalled (instances drain for up to 9 s each). */
const EXIT_BOUND_MS = 60_000;

test.describe.configure({ mode: 'serial' });
test.setTimeout(360_000);

type Cluster = { child: ChildProcess; output: () => string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Every process under `pid` (children, grandchildren, ...), from ps. */
function descendants(pid: number): { pid: number; args: string }[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args=']).toString().trim().split('\n');
  const table = rows.map((row) => {
    const [, child, parent, args] = row.match(/^\s*(\d+)\s+(\d+)\s+(.*)$/) ?? [];
    return { pid: Number(child), ppid: Number(parent), args: args ?? '' };
  });
  const found: { pid: number; args: string }[] = [];
  const walk = (parent: number) => {
    for (const row of table.filter((candidate) => candidate.ppid === parent)) {
      found.push({ pid: row.pid, args: row.args });
      walk(row.pid);
    }
  };
  walk(pid);
  return found;
}

async function startCluster(): Promise<Cluster> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Its own process group, as a terminal gives `npm run cluster`: Ctrl-C signals the whole group.
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'cluster.mjs'), '--instances=2', `--base-port=${basePort}`, `--dir=${dir}`], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = await Promise.race([
    (async () => {
      while (!text.includes('[cluster] ready')) await new Promise((resolve) => setTimeout(resolve, 250));
      return true;
    })(),
    exited.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 240_000)),
  ]);
  if (!ready) {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    throw new Error(`the cluster did not start:\n${text}`);
  }
  return { child, output: () => text, exited };
}

/** Stops one instance by hand, as a person would: SIGTERM to its launcher, then waits for it to be gone. */
async function stopInstanceByHand(clusterPid: number, port: number): Promise<void> {
  const launcher = descendants(clusterPid).find((row) => row.args.includes('scripts/start.mjs') && descendants(row.pid).length > 0 && serves(row.pid, port));
  expect(launcher, `the launcher of the instance on port ${port}`).toBeTruthy();
  process.kill(launcher!.pid, 'SIGTERM');
  await expect.poll(() => alive(launcher!.pid), { timeout: 30_000 }).toBe(false);
  await expect.poll(async () => fetch(`http://127.0.0.1:${port}/api/health`).then(() => 'answers', () => 'gone'), { timeout: 10_000 }).toBe('gone');
}

/** Whether the server under this launcher listens on `port` (the instance's PORT, from its environment). */
function serves(launcherPid: number, port: number): boolean {
  try {
    const environ = execFileSync('cat', [`/proc/${launcherPid}/environ`]).toString().split('\0');
    return environ.includes(`PORT=${port}`);
  } catch {
    return false;
  }
}

async function expectExitWithin(cluster: Cluster, everything: number[]): Promise<void> {
  const started = Date.now();
  const outcome = await Promise.race([cluster.exited, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), EXIT_BOUND_MS))]);
  if (outcome === 'timeout') process.kill(-cluster.child.pid!, 'SIGKILL');
  expect(outcome, `exit within ${EXIT_BOUND_MS / 1000} s; output:\n${cluster.output()}`).not.toBe('timeout');
  expect(cluster.output()).toContain('[cluster] stopped');
  test.info().annotations.push({ type: 'exit', description: `exited ${Date.now() - started} ms after the signal` });
  // Nothing it started is left running: balancer, PgBouncer, PostgreSQL, the other instance.
  await expect.poll(() => everything.filter(alive), { timeout: 10_000 }).toEqual([]);
}

test.afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

test('SIGTERM after both instances were stopped by hand: everything stops and the script exits', async () => {
  const cluster = await startCluster();
  const pid = cluster.child.pid!;
  const everything = descendants(pid).map((row) => row.pid);
  await stopInstanceByHand(pid, basePort + 11);
  await stopInstanceByHand(pid, basePort + 12);
  process.kill(pid, 'SIGTERM');
  await expectExitWithin(cluster, everything);
});

test('Ctrl-C (SIGINT to the whole process group) after one instance was stopped by hand: the script exits', async () => {
  const cluster = await startCluster();
  const pid = cluster.child.pid!;
  const everything = descendants(pid).map((row) => row.pid);
  await stopInstanceByHand(pid, basePort + 11);
  // The terminal's Ctrl-C: every process of the group at once (PostgreSQL stops by itself).
  process.kill(-pid, 'SIGINT');
  await expectExitWithin(cluster, everything);
});

test("an MCP client's requests are answered by different instances with no session affinity, and all succeed", async () => {
  const cluster = await startCluster();
  const pid = cluster.child.pid!;
  // scripts/cluster.mjs's embedded PostgreSQL (user postgres, its local password) on basePort + 2.
  const sql = new pg.Client({ connectionString: `postgresql://postgres:onething-local@127.0.0.1:${basePort + 2}/onething` });
  try {
    await sql.connect();
    const token = await seedAgent(sql, 'e2e-mcp-agent');
    const ports = [String(basePort + 11), String(basePort + 12)];

    // Each request to the next instance's own port: initialize on one, the rest alternating.
    const direct = await agentSession({ origins: ports.map((port) => `http://127.0.0.1:${port}`), token, title: 'Across instances' });
    expect(direct.failures).toEqual([]);
    const initialize = direct.served.find((request: { method: string }) => request.method === 'initialize');
    expect(initialize?.by).toBe(ports[0]);
    const calls = direct.served.filter((request: { method: string }) => request.method === 'tools/list' || request.method === 'tools/call');
    expect(calls).toHaveLength(4);
    expect(new Set(calls.map((request: { by: string }) => request.by))).toEqual(new Set(ports));

    // Through HAProxy's round robin (X-Served-By names the instance), one session after another.
    for (let n = 0; n < 3; n++) {
      const balanced = await agentSession({ origins: [`http://127.0.0.1:${basePort}`], token, title: `Through the balancer ${n}` });
      expect(balanced.failures).toEqual([]);
      expect(new Set(balanced.servedBy)).toEqual(new Set(['app1', 'app2']));
    }

    // Every write happened once, each with its record.
    const { rows } = await sql.query(
      `SELECT (SELECT count(*)::int FROM "Task" WHERE "userId" = 'e2e-mcp-agent' AND "completed") AS completed,
              (SELECT count(*)::int FROM "AgentWrite" WHERE "userId" = 'e2e-mcp-agent') AS records`,
    );
    expect(rows[0]).toEqual({ completed: 4, records: 8 });
  } finally {
    await sql.end().catch(() => {});
    const everything = descendants(pid).map((row) => row.pid);
    process.kill(pid, 'SIGTERM');
    await expectExitWithin(cluster, everything);
  }
});

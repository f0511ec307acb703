// The bench's p99 comparison (bench/load.mjs runInterleavedOpenLoop): the floor and the app take
// strict turns in short windows, so a disturbance from outside both servers falls on both alike.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { http as mswHttp, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server as msw } from '@/test/msw';
import { runInterleavedOpenLoop } from './load.mjs';
import { runOpenLoopOnItsOwnThread } from './open-loop-thread.mjs';

type Server = { url: string; connections: number; answered: number; close: () => Promise<void> };

async function server(): Promise<Server> {
  const state = { connections: 0, answered: 0 };
  const s = http.createServer((_req, res) => {
    state.answered++;
    res.end('{}');
  });
  s.on('connection', () => state.connections++);
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
    get connections() {
      return state.connections;
    },
    get answered() {
      return state.answered;
    },
    close: () =>
      new Promise<void>((resolve) => {
        s.closeAllConnections();
        s.close(() => resolve());
      }),
  };
}

describe('the open loop taking turns between two servers', () => {
  let floor: Server;
  let app: Server;
  beforeAll(async () => {
    floor = await server();
    app = await server();
  });
  // msw fails requests a test did not expect; these two servers are real and local.
  beforeEach(() => msw.use(...[floor, app].map((s) => mswHttp.all(`${s.url}/*`, () => passthrough()))));
  afterAll(async () => {
    await floor.close();
    await app.close();
  });

  it('alternates floor, app, floor, app in short windows, so a pause of the machine lands on both', async () => {
    const timeline: Record<string, Array<[number, number]>> = {};
    const windows = 12;
    const result = await runInterleavedOpenLoop({
      urls: { floor: floor.url, app: app.url },
      request: () => ({ method: 'GET', path: '/' }),
      rate: 200,
      windows,
      windowMs: 50,
      warmupMs: 30,
      timeline,
    });
    expect(result.floor?.errors).toBe(0);
    expect(result.app?.errors).toBe(0);
    // Each window's answers are one run of due times; sorting both servers' due times together
    // and counting the changes of server gives the number of turns.
    const all = Object.entries(timeline)
      .flatMap(([name, answers]) => answers.map(([due]) => ({ due, name })))
      .sort((a, b) => a.due - b.due);
    const turns = all.filter((entry, i) => i > 0 && entry.name !== all[i - 1]?.name).length;
    expect(all[0]?.name).toBe('floor');
    expect(turns).toBe(2 * windows - 1);
    // 10 requests per 50 ms window at 200 req/s, every window recorded (the warm-up is not).
    expect(result.floor?.requests).toBe(windows * 10);
    expect(result.app?.requests).toBe(windows * 10);
  });

  it('keeps each server’s connections warm from one window to the next', async () => {
    const before = { floor: floor.connections, app: app.connections };
    await runInterleavedOpenLoop({
      urls: { floor: floor.url, app: app.url },
      request: () => ({ method: 'GET', path: '/' }),
      rate: 100,
      windows: 20,
      windowMs: 50,
      warmupMs: 30,
    });
    // A window reuses the sockets the previous one left open: a handful in all (as many as were
    // ever in flight at once), not a new one per window (21 with the warm-up).
    expect(floor.connections - before.floor).toBeLessThan(20);
    expect(app.connections - before.app).toBeLessThan(20);
  });

  it('measures a turn again, for both servers, when the load generator itself paused in it', async () => {
    const timeline: Record<string, Array<[number, number]>> = {};
    let stall: [number, number] | undefined;
    const result = await runInterleavedOpenLoop({
      urls: { floor: floor.url, app: app.url },
      request: (i) => {
        // The generator's own pause: 80 ms without its event loop, in the third turn's first window.
        if (i === 50 && !stall) {
          const from = performance.timeOrigin + performance.now();
          while (performance.timeOrigin + performance.now() - from < 80) {
            // busy: neither timers nor answers are handled meanwhile
          }
          stall = [from, performance.timeOrigin + performance.now()];
        }
        return { method: 'GET', path: '/' };
      },
      rate: 200,
      windows: 12,
      windowMs: 50,
      warmupMs: 30,
      // Well above what a busy machine pauses on its own, well below the pause made here.
      generatorPauseMs: 40,
      timeline,
    });
    expect(result.app?.remeasuredTurns).toBeGreaterThanOrEqual(1);
    // The turn is dropped for both servers and measured again: every window still counted, and
    // no recorded answer was due during the pause (whose latency would have been the generator's).
    expect(result.floor?.requests).toBe(12 * 10);
    expect(result.app?.requests).toBe(12 * 10);
    const [from, to] = stall!;
    for (const answers of Object.values(timeline)) expect(answers.filter(([due]) => due >= from - 5 && due <= to).length).toBe(0);
  });
});

describe('the open loop on a thread of its own', () => {
  // Servers in processes of their own, so that only the bench's thread is paused below.
  const children: ChildProcess[] = [];
  const serverProcess = () =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', "require('node:http').createServer((q, s) => s.end('{}')).listen(0, '127.0.0.1', function () { console.log(this.address().port) })"]);
      children.push(child);
      child.stdout.once('data', (port) => resolve(`http://127.0.0.1:${String(port).trim()}`));
      child.once('error', reject);
    });
  afterAll(() => {
    for (const child of children) child.kill();
  });

  it('keeps its clock while the bench’s own thread is paused (a collection of the bench’s large heap)', async () => {
    const [floorUrl, appUrl] = await Promise.all([serverProcess(), serverProcess()]);
    msw.use(...[floorUrl, appUrl].map((url) => mswHttp.all(`${url}/*`, () => passthrough())));
    const loop = runOpenLoopOnItsOwnThread({
      row: 'me',
      data: { cookies: ['a=1'] },
      urls: { floor: floorUrl, app: appUrl },
      rate: 200,
      windows: 30,
      windowMs: 50,
      warmupMs: 30,
      // No turn measured again here: this is about the thread, not about that rule.
      generatorPauseMs: 1000,
      timeline: true,
    });
    // The bench's thread busy for 500 ms, in the middle of the loop.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const from = Date.now();
    while (Date.now() - from < 500) {
      // busy
    }
    const { results, timeline } = await loop;
    expect(results.floor?.requests).toBe(30 * 10);
    expect(results.app?.requests).toBe(30 * 10);
    // Requests went out on time and answers were read on time throughout: none waited for the
    // bench's thread (500 ms). Generous against a busy machine's own hiccups.
    const slowest = Math.max(...Object.values(timeline!).flatMap((answers) => answers.map(([, latency]) => latency)));
    expect(slowest).toBeLessThan(350);
  });
});

// The draining of scripts/draining.mjs with a real node:http server on loopback: while draining
// the health check answers 503 and other requests are still served; once the delay is over new
// connections are refused, the request in flight finishes with its answer, and then it exits.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { http as mswHttp, passthrough } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server as msw } from '@/test/msw';
import { createDrainer } from './draining.mjs';

type Answer = { status: number; body: string; connection?: string };

function get(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
  });
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections?.();
});

async function start(delayMs: number) {
  const exits: number[] = [];
  let exited!: () => void;
  const done = new Promise<void>((resolve) => (exited = resolve));
  const app = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const wait = req.url === '/slow' ? 600 : 0;
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ path: req.url }));
    }, wait);
  };
  const drainer = createDrainer(app, {
    delayMs,
    graceMs: 5_000,
    log: () => {},
    exit: (code: number) => {
      exits.push(code);
      exited();
    },
  });
  const server = http.createServer(drainer.listener);
  servers.push(server);
  drainer.use(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // The test's requests go to this real server (msw refuses unknown outgoing requests).
  msw.use(mswHttp.all(`http://127.0.0.1:${port}/*`, () => passthrough()));
  return { drainer, port, exits, done };
}

describe('draining', () => {
  it('answers 503 on /api/health while draining, still serves meanwhile, finishes the request in flight, then exits', async () => {
    const { drainer, port, exits, done } = await start(400);
    expect((await get(port, '/api/health')).status).toBe(200);
    const inFlight = get(port, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    drainer.drain();
    const health = await get(port, '/api/health');
    expect(health.status).toBe(503);
    expect(JSON.parse(health.body)).toEqual({ status: 'draining' });
    // Still in rotation until the balancer notices: served, but the connection closes after it.
    const during = await get(port, '/api/tasks');
    expect(during.status).toBe(200);
    expect(during.connection).toBe('close');
    // After the delay: no new connections, the request in flight gets its whole answer.
    await new Promise((resolve) => setTimeout(resolve, 450));
    await expect(get(port, '/api/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await inFlight).toMatchObject({ status: 200, body: JSON.stringify({ path: '/slow' }) });
    await done;
    expect(exits).toEqual([0]);
  });

  it('closes at once when told to (SIGINT), still letting the request in flight finish', async () => {
    const { drainer, port, exits, done } = await start(10_000);
    const inFlight = get(port, '/slow');
    await new Promise((resolve) => setTimeout(resolve, 50));
    drainer.drain({ immediate: true });
    expect(await inFlight).toMatchObject({ status: 200 });
    await done;
    expect(exits).toEqual([0]);
  });
});

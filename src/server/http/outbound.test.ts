// The guarded outbound client against real HTTP servers on loopback: loopback, private,
// link-local, CGNAT and `::ffff:` forms refused (as literals, after DNS, and as redirect
// targets) before any byte reaches them; allowlisted origins reached; oversized and slow bodies
// cut off; parallel sends capped.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { http as mswHttp, passthrough } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv, resetEnvCache } from '@/server/env';
import { server as msw } from '@/test/msw';
import { isPublicAddress, mapWithConcurrency, OutboundError, outboundRequest, type Resolver } from './outbound';

type Hit = { url: string; host: string };
const hits: Hit[] = [];
let handler: (request: http.IncomingMessage, response: http.ServerResponse) => void = (_request, response) => response.end('ok');
let server: http.Server;
let origin = '';
let port = 0;
const sockets = new Set<import('node:net').Socket>();

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits.push({ url: request.url ?? '', host: request.headers.host ?? '' });
    handler(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

beforeEach(() => {
  hits.length = 0;
  handler = (_request, response) => response.end('ok');
  msw.use(mswHttp.all('*', () => passthrough()));
  process.env.OUTBOUND_ALLOWLIST = origin;
  resetEnvCache();
});

afterEach(() => {
  for (const socket of sockets) socket.destroy();
});

afterAll(async () => {
  delete process.env.OUTBOUND_ALLOWLIST;
  resetEnvCache();
  await new Promise((resolve) => server.close(resolve));
});

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

/** DNS as a test wants it: every name resolves to the given addresses. */
const resolvesTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('which addresses are public', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::ffff:100.64.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '::127.0.0.1',
  ])('%s is refused', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4009:81f::200e', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('the guarded client', () => {
  it('reaches an allowlisted origin and answers its body', async () => {
    const answer = await outboundRequest(`${origin}/feed.ics`);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('ok');
    expect(hits).toHaveLength(1);
  });

  it('refuses loopback without the allowlist: nothing reaches the server', async () => {
    delete process.env.OUTBOUND_ALLOWLIST;
    resetEnvCache();
    expect((await refusal(outboundRequest(`${origin}/`))).reason).toBe('blocked_address');
    expect((await refusal(outboundRequest(`http://[::ffff:127.0.0.1]:${port}/`))).reason).toBe('blocked_address');
    expect((await refusal(outboundRequest(`http://[::1]:${port}/`))).reason).toBe('blocked_address');
    expect((await refusal(outboundRequest(`http://localhost:${port}/`))).reason).toBe('blocked_address');
    expect(hits).toHaveLength(0);
  });

  it.each(['http://10.1.2.3/', 'http://169.254.169.254/latest/meta-data/', 'http://100.64.0.1/', 'http://192.168.0.1/', 'http://[fd00::1]/', 'http://[::ffff:a9fe:a9fe]/', 'http://0x7f.1/'])(
    'refuses %s as given',
    async (url) => {
      expect((await refusal(outboundRequest(url))).reason).toBe('blocked_address');
    },
  );

  it('refuses a public-looking name that resolves to a private address (checked after DNS)', async () => {
    for (const address of ['127.0.0.1', '10.0.0.7', '169.254.169.254', '100.100.1.1', '::ffff:127.0.0.1', 'fe80::1']) {
      const error = await refusal(outboundRequest(`http://calendar.example.com:${port}/feed.ics`, { resolve: resolvesTo(address) }));
      expect(error.reason, address).toBe('blocked_address');
    }
    // One private address among public ones is enough to refuse.
    expect((await refusal(outboundRequest(`http://calendar.example.com:${port}/`, { resolve: resolvesTo('93.184.216.34', '127.0.0.1') }))).reason).toBe('blocked_address');
    expect(hits).toHaveLength(0);
  });

  it('refuses non-web schemes and URLs with credentials', async () => {
    expect((await refusal(outboundRequest('file:///etc/passwd'))).reason).toBe('bad_url');
    expect((await refusal(outboundRequest('ftp://example.com/x'))).reason).toBe('bad_url');
    expect((await refusal(outboundRequest('https://user:pw@example.com/x'))).reason).toBe('bad_url');
  });

  it('refuses a redirect to a private address, as a literal or by name, without calling it', async () => {
    const targets = [`http://127.0.0.2:${port}/private`, 'http://10.0.0.1/private', 'http://169.254.169.254/latest', `http://[::ffff:7f00:1]:${port}/private`, `http://internal.example.com:${port}/private`];
    for (const target of targets) {
      hits.length = 0;
      handler = (request, response) => {
        if (request.url === '/start') response.writeHead(302, { location: target }).end();
        else response.end('secret');
      };
      const error = await refusal(outboundRequest(`${origin}/start`, { resolve: resolvesTo('10.9.8.7') }));
      expect(error.reason, target).toBe('blocked_address');
      expect(hits.map((hit) => hit.url)).toEqual(['/start']);
    }
  });

  it('follows a redirect within allowed origins, up to a bound', async () => {
    handler = (request, response) => {
      const step = Number(request.url?.slice(1) || 0);
      if (step < 3) response.writeHead(301, { location: `/${step + 1}` }).end();
      else response.end(`arrived at ${step}`);
    };
    expect((await outboundRequest(`${origin}/0`)).body.toString()).toBe('arrived at 3');
    expect((await refusal(outboundRequest(`${origin}/0`, { maxRedirects: 2 }))).reason).toBe('too_many_redirects');
  });

  it('refuses an oversized body, declared or streamed', async () => {
    handler = (request, response) => {
      if (request.url === '/declared') {
        response.writeHead(200, { 'content-length': String(2 * 1024 * 1024) });
        response.end(Buffer.alloc(2 * 1024 * 1024, 'a'));
      } else {
        response.writeHead(200); // chunked: no length to go by
        for (let i = 0; i < 40; i += 1) response.write(Buffer.alloc(64 * 1024, 'b'));
        response.end();
      }
    };
    expect((await refusal(outboundRequest(`${origin}/declared`, { maxBytes: 1024 * 1024 }))).reason).toBe('too_large');
    expect((await refusal(outboundRequest(`${origin}/streamed`, { maxBytes: 1024 * 1024 }))).reason).toBe('too_large');
    expect((await outboundRequest(`${origin}/streamed`, { maxBytes: 4 * 1024 * 1024 })).body.length).toBe(40 * 64 * 1024);
  });

  it('cuts off a body that never ends, and a server that never answers', async () => {
    handler = (request, response) => {
      if (request.url === '/trickle') {
        response.writeHead(200);
        response.write('BEGIN:VCALENDAR\r\n'); // ... and never more
      }
      // '/silent': headers never come
    };
    const started = Date.now();
    expect((await refusal(outboundRequest(`${origin}/trickle`, { timeoutMs: 400 }))).reason).toBe('timeout');
    expect((await refusal(outboundRequest(`${origin}/silent`, { timeoutMs: 400 }))).reason).toBe('timeout');
    // Bounded by the deadline, not by the peer (generous: the machine is shared).
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('parallel sends', () => {
  it('run at most `limit` at a time and settle each, one failure not stopping the rest', async () => {
    let running = 0;
    let peak = 0;
    const results = await mapWithConcurrency([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (n === 4) throw new Error('four');
      return n * 10;
    });
    expect(peak).toBe(3);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : 'failed'))).toEqual([10, 20, 30, 'failed', 50, 60, 70]);
  });
});

describe('OUTBOUND_ALLOWLIST', () => {
  it('takes comma-separated exact origins', () => {
    expect(parseEnv({ OUTBOUND_ALLOWLIST: 'http://127.0.0.1:4010, https://cal.intranet.example' }).OUTBOUND_ALLOWLIST).toEqual(['http://127.0.0.1:4010', 'https://cal.intranet.example']);
    expect(parseEnv({}).OUTBOUND_ALLOWLIST).toBeUndefined();
  });

  it('refuses paths and non-web schemes with one line naming the variable', () => {
    expect(() => parseEnv({ OUTBOUND_ALLOWLIST: 'http://127.0.0.1:4010/feeds' })).toThrow(/^Invalid environment variable OUTBOUND_ALLOWLIST: must be comma-separated origins/);
    expect(() => parseEnv({ OUTBOUND_ALLOWLIST: 'ftp://files.example' })).toThrow(/OUTBOUND_ALLOWLIST/);
    expect(() => parseEnv({ OUTBOUND_ALLOWLIST: 'not a url' })).toThrow(/OUTBOUND_ALLOWLIST/);
  });

  it('exempts only the exact origin: another port on the same host stays refused', async () => {
    process.env.OUTBOUND_ALLOWLIST = `http://127.0.0.1:${port + 1}`;
    resetEnvCache();
    expect((await refusal(outboundRequest(`${origin}/`))).reason).toBe('blocked_address');
    expect(hits).toHaveLength(0);
  });
});

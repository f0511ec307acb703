// The app's front (src/server/inbound/front.ts): REST and tRPC calls answered by the official
// Fastify adapters with the app's headers and error bodies, everything else handed to Next (here
// a stand-in that says so), over a real loopback HTTP server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { http as mswHttp, passthrough } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '@/server/api/rest';
import { encodeSessionToken, sessionCookieName } from '@/server/auth/cookie';
import { createFront, nextApiPaths } from '@/server/inbound/front';
import { currentRequestId } from '@/server/request-context';
import { createTaskRow, createUser } from '@/test/factories';
import { server as msw } from '@/test/msw';

// The app's routes as the production build lists them (.next/server/app-paths-manifest.json).
const APP_ROUTES = [
  '/_not-found/page',
  '/(app)/dashboard/page',
  '/(public)/page',
  '/api/auth/[...nextauth]/route',
  '/api/calendar/[userId]/[file]/route',
  '/api/openapi.json/route',
  '/api/stripe/webhook/route',
  '/(group)/api/mcp/route',
  '/api/files/[[...path]]/route',
  '/docs/page',
];
const SECURITY = { 'X-Frame-Options': 'DENY', 'X-Content-Type-Options': 'nosniff' };

let server: http.Server;
let base: string;

beforeAll(async () => {
  const front = await createFront({
    appRoutes: APP_ROUTES,
    headers: SECURITY,
    next: async (req, res) => {
      // As a server component would: reads the request id after some async work.
      await new Promise((resolve) => setTimeout(resolve, 1));
      res.writeHead(200, {
        'content-type': 'text/plain',
        'x-served-by': 'next',
        'x-seen-request-id': String(req.headers['x-request-id']),
        'x-scope-request-id': String(currentRequestId()),
      });
      res.end(`next ${req.method} ${req.url}`);
    },
  });
  server = http.createServer(front.routing);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  msw.use(mswHttp.all(`${base}/*`, () => passthrough()));
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string; json: () => unknown };

/** A plain node:http request (no fetch decoding, so compression and headers are seen as sent). */
function call(method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const all = Buffer.concat(chunks);
        const text = all.toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: all, text, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

async function signedIn(): Promise<{ cookie: string; userId: string }> {
  const user = await createUser();
  const token = await encodeSessionToken({ sub: user.id, sv: user.sessionVersion });
  return { cookie: `${sessionCookieName()}=${token}`, userId: user.id };
}

describe("the API paths Next answers from route files of its own", () => {
  it("takes them from Next's list of routes, in Fastify's syntax, without next-auth's catch-all", () => {
    expect(nextApiPaths(APP_ROUTES)).toEqual(['/api/calendar/:userId/:file', '/api/openapi.json', '/api/stripe/webhook', '/api/mcp', '/api/files/*']);
  });
});

describe('the front over HTTP', () => {
  it('answers a REST call itself, with the security headers, no-store and a request id', async () => {
    const answer = await call('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.headers['x-served-by']).toBeUndefined();
    expect(answer.json()).toMatchObject({ status: 'ok', database: 'ok' });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.byteLength);
  });

  it('keeps a plain inbound X-Request-Id and replaces a malformed one', async () => {
    expect((await call('GET', '/api/health', { 'x-request-id': 'proxy-1234abcd' })).headers['x-request-id']).toBe('proxy-1234abcd');
    expect((await call('GET', '/api/health', { 'x-request-id': 'bad id <script>' })).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('hands pages, Next assets and next-auth routes to Next', async () => {
    for (const path of ['/', '/dashboard?x=1', '/_next/static/app.js', '/api/auth/session', '/api/auth/csrf', '/api/openapi.json', '/api/calendar/u/t.ics']) {
      const answer = await call('GET', path);
      expect(answer.headers['x-served-by'], path).toBe('next');
      expect(answer.text).toBe(`next GET ${path}`);
    }
    const webhook = await call('POST', '/api/stripe/webhook', { 'content-type': 'application/json' }, '{"id":"evt"}');
    expect(webhook.headers['x-served-by']).toBe('next');
  });

  it('gives what Next serves a request id too: in the X-Request-Id Next sees and as the scope of its log lines', async () => {
    const page = await call('GET', '/dashboard');
    expect(page.headers['x-seen-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(page.headers['x-scope-request-id']).toBe(page.headers['x-seen-request-id']);
    const other = await call('GET', '/dashboard');
    expect(other.headers['x-seen-request-id']).not.toBe(page.headers['x-seen-request-id']);
    const kept = await call('GET', '/', { 'x-request-id': 'proxy-5678efgh' });
    expect(kept.headers['x-seen-request-id']).toBe('proxy-5678efgh');
    expect(kept.headers['x-scope-request-id']).toBe('proxy-5678efgh');
  });

  it('answers an unknown /api path with the JSON 404', async () => {
    const answer = await call('GET', '/api/no-such-call');
    expect(answer.status).toBe(404);
    expect(answer.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    expect(answer.headers['x-frame-options']).toBe('DENY');
  });

  it('refuses malformed JSON with 400 and an oversized body with 413, as JSON', async () => {
    const bad = await call('POST', '/api/auth/signin', { 'content-type': 'application/json' }, '{"email":');
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({ message: 'The request body is not valid JSON', code: 'BAD_REQUEST' });

    const big = JSON.stringify({ title: 'x'.repeat(MAX_BODY_BYTES) });
    const declared = await call('POST', '/api/tasks', { 'content-type': 'application/json' }, big);
    expect(declared.status).toBe(413);
    expect(declared.json()).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });

    const chunked = await call('POST', '/api/tasks', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, big);
    expect(chunked.status).toBe(413);
    expect(chunked.json()).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('serves a signed-in call with the cookie, and an empty POST body counts as {}', async () => {
    const { cookie } = await signedIn();
    const created = await call('POST', '/api/tasks', { cookie, 'content-type': 'application/json' }, JSON.stringify({ title: 'Through the door' }));
    expect(created.status).toBe(200);
    const list = await call('GET', '/api/tasks', { cookie });
    expect(list.status).toBe(200);
    expect((list.json() as { title: string }[]).map((task) => task.title)).toEqual(['Through the door']);
    // sign-out takes no payload: no body and no content-type is fine
    const out = await call('POST', '/api/auth/signout', { cookie });
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`^${sessionCookieName().replace(/[.]/g, '\\.')}=;.*Max-Age=0`));
    expect((await call('GET', '/api/tasks', { cookie })).status).toBe(401);
  });

  it("accepts next-auth's form-posted sign-out like the Next route does", async () => {
    const { cookie } = await signedIn();
    const out = await call('POST', '/api/auth/signout', { cookie, 'content-type': 'application/x-www-form-urlencoded' }, 'csrfToken=abc&callbackUrl=%2F');
    expect(out.status).toBe(200);
    expect((await call('GET', '/api/tasks', { cookie })).status).toBe(401);
  });

  it('sends the Set-Cookie of a procedure (sign-up), and the cookie works on the next call', async () => {
    const email = `door-${Date.now()}@example.com`;
    const answer = await call('POST', '/api/auth/signup', { 'content-type': 'application/json' }, JSON.stringify({ name: 'Door', email, password: 'a long enough password' }));
    expect(answer.status).toBe(200);
    const setCookie = answer.headers['set-cookie'] ?? [];
    // The session cookie and the known-device cookie (src/server/auth/known-device.ts).
    expect(setCookie).toHaveLength(2);
    const session = setCookie.find((line) => line.startsWith('next-auth.session-token='))!;
    expect(session).toMatch(/; HttpOnly; SameSite=Lax;/);
    expect(setCookie.find((line) => line.startsWith('onething-known-device='))).toMatch(/; Path=\/api; HttpOnly; SameSite=Lax;/);
    const me = await call('GET', '/api/auth/me', { cookie: session.split(';')[0]! });
    expect(me.status).toBe(200);
    expect(me.json()).toMatchObject({ email });
  });

  it('refuses a cross-site write riding on the cookie', async () => {
    const { cookie } = await signedIn();
    const answer = await call('POST', '/api/tasks', { cookie, origin: 'https://evil.example', 'content-type': 'application/json' }, JSON.stringify({ title: 'x' }));
    expect(answer.status).toBe(403);
    expect(answer.json()).toEqual({ message: 'Cross-site request refused', code: 'FORBIDDEN' });
  });

  // trpc-to-openapi 3.3.0's Fastify adapter sent from an async handler that returned undefined;
  // with @fastify/compress, answers from about 10 kB on then arrived as 200, gzip and an EMPTY
  // body (the REST door's own route returns the reply: src/server/api/rest.ts). This list is ~30 kB.
  it('compresses large answers for clients that accept gzip, as Next does, body and all', async () => {
    const { cookie, userId } = await signedIn();
    for (let i = 0; i < 60; i += 1) await createTaskRow(userId, { title: `Task number ${i}: ${'a long and varied title '.repeat(8)}`, description: `notes ${i} `.repeat(20) });
    const plain = await call('GET', '/api/tasks', { cookie });
    const zipped = await call('GET', '/api/tasks', { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/^accept-encoding$/i);
    expect(zipped.body.byteLength).toBeGreaterThan(0);
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toEqual(plain.json());
  });

  it('builds no fetch Request for a REST call, and aborts no call it answered', async () => {
    // A fetch Request made with a signal lives on through V8's young-generation collections
    // (undici registers it with a FinalizationRegistry): one per call made every scavenge copy
    // megabytes, the tail of GET /api/auth/me (src/server/compat/trpc-to-openapi.ts).
    const { cookie } = await signedIn();
    const built: string[] = [];
    const aborted: string[] = [];
    const OriginalRequest = globalThis.Request;
    globalThis.Request = class extends OriginalRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(input, init);
        built.push(new Error().stack ?? '');
      }
    };
    const originalAbort = AbortController.prototype.abort;
    AbortController.prototype.abort = function (this: AbortController, reason?: unknown) {
      aborted.push(new Error().stack ?? '');
      return originalAbort.call(this, reason);
    };
    try {
      for (let i = 0; i < 5; i += 1) expect((await call('GET', '/api/tasks', { cookie })).status).toBe(200);
      expect((await call('GET', '/api/auth/me', { cookie })).json()).toMatchObject({ email: expect.any(String), emailVerified: true });
      const created = await call('POST', '/api/tasks', { cookie, 'content-type': 'application/json', origin: base }, JSON.stringify({ title: 'Answered' }));
      expect(created.status).toBe(200);
      expect(created.json()).toMatchObject({ title: 'Answered' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(built.filter((stack) => stack.includes('trpc'))).toEqual([]);
      expect(aborted.filter((stack) => stack.includes('trpc'))).toEqual([]);
    } finally {
      globalThis.Request = OriginalRequest;
      AbortController.prototype.abort = originalAbort;
    }
  });

  it('serves the tRPC door too', async () => {
    const answer = await call('GET', '/api/trpc/health.check');
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ result: { data: { status: 'ok' } } });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="api.json"');
  });

  it('bounds a tRPC batch body like a REST body: over 1 MB is a 413 JSON, before the router runs', async () => {
    const { cookie } = await signedIn();
    const before = await call('GET', '/api/tasks', { cookie });
    const batch = JSON.stringify({ 0: { title: 'x'.repeat(MAX_BODY_BYTES) } });
    const answer = await call('POST', '/api/trpc/task.create?batch=1', { cookie, 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, batch);
    expect(answer.status).toBe(413);
    expect(answer.json()).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    expect(answer.headers['x-request-id']).toBeTruthy();
    expect((await call('GET', '/api/tasks', { cookie })).json()).toEqual(before.json());
  });

  it('answers HEAD without a body (the adapter answers 204, as behind Next)', async () => {
    const answer = await call('HEAD', '/api/health');
    expect(answer.status).toBe(204);
    expect(answer.body.byteLength).toBe(0);
  });
});

// (Methods node's HTTP parser does not know, such as TRACK, are a 400 from node itself.)
describe('methods the app does not answer', () => {
  it.each(['TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'REPORT'])('answers %s with 405 and Allow: JSON under /api, text on pages, never Next', async (method) => {
    for (const path of ['/api/tasks', '/api/health', '/api/auth/session', '/api/trpc/auth.me', '/api/stripe/webhook', '/api']) {
      const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const request = http.request(`${base}${path}`, { method }, (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
        });
        request.on('error', reject);
        request.end();
      });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.body)).toEqual({ message: `The ${method} method is not allowed here`, code: 'METHOD_NOT_SUPPORTED' });
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-served-by']).toBeUndefined();
    }
    const page = await new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const request = http.request(`${base}/dashboard`, { method }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      });
      request.on('error', reject);
      request.end();
    });
    expect(page.status).toBe(405);
    expect(page.headers.allow).toBe('GET, HEAD');
    expect(page.headers['x-served-by']).toBeUndefined();
  });
});

describe('a malformed router-state header', () => {
  it('is a 400 before Next renders anything; a well-formed one goes to Next', async () => {
    const bad = await fetch(`${base}/dashboard?_rsc=abc`, { headers: { rsc: '1', 'next-router-state-tree': '%7Bbad' } });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-served-by')).toBeNull();
    expect(bad.headers.get('x-frame-options')).toBe('DENY');
    const good = await fetch(`${base}/dashboard?_rsc=abc`, {
      headers: { rsc: '1', 'next-router-state-tree': encodeURIComponent(JSON.stringify(['', { children: ['dashboard', {}] }])) },
    });
    expect(good.status).toBe(200);
    expect(good.headers.get('x-served-by')).toBe('next');
  });
});

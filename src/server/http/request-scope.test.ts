// Every /api route Next serves answers with an X-Request-Id, and the log lines written while it
// ran carry the same id, so an operator can find a user's failed request from the header alone.
// An inbound id from a proxy is kept when well-formed and replaced otherwise.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serveApi } from '@/test/front';
import * as authRoute from '@/app/api/auth/[...nextauth]/route';
import * as calendarRoute from '@/app/api/calendar/[userId]/[file]/route';
import * as openapiRoute from '@/app/api/openapi.json/route';
import * as webhookRoute from '@/app/api/stripe/webhook/route';
import { log } from '@/server/log';
import { captureLogs } from '@/test/log-capture';
import { uniqueEmail } from '@/test/factories';
import { withRequestScope } from './request-scope';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let capture: ReturnType<typeof captureLogs>;
let dataDir: string;
let ip = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'onething-scope-'));
  process.env.ONETHING_DATA_DIR = dataDir;
});
afterAll(async () => {
  delete process.env.ONETHING_DATA_DIR;
  await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => capture?.stop());

function signupRequest(headers: Record<string, string> = {}): Request {
  ip += 1;
  return new Request('http://localhost:3000/api/auth/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${ip}`, ...headers },
    body: JSON.stringify({ name: 'Ada', email: uniqueEmail(), password: 'correct horse battery' }),
  });
}

describe('request ids', () => {
  it('a log line written during a REST call carries the id of the X-Request-Id header', async () => {
    capture = captureLogs();
    const response = await serveApi(signupRequest());
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    const mailLine = capture.lines().find((line) => line.message.startsWith('mail written to the outbox'));
    expect(mailLine?.requestId).toBe(id);
  });

  it("next-auth's route does the same, and two requests get two ids", async () => {
    // A GET on the credentials callback, which next-auth's guard refuses (a POST is the only way in).
    const callback = () => authRoute.GET(new Request('http://localhost:3000/api/auth/callback/credentials') as NextRequest, { params: Promise.resolve({ nextauth: ['callback', 'credentials'] }) });
    const [first, second] = [await callback(), await callback()];
    expect(first.status).toBe(405);
    const ids = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('keeps a well-formed inbound id and replaces a malformed one', async () => {
    capture = captureLogs();
    const kept = await serveApi(signupRequest({ 'x-request-id': 'edge-proxy-0123456789abcdef' }));
    expect(kept.headers.get('x-request-id')).toBe('edge-proxy-0123456789abcdef');
    expect(capture.lines().find((line) => line.message.startsWith('mail written'))?.requestId).toBe('edge-proxy-0123456789abcdef');
    for (const bad of ['short', 'has spaces in it ok', 'x'.repeat(65), '<script>alert(1)</script>', 'a/b/c/d/e/f/g/h']) {
      const replaced = await serveApi(new Request('http://localhost:3000/api/health', { headers: { 'x-request-id': bad } }));
      expect(replaced.status).toBe(200);
      expect(replaced.headers.get('x-request-id')).toMatch(UUID);
    }
  });

  it('every /api route handler answers with an id, errors included', async () => {
    const trpc = await serveApi(new Request('http://localhost:3000/api/trpc/health.check?batch=1&input=%7B%7D'));
    expect(trpc.status).toBe(200);
    expect(trpc.headers.get('x-request-id')).toMatch(UUID);

    const feed = await calendarRoute.GET(new Request('http://localhost:3000/api/calendar/nobody/nothing.ics'), {
      params: Promise.resolve({ userId: 'nobody', file: 'nothing.ics' }),
    });
    expect(feed.status).toBe(404);
    expect(feed.headers.get('x-request-id')).toMatch(UUID);

    const openapi = await openapiRoute.GET(new Request('http://localhost:3000/api/openapi.json'));
    expect(openapi.status).toBe(200);
    expect(openapi.headers.get('x-request-id')).toMatch(UUID);

    const webhook = await webhookRoute.POST(new Request('http://localhost:3000/api/stripe/webhook', { method: 'POST', body: '{}' }));
    expect(webhook.status).toBe(503); // billing is not configured in tests
    expect(webhook.headers.get('x-request-id')).toMatch(UUID);

  });

  it('an exception that escapes a handler is a logged JSON 500 with the same id, not an HTML page', async () => {
    capture = captureLogs();
    const handler = withRequestScope(async () => {
      log.info('about to fail');
      throw new Error('database exploded');
    }, 'test');
    const response = await handler(new Request('http://localhost:3000/api/anything'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_SERVER_ERROR' });
    const id = response.headers.get('x-request-id');
    const lines = capture.lines().filter((line) => line.requestId === id);
    expect(lines.map((line) => line.message)).toEqual(['about to fail', 'request failed']);
    expect(lines[1]).toMatchObject({ level: 'error', route: 'test', error: { message: 'database exploded' } });
  });

  it('a redirect (immutable headers) still gets its id', async () => {
    const handler = withRequestScope(() => Response.redirect('http://localhost:3000/signin', 302), 'test');
    const response = await handler(new Request('http://localhost:3000/api/x'));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://localhost:3000/signin');
    expect(response.headers.get('x-request-id')).toMatch(UUID);
  });
});

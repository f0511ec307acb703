// Browser errors reach the error-reporting service, without the Sentry SDK in
// any page's first load and without widening the CSP: an uncaught error and an unhandled
// rejection make the page ask /api/monitoring for the run-time DSN, load the SDK, and post the
// report to the same-origin tunnel, which forwards it to the DSN's host (a loopback stub here).
// And on the production server (the built app, started by the real launcher): a server error on
// either API door (REST and tRPC) is reported with its request id, and a page's server
// components log with the same request id as the API does (one request-id context per process).
// Runs only under e2e/error-reporting.config.ts (a server with SENTRY_DSN, logging at debug
// level into E2E_SERVER_LOG).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { signUpVerified } from './accounts';

test.skip(!process.env.E2E_ERROR_REPORTING, 'runs under e2e/error-reporting.config.ts (a server with SENTRY_DSN)');

const envelopes: { path: string; body: string }[] = [];
let ingest: Server;

test.beforeAll(async () => {
  ingest = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      envelopes.push({ path: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => ingest.listen(Number(process.env.E2E_INGEST_PORT), '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => ingest.close(() => resolve()));
});

test('an uncaught error is reported through the same-origin tunnel, the SDK loaded only then', async ({ page, baseURL }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html[data-error-reporter="on"]')).toBeAttached();
  expect(requests.filter((line) => line.includes('/api/monitoring'))).toEqual([]);
  const scriptsBefore = requests.filter((line) => line.includes('/_next/static/chunks/')).length;

  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e uncaught boom');
    });
  });
  await expect.poll(() => envelopes.filter((envelope) => envelope.body.includes('e2e uncaught boom')).length, { timeout: 15_000 }).toBe(1);

  expect(requests).toContain(`GET ${baseURL}/api/monitoring`);
  expect(requests).toContain(`POST ${baseURL}/api/monitoring`);
  expect(requests.filter((line) => line.includes('/_next/static/chunks/')).length).toBeGreaterThan(scriptsBefore);
  // Every request the page made stayed on our origin (the CSP would refuse anything else).
  expect(requests.every((line) => line.split(' ')[1]!.startsWith(baseURL!))).toBe(true);
  const report = envelopes.find((envelope) => envelope.body.includes('e2e uncaught boom'))!;
  expect(report.path).toBe('/api/4242/envelope/');
  expect(report.body).toContain('"environment":"e2e"');
});

test('an unhandled promise rejection is reported too', async ({ page }) => {
  await page.goto('/signin');
  await expect(page.locator('html[data-error-reporter="on"]')).toBeAttached();
  await page.evaluate(() => {
    void Promise.reject(new Error('e2e rejected promise'));
  });
  await expect.poll(() => envelopes.some((envelope) => envelope.body.includes('e2e rejected promise')), { timeout: 15_000 }).toBe(true);
});

type LogLine = { level?: string; message?: string; requestId?: string; reason?: string; path?: string };

/** The server's structured (JSON) log lines so far. */
function serverLog(): LogLine[] {
  return readFileSync(process.env.E2E_SERVER_LOG!, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

test('a page and an API call of the same request id log that id, from one request context', async ({ request }) => {
  const requestId = `e2e-same-${Date.now()}`;
  // A session cookie the server refuses: the dashboard's layout (a server component) and the
  // API's context both read it and log why they refused it.
  const headers = { 'x-request-id': requestId, cookie: 'next-auth.session-token=not-a-session' };
  const refusals = () => serverLog().filter((line) => line.message === 'session cookie refused' && line.reason === 'unreadable');
  const withId = () => refusals().filter((line) => line.requestId === requestId).length;
  const page = await request.get('/dashboard', { headers, maxRedirects: 0 });
  expect(page.headers()['x-request-id']).toBe(requestId);
  expect(page.headers()['location']).toContain('/signin');
  // The layout and the page's first-data reads each refuse the cookie, all under the page's id.
  await expect.poll(withId).toBeGreaterThanOrEqual(1);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const byPage = withId();
  const api = await request.get('/api/auth/me', { headers });
  expect(api.status()).toBe(401);
  expect(api.headers()['x-request-id']).toBe(requestId);
  // The API call's refusal carries the same id.
  await expect.poll(withId).toBe(byPage + 1);
  // Every refusal was logged inside a request's context.
  expect(refusals().filter((line) => !line.requestId)).toEqual([]);
});

test('a server error on either door, REST and tRPC, reaches the error reporter with its request id', async ({ request }) => {
  await signUpVerified(request);
  // The embedded PostgreSQL of this server (its port is in its pid file; the launcher's
  // credentials): the task table is taken away for a moment, so reading tasks fails inside.
  const pidFile = path.join(process.env.E2E_DATA_DIR!, 'postgres', 'postmaster.pid');
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  const db = new pg.Client({ connectionString: `postgresql://postgres:onething-local@127.0.0.1:${port}/onething` });
  await db.connect();
  const rest = `e2e-rest-${Date.now()}`;
  const trpc = `e2e-trpc-${Date.now()}`;
  try {
    await db.query('ALTER TABLE "Task" RENAME TO "Task_e2e_away"');
    const viaRest = await request.get('/api/tasks', { headers: { 'x-request-id': rest } });
    expect(viaRest.status()).toBe(500);
    expect(await viaRest.json()).toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
    const viaTrpc = await request.get(`/api/trpc/task.list?input=${encodeURIComponent('{}')}`, { headers: { 'x-request-id': trpc } });
    expect(viaTrpc.status()).toBe(500);
    expect(viaTrpc.headers()['x-request-id']).toBe(trpc);
  } finally {
    await db.query('ALTER TABLE IF EXISTS "Task_e2e_away" RENAME TO "Task"');
    await db.end();
  }
  // Each reached the ingest as a server event tagged with its own request id...
  for (const requestId of [rest, trpc]) {
    await expect
      .poll(() => envelopes.filter((envelope) => envelope.body.includes(`"requestId":"${requestId}"`)).length, { timeout: 15_000 })
      .toBe(1);
  }
  // ...and the log has the failure under that id.
  for (const requestId of [rest, trpc]) {
    expect(serverLog().some((line) => line.level === 'error' && line.requestId === requestId)).toBe(true);
  }
  // The table is back: the API answers again.
  expect((await request.get('/api/tasks')).status()).toBe(200);
});

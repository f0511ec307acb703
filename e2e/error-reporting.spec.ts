// Browser errors reach the error-reporting service as the spec says, without the Sentry SDK in
// any page's first load and without widening the CSP: an uncaught error and an unhandled
// rejection make the page ask /api/monitoring for the run-time DSN, load the SDK, and post the
// report to the same-origin tunnel, which forwards it to the DSN's host (a loopback stub here).
// Runs only under e2e/error-reporting.config.ts (a server with SENTRY_DSN).
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';

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

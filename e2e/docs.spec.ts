// /docs: the API reference (Redoc, served from node_modules) draws every operation with its
// failures and nested schemas, offline and under the pages' CSP, and only /docs loads it.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot } from './helpers';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', () => {
      const w = window as unknown as { __violations?: number };
      w.__violations = (w.__violations ?? 0) + 1;
    });
  });
});

test("the reference shows an operation's error answers and the error body's nested schema, offline, without a CSP violation", async ({ page }) => {
  const external: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['localhost', '127.0.0.1'].includes(url.hostname) && url.protocol.startsWith('http')) external.push(request.url());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: /Onething API/ }).first()).toBeVisible();

  const signin = page.locator('[id="operation/auth-signin"]');
  await signin.scrollIntoViewIfNeeded();
  await expect(signin.getByRole('heading', { name: / Sign in$/ })).toBeVisible();
  // Each status is a button; 400 and 429 are opened by default.
  for (const status of ['200', '400', '401', '403', '413', '429', '500', '503']) {
    await expect(signin.getByRole('button', { name: new RegExp(`^${status} `) }), status).toBeVisible();
  }
  await expect(signin.getByText(/Too many failed sign-ins/).first()).toBeVisible();
  await expect(signin.getByText('Retry-After', { exact: true }).first()).toBeVisible();
  // The error body's nested schema: issues[] with path and message.
  await expect(signin.getByText('issues', { exact: true }).first()).toBeVisible();
  await screenshot(page, 'docs-signin', { fullPage: false });

  await page.waitForLoadState('networkidle');
  expect(external).toEqual([]);
  expect(problems).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __violations?: number }).__violations ?? 0)).toBe(0);
});

test('only /docs loads the reference bundle', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/docs/redoc.js')) loaded.push(new URL(page.url()).pathname);
  });
  for (const path of ['/', '/signin', '/privacy']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(loaded).toEqual([]);
  const bundle = await page.request.get('/docs/redoc.js');
  expect(bundle.status()).toBe(200);
  expect(bundle.headers()['content-type']).toContain('javascript');
});

test('the reference passes axe', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: /Onething API/ }).first()).toBeVisible();
  await expect(page.locator('[id="operation/auth-signin"]')).toBeAttached();
  await expectNoSeriousA11yViolations(page);
});

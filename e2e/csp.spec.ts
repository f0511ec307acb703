// The pages' Content-Security-Policy allows no inline script but the request's own (a fresh nonce
// per request, no 'unsafe-inline'): every page works under it without a single violation, and a
// script an attacker managed to put into the HTML does not run.
import { expect, test, type Page } from '@playwright/test';
import { createTaskViaApi, jsonBody, signUpVerified } from './accounts';
import { dismissCookieNotice } from './helpers';

/** Collects CSP violations and console errors of the page from now on. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

async function violationsIn(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __violations?: number }).__violations ?? 0);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', () => {
      const w = window as unknown as { __violations?: number };
      w.__violations = (w.__violations ?? 0) + 1;
    });
  });
});

test('each page gets its own nonce, and no unsafe-inline script source', async ({ request }) => {
  const policies: string[] = [];
  for (const path of ['/', '/signin', '/privacy', '/session']) {
    const response = await request.get(path, { maxRedirects: 0 });
    const policy = response.headers()['content-security-policy'] ?? '';
    const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc, path).toMatch(/'nonce-[A-Za-z0-9+/=]{16,}'/);
    expect(scriptSrc, path).not.toContain('unsafe-inline');
    expect(scriptSrc, path).not.toContain('unsafe-eval');
    expect(policy, path).toContain("frame-ancestors 'none'");
    policies.push(scriptSrc);
  }
  expect(new Set(policies).size).toBe(policies.length);
  const again = await request.get('/');
  expect(again.headers()['content-security-policy']).not.toBe(policies[0]);
});

test('the public pages, the app and the focus session work without a CSP violation', async ({ page }) => {
  const problems = watch(page);
  await dismissCookieNotice(page);
  // Counted per page: each navigation starts a new document (and a new count).
  const violations: Record<string, number> = {};
  for (const path of ['/', '/signin', '/signup', '/privacy', '/docs']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    violations[path] = await violationsIn(page);
  }
  await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Write the report' });
  for (const path of ['/dashboard', '/calendar', '/sessions', '/account', '/breakdown']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    violations[path] = await violationsIn(page);
  }
  // Interactive: the dashboard's create-task form validates with the shared schemas in the browser.
  await page.goto('/dashboard');
  await expect(page.getByText('Write the report').first()).toBeVisible();
  const session = await page.request.post('/api/sessions', jsonBody({ displayMode: 'pomodoro' }));
  expect(session.status()).toBe(200);
  await page.goto('/session');
  await expect(page.getByText('Write the report').first()).toBeVisible();
  // The screen keeps polling (never network-idle): give its after-load code time to arrive and run.
  await page.waitForLoadState('load');
  await page.waitForTimeout(2_000);
  violations['/session'] = await violationsIn(page);
  expect(problems).toEqual([]);
  // A probe caught by the page (zod's `new Function` check) is no console error, but it is a violation.
  expect(Object.entries(violations).filter(([, count]) => count > 0)).toEqual([]);
});

test('a script injected into the HTML does not run, nor does an inline event handler', async ({ page }) => {
  await page.route('**/privacy', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '</body>',
      '<script>window.__injected = true</script><img src="/no-such-image" onerror="window.__handler = true"></body>',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto('/privacy');
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(await page.evaluate(() => (window as unknown as { __handler?: boolean }).__handler)).toBeUndefined();
  expect(await violationsIn(page)).toBeGreaterThanOrEqual(2);
  // The page's own scripts (with the nonce) did run: Next's client booted.
  await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { next?: unknown }).next))).toBe(true);
});

// The foundation as a person meets it: the app answers, unknown pages get a helpful 404,
// the API reference renders offline, and no page loads anything from the internet.
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';

test('an unknown page shows the 404 with Go Home and Go Back', async ({ page }) => {
  await page.goto('/');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goto('/still-nothing-here');
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
});

test('the API reference lists the health check and loads nothing from the internet', async ({ page }) => {
  const external: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['localhost', '127.0.0.1'].includes(url.hostname) && url.protocol.startsWith('http')) external.push(request.url());
  });
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: /Onething API/ }).first()).toBeVisible();
  await expect(page.locator('[id="operation/health-check"]').getByRole('heading', { name: 'Health check' })).toBeVisible();
  expect(external).toEqual([]);
});

test('the health check answers over REST and the security headers are set', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['content-security-policy']).toContain("default-src 'none'");
});

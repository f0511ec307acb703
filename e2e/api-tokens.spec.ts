// The Account page's API tokens in real Chromium against the production build: a token is made
// with what it can do (Read only / Read and write) and when it expires (30 days, 90 by default,
// 1 year, never); the list says that in words with its last use; the API holds the token to
// it (403 scope_required outside its scopes, browser-only calls refused). Keyboard only where a
// person would use it; axe and screenshots at 360 px in light and dark.
import { expect, test, type Page } from '@playwright/test';
import { jsonBody, signUpVerified } from './accounts';
import { expectNoSeriousA11yViolations, screenshot, useStoredTheme } from './helpers';

async function openTokens(page: Page) {
  await page.goto('/account#api-tokens');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const section = page.locator('#api-tokens');
  await expect(section.getByRole('heading', { name: 'API tokens' })).toBeVisible();
  return section;
}

/** "27 Feb 2027" for a day `days` from now, as the list writes it (in the browser's locale and zone). */
async function dayFromNow(page: Page, days: number): Promise<string> {
  return page.evaluate((offset) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }), days);
}

async function copyNewToken(page: Page): Promise<{ token: string; description: string }> {
  const dialog = page.getByRole('dialog', { name: 'Your new token' });
  // Headless UI's dialog root has no box of its own: wait for what is in it.
  await expect(dialog.getByLabel('Token')).toBeVisible();
  const token = await dialog.getByLabel('Token').inputValue();
  const description = (await dialog.textContent()) ?? '';
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();
  return { token, description };
}

test('a read-only token made by keyboard reads, is refused writes and the feed URL, and the list says so with its last use', async ({ page, playwright, baseURL }) => {
  await signUpVerified(page);
  const section = await openTokens(page);
  const readAndWrite = section.getByRole('radio', { name: /Read and write/ });
  await expect(readAndWrite).toBeChecked();
  await expect(section.getByLabel('Expires after')).toHaveValue('90');

  // Keyboard only: type the name, move the access choice with an arrow key, pick the expiry, submit.
  await section.getByLabel('Token name').focus();
  await page.keyboard.type('Reading assistant');
  await page.keyboard.press('Tab');
  await expect(readAndWrite).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(section.getByRole('radio', { name: /Read only/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(section.getByLabel('Expires after')).toBeFocused();
  await section.getByLabel('Expires after').selectOption('30');
  await page.keyboard.press('Tab');
  await expect(section.getByRole('button', { name: 'Create Token' })).toBeFocused();
  const created = page.waitForResponse((response) => response.url().includes('user.createToken'));
  await page.keyboard.press('Enter');
  expect((await created).ok()).toBe(true);
  const { token, description } = await copyNewToken(page);
  expect(description).toContain('Anyone with it can only read your tasks, sessions and stats through the API');

  const row = section.getByRole('listitem').filter({ hasText: 'Reading assistant' });
  await expect(row).toContainText('Can only read your tasks, sessions and stats');
  await expect(row).toContainText(`Expires ${await dayFromNow(page, 30)}`);
  await expect(row).toContainText('Never used');

  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  expect((await api.get('/api/tasks')).status()).toBe(200);
  const write = await api.post('/api/tasks', jsonBody({ title: 'Not allowed' }));
  expect(write.status()).toBe(403);
  expect(await write.json()).toMatchObject({ code: 'FORBIDDEN', reason: 'scope_required' });
  const feed = await api.get('/api/tasks/calendar-feed');
  expect(feed.status()).toBe(403);
  expect(await feed.json()).toMatchObject({ reason: 'browser_session_required' });
  await api.dispose();

  await page.reload();
  await expect(page.locator('#api-tokens').getByRole('listitem').filter({ hasText: 'Reading assistant' })).toContainText('Last used');
});

test('a token that never expires can write, says so, and is refused once revoked', async ({ page, playwright, baseURL }) => {
  await signUpVerified(page);
  const section = await openTokens(page);
  await section.getByLabel('Token name').fill('Forever script');
  await section.getByLabel('Expires after').selectOption({ label: 'Never' });
  await section.getByRole('button', { name: 'Create Token' }).click();
  const { token, description } = await copyNewToken(page);
  expect(description).toContain('Anyone with it can read and change your tasks and sessions through the API');
  const row = section.getByRole('listitem').filter({ hasText: 'Forever script' });
  await expect(row).toContainText('Can read and change your tasks and sessions');
  await expect(row).toContainText('Never expires');

  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  expect((await api.post('/api/tasks', jsonBody({ title: 'From the script' }))).status()).toBe(200);
  await row.getByRole('button', { name: 'Revoke Forever script' }).click();
  await page.getByRole('alertdialog', { name: 'Revoke this token?' }).getByRole('button', { name: 'Revoke Token' }).click();
  await expect(section.getByText('No tokens yet.')).toBeVisible();
  expect((await api.get('/api/tasks')).status()).toBe(401);
  await api.dispose();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the tokens section at 360 px passes axe in ${theme} and is photographed`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 780 });
    await signUpVerified(page);
    for (const token of [
      { name: 'Calendar helper', scopes: ['read'], expiresInDays: 30 },
      { name: 'Assistant with a rather long name to wrap', scopes: ['read', 'write'], expiresInDays: null },
    ]) {
      expect((await page.request.post('/api/user/tokens', jsonBody(token))).status()).toBe(200);
    }
    const section = await openTokens(page);
    await expect(section.getByRole('listitem')).toHaveCount(2);
    await expect(section.getByText('Never expires')).toBeVisible();
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, `account-tokens-360-${theme}`, { fullPage: false });
    await section.screenshot({ path: `e2e/.screenshots/account-tokens-section-360-${theme}.png`, animations: 'disabled' });

    await section.getByLabel('Token name').fill('Shown once');
    await section.getByRole('button', { name: 'Create Token' }).click();
    await expect(page.getByRole('dialog', { name: 'Your new token' }).getByLabel('Token')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `account-tokens-created-360-${theme}`, { fullPage: false });
  });
}

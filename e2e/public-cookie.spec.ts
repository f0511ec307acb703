// The cookie notice: on /, /privacy and /terms only, while no choice is
// stored; Accept or Decline stores the choice and it stays gone.
import { expect, test } from '@playwright/test';

const notice = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Cookie notice' });
const TEXT = 'This site uses cookies to enhance your experience. By continuing to visit this site you agree to our use of cookies.';

test('shows on the landing page, the privacy policy and the terms while no choice is stored', async ({ page }) => {
  for (const path of ['/', '/privacy', '/terms']) {
    await page.goto(path);
    await expect(notice(page)).toBeVisible();
    await expect(notice(page)).toContainText(TEXT);
    await expect(notice(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(notice(page).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(notice(page).getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(notice(page).getByRole('button', { name: 'Decline' })).toBeVisible();
  }
});

test('does not show anywhere else', async ({ page }) => {
  for (const path of ['/docs', '/no-such-page', '/signin']) {
    await page.goto(path);
    await expect(page.locator('body')).toBeVisible();
    await expect(notice(page)).toHaveCount(0);
  }
});

test('Accept stores the choice, hides the notice, and it stays hidden after a reload and on other pages', async ({ page }) => {
  await page.goto('/');
  await notice(page).getByRole('button', { name: 'Accept' }).click();
  await expect(notice(page)).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('cookie_consent'))).toBe('accepted');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
});

test('Decline stores the choice and hides the notice for good', async ({ page }) => {
  await page.goto('/terms');
  await notice(page).getByRole('button', { name: 'Decline' }).click();
  await expect(notice(page)).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('cookie_consent'))).toBe('declined');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
});

// Light, Dark and System (the default): System follows the operating system as it changes, and a
// stored choice is applied before the first paint, so a reload never flashes the wrong theme.
import { expect, test, type Page } from '@playwright/test';
import { dismissCookieNotice } from './helpers';

const html = (page: Page) => page.locator('html');

test.beforeEach(async ({ page }) => dismissCookieNotice(page));

test('System is the default and follows the operating system, live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(html(page)).toHaveClass(/\bdark\b/);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('radio', { name: 'System' })).toBeChecked();
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html(page)).toHaveClass(/\bdark\b/);
});

test('on System, a change of the operating system while the page is still loading is followed once its code runs', async ({ page }) => {
  // The page's code is held back until the system has switched: only the inline script has run.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  release();
  await expect(page.locator('html[data-error-reporter="on"]')).toHaveCount(1); // hydrated
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
});

test('Dark stays after a reload, applied before the page is shown', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  await page.getByRole('contentinfo').getByRole('radio', { name: 'Dark' }).check();
  await expect(html(page)).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');

  // Record the theme at DOMContentLoaded, before any React code has run.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { darkAtLoad: boolean }).darkAtLoad = document.documentElement.classList.contains('dark');
    });
  });
  await page.reload();
  expect(await page.evaluate(() => (window as unknown as { darkAtLoad?: boolean }).darkAtLoad)).toBe(true);
  await expect(html(page)).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('contentinfo').getByRole('radio', { name: 'Dark' })).toBeChecked();
  // A system change does not override an explicit choice.
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html(page)).toHaveClass(/\bdark\b/);
});

test('Light stays light on a dark system, and the choice reaches other open tabs', async ({ page, context }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/privacy');
  const other = await context.newPage();
  await other.emulateMedia({ colorScheme: 'dark' });
  await other.goto('/terms');
  await expect(html(other)).toHaveClass(/\bdark\b/);
  await page.getByRole('contentinfo').getByRole('radio', { name: 'Light' }).check();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
  await expect(html(other)).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html(page)).not.toHaveClass(/\bdark\b/);
});

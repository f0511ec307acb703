// The privacy policy and terms (complete, plain words, version 2.6 of October 2025), and the
// 404 page: readable at phone and desktop widths in both themes, with no serious accessibility
// problems.
import { expect, test } from '@playwright/test';
import { dismissCookieNotice, expectNoSeriousA11yViolations, screenshot, useStoredTheme, VIEWPORTS } from './helpers';

test.beforeEach(async ({ page }) => dismissCookieNotice(page));

test('the privacy policy says what is stored and why, version 2.6, October 2025', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Version 2.6 · Last updated October 2025')).toBeVisible();
  for (const section of ['What we collect and why', 'AI features', 'E-mails we send', 'Payments', 'Cookies and browser storage', 'How long we keep it', 'Your rights and choices', 'Deleting your account', 'Contact']) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  const main = page.getByRole('main');
  await expect(main).toContainText('argon2id');
  await expect(main).toContainText('never send your name, your e-mail address or your password to the AI service');
  await expect(main).toContainText('your card number never passes through or is stored on our servers');
  await expect(main).toContainText('removes your account and everything that belongs to it at once');
  await expect(main).not.toContainText(/lorem ipsum/i);
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'AI features' }).click();
  await expect(page).toHaveURL(/#ai$/);
});

test('the terms describe the plans, payments and AI suggestions', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByText('Last updated October 2025')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('40 tasks, 20 sessions, 5 AI breakdowns and 5 AI sessions each month');
  await expect(main).toContainText('unlimited tasks and sessions, 50 AI breakdowns and 50 AI sessions');
  await expect(main).toContainText('Plus costs £2 or $2 a month');
  await expect(main).toContainText('Stripe');
  await expect(main).toContainText('can be wrong');
  await expect(main.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute('href', '/privacy');
});

for (const path of ['/privacy', '/terms', '/no-such-page']) {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const theme of ['light', 'dark'] as const) {
      test(`${path} at ${viewport.width} px in the ${theme} theme has no serious accessibility problems`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await useStoredTheme(page, theme);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, `${path.slice(1)}-${name}-${theme}`, { fullPage: path === '/no-such-page' });
      });
    }
  }
}

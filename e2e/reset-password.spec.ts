// /reset-password (change the password while signed in) in real Chromium: the product's messages
// for a mismatch and a short password, the server's word for a wrong current password, and a
// change that really changes the password (sign-in through the API with the new one).
import { expect, test } from '@playwright/test';
import { jsonBody, signUpVerified } from './accounts';
import { expectNoSeriousA11yViolations, screenshot, useStoredTheme, VIEWPORTS } from './helpers';

test("the product's validation messages, the server's answer to a wrong current password, then a real change", async ({ page, playwright, baseURL }) => {
  const account = await signUpVerified(page);
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  const current = page.getByLabel(/^Current password/);
  const next = page.getByLabel(/^New password/);
  const confirmation = page.getByLabel(/^Confirm new password/);
  const submit = page.getByRole('button', { name: 'Change Password' });

  await current.fill(account.password);
  await next.fill('a brand new password');
  await confirmation.fill('a different password');
  await submit.click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.getByText('Please make sure your new passwords match').first()).toBeVisible();

  await next.fill('short');
  await confirmation.fill('short');
  await submit.click();
  await expect(page.getByText('Password too short')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters').first()).toBeVisible();

  await current.fill('not my password at all');
  await next.fill('a brand new password');
  await confirmation.fill('a brand new password');
  await submit.click();
  await expect(page.getByText('Failed to change password')).toBeVisible();
  await expect(page.getByText(/check your current password and try again/).first()).toBeVisible();
  await expect(current).toHaveValue('');

  await current.fill(account.password);
  await submit.click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  // This browser stays signed in.
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);

  const fresh = await playwright.request.newContext({ baseURL });
  expect((await fresh.post('/api/auth/signin', jsonBody({ email: account.email, password: account.password }))).status()).toBe(401);
  expect((await fresh.post('/api/auth/signin', jsonBody({ email: account.email, password: 'a brand new password' }))).status()).toBe(200);
  await fresh.dispose();
});

for (const theme of ['light', 'dark'] as const) {
  test(`reset password passes axe and is photographed in ${theme}`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await signUpVerified(page);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.goto('/reset-password');
      await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
      await page.getByLabel(/^New password/).fill('short');
      await page.getByLabel(/^Confirm new password/).fill('short');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByText('Password too short')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `reset-password-${size}-${theme}`, { fullPage: false });
    }
  });
}

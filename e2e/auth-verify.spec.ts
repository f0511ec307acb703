// The verification link's page when the link is broken: missing parts, a wrong token.
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { lookAt, ownClientAddress } from './auth-helpers';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': ownClientAddress() } });

test('a link without the token, or without anything, is an invalid verification link', async ({ page }) => {
  for (const path of ['/verify/someone%40example.com', '/verify']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Invalid verification link' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await expect(page).toHaveURL(`${baseURL}/signin`);
});

test("a wrong token shows the server's message and leads to sign-in", async ({ page }) => {
  await page.goto('/verify/someone%40example.com/not-a-real-token');
  await expect(page.getByRole('heading', { name: "We couldn't verify your email" })).toBeVisible();
  await expect(page.getByText('This verification link is invalid or has expired. Please ask for a new one.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/signin');
});

test('the verification pages look right and pass axe in both themes', async ({ page }) => {
  await page.goto('/verify');
  await lookAt(page, 'verify-invalid', async () => {
    await page.goto('/verify/someone%40example.com');
    await expect(page.getByRole('heading', { name: 'Invalid verification link' })).toBeVisible();
  });
  await lookAt(page, 'verify-error', async () => {
    await page.goto('/verify/someone%40example.com/not-a-real-token');
    await expect(page.getByRole('heading', { name: "We couldn't verify your email" })).toBeVisible();
  });
});

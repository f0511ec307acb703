// Sign-in as a person meets it: a wrong password, the way back to the page asked for, and a
// forgotten password from the dialog through the mailed link to signing in with the new one.
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { linkIn, mailTo, signUpVerified, uniqueEmail } from './accounts';
import { lookAt, ownClientAddress } from './auth-helpers';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': ownClientAddress() } });

const NEUTRAL = "If an account exists with this email, we've sent a reset link.";

test('a wrong password shows the banner and clears the password', async ({ page, request }) => {
  const account = await signUpVerified(request);
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('not the password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  await expect(password).toHaveValue('');
  await expect(password).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await expect(page).toHaveURL(`${baseURL}/signin`);
});

test('signing in returns to ?next=, and never to another site', async ({ page, request }) => {
  const account = await signUpVerified(request);
  await page.goto('/signin?next=/contact');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${baseURL}/contact`);
  // The signed-in user was cached for the other tabs.
  const cached = await page.evaluate(() => JSON.parse(window.localStorage.getItem('cachedUser') ?? 'null') as { email: string } | null);
  expect(cached?.email).toBe(account.email);
  // Signed in, the contact form knows who is writing.
  await expect(page.getByLabel('Name')).toHaveValue(account.name);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);

  const other = await signUpVerified(request);
  await page.context().clearCookies();
  await page.goto('/signin?next=//evil.example/steal');
  await page.getByLabel('Email').fill(other.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(other.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
});

test('sign-in preloads the user, tasks and sessions before the first app page', async ({ page, request }) => {
  const account = await signUpVerified(request);
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/trpc/')) calls.push(decodeURIComponent(new URL(r.url()).pathname.replace('/api/trpc/', '')));
  });
  await page.goto('/signin?next=/contact');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${baseURL}/contact`);
  const preloaded = calls.join(',');
  expect(preloaded).toContain('auth.signin');
  expect(preloaded).toContain('task.list');
  expect(preloaded).toContain('session.list');
});

test('forgot password: dialog, countdown, neutral message, the mailed link, a new password', async ({ page, request }) => {
  const account = await signUpVerified(request);
  await page.clock.install();
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const send = page.getByRole('button', { name: 'Send reset link' });
  await expect(send).toBeDisabled();
  await page.getByRole('textbox', { name: 'Email' }).last().fill(account.email);
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText(NEUTRAL)).toBeVisible();
  const resend = page.getByRole('button', { name: /Resend in \d+s/ });
  await expect(resend).toHaveText('Resend in 45s');
  await expect(resend).toBeDisabled();
  await page.clock.fastForward('00:10');
  await expect(resend).toHaveText('Resend in 35s');
  // Closing and reopening does not skip the wait.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+s/ })).toBeDisabled();
  await page.clock.fastForward('00:36');
  await expect(page.getByRole('button', { name: 'Resend link' })).toBeEnabled();

  // An address without an account gets the same words.
  await page.getByRole('textbox', { name: 'Email' }).last().fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Resend link' }).click();
  await expect(page.getByText(NEUTRAL)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend in 45s' })).toBeDisabled();

  // The mailed link opens the reset page.
  const link = linkIn(await mailTo(account.email, /forgot-password\/reset/), /\/forgot-password\/reset/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const fresh = 'a brand new passphrase';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(fresh);
  await page.getByLabel('Confirm new password').fill('something else');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: "Passwords don't match" })).toContainText('Please make sure your new passwords match');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Password too short' })).toContainText('Password must be at least 8 characters');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(fresh);
  await page.getByLabel('Confirm new password').fill(fresh);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(fresh);
  await page.getByLabel('Confirm new password').fill(fresh);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired' })).toBeVisible();

  // Sign in with the new password.
  await page.goto(`/signin?email=${encodeURIComponent(account.email)}`);
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(fresh);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
});

test('a reset link without its token says so', async ({ page }) => {
  await page.goto('/forgot-password/reset?email=someone%40example.com');
  await expect(page.getByRole('heading', { name: 'Invalid reset link' })).toBeVisible();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
});

test('sign-in and the reset page look right and pass axe in both themes', async ({ page }) => {
  await page.goto('/signin');
  await lookAt(page, 'signin', async () => {
    await page.goto('/signin');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
  await lookAt(page, 'signin-error', async () => {
    await page.goto('/signin');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  });
  await lookAt(page, 'signin-forgot', async () => {
    await page.goto('/signin?forgot=1');
    await expect(page.getByRole('heading', { name: 'Forgot password?' })).toBeVisible();
  });
  await lookAt(page, 'reset', async () => {
    await page.goto('/forgot-password/reset?email=someone%40example.com&token=abc');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Better-pass-1');
    await expect(page.getByRole('meter', { name: 'Password strength' })).toBeVisible();
  });
});

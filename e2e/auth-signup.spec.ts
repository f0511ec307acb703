// Sign-up as a person meets it: the five-step onboarding in the browser, the verification mail
// from the outbox, the link opened in the page, and on to the dashboard.
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { linkIn, mailTo, signUpVerified, uniqueEmail } from './accounts';
import { hasAppPage, lookAt, ownClientAddress } from './auth-helpers';
import { expectNoSeriousA11yViolations, screenshot, VIEWPORTS } from './helpers';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': ownClientAddress() } });

test('sign-up through the five steps, verify from the mail, and go to the dashboard', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/signup');
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Onething' })).toBeVisible();
  await page.getByRole('button', { name: 'Get started' }).click();

  await expect(page.getByText('Step 2 of 5')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeFocused();
  // Everything is required.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Missing information')).toBeVisible();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();

  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(email);
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('abc');
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Weak (1 of 5)');
  // A common password is what the server refuses: the meter says so, with the server's words.
  await password.fill('P@ssw0rd');
  await expect(page.getByText('This password is too common. Please choose another.')).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Very Weak (0 of 5)');
  await password.fill('        ');
  await expect(page.getByText('Password cannot be only spaces')).toBeVisible();
  await password.fill('Correct-horse-9');
  await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Very Strong (5 of 5)');
  await expect(page.getByText('This password is too common. Please choose another.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(password).toHaveAttribute('type', 'password');

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Account created. Just a moment…')).toBeVisible();
  // Then it moves on by itself (after 800 ms).
  await expect(page.getByText('Step 3 of 5')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'One thing at a time' })).toBeVisible();
  await expect(page.getByText(`We've sent a verification link to ${email}`)).toBeVisible();
  // There is no way back to the account step once the account exists.
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Step 4 of 5')).toBeVisible();
  for (const mode of ['Clock', 'Clock & Date', 'Pomodoro', 'Timer', 'Stopwatch']) {
    await expect(page.getByText(mode, { exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 5 of 5')).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're all set" })).toBeVisible();

  // The verification mail, opened in the same browser.
  const link = linkIn(await mailTo(email, /\/verify\//), /\/verify\//);
  expect(link.startsWith(`${baseURL}/verify/`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  if (hasAppPage('/dashboard')) {
    await expect(page.getByText('Email verified successfully!')).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/dashboard`);
  } else {
    await expect(page).toHaveURL(`${baseURL}/dashboard?verified=success`);
  }

  // The same link a second time: already verified.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email already verified' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard?verified=already');
});

test('the last step goes to the dashboard, or on to Plus when Plus was chosen on the landing page', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('upgradeIntent', JSON.stringify({ plan: 'plus', country: 'USA' })));
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Get started' }).click();
  await page.getByLabel('Name').fill('Plus Person');
  await page.getByLabel('Email').fill(uniqueEmail('plus'));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a long enough password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Next, finish upgrading to Plus for $2 a month')).toBeVisible();
  // The account page reads ?upgrade and ?country and then tidies its address: catch it on the way.
  const arrived = page.waitForURL(/\/account\?upgrade=plus&country=USA$/);
  await page.getByRole('button', { name: 'Continue to Plus' }).click();
  await arrived;
  expect(await page.evaluate(() => window.localStorage.getItem('upgradeIntent'))).toBeNull();
});

test("sign-up failures say what the server said: a taken e-mail, a short password", async ({ page, request }) => {
  const taken = await signUpVerified(request, { verified: false });
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Get started' }).click();
  await page.getByLabel('Name').fill('Someone');
  await page.getByLabel('Email').fill(taken.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('another password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Error creating account')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Error creating account' })).toContainText('An account with this email already exists');
  await expect(page.getByText('Step 2 of 5')).toBeVisible();

  await page.getByLabel('Email').fill(uniqueEmail('short'));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('#main').getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Step 2 of 5')).toBeVisible();
});

test('a signed-in person opening /signup or /signin goes to the dashboard', async ({ page }) => {
  await signUpVerified(page);
  await page.goto('/signup');
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
  await page.goto('/signin?next=/contact');
  await expect(page).toHaveURL(`${baseURL}/contact`);
  // The landing page knows too (GET /api/auth/me).
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

test('sign-up looks right and passes axe in both themes', async ({ page, request }) => {
  await page.goto('/signup');
  await lookAt(page, 'signup-welcome', async () => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Welcome to Onething' })).toBeVisible();
  });
  await lookAt(page, 'signup-account', async () => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Navy1906');
    await expect(page.getByRole('meter', { name: 'Password strength' })).toBeVisible();
  });
  // A verification result page, with a real link.
  const account = await signUpVerified(request, { verified: false });
  const link = linkIn(await mailTo(account.email, /\/verify\//), /\/verify\//);
  await lookAt(page, 'verify-success', async () => {
    await page.goto(link);
    await expect(page.getByRole('heading', { name: /Email (already )?verified/ })).toBeVisible();
  });
});

test('the steps after the account look right and pass axe in both themes', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Get started' }).click();
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(uniqueEmail('steps'));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Navy-1906-cobol');
  await page.getByRole('button', { name: 'Create account' }).click();
  for (const [step, heading] of [
    ['focus', 'One thing at a time'],
    ['modes', 'Pick a clock that suits you'],
    ['ready', "You're all set"],
  ] as const) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    // The onboarding lives in the page's memory: switch the theme in place rather than reload.
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
      await page.setViewportSize(VIEWPORTS.desktop);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `auth-signup-${step}-${theme}-1280`);
      await page.setViewportSize(VIEWPORTS.mobile);
      await screenshot(page, `auth-signup-${step}-${theme}-390`);
    }
    if (step !== 'ready') await page.getByRole('button', { name: 'Continue' }).click();
  }
});

// The landing page as a visitor meets it: what Onething does, at phone and desktop widths, in
// both themes; prices in pounds or dollars; Plus leading to sign-up with the intent kept; and a
// Dashboard button for someone already signed in.
import { expect, test, type Page, type Response } from '@playwright/test';
import { signUpVerified } from './accounts';
import { countNumberFormatters, dismissCookieNotice, expectNoSeriousA11yViolations, numberFormattersMade, screenshot, useStoredTheme, VIEWPORTS } from './helpers';

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the landing page shows the product at ${viewport.width} px in the ${theme} theme`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await useStoredTheme(page, theme);
      await dismissCookieNotice(page);
      await page.goto('/');
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark).*$/);
      await expect(page.getByRole('heading', { level: 1, name: 'One task at a time.' })).toBeVisible();
      await expect(page.getByRole('img', { name: /Picture of a focus session/ })).toBeVisible();

      const modes = page.locator('#clock-modes');
      for (const mode of ['Clock', 'Clock & Date', 'Pomodoro', 'Timer', 'Stopwatch']) {
        await expect(modes.getByRole('heading', { name: mode, exact: true })).toBeVisible();
      }
      for (const heading of ['Plan a session by mood', 'Break a big task into small steps', 'Every task on its day, in its colour', 'Simple prices']) {
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      }
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `landing-${name}-${theme}`);
    });
  }
}

test('the prices come worded from the server: the landing page makes no number formatter in the browser, and its tabs still switch', async ({ page }) => {
  // The page's first Intl.NumberFormat is the platform's locale and currency set-up, one long
  // task as the prices hydrate (src/components/site/Pricing.tsx): every one made is noted.
  await countNumberFormatters(page);
  await dismissCookieNotice(page);
  await page.goto('/#pricing');
  const pricing = page.locator('#pricing');
  await expect(page.locator('html[data-error-reporter="on"]')).toHaveCount(1); // hydrated
  await pricing.getByRole('tab', { name: 'USD ($)' }).click();
  await expect(pricing.getByRole('region', { name: 'Plus' })).toContainText('$2');
  await expect(pricing.getByRole('region', { name: 'Plus' }).locator('s')).toHaveText('was $4');
  expect(await numberFormattersMade(page)).toEqual([]);
});

test.describe('pricing', () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieNotice(page);
    await page.goto('/#pricing');
  });

  test('shows Free at £0 and Plus at £2 with £4 struck through, and switches to dollars', async ({ page }) => {
    const pricing = page.locator('#pricing');
    await expect(pricing.getByRole('tab', { name: 'GBP (£)' })).toHaveAttribute('aria-selected', 'true');
    await expect(pricing.getByRole('region', { name: 'Free' })).toContainText('£0');
    const plus = pricing.getByRole('region', { name: 'Plus' });
    await expect(plus).toContainText('£2');
    await expect(plus.locator('s')).toHaveText('was £4');
    for (const line of ['40 tasks per month', '20 sessions per month', '5 AI breakdowns per month', '5 AI sessions per month']) {
      await expect(pricing.getByRole('region', { name: 'Free' })).toContainText(line);
    }
    for (const line of ['Unlimited tasks', 'Unlimited sessions', '50 AI breakdowns per month', '50 AI sessions per month', 'Priority support']) {
      await expect(plus).toContainText(line);
    }

    await pricing.getByRole('tab', { name: 'USD ($)' }).click();
    await expect(pricing.getByRole('tab', { name: 'USD ($)' })).toHaveAttribute('aria-selected', 'true');
    await expect(pricing.getByRole('region', { name: 'Free' })).toContainText('$0');
    await expect(pricing.getByRole('region', { name: 'Plus' })).toContainText('$2');
    await expect(pricing.getByRole('region', { name: 'Plus' }).locator('s')).toHaveText('was $4');
    await expect(pricing.getByText('£2')).toBeHidden();
  });

  test('the tabs work from the keyboard', async ({ page }) => {
    const pricing = page.locator('#pricing');
    const pounds = pricing.getByRole('tab', { name: 'GBP (£)' });
    const dollars = pricing.getByRole('tab', { name: 'USD ($)' });
    await expect(pounds).toBeVisible();
    await expect(page.locator('html[data-error-reporter="on"]')).toHaveCount(1); // hydrated
    // One stop for the whole tab list: Tab from the selected tab goes on into its panel.
    await expect(pounds).toHaveAttribute('tabindex', '0');
    await expect(dollars).toHaveAttribute('tabindex', '-1');
    await pounds.focus();
    await page.keyboard.press('ArrowRight');
    await expect(dollars).toBeFocused();
    await expect(dollars).toHaveAttribute('aria-selected', 'true');
    await expect(pricing.getByRole('region', { name: 'Plus' })).toContainText('$2');
    // Round the end and back, and Home and End.
    await page.keyboard.press('ArrowRight');
    await expect(pounds).toBeFocused();
    await expect(pricing.getByRole('region', { name: 'Plus' })).toContainText('£2');
    await page.keyboard.press('ArrowLeft');
    await expect(dollars).toBeFocused();
    await page.keyboard.press('Home');
    await expect(pounds).toBeFocused();
    await expect(pounds).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(dollars).toBeFocused();
    await expect(pricing.getByRole('tabpanel', { name: 'USD ($)' })).toBeVisible();
    await expect(pricing.getByRole('tabpanel', { name: 'GBP (£)' })).toBeHidden();
  });

  test('a visitor choosing Plus in dollars goes to sign-up with the intent and currency stored', async ({ page, baseURL }) => {
    await page.locator('#pricing').getByRole('tab', { name: 'USD ($)' }).click();
    await page.locator('#pricing').getByRole('button', { name: 'Choose Plus' }).click();
    await expect(page).toHaveURL(`${baseURL}/signup`);
    const intent = await page.evaluate(() => window.localStorage.getItem('upgradeIntent'));
    expect(JSON.parse(intent ?? 'null')).toEqual({ plan: 'plus', country: 'USA' });
  });

  test('choosing Plus in pounds stores the UK currency', async ({ page, baseURL }) => {
    await page.locator('#pricing').getByRole('button', { name: 'Choose Plus' }).click();
    await expect(page).toHaveURL(`${baseURL}/signup`);
    expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('upgradeIntent'))) ?? 'null')).toEqual({ plan: 'plus', country: 'UK' });
  });
});

test('a visitor sees Sign in and Get started', async ({ page }) => {
  await dismissCookieNotice(page);
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  await expect(header.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/signup');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
});

test("a visitor's public pages ask nothing about a session: no 401 in the console, nothing left loading", async ({ page }) => {
  const asked: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/me')) asked.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await dismissCookieNotice(page);
  for (const path of ['/', '/privacy']) {
    await page.goto(path);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(asked).toEqual([]);
  expect(errors).toEqual([]);
});

// Strings only the tRPC client and TanStack Query's React provider carry in the built chunks.
const API_CLIENT_MARKERS = { trpc: 'TRPCClientError', queryClient: 'No QueryClient set' };

/** The text of every script the page asked for before its `load` event. */
async function scriptsBeforeLoad(page: Page, path: string): Promise<string[]> {
  let loaded = false;
  const code: Promise<string>[] = [];
  const onLoad = () => {
    loaded = true;
  };
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script' && !loaded) code.push(response.text().catch(() => ''));
  };
  page.on('load', onLoad);
  page.on('response', onResponse);
  await page.goto(path, { waitUntil: 'load' });
  page.off('load', onLoad);
  page.off('response', onResponse);
  return Promise.all(code);
}

test('the landing page, the legal pages, sign-in and sign-up load no API client (tRPC, query cache) with the page', async ({ page }) => {
  await dismissCookieNotice(page);
  for (const path of ['/', '/privacy', '/terms', '/signin', '/signup']) {
    const code = await scriptsBeforeLoad(page, path);
    expect(code.length).toBeGreaterThan(0);
    for (const marker of Object.values(API_CLIENT_MARKERS)) expect(code.filter((text) => text.includes(marker)), `${marker} on ${path}`).toEqual([]);
  }
  // The header's buttons still come from the server's reading of the session.
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Get started' })).toBeVisible();
});

test('the prices are laid out with the rest of the landing page: nothing of it is streamed aside to be revealed by script after the first paint', async ({ page }) => {
  // React moves a finished part of a long page (a Suspense boundary over 500 bytes, after the
  // first 12.8 kB) to the end of the HTML and reveals it by script once the page has painted: a
  // second layout of the whole page. The pricing section was such a part (src/components/site/Pricing.tsx).
  const html = await (await page.request.get('/')).text();
  expect(html).not.toMatch(/<div hidden id="S:\d+">/);
  expect(html).not.toContain('$RC(');
  // In its place in the page, pounds first, both plans.
  const pricing = html.slice(html.indexOf('id="pricing"'), html.indexOf('Ready for one thing?'));
  expect(pricing).toContain('Choose Plus');
  expect(pricing).toContain('£2');
  await dismissCookieNotice(page);
  await page.goto('/#pricing', { waitUntil: 'load' });
  const section = page.locator('#pricing');
  await expect(section.getByRole('region', { name: 'Plus' })).toContainText('£2');
  await section.getByRole('tab', { name: 'USD ($)' }).click();
  await expect(section.getByRole('region', { name: 'Free' })).toContainText('$0');
});

test('the landing page, sign-in and sign-up ask for no other page in the background; their links still navigate', async ({ page }) => {
  await dismissCookieNotice(page);
  const prefetched: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).searchParams.has('_rsc')) prefetched.push(request.url());
  });
  for (const path of ['/', '/signin', '/signup']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    // No viewport prefetching of the links on screen (src/components/Button.tsx says why).
    expect(prefetched, path).toEqual([]);
  }
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Onething' })).toBeVisible();
});

test('the sign-in and sign-up forms fetch the API client when they are first used, and send through it', async ({ page }) => {
  await dismissCookieNotice(page);
  const clientCode: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    if ((await response.text().catch(() => '')).includes(API_CLIENT_MARKERS.trpc)) clientCode.push(new URL(response.url()).pathname);
  });
  await page.goto('/signin', { waitUntil: 'load' });
  expect(clientCode).toEqual([]);
  // Focusing the form fetches the code that sends (src/features/auth/SignInForm.tsx)…
  await page.getByRole('textbox', { name: 'Email' }).focus();
  await expect.poll(() => clientCode.length).toBeGreaterThan(0);
  // …and a sign-in goes through the typed client and is answered as before.
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/trpc')) calls.push(new URL(request.url()).pathname);
  });
  await page.getByRole('textbox', { name: 'Email' }).fill(`nobody-${Date.now()}@example.com`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
  expect(calls.some((path) => path.includes('auth.signin'))).toBe(true);

  // Sign-up's first screen is the welcome: the account form and its client come with the account step.
  clientCode.length = 0;
  await page.goto('/signup', { waitUntil: 'load' });
  expect(clientCode).toEqual([]);
  await page.getByRole('button', { name: 'Get started' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
  expect(clientCode.length).toBeGreaterThan(0);
});

test('someone signed in sees a Dashboard button instead of Sign in', async ({ page }) => {
  // The server reads the session cookie and renders the header for a signed-in person.
  await signUpVerified(page);
  await dismissCookieNotice(page);
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to your Dashboard' }).first()).toBeVisible();
});

test("someone signed in choosing Plus starts checkout on the spot; when it cannot start, the page says 'Error creating checkout session' with why", async ({ page }) => {
  // This server has no Stripe keys, so the checkout is refused (503) — the landing page's error message.
  await signUpVerified(page);
  await dismissCookieNotice(page);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await page.locator('#pricing').getByRole('button', { name: 'Choose Plus' }).click();
  const alert = page.locator('#pricing').getByRole('alert');
  await expect(alert).toContainText('Error creating checkout session');
  await expect(alert).toContainText('Billing is not configured');
  await expect(page).toHaveURL(/\/$/);
  await page.mouse.move(0, 0); // axe judges the resting colours, not the hovered button's
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'landing-checkout-error', { fullPage: false });
});

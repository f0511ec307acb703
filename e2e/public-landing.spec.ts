// The landing page as a visitor meets it: what Onething does, at phone and desktop widths, in
// both themes; prices in pounds or dollars; Plus leading to sign-up with the intent kept; and a
// Dashboard button for someone already signed in.
import { expect, test, type Page, type Response } from '@playwright/test';
import { signUpVerified } from './accounts';
import { dismissCookieNotice, expectNoSeriousA11yViolations, screenshot, useStoredTheme, VIEWPORTS } from './helpers';

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
    // The section is inert until its code has come after the page's load (src/components/site/PricingIsland.tsx).
    // Its server HTML is first in place (React's streamed boundary may be revealed after the
    // load event), and only then can "no inert left" mean hydrated.
    const pounds = page.locator('#pricing').getByRole('tab', { name: 'GBP (£)' });
    await expect(pounds).toBeVisible();
    await expect(page.locator('#pricing [inert]')).toHaveCount(0);
    await pounds.focus();
    await expect(pounds).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('#pricing').getByRole('tab', { name: 'USD ($)' })).toBeFocused();
    await expect(page.locator('#pricing').getByRole('region', { name: 'Plus' })).toContainText('$2');
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
// Headless UI's tabs (the pricing section's currency switch).
const TABS_MARKER = 'headlessui-tabs-tab-';

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

test('the prices are in the landing page’s first paint, and their tabs’ code comes after the page has loaded', async ({ page }) => {
  await dismissCookieNotice(page);
  const tabsCode: string[] = [];
  let loaded = false;
  page.on('load', () => {
    loaded = true;
  });
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const code = await response.text().catch(() => '');
    if (code.includes(TABS_MARKER)) tabsCode.push(loaded ? 'after load' : 'before load');
  });
  const html = await (await page.request.get('/')).text();
  // The server's HTML holds both plans, in pounds first (src/components/site/PricingIsland.tsx).
  expect(html).toContain('Choose Plus');
  expect(html).toContain('£2');
  await page.goto('/#pricing', { waitUntil: 'load' });
  const pricing = page.locator('#pricing');
  await expect(pricing.getByRole('region', { name: 'Plus' })).toContainText('£2');
  // Actionable once hydrated (inert until then): the switch to dollars works.
  await pricing.getByRole('tab', { name: 'USD ($)' }).click();
  await expect(pricing.getByRole('region', { name: 'Free' })).toContainText('$0');
  expect(tabsCode).toEqual(['after load']);
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

// The signed-in guard and sign-out: app pages send signed-out visitors to /signin and back, and
// signing out in one tab signs out every tab. These need app pages to land on: each test runs
// once the page it visits is part of the build (they arrive from other branches).
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signUpVerified } from './accounts';
import { hasAppPage, ownClientAddress } from './auth-helpers';

test.use({ extraHTTPHeaders: { 'x-forwarded-for': ownClientAddress() } });

// The focus session screen (/session, /sessions/{id}) shows its own Sign In and Sign Up dialogs
// instead (e2e/session-page.spec.ts).
const APP_ROUTES = ['/dashboard', '/sessions', '/calendar', '/breakdown', '/account', '/reset-password'];

test('signed out, /account goes to /signin?next=/account and back after signing in', async ({ page, request }) => {
  test.skip(!hasAppPage('/account'), 'the account page is not in this build');
  const account = await signUpVerified(request);
  await page.goto('/account');
  await expect(page).toHaveURL(`${baseURL}/signin?next=/account`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${baseURL}/account`);
});

test('a signed-in visitor sent to /signin?next= is redirected only to a path on this site, checked after normalising', async ({ request }) => {
  await signUpVerified(request);
  const evil = ['/.//evil.example', '/..//evil.example', '/a/..//evil.example/x', '/%2e//evil.example', '/./\\evil.example', '//evil.example', 'https://evil.example/'];
  for (const next of evil) {
    const answer = await request.get(`/signin?next=${encodeURIComponent(next)}`, { maxRedirects: 0 });
    expect(answer.status(), next).toBe(307);
    const location = answer.headers()['location'] ?? '';
    // `//evil.example` in a Location header is another host; only the dashboard is safe here.
    expect(new URL(location, baseURL).origin, `${next} -> ${location}`).toBe(new URL(baseURL).origin);
    expect(location, next).toMatch(/^(https?:\/\/[^/]+)?\/dashboard$/);
  }
  const ok = await request.get(`/signin?next=${encodeURIComponent('/./account')}`, { maxRedirects: 0 });
  expect(ok.headers()['location']).toMatch(/\/account$/);
});

test('every app route sends a signed-out visitor to sign in, keeping the query', async ({ page }) => {
  const present = APP_ROUTES.filter(hasAppPage);
  test.skip(present.length === 0, 'no app page is in this build');
  for (const route of present) {
    await page.goto(`${route}?from=test`);
    await expect(page).toHaveURL(`${baseURL}/signin?next=${route}%3Ffrom%3Dtest`);
  }
});

test('signing out from the menu in one tab sends the other tab to /signin', async ({ context, page }) => {
  const route = APP_ROUTES.find(hasAppPage);
  test.skip(!route, 'no app page is in this build');
  await signUpVerified(page);
  const other = await context.newPage();
  await other.goto(route!);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(route!);
  await expect(page).toHaveURL(`${baseURL}${route}`);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${baseURL}/signin`);
  await expect(other).toHaveURL(`${baseURL}/signin`);
  expect(await page.evaluate(() => window.localStorage.getItem('cachedUser'))).toBeNull();
  // The session really ended: the app sends us back to sign in.
  await page.goto(route!);
  await expect(page).toHaveURL(`${baseURL}/signin?next=${route}`);
});

test("a sign-out elsewhere heard only through the cached user's removal also reaches this tab", async ({ context, page }) => {
  const route = APP_ROUTES.find(hasAppPage);
  test.skip(!route, 'no app page is in this build');
  await signUpVerified(page);
  await page.goto(route!);
  await page.evaluate(() => window.localStorage.setItem('cachedUser', '{"name":"Ada"}'));
  // Another tab signs out without a BroadcastChannel: the server call, then the cache cleared.
  const other = await context.newPage();
  await other.goto('/contact');
  expect((await other.request.post('/api/auth/signout', { data: {}, headers: { 'content-type': 'application/json' } })).status()).toBe(200);
  await other.evaluate(() => window.localStorage.removeItem('cachedUser'));
  await expect(page).toHaveURL(`${baseURL}/signin`);
});

// Connecting an assistant to the MCP connector by its URL alone, against the production build: the
// SDK's own client and its OAuth flow (@modelcontextprotocol/sdk/client/auth.js) discover the
// authorization server from the 401, register, and send the person to the consent screen, which
// Chromium drives (sign-in first and back, keyboard only); the app on this device receives the
// code, and the SDK exchanges it and lists and calls tools. Account › Connected apps then shows
// the app and disconnects it. The consent screen at 360 px and desktop, light and dark, with axe;
// Deny; and a request with a redirect URI the app did not register, shown on the page.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, test, type Page } from '@playwright/test';
import { MemoryOAuthClientProvider } from '../src/test/oauth-client-provider';
import { jsonBody, signUpVerified } from './accounts';
import { expectNoSeriousA11yViolations, screenshot } from './helpers';

/** The assistant's own loopback page that receives the authorization answer (RFC 8252). */
async function appCallback() {
  const received: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://127.0.0.1');
    // Only the redirect itself (the browser also asks for a favicon).
    if (url.pathname === '/callback') received.push(url);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Connected</title><p>You can close this window.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    host: `127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An assistant's first connection attempt: refused, and it hands out the consent screen's URL. */
async function startConnecting(baseURL: string, provider: MemoryOAuthClientProvider) {
  const transport = new StreamableHTTPClientTransport(new URL('/api/mcp', baseURL), { authProvider: provider });
  await expect(new Client({ name: 'e2e', version: '1.0.0' }).connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.client?.client_id).toMatch(/^oc_/);
  return { transport, authorizationUrl: provider.authorizationUrl!.href };
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
}

/** Tabs forward until the element named `name` has the focus (at most 25 presses). */
async function tabTo(page: Page, name: RegExp) {
  for (let step = 0; step < 25; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element?.closest('label')?.textContent ?? element?.getAttribute('aria-label') ?? element?.textContent ?? '';
    });
    if (name.test(focused)) return;
  }
  throw new Error(`never reached ${name} with Tab`);
}

test('an assistant connects by its URL: discovery, registration, sign-in, consent by keyboard, tokens, tools; Connected apps shows and disconnects it', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await signUpVerified(request);
  const app = await appCallback();
  try {
    const provider = new MemoryOAuthClientProvider(app.redirectUrl, 'Claude (e2e)');
    const { transport, authorizationUrl } = await startConnecting(baseURL!, provider);
    expect(authorizationUrl.startsWith(`${baseURL}/oauth/authorize?`)).toBe(true);

    // Not signed in here: sign in first, then straight back to the consent screen.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(authorizationUrl);
    await expect(page).toHaveURL(/\/signin\?next=%2Foauth%2Fauthorize|\/signin\?next=\/oauth\/authorize/);
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Connect Claude (e2e) to your Onething account?' })).toBeVisible();
    expect(page.url()).toBe(authorizationUrl);
    await expect(page.getByText('Not verified by Onething')).toBeVisible();
    await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible();
    await expect(page.getByText(`you go back to ${app.host}, an app running on this device.`)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /See your tasks and focus/ })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /Add and change tasks/ })).toBeChecked();

    // Keyboard only: through both scopes to Deny and Allow, then Enter.
    await page.locator('body').focus();
    await tabTo(page, /See your tasks and focus/);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('checkbox', { name: /Add and change tasks/ })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Deny' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Allow' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`^${app.redirectUrl}\\?`));
    const answer = app.received.at(-1)!;
    expect(answer.searchParams.get('state')).toBe(provider.stateValue);
    expect(answer.searchParams.get('iss')).toBe(new URL(baseURL!).origin);

    // The assistant finishes: code → tokens, then tools with the access token.
    await transport.finishAuth(answer.searchParams.get('code')!);
    expect(provider.saved?.access_token).toMatch(/^ota_/);
    expect(provider.saved?.scope).toBe('read write');
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', baseURL), { authProvider: provider }));
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(12);
    const created = (await client.callTool({ name: 'create_task', arguments: { title: 'Plan the week' } })) as CallToolResult;
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
    const listed = (await client.callTool({ name: 'list_tasks', arguments: {} })) as CallToolResult;
    expect((listed.structuredContent as { tasks: { title: string }[] }).tasks.map((task) => task.title)).toEqual(['Plan the week']);

    // Connected apps: the app, what it may do, its use and what it changed; then Disconnect.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/account#api-tokens');
    const row = page.getByRole('list', { name: 'Your connected apps' }).getByRole('listitem').filter({ hasText: 'Claude (e2e)' }).first();
    await expect(row).toContainText('Can read and change your tasks and sessions');
    await expect(row).toContainText(`Returns to ${app.host}`);
    await expect(row).toContainText('Last used');
    await expect(row).toContainText('Created the task “Plan the week”');
    await expectNoSeriousA11yViolations(page);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'account-connected-apps-oauth-desktop-light', { fullPage: false });
    await setTheme(page, 'dark');
    await page.setViewportSize({ width: 360, height: 780 });
    await page.reload();
    await expect(row).toContainText('Created the task “Plan the week”');
    await expectNoSeriousA11yViolations(page);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'account-connected-apps-oauth-360-dark', { fullPage: false });
    await row.getByRole('button', { name: 'Disconnect Claude (e2e)' }).click();
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expect(page.getByText('App disconnected')).toBeVisible();
    await expect(page.getByText('No apps connected yet.')).toBeVisible();
    provider.authorizationUrl = undefined;
    await expect(client.callTool({ name: 'list_tasks', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrl).toBeDefined();
  } finally {
    await app.close();
  }
});

test('the consent screen at 360 px and desktop, light and dark, without serious axe findings; Deny tells the app', async ({ page, baseURL }) => {
  await signUpVerified(page);
  const app = await appCallback();
  try {
    const provider = new MemoryOAuthClientProvider(app.redirectUrl, 'Research Helper');
    const { authorizationUrl } = await startConnecting(baseURL!, provider);
    await page.goto('/');
    for (const [label, viewport] of [
      ['360', { width: 360, height: 780 }],
      ['desktop', { width: 1280, height: 860 }],
    ] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize(viewport);
        await setTheme(page, theme);
        await page.goto(authorizationUrl);
        await expect(page.getByRole('heading', { name: 'Connect Research Helper to your Onething account?' })).toBeVisible();
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, `oauth-consent-${label}-${theme}`);
      }
    }
    // Unticking what it may do: with nothing left, Allow cannot be pressed.
    await page.getByRole('checkbox', { name: /See your tasks and focus/ }).uncheck();
    await page.getByRole('checkbox', { name: /Add and change tasks/ }).uncheck();
    await expect(page.getByRole('button', { name: 'Allow' })).toBeDisabled();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page).toHaveURL(new RegExp(`^${app.redirectUrl}\\?`));
    const answer = app.received.at(-1)!;
    expect(answer.searchParams.get('error')).toBe('access_denied');
    expect(answer.searchParams.get('state')).toBe(provider.stateValue);
    expect(answer.searchParams.get('code')).toBeNull();
  } finally {
    await app.close();
  }
});

test('a redirect URI the app did not register, or an unknown app, is an error on the page: the browser is sent nowhere', async ({ page, baseURL }) => {
  await signUpVerified(page);
  const registered = await page.request.post('/api/oauth/register', jsonBody({ client_name: 'Honest App', redirect_uris: ['http://127.0.0.1:9/callback'] }));
  expect(registered.status()).toBe(201);
  const { client_id } = (await registered.json()) as { client_id: string };
  const query = (clientId: string, redirect: string) =>
    `/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: redirect,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'xyz',
    })}`;
  for (const [clientId, redirect, message] of [
    [client_id, 'https://evil.example/steal', 'The app asked to return to an address it did not register'],
    ['oc_unknown', 'http://127.0.0.1:9/callback', 'This app is not registered with Onething'],
  ] as const) {
    const path = query(clientId, redirect);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'This connection request cannot be used' })).toBeVisible();
    await expect(page.getByText(message)).toBeVisible();
    expect(page.url()).toBe(`${baseURL}${path}`);
  }
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'oauth-consent-error-360-light');
  // A bad PKCE method goes back to the registered app as an OAuth error, with the state.
  const redirected = await page.request.get(query(client_id, 'http://127.0.0.1:9/callback').replace('S256', 'plain'), { maxRedirects: 0 });
  expect(redirected.status()).toBe(307);
  const location = new URL(redirected.headers().location!);
  expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:9/callback');
  expect(location.searchParams.get('error')).toBe('invalid_request');
  expect(location.searchParams.get('state')).toBe('xyz');
});

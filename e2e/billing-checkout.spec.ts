// The Stripe checkout redirect against a local Stripe-compatible stub (STRIPE_API_URL): Upgrade
// on /account creates a customer and a checkout session for the chosen currency's price, the
// browser goes to the session's url, and the return says "Payment received" without pretending
// to be Plus. The landing page's upgrade intent (?upgrade=plus&country=USA) starts checkout by
// itself. A Plus member (made so by a signed webhook event) at the Plus AI session limit is told
// the Plus plan's 50, with no upgrade offered. Runs only under e2e/billing-checkout.config.ts
// (its server has the Stripe keys).
import { createServer, type Server } from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import Stripe from 'stripe';
import { jsonBody, signUpVerified } from './accounts';

test.skip(!process.env.E2E_BILLING_CHECKOUT, 'runs under e2e/billing-checkout.config.ts (a server with Stripe keys)');

type StubCall = { method: string; path: string; params: URLSearchParams };
const calls: StubCall[] = [];
let stub: Server;
let sessions = 0;

function reply(res: import('node:http').ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${Date.now()}` });
  res.end(JSON.stringify(body));
}

test.beforeAll(async () => {
  stub = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const params = new URLSearchParams(raw);
      calls.push({ method: req.method ?? '', path, params });
      if (req.method === 'POST' && path === '/v1/customers') {
        return reply(res, 200, { id: `cus_test_${calls.length}`, object: 'customer', email: params.get('email') });
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        sessions += 1;
        const id = `cs_test_${sessions}`;
        const success = (params.get('success_url') ?? '').replace('{CHECKOUT_SESSION_ID}', id);
        return reply(res, 200, { id, object: 'checkout.session', mode: 'subscription', url: success });
      }
      reply(res, 404, { error: { type: 'invalid_request_error', message: `stub: no route ${req.method} ${path}` } });
    });
  });
  await new Promise<void>((resolve) => stub.listen(Number(process.env.E2E_STRIPE_STUB_PORT), '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => stub?.close(resolve));
});

test('Upgrade to Plus goes through Stripe checkout and comes back to "Payment received"', async ({ page, baseURL }) => {
  const account = await signUpVerified(page);
  await page.goto('/account');
  const section = page.locator('#subscription');
  await expect(section.getByText('Billing is not configured')).toHaveCount(0);
  await section.getByLabel('Currency').selectOption('UK');
  await section.getByRole('button', { name: 'Upgrade to Plus' }).click();

  await expect(page).toHaveURL(/\/account/);
  await expect(page.getByText('Payment received — Plus activates in a moment.')).toBeVisible();
  await expect(section.getByText('Free plan', { exact: true })).toBeVisible();
  const checkout = calls.filter((call) => call.path === '/v1/checkout/sessions').at(-1);
  expect(checkout?.params.get('line_items[0][price]')).toBe('price_gbp_stub');
  expect(checkout?.params.get('success_url')).toBe(`${baseURL}/account?checkout=success&session_id={CHECKOUT_SESSION_ID}`);
  const customer = calls.filter((call) => call.path === '/v1/customers').at(-1);
  expect(customer?.params.get('email')).toBe(account.email);
  const me = await (await page.request.get('/api/auth/me')).json();
  expect(me.subscriptionTier).toBe('free');
});

test("the landing page's upgrade intent starts checkout in the chosen currency once", async ({ page }) => {
  await signUpVerified(page);
  const before = calls.filter((call) => call.path === '/v1/checkout/sessions').length;
  await page.goto('/account?upgrade=plus&country=USA');
  await expect(page.getByText('Payment received — Plus activates in a moment.')).toBeVisible();
  const made = calls.filter((call) => call.path === '/v1/checkout/sessions');
  expect(made.length).toBe(before + 1);
  expect(made.at(-1)?.params.get('line_items[0][price]')).toBe('price_usd_stub');
  expect(await page.evaluate(() => window.localStorage.getItem('region'))).toBe('USA');
});

test('someone signed in choosing Plus on the landing page goes straight to checkout in that currency', async ({ page }) => {
  await signUpVerified(page);
  const before = calls.filter((call) => call.path === '/v1/checkout/sessions').length;
  await page.goto('/');
  await page.locator('#pricing').getByRole('tab', { name: 'USD ($)' }).click();
  await page.locator('#pricing').getByRole('button', { name: 'Choose Plus' }).click();
  await expect(page.getByText('Payment received — Plus activates in a moment.')).toBeVisible();
  const made = calls.filter((call) => call.path === '/v1/checkout/sessions');
  expect(made.length).toBe(before + 1);
  expect(made.at(-1)?.params.get('line_items[0][price]')).toBe('price_usd_stub');
});

/** Makes the account Plus the way Stripe does: a signed customer.subscription.created event. */
async function becomePlus(request: APIRequestContext, userId: string) {
  const now = Math.floor(Date.now() / 1000);
  const event = {
    id: `evt_e2e_${now}_${userId}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: now,
    type: 'customer.subscription.created',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: `sub_e2e_${userId}`,
        object: 'subscription',
        customer: `cus_e2e_${userId}`,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        ended_at: null,
        metadata: { userId },
        items: { object: 'list', data: [{ id: `si_e2e_${userId}`, object: 'subscription_item', current_period_start: now, current_period_end: now + 30 * 86_400 }], has_more: false },
      },
    },
  };
  const payload = JSON.stringify(event);
  // The secret e2e/billing-checkout.config.ts gives this server.
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_stub' });
  const delivered = await request.post('/api/stripe/webhook', { data: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  expect(delivered.status(), await delivered.text()).toBe(200);
  expect((await (await request.get('/api/auth/me')).json()).subscriptionTier).toBe('plus');
}

test('a Plus member at the AI session limit is told the Plus plan and its 50, and offered no upgrade', async ({ page }) => {
  const account = await signUpVerified(page);
  await becomePlus(page.request, account.id);
  for (let i = 0; i < 50; i += 1) {
    const made = await page.request.post('/api/sessions', jsonBody({ sessionType: 'ai', userMood: 'focused' }));
    expect(made.status(), await made.text()).toBe(200);
  }
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your Dashboard' })).toBeVisible();
  // A click before the page has hydrated is lost: click until the chooser opens.
  await expect(async () => {
    await page.getByRole('button', { name: 'Start Session', exact: true }).first().click();
    await expect(page.getByRole('button', { name: /AI Session/ })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  expect(problems).toEqual([]);
  await page.getByRole('button', { name: /AI Session/ }).click();
  await page.getByText('Focused', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Get Recommendations' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI Session Limit Reached' });
  await expect(dialog.getByRole('heading', { name: 'AI Session Limit Reached' })).toBeVisible();
  await expect(dialog).toContainText("You've reached your limit of 50 AI sessions per month on the Plus plan.");
  await expect(dialog).toContainText('Your count starts again on the 1st of next month.');
  await expect(dialog.getByRole('button', { name: 'Upgrade to Plus' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
});

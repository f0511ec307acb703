// Test support for billing (imported by tests only): a small in-memory Stripe behind msw that
// the real SDK talks to, Stripe-shaped objects, and events signed with Stripe's own helper.
import { randomBytes } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import Stripe from 'stripe';
import { resetEnvCache } from '@/server/env';
import { server } from '@/test/msw';

export const TEST_STRIPE = {
  secretKey: 'sk_test_onething_billing_tests',
  webhookSecret: 'whsec_onething_billing_tests',
  priceGbp: 'price_plus_gbp',
  priceUsd: 'price_plus_usd',
} as const;

export const DEFAULT_STRIPE_BASE = 'https://api.stripe.com';

/** Sets (or, with `false`, removes) the Stripe variables for the code under test. */
export function configureStripe(options: { apiUrl?: string } | false = {}): void {
  const keys = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_GBP', 'STRIPE_PRICE_USD', 'STRIPE_API_URL'];
  for (const key of keys) delete process.env[key];
  if (options) {
    process.env.STRIPE_SECRET_KEY = TEST_STRIPE.secretKey;
    process.env.STRIPE_WEBHOOK_SECRET = TEST_STRIPE.webhookSecret;
    process.env.STRIPE_PRICE_GBP = TEST_STRIPE.priceGbp;
    process.env.STRIPE_PRICE_USD = TEST_STRIPE.priceUsd;
    if (options.apiUrl) process.env.STRIPE_API_URL = options.apiUrl;
  }
  resetEnvCache();
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 60 * 60;

export function fakeId(prefix: string): string {
  return `${prefix}_${randomBytes(8).toString('hex')}`;
}

export function subscriptionObject(overrides: {
  id?: string;
  customer: string;
  status?: string;
  userId?: string;
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  cancelAt?: number | null;
}): Stripe.Subscription {
  const periodEnd = overrides.periodEnd ?? nowSeconds() + 30 * DAY;
  return {
    id: overrides.id ?? fakeId('sub'),
    object: 'subscription',
    customer: overrides.customer,
    status: overrides.status ?? 'active',
    cancel_at_period_end: overrides.cancelAtPeriodEnd ?? false,
    cancel_at: overrides.cancelAt ?? null,
    ended_at: null,
    metadata: overrides.userId ? { userId: overrides.userId } : {},
    items: {
      object: 'list',
      data: [{ id: fakeId('si'), object: 'subscription_item', current_period_start: periodEnd - 30 * DAY, current_period_end: periodEnd }],
      has_more: false,
      url: '/v1/subscription_items',
    },
  } as unknown as Stripe.Subscription;
}

export function checkoutSessionObject(overrides: {
  customer: string;
  subscription: string;
  userId: string;
  mode?: string;
}): Stripe.Checkout.Session {
  return {
    id: fakeId('cs_test'),
    object: 'checkout.session',
    mode: overrides.mode ?? 'subscription',
    status: 'complete',
    payment_status: 'paid',
    customer: overrides.customer,
    subscription: overrides.subscription,
    client_reference_id: overrides.userId,
    metadata: { userId: overrides.userId },
  } as unknown as Stripe.Checkout.Session;
}

export function invoiceObject(overrides: { customer: string; subscription: string }): Stripe.Invoice {
  return {
    id: fakeId('in'),
    object: 'invoice',
    customer: overrides.customer,
    status: 'open',
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription: overrides.subscription } },
  } as unknown as Stripe.Invoice;
}

export function stripeEvent(type: string, object: unknown, options: { id?: string; created?: number } = {}) {
  return {
    id: options.id ?? fakeId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.created ?? nowSeconds(),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** A webhook request as Stripe sends it, signed with Stripe's own test helper. */
export function signedWebhookRequest(event: unknown, secret: string = TEST_STRIPE.webhookSecret): Request {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return new Request('http://localhost/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

type Recorded = { method: string; path: string; form: URLSearchParams; headers: Headers };

/**
 * An in-memory Stripe at `base` for the SDK: customers (honouring idempotency keys as Stripe
 * does), Checkout and portal sessions, and subscriptions. Every request is recorded.
 */
export function fakeStripe(base: string = DEFAULT_STRIPE_BASE, options: { honourIdempotencyKeys?: boolean } = {}) {
  const honourKeys = options.honourIdempotencyKeys ?? true;
  const requests: Recorded[] = [];
  const customersByKey = new Map<string, string>();
  const customers = new Set<string>();
  const subscriptions = new Map<string, Stripe.Subscription>();
  const missing = (what: string) =>
    HttpResponse.json(
      { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
      { status: 404 },
    );
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const entry = {
      method: request.method,
      path: url.pathname,
      form: new URLSearchParams(request.method === 'GET' ? url.search : await request.text()),
      headers: request.headers,
    };
    requests.push(entry);
    return entry;
  };

  server.use(
    http.post(`${base}/v1/customers`, async ({ request }) => {
      const { headers } = await record(request);
      const key = honourKeys ? headers.get('idempotency-key') : null;
      const id = (key && customersByKey.get(key)) || fakeId('cus');
      if (key) customersByKey.set(key, id);
      customers.add(id);
      return HttpResponse.json({ id, object: 'customer' });
    }),
    http.delete(`${base}/v1/customers/:id`, async ({ request, params }) => {
      await record(request);
      const id = String(params.id);
      if (!customers.delete(id)) return missing('customer');
      return HttpResponse.json({ id, object: 'customer', deleted: true });
    }),
    http.post(`${base}/v1/checkout/sessions`, async ({ request }) => {
      await record(request);
      const id = fakeId('cs_test');
      return HttpResponse.json({ id, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/${id}` });
    }),
    http.post(`${base}/v1/billing_portal/sessions`, async ({ request }) => {
      const { form } = await record(request);
      const id = fakeId('bps');
      return HttpResponse.json({
        id,
        object: 'billing_portal.session',
        customer: form.get('customer'),
        url: `https://billing.stripe.com/p/session/${id}`,
      });
    }),
    http.get(`${base}/v1/subscriptions/:id`, async ({ request, params }) => {
      await record(request);
      const subscription = subscriptions.get(String(params.id));
      return subscription ? HttpResponse.json(subscription) : missing('subscription');
    }),
    http.post(`${base}/v1/subscriptions/:id`, async ({ request, params }) => {
      const { form } = await record(request);
      const subscription = subscriptions.get(String(params.id));
      if (!subscription) return missing('subscription');
      if (form.has('cancel_at_period_end')) subscription.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      return HttpResponse.json(subscription);
    }),
  );

  return {
    requests,
    /** Requests to one endpoint, e.g. `calls('POST', '/v1/customers')`. */
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    customers,
    subscriptions,
    addSubscription(subscription: Stripe.Subscription) {
      subscriptions.set(subscription.id, subscription);
      return subscription;
    },
  };
}

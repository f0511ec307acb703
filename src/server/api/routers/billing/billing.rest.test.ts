// The billing calls through the REST door at the contract's paths, with docs/api-contract.md's status codes and
// error bodies. The session cookie belongs to the accounts area; here a test header names the
// signed-in user instead (local to this file).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openApiDocument } from '@/server/api/openapi';
import { handleRest } from '@/test/front';
import { configureStripe, fakeId, fakeStripe } from '@/test/stripe';
import { getDb } from '@/server/db';
import { createUser } from '@/test/factories';

vi.mock('@/server/auth/session', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/server/auth/session')>();
  return {
    ...original,
    getAuthSession: async (headers: Headers) => {
      const userId = headers.get('x-test-user');
      if (!userId) return null;
      const { getDb: database } = await import('@/server/db');
      const user = await database().user.findUnique({ where: { id: userId } });
      return user ? { userId: user.id, emailVerified: user.emailVerified, via: 'cookie' as const } : null;
    },
  };
});

const post = (path: string, user: { id: string } | null, body?: unknown) =>
  handleRest(
    new Request(`http://localhost/api${path}`, {
      method: 'POST',
      headers: { ...(user ? { 'x-test-user': user.id } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

beforeEach(() => configureStripe());
afterEach(() => configureStripe(false));

async function plusUser() {
  return createUser({ subscriptionTier: 'plus', stripeCustomerId: fakeId('cus'), stripeSubscriptionId: fakeId('sub'), subscriptionStatus: 'active' });
}

describe('REST billing calls', () => {
  it('POST /api/stripe/create-checkout-session answers { url }', async () => {
    fakeStripe();
    const response = await post('/stripe/create-checkout-session', await createUser(), { country: 'USA' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
  });

  it('rejects a country other than UK or USA with 400 and the issue', async () => {
    fakeStripe();
    const response = await post('/stripe/create-checkout-session', await createUser(), { country: 'FR' });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.issues).toEqual([expect.objectContaining({ path: ['country'] })]);
  });

  it('answers 401 when signed out', async () => {
    const response = await post('/stripe/create-checkout-session', null, { country: 'UK' });
    expect(response.status).toBe(401);
  });

  it('answers 404 Unknown billing provider for any provider but stripe', async () => {
    const user = await createUser();
    for (const path of ['/paypal/create-checkout-session', '/paypal/create-portal-session', '/paypal/cancel-subscription']) {
      const response = await post(path, user, path.includes('checkout') ? { country: 'UK' } : {});
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ message: 'Unknown billing provider', code: 'NOT_FOUND' });
    }
  });

  it('answers 403 to a Free user on portal and cancel (empty body or `{}`)', async () => {
    const stripe = fakeStripe();
    const user = await createUser();
    for (const [path, body] of [
      ['/stripe/create-portal-session', {}],
      ['/stripe/cancel-subscription', undefined],
    ] as const) {
      const response = await post(path, user, body);
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({ message: 'Subscription management is for Plus users only', code: 'FORBIDDEN' });
    }
    expect(stripe.requests).toHaveLength(0);
  });

  it('opens the portal for a Plus user', async () => {
    fakeStripe();
    const response = await post('/stripe/create-portal-session', await plusUser(), {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\//) });
  });

  it('answers 409 You already have Plus to a Plus user asking for checkout', async () => {
    fakeStripe();
    const response = await post('/stripe/create-checkout-session', await plusUser(), { country: 'UK' });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: 'You already have Plus', code: 'CONFLICT' });
  });

  it('answers 503 Billing is not configured on all three when Stripe is not set up', async () => {
    configureStripe(false);
    const free = await createUser();
    const plus = await plusUser();
    const calls = [
      post('/stripe/create-checkout-session', free, { country: 'UK' }),
      post('/stripe/create-portal-session', plus, {}),
      post('/stripe/cancel-subscription', plus, {}),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: 'Billing is not configured', code: 'SERVICE_UNAVAILABLE' });
    }
    expect((await getDb().user.findUniqueOrThrow({ where: { id: plus.id } })).subscriptionTier).toBe('plus');
  });

  it('GET /api/billing/status is public and says whether billing is configured', async () => {
    const on = await handleRest(new Request('http://localhost/api/billing/status'));
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ configured: true, prices: { UK: { currency: 'GBP', amount: 2, was: 4 } } });
    configureStripe(false);
    const off = await handleRest(new Request('http://localhost/api/billing/status'));
    expect(await off.json()).toMatchObject({ configured: false, prices: { USA: { currency: 'USD', amount: 2, was: 4 } } });
  });

  it('lists the billing calls in the OpenAPI document', () => {
    const paths = openApiDocument('http://localhost:3000').paths ?? {};
    // `{provider}` has one value, written into the path (a template would overlap /sessions/{id}).
    expect(paths['/stripe/create-checkout-session']?.post).toBeDefined();
    expect(paths['/stripe/create-portal-session']?.post).toBeDefined();
    expect(paths['/stripe/cancel-subscription']?.post).toBeDefined();
    expect(paths['/billing/status']?.get?.security ?? []).toEqual([]);
  });
});

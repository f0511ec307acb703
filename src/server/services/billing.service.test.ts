// Checkout, portal and cancel as a signed-in user calls them (through the router, against the
// real database), with the real Stripe SDK talking to an in-memory Stripe behind msw.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  configureStripe,
  DEFAULT_STRIPE_BASE,
  fakeId,
  fakeStripe,
  nowSeconds,
  signedWebhookRequest,
  stripeEvent,
  subscriptionObject,
  TEST_STRIPE,
} from '@/test/stripe';
import { handleStripeWebhook } from '@/server/inbound/stripe-webhook';
import { getDb } from '@/server/db';
import { callerFor, createUser } from '@/test/factories';
import { server } from '@/test/msw';
import { endBillingForDeletedAccount } from './billing.service';

const db = () => getDb();
const APP_URL = 'http://localhost:3000';

beforeEach(() => configureStripe());
afterEach(() => configureStripe(false));

async function plusUser() {
  const customer = fakeId('cus');
  const user = await createUser({
    subscriptionTier: 'plus',
    stripeCustomerId: customer,
    subscriptionStatus: 'active',
  });
  const subscription = subscriptionObject({ customer, userId: user.id });
  await db().user.update({ where: { id: user.id }, data: { stripeSubscriptionId: subscription.id } });
  return { user, customer, subscription };
}

describe('billing status', () => {
  it('tells the account page whether billing is configured and the Plus price per country', async () => {
    const caller = callerFor(null);
    const prices = {
      UK: { currency: 'GBP', symbol: '£', amount: 2, was: 4 },
      USA: { currency: 'USD', symbol: '$', amount: 2, was: 4 },
    };
    expect(await caller.billing.status()).toEqual({ configured: true, prices });
    configureStripe(false);
    expect(await caller.billing.status()).toEqual({ configured: false, prices });
  });
});

describe('when billing is not configured', () => {
  it('answers 503 Billing is not configured on checkout, portal and cancel, and calls nobody', async () => {
    configureStripe(false);
    const stripe = fakeStripe();
    const free = callerFor(await createUser());
    const plus = callerFor((await plusUser()).user);
    const expected = expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: 'Billing is not configured' });
    await expect(free.billing.createCheckoutSession({ provider: 'stripe', country: 'UK' })).rejects.toThrow(expected);
    await expect(plus.billing.createPortalSession({ provider: 'stripe' })).rejects.toThrow(expected);
    await expect(plus.billing.cancelSubscription({ provider: 'stripe' })).rejects.toThrow(expected);
    await expect(free.billing.createPortalSession({ provider: 'stripe' })).rejects.toThrow(expected);
    expect(stripe.requests).toHaveLength(0);
  });
});

describe('checkout', () => {
  it('creates a subscription Checkout Session on the GBP price carrying the user id and the /account return URLs', async () => {
    const stripe = fakeStripe();
    const user = await createUser({ name: 'Ada', email: 'ada-checkout@example.com' });
    const { url } = await callerFor(user).billing.createCheckoutSession({ provider: 'stripe', country: 'UK' });
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const [customerCall] = stripe.calls('POST', '/v1/customers');
    expect(customerCall?.form.get('email')).toBe('ada-checkout@example.com');
    expect(customerCall?.form.get('metadata[userId]')).toBe(user.id);
    const stored = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.stripeCustomerId).toMatch(/^cus_/);

    const [checkout] = stripe.calls('POST', '/v1/checkout/sessions');
    const form = checkout!.form;
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('customer')).toBe(stored.stripeCustomerId);
    expect(form.get('line_items[0][price]')).toBe(TEST_STRIPE.priceGbp);
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('client_reference_id')).toBe(user.id);
    expect(form.get('metadata[userId]')).toBe(user.id);
    expect(form.get('subscription_data[metadata][userId]')).toBe(user.id);
    expect(form.get('success_url')).toBe(`${APP_URL}/account?checkout=success&session_id={CHECKOUT_SESSION_ID}`);
    expect(form.get('cancel_url')).toBe(`${APP_URL}/account?checkout=cancelled`);

    // Starting (or returning from) checkout grants nothing: only the verified webhook does.
    expect(stored.subscriptionTier).toBe('free');
  });

  it('uses the USD price for the USA and creates the Stripe customer only once across checkouts', async () => {
    const stripe = fakeStripe();
    const user = await createUser();
    const caller = callerFor(user);
    await caller.billing.createCheckoutSession({ provider: 'stripe', country: 'UK' });
    await caller.billing.createCheckoutSession({ provider: 'stripe', country: 'USA' });
    expect(stripe.calls('POST', '/v1/customers')).toHaveLength(1);
    const sessions = stripe.calls('POST', '/v1/checkout/sessions');
    expect(sessions.map((s) => s.form.get('line_items[0][price]'))).toEqual([TEST_STRIPE.priceGbp, TEST_STRIPE.priceUsd]);
    expect(new Set(sessions.map((s) => s.form.get('customer'))).size).toBe(1);
  });

  it('gives two simultaneous checkouts (a double click) one and the same customer', async () => {
    const stripe = fakeStripe();
    const user = await createUser();
    const caller = callerFor(user);
    await Promise.all([
      caller.billing.createCheckoutSession({ provider: 'stripe', country: 'UK' }),
      caller.billing.createCheckoutSession({ provider: 'stripe', country: 'UK' }),
    ]);
    const stored = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    const customers = stripe.calls('POST', '/v1/checkout/sessions').map((s) => s.form.get('customer'));
    expect(customers).toEqual([stored.stripeCustomerId, stored.stripeCustomerId]);
    expect(stripe.customers.size).toBe(1);
  });

  it('keeps one customer even if Stripe made two for simultaneous checkouts, and deletes the spare', async () => {
    const stripe = fakeStripe(DEFAULT_STRIPE_BASE, { honourIdempotencyKeys: false });
    const user = await createUser();
    const caller = callerFor(user);
    await Promise.all([
      caller.billing.createCheckoutSession({ provider: 'stripe', country: 'UK' }),
      caller.billing.createCheckoutSession({ provider: 'stripe', country: 'UK' }),
    ]);
    const stored = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    const customers = stripe.calls('POST', '/v1/checkout/sessions').map((s) => s.form.get('customer'));
    expect(customers).toEqual([stored.stripeCustomerId, stored.stripeCustomerId]);
    expect(stripe.calls('POST', '/v1/customers')).toHaveLength(2);
    expect([...stripe.customers]).toEqual([stored.stripeCustomerId]);
  });

  it('answers 409 You already have Plus to a Plus user, without calling Stripe', async () => {
    const stripe = fakeStripe();
    const { user } = await plusUser();
    await expect(callerFor(user).billing.createCheckoutSession({ provider: 'stripe', country: 'UK' })).rejects.toThrow(
      expect.objectContaining({ code: 'CONFLICT', message: 'You already have Plus' }),
    );
    expect(stripe.requests).toHaveLength(0);
  });

  it('needs a verified e-mail (Stripe sends receipts there)', async () => {
    fakeStripe();
    const user = await createUser({ emailVerified: false, emailVerifiedAt: null });
    await expect(callerFor(user).billing.createCheckoutSession({ provider: 'stripe', country: 'UK' })).rejects.toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
  });

  it('answers 404 Unknown billing provider for a provider other than stripe', async () => {
    const stripe = fakeStripe();
    const caller = callerFor(await createUser());
    const notFound = expect.objectContaining({ code: 'NOT_FOUND', message: 'Unknown billing provider' });
    await expect(caller.billing.createCheckoutSession({ provider: 'paypal', country: 'UK' })).rejects.toThrow(notFound);
    await expect(caller.billing.createPortalSession({ provider: 'paypal' })).rejects.toThrow(notFound);
    await expect(caller.billing.cancelSubscription({ provider: 'paypal' })).rejects.toThrow(notFound);
    expect(stripe.requests).toHaveLength(0);
  });

  it('answers 503 with a retry hint when Stripe refuses, never a 500', async () => {
    fakeStripe();
    server.use(
      http.post(`${DEFAULT_STRIPE_BASE}/v1/checkout/sessions`, () =>
        HttpResponse.json({ error: { type: 'invalid_request_error', message: 'No such price' } }, { status: 400 }),
      ),
    );
    await expect(callerFor(await createUser()).billing.createCheckoutSession({ provider: 'stripe', country: 'UK' })).rejects.toThrow(
      expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: 'Billing is temporarily unavailable. Please try again in a moment.' }),
    );
  });
});

describe('portal', () => {
  it('is 403 for a Free user, who never reaches Stripe', async () => {
    const stripe = fakeStripe();
    const user = await createUser({ stripeCustomerId: fakeId('cus') });
    await expect(callerFor(user).billing.createPortalSession({ provider: 'stripe' })).rejects.toThrow(
      expect.objectContaining({ code: 'FORBIDDEN', message: 'Subscription management is for Plus users only' }),
    );
    expect(stripe.requests).toHaveLength(0);
  });

  it("opens Stripe's portal for the Plus user's own customer, returning to /account", async () => {
    const stripe = fakeStripe();
    const { user, customer } = await plusUser();
    const { url } = await callerFor(user).billing.createPortalSession({ provider: 'stripe' });
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const [call] = stripe.calls('POST', '/v1/billing_portal/sessions');
    expect(call?.form.get('customer')).toBe(customer);
    expect(call?.form.get('return_url')).toBe(`${APP_URL}/account`);
  });

  it('works for a Plus user whose changed e-mail is not verified yet (a payer can always manage paying)', async () => {
    fakeStripe();
    const { user } = await plusUser();
    const unverified = await db().user.update({ where: { id: user.id }, data: { emailVerified: false } });
    await expect(callerFor(unverified).billing.createPortalSession({ provider: 'stripe' })).resolves.toHaveProperty('url');
  });
});

describe('cancel', () => {
  it('is 403 for a Free user', async () => {
    const stripe = fakeStripe();
    await expect(callerFor(await createUser()).billing.cancelSubscription({ provider: 'stripe' })).rejects.toThrow(
      expect.objectContaining({ code: 'FORBIDDEN', message: 'Subscription management is for Plus users only' }),
    );
    expect(stripe.requests).toHaveLength(0);
  });

  it('cancels at the period end: Plus stays until then, and the account knows until when; the deletion at the end makes the user Free', async () => {
    const stripe = fakeStripe();
    const periodEnd = nowSeconds() + 12 * 24 * 3600;
    const { user, customer } = await plusUser();
    const subscription = stripe.addSubscription(
      subscriptionObject({ id: (await db().user.findUniqueOrThrow({ where: { id: user.id } })).stripeSubscriptionId!, customer, periodEnd }),
    );

    expect(await callerFor(user).billing.cancelSubscription({ provider: 'stripe' })).toEqual({ success: true });
    const [call] = stripe.calls('POST', `/v1/subscriptions/${subscription.id}`);
    expect(call?.form.get('cancel_at_period_end')).toBe('true');

    const after = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.subscriptionTier).toBe('plus');
    expect(after.cancelAtPeriodEnd).toBe(true);
    expect(after.subscriptionPeriodEnd?.getTime()).toBe(periodEnd * 1000);

    const ended = subscriptionObject({ id: subscription.id, customer, status: 'canceled', periodEnd });
    const response = await handleStripeWebhook(signedWebhookRequest(stripeEvent('customer.subscription.deleted', ended)));
    expect(response.status).toBe(200);
    const final = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(final.subscriptionTier).toBe('free');
    expect(final.subscriptionStatus).toBe('canceled');
    expect(final.cancelAtPeriodEnd).toBe(false);
  });
});

describe('account deletion', () => {
  it("deletes the user's Stripe customer so nobody is billed for a deleted account", async () => {
    const stripe = fakeStripe();
    const user = await createUser();
    await callerFor(user).billing.createCheckoutSession({ provider: 'stripe', country: 'UK' });
    const { stripeCustomerId } = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    await endBillingForDeletedAccount(db(), user.id);
    expect(stripe.calls('DELETE', `/v1/customers/${stripeCustomerId}`)).toHaveLength(1);
    expect(stripe.customers.has(stripeCustomerId!)).toBe(false);
    // Already gone at Stripe, or never a customer: nothing to do, no error.
    await expect(endBillingForDeletedAccount(db(), user.id)).resolves.toBeUndefined();
    await expect(endBillingForDeletedAccount(db(), (await createUser()).id)).resolves.toBeUndefined();
  });

  it('answers 503 when Stripe cannot delete the customer, so the account is not removed while billing goes on', async () => {
    fakeStripe();
    const user = await createUser({ stripeCustomerId: fakeId('cus') });
    server.use(
      http.delete(`${DEFAULT_STRIPE_BASE}/v1/customers/:id`, () =>
        HttpResponse.json({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }, { status: 401 }),
      ),
    );
    await expect(endBillingForDeletedAccount(db(), user.id)).rejects.toThrow(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }));
  });
});

// POST /api/stripe/webhook, through the route handler Next serves, with events signed by
// Stripe's own test helper and the real database. Only a verified event grants Plus; each
// event is applied once; older events cannot undo newer ones.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/stripe/webhook/route';
import type { User } from '@/generated/prisma/client';
import { getDb } from '@/server/db';
import { applyStripeEvent } from '@/server/services/billing.service';
import { createUser } from '@/test/factories';
import { server } from '@/test/msw';
import type { Stripe } from '@/server/billing/stripe';
import {
  checkoutSessionObject,
  configureStripe,
  fakeId,
  fakeStripe,
  invoiceObject,
  nowSeconds,
  signedWebhookRequest,
  stripeEvent,
  subscriptionObject,
} from '@/test/stripe';

const db = () => getDb();
const reload = (user: { id: string }) => db().user.findUniqueOrThrow({ where: { id: user.id } });
const deliver = (event: unknown) => POST(signedWebhookRequest(event));

let stripe: ReturnType<typeof fakeStripe>;
beforeEach(() => {
  configureStripe();
  stripe = fakeStripe();
});
afterEach(() => configureStripe(false));

/** A Free user who has been through checkout (so Stripe knows them as a customer). */
async function customerUser(): Promise<User & { stripeCustomerId: string }> {
  const user = await createUser({ stripeCustomerId: fakeId('cus') });
  return user as User & { stripeCustomerId: string };
}

/** A Plus user with an active subscription, as the webhook leaves them. */
async function subscribedUser(periodEnd = nowSeconds() + 30 * 86400) {
  const user = await customerUser();
  const subscription = stripe.addSubscription(subscriptionObject({ customer: user.stripeCustomerId, userId: user.id, periodEnd }));
  const created = nowSeconds() - 3600;
  expect((await deliver(stripeEvent('customer.subscription.created', subscription, { created }))).status).toBe(200);
  expect((await reload(user)).subscriptionTier).toBe('plus');
  return { user, subscription, created };
}

describe('signature', () => {
  it('answers 400 to a bad signature, a missing one and a tampered body, and changes nothing', async () => {
    const user = await customerUser();
    const subscription = subscriptionObject({ customer: user.stripeCustomerId });
    const event = stripeEvent('customer.subscription.created', subscription);

    const wrongSecret = await POST(signedWebhookRequest(event, 'whsec_someone_else'));
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toEqual({ message: 'Invalid Stripe signature', code: 'BAD_REQUEST' });

    const unsigned = await POST(
      new Request('http://localhost/api/stripe/webhook', { method: 'POST', body: JSON.stringify(event) }),
    );
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toEqual({ message: 'Missing Stripe-Signature header', code: 'BAD_REQUEST' });

    const signed = signedWebhookRequest(event);
    const tampered = new Request(signed.url, {
      method: 'POST',
      headers: signed.headers,
      body: JSON.stringify({ ...event, data: { object: { ...subscription, customer: 'cus_attacker' } } }),
    });
    expect((await POST(tampered)).status).toBe(400);

    expect((await reload(user)).subscriptionTier).toBe('free');
    expect(await db().processedWebhookEvent.count({ where: { id: event.id } })).toBe(0);
  });

  it('answers 503 Billing is not configured without a webhook secret', async () => {
    const event = stripeEvent('customer.subscription.created', subscriptionObject({ customer: fakeId('cus') }));
    const request = signedWebhookRequest(event);
    configureStripe(false);
    const response = await POST(request);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'Billing is not configured', code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('upgrade', () => {
  it('checkout.session.completed links the subscription and grants Plus once Stripe says it is active', async () => {
    const user = await customerUser();
    const periodEnd = nowSeconds() + 30 * 86400;
    const subscription = stripe.addSubscription(subscriptionObject({ customer: user.stripeCustomerId, periodEnd }));
    const session = checkoutSessionObject({ customer: user.stripeCustomerId, subscription: subscription.id, userId: user.id });

    const response = await deliver(stripeEvent('checkout.session.completed', session));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });

    const after = await reload(user);
    expect(after).toMatchObject({
      subscriptionTier: 'plus',
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(after.subscriptionPeriodEnd?.getTime()).toBe(periodEnd * 1000);
    expect(stripe.calls('GET', `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
  });

  it('links the customer from client_reference_id for a user Stripe did not know yet', async () => {
    const user = await createUser();
    const customer = fakeId('cus');
    const subscription = stripe.addSubscription(subscriptionObject({ customer }));
    await deliver(stripeEvent('checkout.session.completed', checkoutSessionObject({ customer, subscription: subscription.id, userId: user.id })));
    expect(await reload(user)).toMatchObject({ stripeCustomerId: customer, subscriptionTier: 'plus' });
  });

  it('does not grant Plus while the subscription is still incomplete (payment not through)', async () => {
    const user = await customerUser();
    const subscription = stripe.addSubscription(subscriptionObject({ customer: user.stripeCustomerId, status: 'incomplete' }));
    await deliver(stripeEvent('checkout.session.completed', checkoutSessionObject({ customer: user.stripeCustomerId, subscription: subscription.id, userId: user.id })));
    expect(await reload(user)).toMatchObject({ subscriptionTier: 'free', stripeSubscriptionId: subscription.id, subscriptionStatus: 'incomplete' });

    subscription.status = 'active';
    await deliver(stripeEvent('customer.subscription.updated', subscription));
    expect((await reload(user)).subscriptionTier).toBe('plus');
  });

  it('customer.subscription.created with status active grants Plus (found by the customer id)', async () => {
    const { user, subscription } = await subscribedUser();
    expect(await reload(user)).toMatchObject({ stripeSubscriptionId: subscription.id, subscriptionStatus: 'active' });
  });
});

describe('replay', () => {
  it('applies an event id once: a replay answers 200 and changes nothing', async () => {
    const user = await customerUser();
    const subscription = stripe.addSubscription(subscriptionObject({ customer: user.stripeCustomerId }));
    const event = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject({ customer: user.stripeCustomerId, subscription: subscription.id, userId: user.id }),
    );
    await deliver(event);
    const first = await reload(user);
    expect(first.subscriptionTier).toBe('plus');

    // Had the replay been applied, it would now record Stripe's newer `past_due`.
    subscription.status = 'past_due';
    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true });
    expect(await reload(user)).toEqual(first);
    expect(stripe.calls('GET', `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    expect(await db().processedWebhookEvent.count({ where: { id: event.id } })).toBe(1);
  });

  it('applies the same event delivered twice at once only once', async () => {
    const { user, subscription } = await subscribedUser();
    const canceling = subscriptionObject({ id: subscription.id, customer: user.stripeCustomerId, cancelAtPeriodEnd: true });
    const event = stripeEvent('customer.subscription.updated', canceling);
    const outcomes = await Promise.all([applyStripeEvent(db(), event as Stripe.Event), applyStripeEvent(db(), event as Stripe.Event)]);
    expect(outcomes.sort()).toEqual(['applied', 'duplicate']);
    expect(await db().processedWebhookEvent.count({ where: { id: event.id } })).toBe(1);
  });
});

describe('cancel at period end and deletion', () => {
  it('an update with cancel_at_period_end keeps Plus and records until when', async () => {
    const periodEnd = nowSeconds() + 10 * 86400;
    const { user, subscription } = await subscribedUser(periodEnd);
    const canceling = subscriptionObject({ id: subscription.id, customer: user.stripeCustomerId, cancelAtPeriodEnd: true, periodEnd });
    await deliver(stripeEvent('customer.subscription.updated', canceling));
    const after = await reload(user);
    expect(after).toMatchObject({ subscriptionTier: 'plus', cancelAtPeriodEnd: true, subscriptionStatus: 'active' });
    expect(after.subscriptionPeriodEnd?.getTime()).toBe(periodEnd * 1000);
  });

  it('a cancellation set as cancel_at (as the portal may do) reads the same way', async () => {
    const { user, subscription } = await subscribedUser();
    const cancelAt = nowSeconds() + 5 * 86400;
    await deliver(stripeEvent('customer.subscription.updated', subscriptionObject({ id: subscription.id, customer: user.stripeCustomerId, cancelAt })));
    const after = await reload(user);
    expect(after.cancelAtPeriodEnd).toBe(true);
    expect(after.subscriptionPeriodEnd?.getTime()).toBe(cancelAt * 1000);
  });

  it('customer.subscription.deleted moves the user to Free', async () => {
    const { user, subscription } = await subscribedUser();
    const ended = subscriptionObject({ id: subscription.id, customer: user.stripeCustomerId, status: 'canceled' });
    expect((await deliver(stripeEvent('customer.subscription.deleted', ended))).status).toBe(200);
    expect(await reload(user)).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'canceled', cancelAtPeriodEnd: false });
  });

  it('ignores the deletion of a subscription that is not the current one', async () => {
    const { user } = await subscribedUser();
    const other = subscriptionObject({ customer: user.stripeCustomerId, status: 'canceled' });
    await deliver(stripeEvent('customer.subscription.deleted', other));
    expect((await reload(user)).subscriptionTier).toBe('plus');
  });

  it('a user who subscribes again after a deletion gets Plus on the new subscription', async () => {
    const { user, subscription } = await subscribedUser();
    await deliver(stripeEvent('customer.subscription.deleted', subscriptionObject({ id: subscription.id, customer: user.stripeCustomerId, status: 'canceled' })));
    const again = subscriptionObject({ customer: user.stripeCustomerId });
    await deliver(stripeEvent('customer.subscription.created', again, { created: nowSeconds() + 5 }));
    expect(await reload(user)).toMatchObject({ subscriptionTier: 'plus', stripeSubscriptionId: again.id });
  });
});

describe('failed payment', () => {
  it('keeps Plus while Stripe retries (past_due) and records the status', async () => {
    const { user, subscription } = await subscribedUser();
    subscription.status = 'past_due';
    const invoice = invoiceObject({ customer: user.stripeCustomerId, subscription: subscription.id });
    expect((await deliver(stripeEvent('invoice.payment_failed', invoice))).status).toBe(200);
    expect(await reload(user)).toMatchObject({ subscriptionTier: 'plus', subscriptionStatus: 'past_due' });
  });

  it('moves the user to Free when Stripe says the subscription is no longer active (unpaid)', async () => {
    const { user, subscription } = await subscribedUser();
    subscription.status = 'unpaid';
    await deliver(stripeEvent('invoice.payment_failed', invoiceObject({ customer: user.stripeCustomerId, subscription: subscription.id })));
    expect(await reload(user)).toMatchObject({ subscriptionTier: 'free', subscriptionStatus: 'unpaid' });
  });

  it("ignores a failed invoice of a subscription that is not the user's current one", async () => {
    const { user } = await subscribedUser();
    const other = stripe.addSubscription(subscriptionObject({ customer: user.stripeCustomerId, status: 'unpaid' }));
    await deliver(stripeEvent('invoice.payment_failed', invoiceObject({ customer: user.stripeCustomerId, subscription: other.id })));
    expect(await reload(user)).toMatchObject({ subscriptionTier: 'plus', subscriptionStatus: 'active' });
  });
});

describe('out of order', () => {
  it('an older `updated: canceled` arriving after a newer `active` does not downgrade', async () => {
    const user = await customerUser();
    const id = fakeId('sub');
    const t = nowSeconds();
    await deliver(stripeEvent('customer.subscription.updated', subscriptionObject({ id, customer: user.stripeCustomerId, status: 'active' }), { created: t }));
    const late = await deliver(
      stripeEvent('customer.subscription.updated', subscriptionObject({ id, customer: user.stripeCustomerId, status: 'canceled' }), { created: t - 60 }),
    );
    expect(late.status).toBe(200);
    const after = await reload(user);
    expect(after).toMatchObject({ subscriptionTier: 'plus', subscriptionStatus: 'active' });
    expect(after.billingEventAt?.getTime()).toBe(t * 1000);
  });

  it('a late, older `active` after the deletion does not bring Plus back', async () => {
    const { user, subscription, created } = await subscribedUser();
    const t = created + 600;
    await deliver(stripeEvent('customer.subscription.deleted', subscriptionObject({ id: subscription.id, customer: user.stripeCustomerId, status: 'canceled' }), { created: t }));
    await deliver(stripeEvent('customer.subscription.updated', subscriptionObject({ id: subscription.id, customer: user.stripeCustomerId }), { created: t - 1 }));
    expect((await reload(user)).subscriptionTier).toBe('free');
  });

  it('a deletion that arrives before an older update still ends Plus', async () => {
    const { user, subscription, created } = await subscribedUser();
    await deliver(stripeEvent('customer.subscription.deleted', subscriptionObject({ id: subscription.id, customer: user.stripeCustomerId, status: 'canceled' }), { created: created + 10 }));
    await deliver(stripeEvent('customer.subscription.updated', subscriptionObject({ id: subscription.id, customer: user.stripeCustomerId, cancelAtPeriodEnd: true }), { created: created + 5 }));
    expect((await reload(user)).subscriptionTier).toBe('free');
  });

  it('an incomplete second subscription cannot downgrade a paying user', async () => {
    const { user, subscription } = await subscribedUser();
    const second = subscriptionObject({ customer: user.stripeCustomerId, status: 'incomplete' });
    await deliver(stripeEvent('customer.subscription.created', second, { created: nowSeconds() + 5 }));
    expect(await reload(user)).toMatchObject({ subscriptionTier: 'plus', stripeSubscriptionId: subscription.id });
  });
});

describe('events we do not act on', () => {
  it('acknowledges an event for an unknown customer with 200 and changes nobody', async () => {
    const bystander = await customerUser();
    const before = await reload(bystander);
    const subscription = subscriptionObject({ customer: fakeId('cus') });
    const response = await deliver(stripeEvent('customer.subscription.created', subscription));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await reload(bystander)).toEqual(before);
    expect(await db().user.count({ where: { stripeSubscriptionId: subscription.id } })).toBe(0);
  });

  it("does not trust a metadata user id that belongs to another customer", async () => {
    const victim = await customerUser();
    const event = stripeEvent('customer.subscription.created', subscriptionObject({ customer: fakeId('cus'), userId: victim.id }));
    expect((await deliver(event)).status).toBe(200);
    expect((await reload(victim)).subscriptionTier).toBe('free');
  });

  it('acknowledges unhandled event types with 200 without storing them', async () => {
    const event = stripeEvent('customer.created', { id: fakeId('cus'), object: 'customer' });
    expect((await deliver(event)).status).toBe(200);
    expect(await db().processedWebhookEvent.count({ where: { id: event.id } })).toBe(0);
  });

  it('ignores a one-off payment checkout', async () => {
    const user = await customerUser();
    const session = checkoutSessionObject({ customer: user.stripeCustomerId, subscription: '', userId: user.id, mode: 'payment' });
    expect((await deliver(stripeEvent('checkout.session.completed', session))).status).toBe(200);
    expect((await reload(user)).subscriptionTier).toBe('free');
  });

  it('answers 500 (so Stripe retries) when Stripe cannot be asked, and stores nothing', async () => {
    const user = await customerUser();
    configureStripe({ apiUrl: 'http://stripe-down.test:1' });
    server.use(http.get('http://stripe-down.test:1/v1/subscriptions/:id', () => HttpResponse.json({ error: { type: 'api_error', message: 'down' } }, { status: 400 })));
    const event = stripeEvent('checkout.session.completed', checkoutSessionObject({ customer: user.stripeCustomerId, subscription: fakeId('sub'), userId: user.id }));
    const response = await deliver(event);
    expect(response.status).toBe(500);
    expect(await db().processedWebhookEvent.count({ where: { id: event.id } })).toBe(0);
  });
});

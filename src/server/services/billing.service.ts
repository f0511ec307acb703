// Plus billing: checkout, portal, cancel, and applying Stripe's webhook events to users.
//
// The rules, decided once here:
// - Only a verified Stripe event (or a fresh answer from Stripe's API) changes a user's plan.
//   The browser's return from Checkout grants nothing.
// - Plus while the subscription is `active`, `trialing` or `past_due`. `past_due` keeps Plus:
//   Stripe is still retrying the payment inside the paid-for service, and it moves the
//   subscription on to `unpaid` or `canceled` (both Free) when its retries run out. `incomplete`,
//   `incomplete_expired`, `unpaid`, `paused` and `canceled` are Free.
// - Each event id is applied once: its id is stored in the same transaction as the change.
// - Out of order: `User.billingEventAt` holds the newest applied event's `created`; a state from
//   an older event is ignored. A deletion is final in Stripe, so it is applied whenever it is
//   for the user's current subscription, and a canceled subscription never comes back to life.
// - A second subscription (another checkout) takes over only if it grants Plus or the current
//   one no longer does, so events of a side subscription can never downgrade a paying user.
import type { Prisma, User } from '@/generated/prisma/client';
import { CURRENCIES, PLUS_PRICE, type Country } from '@/lib/constants';
import type { TBillingStatusOutput, TCreateCheckoutSessionInput } from '@/lib/schemas/billing';
import { CHECKOUT_RETURN } from '@/lib/constants';
import { appError } from '@/server/errors';
import {
  BILLING_NOT_CONFIGURED,
  BILLING_UNAVAILABLE,
  billingConfigured,
  idOf,
  plusPriceId,
  requireStripe,
  Stripe,
  stripeClient,
} from '@/server/billing/stripe';
import type { Db } from '@/server/db';
import { env } from '@/server/env';
import { log } from '@/server/log';

type Tx = Prisma.TransactionClient;

const PLUS_ONLY_MESSAGE = 'Subscription management is for Plus users only';
const ALREADY_PLUS_MESSAGE = 'You already have Plus';
const NO_SUBSCRIPTION_MESSAGE = 'No Stripe subscription is linked to this account';

/** Subscription statuses that grant Plus. */
const PLUS_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);
/** Statuses a Stripe subscription can never leave. */
const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

// ---------------------------------------------------------------------------------------------
// Status for the account page

export function billingStatus(): TBillingStatusOutput {
  const price = (country: Country) => ({
    currency: CURRENCIES[country].code,
    symbol: CURRENCIES[country].symbol,
    amount: PLUS_PRICE.amount,
    was: PLUS_PRICE.was,
  });
  return { configured: billingConfigured(), prices: { UK: price('UK'), USA: price('USA') } };
}

// ---------------------------------------------------------------------------------------------
// Calls made for a signed-in user

/** Stripe's failures become 503 (logged without personal data); anything else is a bug. */
function billingError(what: string, error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  log.error('stripe call failed', { what, type: error.type, code: error.code, status: error.statusCode, stripeRequestId: error.requestId });
  return appError('SERVICE_UNAVAILABLE', BILLING_UNAVAILABLE, error);
}

async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw billingError(what, error);
  }
}

async function loadUser(db: Db, userId: string): Promise<User> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw appError('NOT_FOUND', 'Not found');
  return user;
}

/**
 * The user's Stripe customer, created on first need. Two checkouts at once create one
 * customer: the idempotency key makes Stripe answer both with the same customer, and only the
 * first `UPDATE ... WHERE stripeCustomerId IS NULL` stores it; the other re-reads.
 */
async function ensureCustomer(db: Db, stripe: Stripe, user: User): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await callStripe('customers.create', () =>
    stripe.customers.create(
      { email: user.email, name: user.name, metadata: { userId: user.id } },
      { idempotencyKey: `onething-customer-${user.id}` },
    ),
  );
  const stored = await db.user.updateMany({
    where: { id: user.id, stripeCustomerId: null },
    data: { stripeCustomerId: customer.id },
  });
  if (stored.count === 1) return customer.id;
  const fresh = await loadUser(db, user.id);
  if (!fresh.stripeCustomerId) throw appError('NOT_FOUND', 'Not found');
  if (fresh.stripeCustomerId !== customer.id) {
    // Lost a race to a customer made without our key: remove the spare one, best effort.
    await stripe.customers.del(customer.id).catch((error: unknown) => log.warn('spare stripe customer not deleted', { error }));
  }
  return fresh.stripeCustomerId;
}

export async function createCheckoutSession(
  db: Db,
  userId: string,
  input: Pick<TCreateCheckoutSessionInput, 'country'>,
): Promise<{ url: string }> {
  const price = plusPriceId(input.country);
  if (!billingConfigured() || !price) throw appError('SERVICE_UNAVAILABLE', BILLING_NOT_CONFIGURED);
  const stripe = requireStripe();
  const user = await loadUser(db, userId);
  // A Plus user (also one cancelling at period end) manages or resumes Plus in the portal; a
  // second subscription would charge them twice.
  if (user.subscriptionTier === 'plus') throw appError('CONFLICT', ALREADY_PLUS_MESSAGE);
  const customer = await ensureCustomer(db, stripe, user);
  const appUrl = env().APP_URL;
  const session = await callStripe('checkout.sessions.create', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price, quantity: 1 }],
      client_reference_id: user.id,
      metadata: { userId: user.id },
      subscription_data: { metadata: { userId: user.id } },
      success_url: `${appUrl}/account?${CHECKOUT_RETURN.param}=${CHECKOUT_RETURN.success}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/account?${CHECKOUT_RETURN.param}=${CHECKOUT_RETURN.cancelled}`,
    }),
  );
  if (!session.url) {
    log.error('stripe checkout session without url', { sessionId: session.id });
    throw appError('SERVICE_UNAVAILABLE', BILLING_UNAVAILABLE);
  }
  return { url: session.url };
}

/** Loads a Plus user for portal or cancel: 503 unconfigured, 403 for Free users. */
async function loadPlusUser(db: Db, userId: string): Promise<{ stripe: Stripe; user: User }> {
  const stripe = requireStripe();
  const user = await loadUser(db, userId);
  if (user.subscriptionTier !== 'plus') throw appError('FORBIDDEN', PLUS_ONLY_MESSAGE);
  return { stripe, user };
}

export async function createPortalSession(db: Db, userId: string): Promise<{ url: string }> {
  const { stripe, user } = await loadPlusUser(db, userId);
  const customer = user.stripeCustomerId;
  if (!customer) throw appError('CONFLICT', NO_SUBSCRIPTION_MESSAGE);
  const session = await callStripe('billingPortal.sessions.create', () =>
    stripe.billingPortal.sessions.create({ customer, return_url: `${env().APP_URL}/account` }),
  );
  return { url: session.url };
}

/**
 * Cancels at the end of the paid period: the user keeps Plus until then, and the account shows
 * until when (`cancelAtPeriodEnd`, `subscriptionPeriodEnd`). Stripe's deletion event at the
 * period end moves the user to Free. Calling it again is harmless.
 */
export async function cancelSubscription(db: Db, userId: string): Promise<{ success: true }> {
  const { stripe, user } = await loadPlusUser(db, userId);
  const subscriptionId = user.stripeSubscriptionId;
  if (!subscriptionId) throw appError('CONFLICT', NO_SUBSCRIPTION_MESSAGE);
  const subscription = await callStripe('subscriptions.update', () =>
    stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
  );
  await db.$transaction(async (tx) => {
    const locked = await lockUser(tx, user.id);
    if (locked) await applySubscription(tx, locked, subscriptionState(subscription), { eventCreated: null, authoritative: true });
  });
  return { success: true };
}

/**
 * For account deletion (the accounts area calls this before removing the user): deletes the
 * user's Stripe customer, which ends any subscription at once, so nobody is charged for an
 * account that no longer exists. A no-op without a customer or without Stripe configured;
 * 503 if Stripe cannot be reached (do not delete the account then, or billing continues).
 */
export async function endBillingForDeletedAccount(db: Db, userId: string): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { stripeCustomerId: true } });
  const customer = user?.stripeCustomerId;
  const stripe = stripeClient();
  if (!customer || !stripe) return;
  try {
    await stripe.customers.del(customer);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
    throw billingError('customers.del', error);
  }
}

// ---------------------------------------------------------------------------------------------
// Webhook events

type SubscriptionState = {
  subscriptionId: string;
  customerId: string | null;
  status: string;
  /** Until when Plus is paid for: the cancellation time if one is set, else the period end. */
  periodEnd: Date | null;
  /** The subscription ends at `periodEnd` instead of renewing. */
  cancelAtPeriodEnd: boolean;
  /** `metadata.userId` we put on the subscription at checkout. */
  userIdHint: string | null;
};

const fromUnix = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : null);

function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  // Since API version 2025-03-31 the period sits on the items; webhook endpoints pinned to an
  // older version still send it on the subscription.
  const legacyEnd = (subscription as { current_period_end?: number }).current_period_end;
  const itemEnds = (subscription.items?.data ?? []).map((item) => item.current_period_end).filter((end) => typeof end === 'number');
  const periodEnd = legacyEnd ?? (itemEnds.length ? Math.max(...itemEnds) : null);
  const ended = TERMINAL_STATUSES.has(subscription.status);
  const cancelAt = subscription.cancel_at ?? null;
  return {
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    status: subscription.status,
    periodEnd: fromUnix(cancelAt ?? periodEnd) ?? fromUnix(subscription.ended_at),
    cancelAtPeriodEnd: !ended && (subscription.cancel_at_period_end || cancelAt !== null),
    userIdHint: subscription.metadata?.userId ?? null,
  };
}

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'stale';

const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.deleted',
  'invoice.payment_failed',
] as const;
const HANDLED: ReadonlySet<string> = new Set(HANDLED_EVENT_TYPES);

/** What an event asks for, worked out (with any Stripe API call) before the transaction. */
type Plan =
  | { kind: 'ignore'; reason: string }
  | { kind: 'subscription'; userId: string; state: SubscriptionState; authoritative: boolean; deleted: boolean }
  | { kind: 'link'; userId: string; customerId: string };

/**
 * Applies one verified Stripe event. Returns what happened; throws only when it should be
 * retried (the database or Stripe's API failed), and then nothing was stored.
 */
export async function applyStripeEvent(db: Db, event: Stripe.Event, stripe: Stripe | null = stripeClient()): Promise<EventOutcome> {
  if (!HANDLED.has(event.type)) return 'ignored';
  if (await db.processedWebhookEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return 'duplicate';

  const plan = await planEvent(db, event, stripe);
  const created = new Date(event.created * 1000);

  return db.$transaction(async (tx) => {
    const inserted = await tx.processedWebhookEvent.createMany({
      data: [{ id: event.id, type: event.type }],
      skipDuplicates: true,
    });
    if (inserted.count === 0) return 'duplicate';
    if (plan.kind === 'ignore') {
      log.info('stripe event ignored', { eventId: event.id, type: event.type, reason: plan.reason });
      return 'ignored';
    }
    const user = await lockUser(tx, plan.userId);
    if (!user) return 'ignored';
    if (plan.kind === 'link') {
      return (await linkCustomer(tx, user, plan.customerId)) ? 'applied' : 'ignored';
    }
    return applySubscription(tx, user, plan.state, {
      eventCreated: created,
      authoritative: plan.authoritative,
      deleted: plan.deleted,
    });
  });
}

async function planEvent(db: Db, event: Stripe.Event, stripe: Stripe | null): Promise<Plan> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return { kind: 'ignore', reason: 'not a subscription checkout' };
      const customerId = idOf(session.customer);
      const user = await findUser(db, customerId, session.client_reference_id ?? session.metadata?.userId ?? null);
      if (!user) return { kind: 'ignore', reason: 'unknown user' };
      const subscription = session.subscription;
      if (!subscription) return customerId ? { kind: 'link', userId: user.id, customerId } : { kind: 'ignore', reason: 'no customer' };
      // The session does not say whether the subscription is active: ask Stripe (unless it
      // came expanded). Its answer is current, so it is applied whatever the event's age.
      const full = typeof subscription === 'string' ? await retrieveSubscription(stripe, subscription) : subscription;
      if (!full) return { kind: 'ignore', reason: 'subscription not found' };
      return { kind: 'subscription', userId: user.id, state: subscriptionState(full), authoritative: true, deleted: false };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
    case 'customer.subscription.deleted': {
      const state = subscriptionState(event.data.object);
      const user = await findUser(db, state.customerId, state.userIdHint);
      if (!user) return { kind: 'ignore', reason: 'unknown customer' };
      return {
        kind: 'subscription',
        userId: user.id,
        state,
        authoritative: false,
        deleted: event.type === 'customer.subscription.deleted',
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const user = await findUser(db, idOf(invoice.customer), null);
      if (!user) return { kind: 'ignore', reason: 'unknown customer' };
      const legacy = (invoice as { subscription?: string | Stripe.Subscription | null }).subscription;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? legacy ?? null);
      if (!subscriptionId || subscriptionId !== user.stripeSubscriptionId) {
        return { kind: 'ignore', reason: 'not the current subscription' };
      }
      // A failed payment alone does not end Plus: record what Stripe now says about the
      // subscription (usually `past_due`, still Plus while Stripe retries).
      const full = await retrieveSubscription(stripe, subscriptionId);
      if (!full) return { kind: 'ignore', reason: 'subscription not found' };
      return { kind: 'subscription', userId: user.id, state: subscriptionState(full), authoritative: true, deleted: false };
    }
    default:
      return { kind: 'ignore', reason: 'unhandled type' };
  }
}

async function retrieveSubscription(stripe: Stripe | null, id: string): Promise<Stripe.Subscription | null> {
  if (!stripe) throw appError('SERVICE_UNAVAILABLE', BILLING_NOT_CONFIGURED);
  try {
    return await stripe.subscriptions.retrieve(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
    throw error;
  }
}

/** The user a Stripe object belongs to: by customer id, else by the user id we put on it. */
async function findUser(db: Db | Tx, customerId: string | null, userIdHint: string | null): Promise<User | null> {
  if (customerId) {
    const byCustomer = await db.user.findUnique({ where: { stripeCustomerId: customerId } });
    if (byCustomer) return byCustomer;
  }
  if (!userIdHint) return null;
  const byHint = await db.user.findUnique({ where: { id: userIdHint } });
  // A user already tied to another customer is not this customer's user.
  if (!byHint || (byHint.stripeCustomerId && customerId && byHint.stripeCustomerId !== customerId)) return null;
  return byHint;
}

/** Locks the user's row for this transaction (events for one user apply one at a time). */
async function lockUser(tx: Tx, userId: string): Promise<User | null> {
  await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
  return tx.user.findUnique({ where: { id: userId } });
}

/** Stores the customer id on a user who has none; false if it belongs to someone else. */
async function linkCustomer(tx: Tx, user: User, customerId: string): Promise<boolean> {
  if (user.stripeCustomerId) return user.stripeCustomerId === customerId;
  const owner = await tx.user.findUnique({ where: { stripeCustomerId: customerId }, select: { id: true } });
  if (owner) return false;
  await tx.user.update({ where: { id: user.id }, data: { stripeCustomerId: customerId } });
  return true;
}

async function applySubscription(
  tx: Tx,
  user: User,
  state: SubscriptionState,
  opts: { eventCreated: Date | null; authoritative: boolean; deleted?: boolean },
): Promise<EventOutcome> {
  const current = user.stripeSubscriptionId;
  const isCurrent = current === state.subscriptionId;
  const newest =
    opts.eventCreated && (!user.billingEventAt || opts.eventCreated > user.billingEventAt) ? opts.eventCreated : user.billingEventAt;

  if (state.customerId && !(await linkCustomer(tx, user, state.customerId))) return 'ignored';

  if (opts.deleted) {
    // Final in Stripe whatever the order of arrival; only the current subscription matters.
    if (!isCurrent) return 'ignored';
    await tx.user.update({
      where: { id: user.id },
      data: {
        subscriptionTier: 'free',
        subscriptionStatus: TERMINAL_STATUSES.has(state.status) ? state.status : 'canceled',
        cancelAtPeriodEnd: false,
        subscriptionPeriodEnd: state.periodEnd,
        billingEventAt: newest,
      },
    });
    return 'applied';
  }

  if (!opts.authoritative && opts.eventCreated && user.billingEventAt && opts.eventCreated < user.billingEventAt) return 'stale';
  if (isCurrent && user.subscriptionStatus && TERMINAL_STATUSES.has(user.subscriptionStatus)) return 'ignored';
  if (current && !isCurrent && !PLUS_STATUSES.has(state.status) && PLUS_STATUSES.has(user.subscriptionStatus ?? '')) {
    return 'ignored';
  }

  await tx.user.update({
    where: { id: user.id },
    data: {
      stripeSubscriptionId: state.subscriptionId,
      subscriptionStatus: state.status,
      subscriptionPeriodEnd: state.periodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      subscriptionTier: PLUS_STATUSES.has(state.status) ? 'plus' : 'free',
      billingEventAt: newest,
    },
  });
  return 'applied';
}

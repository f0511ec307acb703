// Billing: Plus through Stripe. Thin wiring over src/server/services/billing.service.ts.
//
// Who may call what (decided to serve users):
// - checkout needs a verified e-mail: the address becomes the Stripe customer's (receipts go
//   there), and an unverified account cannot use the app it would be paying for yet.
// - portal and cancel need only a signed-in Plus user: someone paying must always be able to
//   manage or stop paying, even while a changed e-mail address awaits verification.
import {
  ZBillingProviderInput,
  ZBillingStatusOutput,
  ZBillingUrlOutput,
  ZCancelSubscriptionOutput,
  ZCreateCheckoutSessionInput,
  BILLING_PROVIDERS,
  type BillingProvider,
} from '@/lib/schemas/billing';
import { appError } from '@/server/errors';
import {
  billingStatus,
  cancelSubscription,
  createCheckoutSession,
  createPortalSession,
} from '@/server/services/billing.service';
import { z } from 'zod';
import { BILLING_DOWN } from '../../responses';
import { browserSessionProcedure, createTRPCRouter, publicProcedure, verifiedBrowserSessionProcedure } from '../../trpc';
import { answer } from '@/server/api/answers';

const UNKNOWN_PROVIDER_MESSAGE = 'Unknown billing provider';

function assertProvider(provider: string): asserts provider is BillingProvider {
  if (!(BILLING_PROVIDERS as readonly string[]).includes(provider)) throw appError('NOT_FOUND', UNKNOWN_PROVIDER_MESSAGE);
}

const TAGS = ['billing'];

export const billingRouter = createTRPCRouter({
  status: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/billing/status',
        tags: TAGS,
        summary: 'Whether Plus can be bought here, and its price',
        description:
          'Public. `configured` is false when this server has no Stripe keys: the calls below then answer 503 ' +
          '`Billing is not configured`, so show "billing unavailable" instead of an upgrade button.',
        protect: false,
      },
    })
    .input(z.void())
    .output(answer(ZBillingStatusOutput))
    .query(() => billingStatus()),

  createCheckoutSession: verifiedBrowserSessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/{provider}/create-checkout-session',
        tags: TAGS,
        summary: 'Start buying Plus',
        description:
          'Answers the URL of a Stripe Checkout page for Plus in GBP (UK) or USD (USA); send the browser there. ' +
          'Stripe returns the browser to /account?checkout=success or /account?checkout=cancelled. Plus is granted ' +
          "only by Stripe's verified webhook, moments later, never by the return itself. 404 for a provider other " +
          'than `stripe`, 403 until the e-mail is verified, 409 `You already have Plus`, 503 `Billing is not configured`.',
        protect: true,
      },
      errors: { 409: '`You already have Plus`', 503: BILLING_DOWN },
      pathValues: { provider: BILLING_PROVIDERS },
    })
    .input(ZCreateCheckoutSessionInput)
    .output(answer(ZBillingUrlOutput))
    .mutation(({ ctx, input }) => {
      assertProvider(input.provider);
      return createCheckoutSession(ctx.db, ctx.session.userId, input);
    }),

  createPortalSession: browserSessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/{provider}/create-portal-session',
        tags: TAGS,
        summary: "Open Stripe's billing portal",
        description:
          "Answers the URL of Stripe's customer portal (payment method, invoices, cancel or resume); it returns to " +
          '/account. 403 `Subscription management is for Plus users only` for Free users, 503 when billing is not configured.',
        protect: true,
      },
      errors: { 403: 'Only for Plus', 409: 'No Stripe subscription to manage', 503: BILLING_DOWN },
      pathValues: { provider: BILLING_PROVIDERS },
    })
    .input(ZBillingProviderInput)
    .output(answer(ZBillingUrlOutput))
    .mutation(({ ctx, input }) => {
      assertProvider(input.provider);
      return createPortalSession(ctx.db, ctx.session.userId);
    }),

  cancelSubscription: browserSessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/{provider}/cancel-subscription',
        tags: TAGS,
        summary: 'Cancel Plus at the end of the paid period',
        description:
          'The user keeps Plus until the paid period ends (`me` then shows `cancelAtPeriodEnd: true` and ' +
          '`subscriptionPeriodEnd`), and becomes Free when Stripe ends the subscription. 403 ' +
          '`Subscription management is for Plus users only` for Free users, 503 when billing is not configured.',
        protect: true,
      },
      errors: { 403: 'Only for Plus', 409: 'No Stripe subscription to cancel', 503: BILLING_DOWN },
      pathValues: { provider: BILLING_PROVIDERS },
    })
    .input(ZBillingProviderInput)
    .output(answer(ZCancelSubscriptionOutput))
    .mutation(({ ctx, input }) => {
      assertProvider(input.provider);
      return cancelSubscription(ctx.db, ctx.session.userId);
    }),
});

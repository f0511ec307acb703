// What POST /api/stripe/webhook answers (src/server/inbound/stripe-webhook.ts), kept below the
// entry point so that the OpenAPI document (src/server/api/openapi.ts) can describe it without
// importing the handler.
import { BILLING_NOT_CONFIGURED } from './stripe';

/** Stripe's events are a few kilobytes; refuse anything absurd before reading it. */
export const MAX_WEBHOOK_BYTES = 1_000_000;

export const MISSING_SIGNATURE_MESSAGE = 'Missing Stripe-Signature header';
export const BAD_SIGNATURE_MESSAGE = 'Invalid Stripe signature';

/**
 * The webhook's entry for the OpenAPI document (it is a route handler, not a procedure): its
 * failures are listed here beside the code that answers them, as reasons per status.
 */
export const stripeWebhookOpenApi = {
  paths: {
    '/stripe/webhook': {
      post: {
        operationId: 'billing-stripeWebhook',
        tags: ['billing'],
        summary: "Stripe's webhook",
        description:
          'Called by Stripe, not by clients. The raw body must carry a valid `Stripe-Signature` for ' +
          'STRIPE_WEBHOOK_SECRET (400 otherwise). Each event id is applied once; unknown customers and event types ' +
          'are acknowledged and ignored. Handles checkout.session.completed, customer.subscription.created/updated/' +
          'deleted and invoice.payment_failed.',
        security: [],
        parameters: [
          { in: 'header', name: 'Stripe-Signature', required: true, description: "Stripe's signature of the raw body", schema: { type: 'string' } },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'A Stripe event' } } } },
        responses: {
          '200': {
            description: 'Received (also for a repeated event, an unknown customer or an event type that is ignored)',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { received: { type: 'boolean', enum: [true] } }, required: ['received'] },
              },
            },
          },
        },
        errors: {
          400: [`\`${MISSING_SIGNATURE_MESSAGE}\``, `\`${BAD_SIGNATURE_MESSAGE}\``],
          413: ['The request body is larger than 1 MB'],
          500: ['Applying the event failed (Stripe retries it later)'],
          503: [`\`${BILLING_NOT_CONFIGURED}\`: this server has no Stripe keys`],
        },
      },
    },
  },
} as const;

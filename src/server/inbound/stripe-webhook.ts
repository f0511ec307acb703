// POST /api/stripe/webhook: Stripe's events, verified against STRIPE_WEBHOOK_SECRET on the raw
// body, then applied once each by the billing service. Answers:
// 200 `{ received: true }` (also for duplicates, unknown customers and unhandled types, so that
// Stripe stops resending them), 400 for a missing or bad signature, 413 for an oversized body,
// 503 when billing is not configured and 500 when applying failed (Stripe retries later).
import { INTERNAL_MESSAGE, type ApiErrorBody } from '@/server/errors';
import { db as defaultDb, type Db } from '@/server/db';
import { reportError } from '@/server/error-report';
import { log } from '@/server/log';
import { applyStripeEvent } from '@/server/services/billing.service';
import { BILLING_NOT_CONFIGURED, stripeClient, webhookSecret } from '@/server/billing/stripe';
import { BAD_SIGNATURE_MESSAGE, MAX_WEBHOOK_BYTES, MISSING_SIGNATURE_MESSAGE } from '@/server/billing/webhook-contract';

function json(status: number, body: ApiErrorBody | { received: true }): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}

export async function handleStripeWebhook(req: Request, database: Db = defaultDb): Promise<Response> {
  const secret = webhookSecret();
  const stripe = stripeClient();
  if (!secret || !stripe) return json(503, { message: BILLING_NOT_CONFIGURED, code: 'SERVICE_UNAVAILABLE' });

  if (Number(req.headers.get('content-length') ?? '0') > MAX_WEBHOOK_BYTES) {
    return json(413, { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  }
  const signature = req.headers.get('stripe-signature');
  if (!signature) return json(400, { message: MISSING_SIGNATURE_MESSAGE, code: 'BAD_REQUEST' });
  // The exact bytes Stripe signed: never parse and re-serialise before verifying.
  const payload = await req.text();
  if (Buffer.byteLength(payload) > MAX_WEBHOOK_BYTES) {
    return json(413, { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  }

  let event;
  try {
    event = await stripe.webhooks.constructEventAsync(payload, signature, secret);
  } catch {
    log.warn('stripe webhook signature rejected');
    return json(400, { message: BAD_SIGNATURE_MESSAGE, code: 'BAD_REQUEST' });
  }

  try {
    const outcome = await applyStripeEvent(database, event, stripe);
    log.info('stripe event', { eventId: event.id, type: event.type, outcome });
    return json(200, { received: true });
  } catch (error) {
    reportError('stripe event failed', error, { eventId: event.id, type: event.type });
    return json(500, { message: INTERNAL_MESSAGE, code: 'INTERNAL_SERVER_ERROR' });
  }
}

// Stripe's webhook. A route of its own (it wins over the REST catch-all) because the signature
// is checked on the raw body, which the REST door would parse.
import { handleStripeWebhook } from '@/server/inbound/stripe-webhook';
import { withRequestScope } from '@/server/http/request-scope';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const POST = withRequestScope((req: Request) => handleStripeWebhook(req), 'stripe-webhook');

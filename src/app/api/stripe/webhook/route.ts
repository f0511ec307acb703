// Stripe's webhook. A route of its own (it wins over the REST catch-all) because the signature
// is checked on the raw body, which the REST door would parse.
import { handleStripeWebhook } from '@/server/billing/webhook';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function POST(req: Request): Promise<Response> {
  return handleStripeWebhook(req);
}

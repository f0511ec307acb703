// The one adapter to Stripe: the real `stripe` SDK configured from the environment.
// STRIPE_API_URL points the SDK at a Stripe-compatible server (stripe-mock, a test double);
// unset, it talks to api.stripe.com. Billing is "configured" only when every Stripe variable
// is set: a checkout without a webhook secret would take money but could never grant Plus.
import Stripe from 'stripe';
import type { Country } from '@/lib/constants';
import { appError } from '@/server/errors';
import { env } from '@/server/env';
import { processSingleton } from '@/server/process-singleton';

export { Stripe };

export const BILLING_NOT_CONFIGURED = 'Billing is not configured';
export const BILLING_UNAVAILABLE = 'Billing is temporarily unavailable. Please try again in a moment.';

/** True when checkout can be offered: secret key, webhook secret and both prices are set. */
export function billingConfigured(): boolean {
  const e = env();
  return Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET && e.STRIPE_PRICE_GBP && e.STRIPE_PRICE_USD);
}

/** The Stripe price id of Plus for a country; undefined when it is not configured. */
export function plusPriceId(country: Country): string | undefined {
  const e = env();
  return country === 'UK' ? e.STRIPE_PRICE_GBP : e.STRIPE_PRICE_USD;
}

export function webhookSecret(): string | undefined {
  return env().STRIPE_WEBHOOK_SECRET;
}

/** Constructor options that point the SDK at STRIPE_API_URL (host, port, protocol). */
export function apiUrlOptions(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const shared = processSingleton('stripeClient', () => ({ cached: undefined as { key: string; client: Stripe } | undefined }));

/** The SDK client, or null without STRIPE_SECRET_KEY. Rebuilt when the configuration changes. */
export function stripeClient(): Stripe | null {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_API_URL: apiUrl } = env();
  if (!secretKey) return null;
  const key = `${secretKey}\u0000${apiUrl ?? ''}`;
  if (shared.cached?.key !== key) {
    shared.cached = {
      key,
      client: new Stripe(secretKey, {
        ...apiUrlOptions(apiUrl),
        // A person is waiting on these calls: fail in seconds, not Stripe's default 80 s.
        timeout: 20_000,
        maxNetworkRetries: 2,
        appInfo: { name: 'Onething' },
      }),
    };
  }
  return shared.cached.client;
}

/** The client, or 503 `Billing is not configured`. */
export function requireStripe(): Stripe {
  const client = stripeClient();
  if (!client) throw appError('SERVICE_UNAVAILABLE', BILLING_NOT_CONFIGURED);
  return client;
}

/** The id of an expandable Stripe field (`'cus_1'` or `{ id: 'cus_1', ... }`). */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

// The Stripe adapter: configured only with every variable, and the real SDK talks to
// api.stripe.com by default or to STRIPE_API_URL when set.
import { afterEach, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/server/env';
import { apiUrlOptions, billingConfigured, plusPriceId, requireStripe, stripeClient } from './stripe';
import { configureStripe, fakeStripe, TEST_STRIPE } from '@/test/stripe';

afterEach(() => configureStripe(false));

describe('configuration', () => {
  it('is unconfigured without keys, and requireStripe answers 503 Billing is not configured', () => {
    configureStripe(false);
    expect(billingConfigured()).toBe(false);
    expect(stripeClient()).toBeNull();
    expect(() => requireStripe()).toThrow(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: 'Billing is not configured' }));
  });

  it('needs the webhook secret and both prices too: a checkout that can never grant Plus is not offered', () => {
    for (const missing of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_GBP', 'STRIPE_PRICE_USD', 'STRIPE_SECRET_KEY']) {
      configureStripe();
      delete process.env[missing];
      resetEnvCache();
      expect(billingConfigured(), `without ${missing}`).toBe(false);
    }
    configureStripe();
    expect(billingConfigured()).toBe(true);
    expect(plusPriceId('UK')).toBe(TEST_STRIPE.priceGbp);
    expect(plusPriceId('USA')).toBe(TEST_STRIPE.priceUsd);
  });

  it('turns STRIPE_API_URL into the host, port and protocol options of the SDK', () => {
    expect(apiUrlOptions(undefined)).toEqual({});
    expect(apiUrlOptions('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: '12111', protocol: 'http' });
    expect(apiUrlOptions('https://stripe.internal')).toEqual({ host: 'stripe.internal', port: 443, protocol: 'https' });
  });
});

describe('the SDK on the wire', () => {
  it('talks to https://api.stripe.com with the secret key by default', async () => {
    configureStripe();
    const stripe = fakeStripe();
    const customer = await requireStripe().customers.create({ email: 'a@example.com' });
    expect(customer.id).toMatch(/^cus_/);
    const [call] = stripe.calls('POST', '/v1/customers');
    expect(call?.headers.get('authorization')).toBe(`Bearer ${TEST_STRIPE.secretKey}`);
    expect(call?.form.get('email')).toBe('a@example.com');
  });

  it('talks to STRIPE_API_URL when set (a local Stripe-compatible server)', async () => {
    configureStripe({ apiUrl: 'http://stripe.test:12111' });
    const local = fakeStripe('http://stripe.test:12111');
    const customer = await requireStripe().customers.create({ email: 'b@example.com' });
    expect(customer.id).toMatch(/^cus_/);
    expect(local.calls('POST', '/v1/customers')).toHaveLength(1);
  });

  it('rebuilds the client when the configuration changes', () => {
    configureStripe();
    const first = stripeClient();
    expect(stripeClient()).toBe(first);
    configureStripe({ apiUrl: 'http://stripe.test:12111' });
    expect(stripeClient()).not.toBe(first);
  });
});

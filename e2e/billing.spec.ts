// Billing in the production build, as started for the browser tests (no Stripe keys): the
// webhook's own route answers (not the REST catch-all), and the account page can learn that
// billing is unavailable instead of offering a broken button.
import { expect, test } from '@playwright/test';

test('the Stripe webhook is served by its own route and says billing is not configured', async ({ request }) => {
  const response = await request.post('/api/stripe/webhook', {
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    data: '{"id":"evt_1","object":"event"}',
  });
  expect(response.status()).toBe(503);
  expect(await response.json()).toEqual({ message: 'Billing is not configured', code: 'SERVICE_UNAVAILABLE' });
});

test('billing status is public and reports billing unavailable with the Plus prices', async ({ request }) => {
  const response = await request.get('/api/billing/status');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({
    configured: false,
    prices: {
      UK: { currency: 'GBP', symbol: '£', amount: 2, was: 4 },
      USA: { currency: 'USD', symbol: '$', amount: 2, was: 4 },
    },
  });
});

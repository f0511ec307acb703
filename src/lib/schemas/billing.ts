// Billing shapes shared by the server and the account page: the country (which decides the
// currency and the Stripe price), the billing provider path segment and the answers.
import './zod-config';
import { z } from 'zod';
import { CURRENCIES, type Country } from '@/lib/constants';

export const BILLING_PROVIDERS = ['stripe'] as const;
export type BillingProvider = (typeof BILLING_PROVIDERS)[number];

const COUNTRIES = Object.keys(CURRENCIES) as [Country, ...Country[]];

const ZCountry = z.enum(COUNTRIES).describe('Where the user pays from: UK pays in GBP, USA in USD');

/**
 * The `{provider}` path segment. Kept a plain string in the schema so that an unknown
 * provider answers 404 (an unknown resource), not a validation error.
 */
const ZBillingProvider = z.string().describe('The billing provider; only `stripe` exists');

export const ZCreateCheckoutSessionInput = z.object({
  provider: ZBillingProvider,
  country: ZCountry,
});
export type TCreateCheckoutSessionInput = z.infer<typeof ZCreateCheckoutSessionInput>;

export const ZBillingProviderInput = z.object({ provider: ZBillingProvider });

export const ZBillingUrlOutput = z.object({
  url: z.url().describe('Send the browser to this Stripe page'),
});

export const ZCancelSubscriptionOutput = z.object({ success: z.literal(true) });

const ZPlusPrice = z.object({
  currency: z.enum(['GBP', 'USD']).describe('ISO 4217 currency code'),
  symbol: z.string().describe('Currency symbol to show before the amount'),
  amount: z.number().describe('Plus price per month'),
  was: z.number().describe('The former price, shown struck through'),
});

export const ZBillingStatusOutput = z.object({
  configured: z
    .boolean()
    .describe('False when Stripe is not configured on this server: show "billing unavailable" instead of an upgrade button'),
  prices: z.object({ UK: ZPlusPrice, USA: ZPlusPrice }).describe('The Plus price shown per country'),
});
export type TBillingStatusOutput = z.infer<typeof ZBillingStatusOutput>;


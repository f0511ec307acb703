// What the plans offer and cost, in words, from PLAN_LIMITS / PLUS_PRICE / CURRENCIES, so the
// landing page, the limit dialogs and the account page never restate a number by hand.
import { CURRENCIES, PLAN_LIMITS, PLUS_PRICE, type Country, type SubscriptionTier, type UsageKind } from './constants';

const USAGE_NOUNS: Record<UsageKind, { one: string; many: string }> = {
  tasks: { one: 'task', many: 'tasks' },
  sessions: { one: 'session', many: 'sessions' },
  aiBreakdowns: { one: 'AI breakdown', many: 'AI breakdowns' },
  aiSessions: { one: 'AI session', many: 'AI sessions' },
};

/** '£2', '$4': whole amounts without pennies, as on the price tag. */
export function formatPrice(amount: number, country: Country): string {
  return new Intl.NumberFormat(country === 'UK' ? 'en-GB' : 'en-US', {
    style: 'currency',
    currency: CURRENCIES[country].code,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

function allowance(limit: number | null, kind: UsageKind): string {
  return limit === null ? `Unlimited ${USAGE_NOUNS[kind].many}` : `${limit} ${USAGE_NOUNS[kind].many} per month`;
}

/** Plus's price and former price in each currency ('£2', 'was £4'). */
export type PlusPrices = Record<Country, { price: string; was: string }>;

/**
 * Plus's prices worded on the server for the account page's Subscription section: a page's first
 * Intl.NumberFormat is the platform's locale and currency set-up, a long task of its own when the
 * section hydrated on a phone (as on the landing page, src/components/site/Pricing.tsx).
 */
export function plusPricesByCountry(): PlusPrices {
  return Object.fromEntries(
    (Object.keys(CURRENCIES) as Country[]).map((country) => [country, { price: formatPrice(PLUS_PRICE.amount, country), was: formatPrice(PLUS_PRICE.was, country) }]),
  ) as PlusPrices;
}

export interface PlanCard {
  tier: SubscriptionTier;
  name: string;
  price: string;
  /** The former price, shown struck through. */
  was: string | null;
  period: string;
  features: string[];
}

/** Each currency's plan cards (the landing page's prices). */
export type PlanCardsByCountry = Record<Country, PlanCard[]>;

/** Every currency's plan cards, made on the server for the landing page (src/components/site/Pricing.tsx says why). */
export function planCardsByCountry(): PlanCardsByCountry {
  return Object.fromEntries((Object.keys(CURRENCIES) as Country[]).map((country) => [country, planCards(country)])) as PlanCardsByCountry;
}

export function planCards(country: Country): PlanCard[] {
  const kinds = Object.keys(PLAN_LIMITS.free) as UsageKind[];
  return [
    {
      tier: 'free',
      name: 'Free',
      price: formatPrice(0, country),
      was: null,
      period: 'a month',
      features: kinds.map((kind) => allowance(PLAN_LIMITS.free[kind], kind)),
    },
    {
      tier: 'plus',
      name: 'Plus',
      price: formatPrice(PLUS_PRICE.amount, country),
      was: formatPrice(PLUS_PRICE.was, country),
      period: 'a month',
      features: [...kinds.map((kind) => allowance(PLAN_LIMITS.plus[kind], kind)), 'Priority support'],
    },
  ];
}

const LIMIT_TITLES: Record<UsageKind, string> = {
  tasks: 'Task Limit Reached',
  sessions: 'Session Limit Reached',
  aiBreakdowns: 'AI Breakdown Limit Reached',
  aiSessions: 'AI Session Limit Reached',
};

/**
 * The limit dialog's words ("… per month on the Free plan." with an upgrade
 * prompt). A Plus member who reaches a Plus limit (50 AI breakdowns or AI sessions) is told the
 * Plus figure and when it starts again, with no upgrade prompt: `upgrade` is null. The price is
 * in the reader's currency (`country`, src/lib/region.ts).
 */
export function limitDialogCopy(kind: UsageKind, tier: SubscriptionTier = 'free', max?: number, country: Country = 'UK') {
  const plus = PLAN_LIMITS.plus[kind];
  const limit = max ?? PLAN_LIMITS[tier][kind] ?? PLAN_LIMITS.free[kind];
  const plan = tier === 'plus' ? 'Plus' : 'Free';
  return {
    title: LIMIT_TITLES[kind],
    body: `You've reached your limit of ${limit} ${USAGE_NOUNS[kind].many} per month on the ${plan} plan.`,
    upgrade:
      tier === 'plus'
        ? null
        : plus === null
          ? `Upgrade to Plus for unlimited ${USAGE_NOUNS[kind].many}, from ${formatPrice(PLUS_PRICE.amount, country)} a month.`
          : `Upgrade to Plus for ${plus} ${USAGE_NOUNS[kind].many} a month, from ${formatPrice(PLUS_PRICE.amount, country)} a month.`,
    limit,
  };
}

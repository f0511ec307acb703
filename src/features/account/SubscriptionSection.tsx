'use client';
// Subscription: the currency (UK or USA, kept in the browser, default UK), the Plus price, and
// Upgrade through Stripe Checkout; Manage (Stripe's portal) and Cancel for Plus users only. Asks
// billing.status first: a server without Stripe says so calmly instead of offering a broken
// button. Returning from Stripe never counts as Plus: the page says the payment was received and
// keeps polling `me` until the webhook has made the account Plus.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Badge } from '@/components/Badge';
import { Button } from '@/components/ButtonCore';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Select } from '@/components/Field';
import { useToast } from '@/components/Toast';
import { CURRENCIES, type Country } from '@/lib/constants';
import type { PlusPrices } from '@/lib/pricing';
import { DEFAULT_REGION, isCountry, saveRegion, storedRegion, subscribeToRegion } from '@/lib/region';
import type { TUser } from '@/lib/schemas/user';
import { useTRPC } from '@/trpc/react';
import { redirectTo } from './clipboard';
import { Notice, Section } from './Section';
import { displayTimeZone } from '@/lib/time-zone';

export type CheckoutReturn = 'success' | 'cancelled' | null;

const COUNTRY_OPTIONS = (Object.keys(CURRENCIES) as Country[]).map((country) => ({
  value: country,
  label: `${country} (${CURRENCIES[country].code})`,
}));

function useRegion(): [Country, (country: Country) => void] {
  // The choice is kept only in this browser: the server's HTML and the hydration render show the
  // default, and the stored one comes in the render right after (read in the hydration render, a
  // stored USA made the section's text differ from the server's, and React threw its HTML away).
  const stored = useSyncExternalStore(subscribeToRegion, storedRegion, () => DEFAULT_REGION);
  // A choice made here holds on this page even where storage refuses it.
  const [chosen, setChosen] = useState<Country | null>(null);
  return [
    chosen ?? stored,
    (country) => {
      setChosen(country);
      saveRegion(country);
    },
  ];
}

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric', timeZone: displayTimeZone() });
}

export function SubscriptionSection({
  me,
  prices,
  checkoutReturn,
  upgradeCountry,
}: {
  me: TUser;
  /** Plus's price in each currency, worded by the server (no number formatter in the browser). */
  prices: PlusPrices;
  checkoutReturn: CheckoutReturn;
  /** From /account?upgrade=plus&country=…: start checkout for this country once. */
  upgradeCountry: Country | null;
}) {
  const trpc = useTRPC();
  const { toast } = useToast();
  const [region, setRegion] = useRegion();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const status = useQuery(trpc.billing.status.queryOptions(undefined, { staleTime: 5 * 60 * 1000, retry: 1 }));
  const configured = status.data?.configured === true;
  const isPlus = me.subscriptionTier === 'plus';

  const checkout = useMutation(
    trpc.billing.createCheckoutSession.mutationOptions({
      onSuccess: ({ url }) => redirectTo(url),
      onError: (error) => toast({ title: 'Failed to create checkout session', description: error.message, variant: 'destructive' }),
    }),
  );
  const portal = useMutation(
    trpc.billing.createPortalSession.mutationOptions({
      onSuccess: ({ url }) => redirectTo(url),
      onError: (error) => toast({ title: 'Failed to open customer portal', description: error.message, variant: 'destructive' }),
    }),
  );
  const cancel = useMutation(
    trpc.billing.cancelSubscription.mutationOptions({
      onSuccess: () => {
        setConfirmCancel(false);
        toast({ title: 'Subscription cancelled', description: 'You keep Plus until the end of the paid period.' });
      },
      onError: (error) => toast({ title: 'Failed to cancel subscription', description: error.message, variant: 'destructive' }),
    }),
  );

  // The landing page's upgrade intent: once, when billing can take it.
  const startedIntent = useRef(false);
  useEffect(() => {
    if (!upgradeCountry || startedIntent.current || !status.data) return;
    startedIntent.current = true;
    setRegion(upgradeCountry);
    if (configured && !isPlus) checkout.mutate({ provider: 'stripe', country: upgradeCountry });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [upgradeCountry, status.data, configured, isPlus]);

  const { price, was } = prices[region];

  return (
    <Section
      id="subscription"
      title="Subscription"
      description="Free has monthly limits; Plus lifts them."
      actions={<Badge variant={isPlus ? 'accent' : 'neutral'}>{isPlus ? 'Plus plan' : 'Free plan'}</Badge>}
    >
      <div className="flex flex-col gap-5">
        {checkoutReturn === 'success' && !isPlus ? (
          <Notice tone="success">
            <strong className="font-semibold">Payment received — Plus activates in a moment.</strong> This page updates by itself.
          </Notice>
        ) : null}
        {checkoutReturn === 'success' && isPlus ? (
          <Notice tone="success">
            <strong className="font-semibold">Welcome to Plus!</strong> Your new limits apply now.
          </Notice>
        ) : null}
        {checkoutReturn === 'cancelled' ? <Notice>Checkout cancelled — you were not charged.</Notice> : null}

        {isPlus ? (
          <div className="flex flex-col gap-4">
            <p className="text-sm leading-relaxed">
              {me.cancelAtPeriodEnd && me.subscriptionPeriodEnd
                ? `Plus until ${formatDay(me.subscriptionPeriodEnd)}. After that your account returns to the Free plan.`
                : 'You are on Plus: unlimited tasks and sessions, 50 AI breakdowns and 50 AI sessions a month, and priority support.'}
            </p>
            {status.isPending ? null : configured ? (
              <div className="flex flex-wrap gap-3">
                <Button variant="secondary" pending={portal.isPending} onClick={() => portal.mutate({ provider: 'stripe' })}>
                  Manage Subscription
                </Button>
                {!me.cancelAtPeriodEnd ? (
                  <Button variant="ghost" onClick={() => setConfirmCancel(true)}>
                    Cancel Subscription
                  </Button>
                ) : null}
              </div>
            ) : (
              <Notice>Billing is not configured on this server, so the subscription cannot be managed here right now.</Notice>
            )}
          </div>
        ) : (
          <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
            <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
              <Select
                label="Currency"
                name="region"
                value={region}
                options={COUNTRY_OPTIONS}
                onChange={(event) => {
                  if (isCountry(event.target.value)) setRegion(event.target.value);
                }}
                className="sm:w-44"
              />
              <p className="text-sm" data-testid="plus-price">
                <span className="text-2xl font-semibold tabular">{price}</span> <span className="text-muted">/ month</span>{' '}
                <s className="text-muted" aria-label={`was ${was}`}>
                  {was}
                </s>
              </p>
            </div>
            {status.isPending ? null : configured ? (
              <Button
                pending={checkout.isPending}
                onClick={() => checkout.mutate({ provider: 'stripe', country: region })}
              >
                Upgrade to Plus
              </Button>
            ) : null}
          </div>
        )}
        {!isPlus && status.isSuccess && !configured ? (
          <Notice>Billing is not configured on this server, so Plus cannot be bought here right now. Everything on the Free plan works as usual.</Notice>
        ) : null}
        {status.isError ? <Notice>Billing could not be reached just now. Please try again later.</Notice> : null}
      </div>

      <ConfirmDialog
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title="Cancel your subscription?"
        description="You keep Plus until the end of the period you have paid for, then your account returns to the Free plan and its limits."
        cancelLabel="Keep Plus"
        confirmLabel="Cancel Subscription"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate({ provider: 'stripe' })}
      />
    </Section>
  );
}

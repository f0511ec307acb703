'use client';
// /account: Profile, Appearance, Email Preferences, Notifications, Subscription, Usage This Month, API tokens,
// Calendar feed, Export my data and Account Actions.
// `me` is polled every 5 s here so usage and a Plus upgrade show up by themselves.
//
// The server reads `me` with the page (src/app/(app)/account/page.tsx), so the sections are in
// its HTML: the first paint is the page, not a spinner, and the browser only hydrates them. Drawn
// in the browser after its own `me` request and a fetch of their code (as before), they were the
// page's largest paint and most of its total blocking time on Lighthouse's phone (the render and
// layout of nine sections in the browser, bench/results.md "Pages: code on interaction").
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ButtonCore';
import { PageHeader } from '@/components/shell/AppShell';
import { Spinner } from '@/components/Spinner';
import type { Country } from '@/lib/constants';
import { CHECKOUT_RETURN } from '@/lib/constants';
import type { PlusPrices } from '@/lib/pricing';
import { AccountSections } from './AccountSections';
import { Notice } from './Section';
import type { CheckoutReturn } from './SubscriptionSection';
import { useAccountMe } from './useMe';

/** Reads the Stripe return and the upgrade intent from the URL once, then tidies the URL. */
function useAccountParams() {
  const params = useSearchParams();
  const [state] = useState(() => {
    const checkout = params?.get(CHECKOUT_RETURN.param);
    const country = params?.get('country');
    return {
      checkoutReturn: (checkout === CHECKOUT_RETURN.success ? 'success' : checkout === CHECKOUT_RETURN.cancelled ? 'cancelled' : null) as CheckoutReturn,
      upgradeCountry: (params?.get('upgrade') === 'plus' ? (country === 'USA' ? 'USA' : 'UK') : null) as Country | null,
    };
  });
  useEffect(() => {
    if (state.checkoutReturn || state.upgradeCountry) window.history.replaceState(window.history.state, '', `/account${window.location.hash}`);
  }, [state]);
  return state;
}

/** `prices`: Plus's price in each currency, worded on the server (src/lib/pricing.ts, `plusPricesByCountry`). */
export function AccountPage({ prices }: { prices: PlusPrices }) {
  const router = useRouter();
  const me = useAccountMe();
  const { checkoutReturn, upgradeCountry } = useAccountParams();
  const unauthorized = me.error?.data?.httpStatus === 401;

  useEffect(() => {
    if (unauthorized) router.replace('/signin');
  }, [unauthorized, router]);

  // The reminder mail links to #email-preferences: the browser scrolls there in the server's
  // HTML; a `me` that had to be read in the browser (the server's read failed) scrolls once here.
  const ready = me.isSuccess;
  useEffect(() => {
    if (!ready || !window.location.hash) return;
    document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
  }, [ready]);

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Account" description="Your profile, appearance, e-mails, plan and data." />
      {me.isPending || unauthorized ? (
        <Loading />
      ) : me.isError ? (
        <Notice>
          Your account could not be loaded.{' '}
          <Button variant="ghost" size="sm" onClick={() => void me.refetch()}>
            Try again
          </Button>
        </Notice>
      ) : (
        <AccountSections me={me.data} prices={prices} checkoutReturn={checkoutReturn} upgradeCountry={upgradeCountry} />
      )}
    </div>
  );
}

function Loading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner className="size-8" label="Loading your account" />
    </div>
  );
}

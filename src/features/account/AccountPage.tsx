'use client';
// /account: Profile, Appearance, Email Preferences, Subscription, Usage This Month, API tokens,
// Calendar feed, Export my data and Account Actions.
// `me` is polled every 5 s here so usage and a Plus upgrade show up by themselves.
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ButtonCore';
import { PageHeader } from '@/components/shell/AppShell';
import { Spinner } from '@/components/Spinner';
import { ThemeSwitcher } from '@/components/theme/ThemeSwitcher';
import type { Country } from '@/lib/constants';
import { CHECKOUT_RETURN } from '@/lib/schemas/billing';
import { ActionsSection } from './ActionsSection';
import { CalendarFeedSection } from './CalendarFeedSection';
import { ExportSection } from './ExportSection';
import { PreferencesSection } from './PreferencesSection';
import { ProfileSection } from './ProfileSection';
import { Notice, Section } from './Section';
import { SubscriptionSection, type CheckoutReturn } from './SubscriptionSection';
import { TokensSection } from './TokensSection';
import { UsageSection } from './UsageSection';
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

export function AccountPage() {
  const router = useRouter();
  const me = useAccountMe();
  const { checkoutReturn, upgradeCountry } = useAccountParams();
  const unauthorized = me.error?.data?.httpStatus === 401;

  useEffect(() => {
    if (unauthorized) router.replace('/signin');
  }, [unauthorized, router]);

  // The reminder mail links to #email-preferences: scroll there once the sections exist.
  const ready = me.isSuccess;
  useEffect(() => {
    if (!ready || !window.location.hash) return;
    document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
  }, [ready]);

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Account" description="Your profile, appearance, e-mails, plan and data." />
      {me.isPending || unauthorized ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" label="Loading your account" />
        </div>
      ) : me.isError ? (
        <Notice>
          Your account could not be loaded. <Button variant="ghost" size="sm" onClick={() => void me.refetch()}>Try again</Button>
        </Notice>
      ) : (
        <div className="flex flex-col gap-6">
          <ProfileSection me={me.data} />
          <Section id="appearance" title="Appearance" description="Kept in this browser.">
            <ThemeSwitcher legend="Theme" showLegend={false} />
          </Section>
          <PreferencesSection me={me.data} />
          <SubscriptionSection me={me.data} checkoutReturn={checkoutReturn} upgradeCountry={upgradeCountry} />
          <UsageSection me={me.data} />
          <TokensSection verified={me.data.emailVerified} />
          <CalendarFeedSection verified={me.data.emailVerified} />
          <ExportSection />
          <ActionsSection />
        </div>
      )}
    </div>
  );
}

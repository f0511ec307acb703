'use client';
// /account: Profile, Appearance, Email Preferences, Notifications, Subscription, Usage This Month, API tokens,
// Calendar feed, Export my data and Account Actions.
// `me` is polled every 5 s here so usage and a Plus upgrade show up by themselves.
import { useRouter, useSearchParams } from 'next/navigation';
import { useDeferredValue, useEffect, useState, type ComponentType } from 'react';
import { Button } from '@/components/ButtonCore';
import { PageHeader } from '@/components/shell/AppShell';
import { Spinner } from '@/components/Spinner';
import type { Country } from '@/lib/constants';
import { CHECKOUT_RETURN } from '@/lib/constants';
import type { AccountSectionsProps } from './AccountSections';
import { Notice } from './Section';
import type { CheckoutReturn } from './SubscriptionSection';
import { useAccountMe } from './useMe';

// The sections are fetched as soon as this page's code runs, alongside the `me` request they wait
// for anyway (nothing of them can show before it answers), instead of in the first load: their
// forms bring react-hook-form (13.5 kB gzip). A failed fetch (offline) is tried again by Try again.
type Sections = ComponentType<AccountSectionsProps>;
let sections: Sections | null = null;
let sectionsRequest: Promise<Sections> | null = null;
function loadSections(): Promise<Sections> {
  sectionsRequest ??= import('./AccountSections').then(
    (module) => (sections = module.AccountSections),
    (error: unknown) => {
      sectionsRequest = null;
      throw error;
    },
  );
  return sectionsRequest;
}
if (typeof window !== 'undefined') void loadSections().catch(() => {});

function useSections() {
  const [loaded, setLoaded] = useState<Sections | null>(() => sections);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    loadSections().then(
      (component) => current && setLoaded(() => component),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [loaded, attempt]);
  const retry = () => {
    setFailed(false);
    setAttempt((value) => value + 1);
  };
  return { Sections: loaded, failed, retry };
}

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

  const { Sections, failed, retry } = useSections();

  // The reminder mail links to #email-preferences: scroll there once the sections exist.
  const ready = me.isSuccess && Sections !== null;
  // The sections' first render (nine sections, their forms) in a transition, which React splits
  // into short slices with the browser free between them: rendered with the `me` answer itself it
  // was one task of 55 ms on this machine (about 220 ms on Lighthouse's phone, most of the page's
  // total blocking time), as TanStack Query delivers that answer as an urgent update. Until the
  // transition is done, the spinner stays.
  const showSections = useDeferredValue(ready);
  useEffect(() => {
    if (!showSections || !window.location.hash) return;
    document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
  }, [showSections]);

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Account" description="Your profile, appearance, e-mails, plan and data." />
      {me.isPending || unauthorized ? (
        <Loading />
      ) : me.isError || failed ? (
        <Notice>
          Your account could not be loaded.{' '}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              if (me.isError) void me.refetch();
              if (failed) retry();
            }}
          >
            Try again
          </Button>
        </Notice>
      ) : Sections && showSections ? (
        <Sections me={me.data} checkoutReturn={checkoutReturn} upgradeCountry={upgradeCountry} />
      ) : (
        <Loading />
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

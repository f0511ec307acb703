'use client';
// Pricing with a GBP / USD tab. Choosing Plus as a visitor stores the upgrade
// intent with the chosen currency and goes to sign-up; the checkout is started once the account
// exists (src/lib/upgrade-intent.ts). A signed-in person choosing Plus starts the checkout right
// here (POST /api/stripe/create-checkout-session, then to Stripe); when it cannot start, the page
// says 'Error creating checkout session' with the server's message, and the
// person stays where they chose. The cards' words and prices come from the
// server (the page computes them): formatting the prices here made the page's first
// Intl.NumberFormat in the browser, the platform's locale and currency set-up, 55 ms of one task
// on this machine's desktop CPU while the section hydrated (×4 on Lighthouse's phone).
//
// The currency tabs are the WAI-ARIA tabs pattern written here (tablist, roving focus, arrow keys,
// Home and End, selection following focus), not Headless UI's: its tab group draws a focus
// sentinel on the server that it removes once the tabs register, and that first removal of the
// page's life de-optimised React's commit code in the browser (one 15-30 ms task while the landing
// page settled on Lighthouse's phone), while its code (16 kB gzip) kept the section out of the
// page's first load: hydrated after `load`, streamed as a boundary React revealed by script after
// the first paint, a second layout of the whole page. Now the section is plain HTML in the page,
// hydrated with it (docs/architecture.md, "The landing page's prices, in the page").
import { useRouter } from 'next/navigation';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { CURRENCIES, type Country } from '@/lib/constants';
import type { PlanCard, PlanCardsByCountry } from '@/lib/pricing';
import { saveUpgradeIntent } from '@/lib/upgrade-intent';
import { Button } from '../ButtonCore';
import { useSignedIn } from '../useSignedIn';

const COUNTRIES = Object.keys(CURRENCIES) as Country[];

/** The key that moves the selection, and where to (wrapping round, as the pattern asks). */
function tabAfterKey(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export function Pricing({ plans }: { plans: PlanCardsByCountry }) {
  const id = useId();
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (index: number) => `${id}-tab-${index}`;
  const panelId = (index: number) => `${id}-panel-${index}`;

  function onKeyDown(event: KeyboardEvent) {
    const next = tabAfterKey(event.key, selected, COUNTRIES.length);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    tabs.current[next]?.focus();
  }

  return (
    <div>
      <div className="flex justify-center">
        <div role="tablist" aria-label="Currency" onKeyDown={onKeyDown} className="inline-flex rounded-control border border-border bg-surfaceMuted p-1">
          {COUNTRIES.map((country, index) => (
            <button
              key={country}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(index)}
              aria-selected={index === selected}
              aria-controls={panelId(index)}
              tabIndex={index === selected ? 0 : -1}
              data-selected={index === selected ? '' : undefined}
              onClick={() => setSelected(index)}
              className="h-9 rounded-[0.5rem] px-4 text-sm font-medium text-muted transition-colors hover:text-text focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent data-selected:bg-surface data-selected:text-text data-selected:shadow-sm"
            >
              {CURRENCIES[country].code} ({CURRENCIES[country].symbol})
            </button>
          ))}
        </div>
      </div>
      <div className="mt-10">
        {COUNTRIES.map((country, index) => (
          <div
            key={country}
            role="tabpanel"
            id={panelId(index)}
            aria-labelledby={tabId(index)}
            hidden={index !== selected}
            tabIndex={0}
            className="grid gap-6 md:grid-cols-2"
          >
            {plans[country].map((plan) => (
              <PlanCardView key={plan.tier} plan={plan} country={country} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** The typed REST helper (the landing page carries no tRPC client). Answers Stripe's URL, or the reason it cannot start in words. */
async function startCheckout(country: Country): Promise<string> {
  // Loaded on the click: the landing page's first load carries no API client.
  const [{ apiRequest }, { ApiError }] = await Promise.all([import('@/lib/api-fetch'), import('@/lib/api-error')]);
  let body: { url?: string } | null;
  try {
    body = await apiRequest<{ url?: string }>('POST', '/stripe/create-checkout-session', { country });
  } catch (error) {
    // The server's sentence (ApiError's detail), or, with no answer at all, the network's.
    throw new Error(error instanceof ApiError ? error.detail : 'The network is unavailable. Please try again.');
  }
  if (!body?.url) throw new Error('Please try again later.');
  return body.url;
}

function PlanCardView({ plan, country }: { plan: PlanCard; country: Country }) {
  const router = useRouter();
  const signedIn = useSignedIn() === 'signed-in';
  const plus = plan.tier === 'plus';
  const [checkout, setCheckout] = useState<{ pending: boolean; error?: string }>({ pending: false });

  async function choose() {
    if (plus && signedIn) {
      setCheckout({ pending: true });
      try {
        window.location.assign(await startCheckout(country));
      } catch (error) {
        setCheckout({ pending: false, error: (error as Error).message });
      }
    } else if (plus) {
      try {
        saveUpgradeIntent(window.localStorage, country);
      } catch {
        // Storage blocked: the person can still upgrade from their account page.
      }
      router.push('/signup');
    } else {
      router.push(signedIn ? '/dashboard' : '/signup');
    }
  }

  return (
    <section
      aria-labelledby={`plan-${plan.tier}-${country}`}
      className={`flex flex-col rounded-card border bg-surface p-6 sm:p-8 ${plus ? 'border-accent ring-1 ring-accent' : 'border-border'}`}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={`plan-${plan.tier}-${country}`} className="text-lg font-semibold">
          {plan.name}
        </h3>
        {plus ? <span className="rounded-pill bg-accentSoft px-3 py-1 text-xs font-medium text-text">Half price</span> : null}
      </div>
      <p className="mt-4 flex items-baseline gap-2">
        <span className="tabular text-4xl font-semibold tracking-tight">{plan.price}</span>
        {plan.was ? (
          <s className="tabular text-lg text-muted">
            <span className="sr-only">was </span>
            {plan.was}
          </s>
        ) : null}
        <span className="text-sm text-muted">{plan.period}</span>
      </p>
      <p className="mt-2 text-sm text-muted">{plus ? 'For people who live in their task list.' : 'Everything you need to start, no card required.'}</p>
      <ul className="mt-6 flex flex-1 flex-col gap-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-3">
            <CheckIcon />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Button onClick={choose} variant={plus ? 'primary' : 'secondary'} size="lg" className="mt-8 w-full" pending={checkout.pending}>
        {plus ? 'Choose Plus' : signedIn ? 'Go to your Dashboard' : 'Start free'}
      </Button>
      {checkout.error ? (
        <p role="alert" className="mt-3 rounded-control bg-dangerSoft px-4 py-3 text-sm">
          <span className="font-medium">Error creating checkout session</span>: {checkout.error}
        </p>
      ) : null}
    </section>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden className="mt-0.5 size-4 shrink-0 text-accent">
      <path d="M4.5 10.5l3.5 3.5 7.5-8" />
    </svg>
  );
}

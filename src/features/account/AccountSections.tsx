'use client';
// The account page's sections, rendered with the `me` the server read (./AccountPage).
import { hydrationQueue } from '@/components/HydrateWhenNeeded';
import { InertUntilHydrated } from '@/components/InertUntilHydrated';
import type { Country } from '@/lib/constants';
import type { PlusPrices } from '@/lib/pricing';
import type { TUser } from '@/lib/schemas/user';
import { ProfileSection } from './ProfileSection';
import type { CheckoutReturn } from './SubscriptionSection';

// Profile, the first screen, hydrates with the page; the rest (in the HTML all the same) when
// they come near the viewport, at the person's first interaction or when the page is idle after
// `load`, one at a time, each its own chunk (src/components/HydrateWhenNeeded.tsx): nine forms
// hydrated at load were most of /account's total blocking time on Lighthouse's phone, and
// Appearance and Your day hydrated with Profile made one commit of the three (a long task on a
// phone); near the viewport, they are the first to follow.
const hydrateWhenNeeded = hydrationQueue();
const AppearanceSection = hydrateWhenNeeded(() => import('./AppearanceSection').then((module) => module.AppearanceSection));
const DaySection = hydrateWhenNeeded(() => import('./DaySection').then((module) => module.DaySection));
const PreferencesSection = hydrateWhenNeeded(() => import('./PreferencesSection').then((module) => module.PreferencesSection));
const NotificationsSection = hydrateWhenNeeded(() => import('./PreferencesSection').then((module) => module.NotificationsSection));
const SubscriptionSection = hydrateWhenNeeded(() => import('./SubscriptionSection').then((module) => module.SubscriptionSection));
const UsageSection = hydrateWhenNeeded(() => import('./UsageSection').then((module) => module.UsageSection));
const TokensSection = hydrateWhenNeeded(() => import('./TokensSection').then((module) => module.TokensSection));
const CalendarSubscriptionsSection = hydrateWhenNeeded(() => import('./CalendarSubscriptionsSection').then((module) => module.CalendarSubscriptionsSection));
const CalendarFeedSection = hydrateWhenNeeded(() => import('./CalendarFeedSection').then((module) => module.CalendarFeedSection));
const ExportSection = hydrateWhenNeeded(() => import('./ExportSection').then((module) => module.ExportSection));
const ActionsSection = hydrateWhenNeeded(() => import('./ActionsSection').then((module) => module.ActionsSection));

export interface AccountSectionsProps {
  me: TUser;
  prices: PlusPrices;
  checkoutReturn: CheckoutReturn;
  upgradeCountry: Country | null;
}

export function AccountSections({ me, prices, checkoutReturn, upgradeCountry }: AccountSectionsProps) {
  return (
    <div className="flex flex-col gap-6">
      {/* The server's first section is on screen before its code runs: inert until hydrated, so
          that typing into a field then is refused visibly, not cut across by hydration. Only this
          one: the others are inert until their own turn, and lifting `inert` from an element makes
          the browser restyle everything inside it. */}
      <InertUntilHydrated>
        <ProfileSection me={me} />
      </InertUntilHydrated>
      <AppearanceSection />
      <DaySection me={me} />
      <PreferencesSection me={me} />
      <NotificationsSection me={me} />
      <SubscriptionSection me={me} prices={prices} checkoutReturn={checkoutReturn} upgradeCountry={upgradeCountry} />
      <UsageSection me={me} />
      <TokensSection verified={me.emailVerified} />
      <CalendarSubscriptionsSection me={me} />
      <CalendarFeedSection verified={me.emailVerified} />
      <ExportSection />
      <ActionsSection />
    </div>
  );
}

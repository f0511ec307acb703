'use client';
// The account page's sections, rendered with the `me` the server read (./AccountPage).
import { ThemeSwitcher } from '@/components/theme/ThemeSwitcher';
import type { Country } from '@/lib/constants';
import type { TUser } from '@/lib/schemas/user';
import { ActionsSection } from './ActionsSection';
import { CalendarFeedSection } from './CalendarFeedSection';
import { CalendarSubscriptionsSection } from './CalendarSubscriptionsSection';
import { DaySection } from './DaySection';
import { ExportSection } from './ExportSection';
import { NotificationsSection, PreferencesSection } from './PreferencesSection';
import { ProfileSection } from './ProfileSection';
import { Section } from './Section';
import { SubscriptionSection, type CheckoutReturn } from './SubscriptionSection';
import { TokensSection } from './TokensSection';
import { UsageSection } from './UsageSection';

export interface AccountSectionsProps {
  me: TUser;
  checkoutReturn: CheckoutReturn;
  upgradeCountry: Country | null;
}

export function AccountSections({ me, checkoutReturn, upgradeCountry }: AccountSectionsProps) {
  return (
    <div className="flex flex-col gap-6">
      <ProfileSection me={me} />
      <Section id="appearance" title="Appearance" description="Kept in this browser.">
        <ThemeSwitcher legend="Theme" showLegend={false} />
      </Section>
      <DaySection me={me} />
      <PreferencesSection me={me} />
      <NotificationsSection me={me} />
      <SubscriptionSection me={me} checkoutReturn={checkoutReturn} upgradeCountry={upgradeCountry} />
      <UsageSection me={me} />
      <TokensSection verified={me.emailVerified} />
      <CalendarSubscriptionsSection me={me} />
      <CalendarFeedSection verified={me.emailVerified} />
      <ExportSection />
      <ActionsSection />
    </div>
  );
}

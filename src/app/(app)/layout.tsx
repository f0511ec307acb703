// Every signed-in page sits in the app shell: header navigation (a drawer under 768 px), the
// keyboard shortcuts and the shortcuts list, and a Sign out entry.
//
// The signed-in guard runs here, on the server, before any app UI is sent: a visitor without a
// valid session is redirected to /signin?next=<the page they asked for> (src/proxy.ts tells us
// which page that is) and comes back after signing in. The focus session screen is the one
// exception: there the visitor gets the screen's Sign In and Sign Up dialogs in place
// (src/features/session/SignedOutSession.tsx, its code loaded only then), and no page content.
// A redirect from the server cannot flash the app's screens, and it works without JavaScript. Inside the app, AuthSync covers what the
// server cannot see: a sign-out in another tab, or a session that ends while a page is open. It
// comes with each page's providers (src/features/auth/SignedInProviders.tsx), not from here: the
// dashboard loads them after its first paint (src/features/dashboard/DashboardIsland.tsx).
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { AppShell } from '@/components/shell/AppShell';
import { AccountZone } from '@/features/auth/AccountZone';
import { PATH_HEADER, signinUrl } from '@/features/auth/next-path';
import { SignOutButton } from '@/features/auth/SignOutButton';
import { PrefetchDashboard } from '@/features/dashboard/PrefetchDashboard';
import { isFocusScreenPath } from '@/features/session/paths';
import { SignedOutIsland } from '@/features/session/SignedOutIsland';
import { zoneOffsets } from '@/lib/time-zone';
import { pageAccount } from '@/server/inbound/page-session';

export default async function AppLayout({ children }: { children: ReactNode }) {
  const requestHeaders = await headers();
  const account = await pageAccount(requestHeaders);
  if (!account) {
    const path = requestHeaders.get(PATH_HEADER);
    if (!isFocusScreenPath(path)) redirect(signinUrl(path));
    return (
      <AppShell>
        <SignedOutIsland />
      </AppShell>
    );
  }
  // Every date on the person’s own clock from the first render in the browser (src/features/auth/AccountZone.tsx).
  return (
    <AppShell headerActions={<SignOutButton placement="header" />} drawerActions={<SignOutButton placement="drawer" />}>
      <AccountZone zone={account.timeZone} offsets={account.timeZone ? zoneOffsets(account.timeZone) : null}>
        {children}
      </AccountZone>
      <PrefetchDashboard />
    </AppShell>
  );
}

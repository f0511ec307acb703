// /account: the page lives in src/features/account.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AccountPage } from '@/features/account/AccountPage';
import { SignedInProviders } from '@/features/auth/SignedInProviders';

export const metadata: Metadata = { title: 'Account' };

export default function Page() {
  return (
    <SignedInProviders>
      <Suspense>
        <AccountPage />
      </Suspense>
    </SignedInProviders>
  );
}

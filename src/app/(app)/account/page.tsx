// /account: the page lives in src/features/account.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AccountPage } from '@/features/account/AccountPage';

export const metadata: Metadata = { title: 'Account' };

export default function Page() {
  return (
    <Suspense>
      <AccountPage />
    </Suspense>
  );
}

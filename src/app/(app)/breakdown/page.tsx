// /breakdown: the page lives in src/features/breakdown.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { BreakdownPage } from '@/features/breakdown/BreakdownPage';
import { SignedInProviders } from '@/features/auth/SignedInProviders';

export const metadata: Metadata = { title: 'Breakdown' };

export default function Page() {
  return (
    <SignedInProviders>
      <Suspense>
        <BreakdownPage />
      </Suspense>
    </SignedInProviders>
  );
}

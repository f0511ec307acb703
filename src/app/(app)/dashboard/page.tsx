// /dashboard: the signed-in home (src/features/dashboard).
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Dashboard } from '@/features/dashboard/Dashboard';

export const metadata: Metadata = { title: 'Dashboard' };

export default function DashboardPage() {
  // useSearchParams (?verified, ?task) needs a Suspense boundary in a statically built page.
  return (
    <Suspense>
      <Dashboard />
    </Suspense>
  );
}

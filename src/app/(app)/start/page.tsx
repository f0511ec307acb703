// /start: Just start, one tap from the dashboard, the app's shortcut (src/app/manifest.ts) or the
// mini timer. The server's pick is not awaited here: the page's shell (and the script tags its
// code needs) goes out at once and the pick follows in the same response, so the browser fetches
// the code while the database answers. From the dashboard's tap the timer is already running
// by then (src/features/today/JustStartScreen.tsx).
import type { Metadata } from 'next';
import { JustStartScreen } from '@/features/today/JustStartScreen';
import { readOnServer } from '@/trpc/server';

export const metadata: Metadata = { title: 'Just start' };

export default function Page() {
  const pick = readOnServer((trpc, queryClient) => queryClient.fetchQuery(trpc.today.next.queryOptions({})));
  return <JustStartScreen pick={pick} />;
}

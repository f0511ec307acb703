// /start: Just start, one tap from the dashboard, the app's shortcut (src/app/manifest.ts) or the
// mini timer. The server's pick is not awaited here: the page's shell (and the script tags its
// code needs) goes out at once and the pick follows in the same response, so the browser fetches
// the code while the database answers; with the pick comes the first-paint clock's inline script
// (src/features/today/first-paint-clock.ts, with this request's CSP nonce), so the countdown runs
// before the code has loaded. From the dashboard's tap the timer is already running by then
// (src/features/today/JustStartScreen.tsx).
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { FIRST_PAINT_CLOCK_SCRIPT } from '@/features/today/first-paint-clock';
import { JustStartScreen } from '@/features/today/JustStartScreen';
import { NONCE_HEADER } from '@/server/http/content-security-policy';
import { readOnServer } from '@/trpc/server';

export const metadata: Metadata = { title: 'Just start' };

export default async function Page() {
  const pick = readOnServer((trpc, queryClient) => queryClient.fetchQuery(trpc.today.next.queryOptions({})));
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return <JustStartScreen pick={pick} clockScript={<script nonce={nonce} dangerouslySetInnerHTML={{ __html: FIRST_PAINT_CLOCK_SCRIPT }} />} />;
}

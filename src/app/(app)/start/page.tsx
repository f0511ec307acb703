// /start: Just start. The pick is made on the server, so the first paint already shows the task,
// why, and its first step, and the 10-minute starter runs as soon as the page is interactive:
// one tap from the dashboard, the app's shortcut (src/app/manifest.ts) or the mini timer.
import type { Metadata } from 'next';
import { JustStart } from '@/features/today/JustStart';
import { readOnServer } from '@/trpc/server';

export const metadata: Metadata = { title: 'Just start' };

export default async function Page() {
  const first = await readOnServer((trpc, queryClient) => queryClient.fetchQuery(trpc.today.next.queryOptions({})));
  return <JustStart initial={first} />;
}

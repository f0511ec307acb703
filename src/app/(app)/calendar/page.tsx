// /calendar: tasks by month, week or day. The screen lives in src/features/calendar.
import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { CalendarPage } from '@/features/calendar/CalendarPage';
import { SignedInProviders } from '@/features/auth/SignedInProviders';
import { firstRange } from '@/lib/calendar';
import { prefetchedState } from '@/trpc/server';

export const metadata: Metadata = { title: 'Calendar' };

export default async function Page() {
  // A phone's browser says so (the client hint, or "Mobi"/"Android" in its user agent): the
  // server's HTML then has the phone's day view, which the browser confirms by the window's width.
  const request = await headers();
  const mobileHint = request.get('sec-ch-ua-mobile') === '?1' || /Mobi|Android/i.test(request.get('user-agent') ?? '');
  // The person, the first view's tasks (its range on the account's clock, as the page computes it)
  // and events come with the page, so the grid is in the first HTML instead of after three
  // requests made after `load`.
  const state = await prefetchedState((trpc, queryClient) => [
    queryClient.fetchQuery(trpc.auth.me.queryOptions()).then((me) => {
      if (!me.emailVerified) return;
      const range = firstRange(mobileHint, me.timeZone);
      return Promise.all([
        queryClient.prefetchQuery(trpc.task.list.queryOptions(range)),
        queryClient.prefetchQuery(trpc.task.list.queryOptions({ status: 'open' })),
        queryClient.prefetchQuery(trpc.calendar.events.queryOptions(range)),
      ]).then(() => undefined);
    }, () => undefined),
  ]);
  return (
    <SignedInProviders>
      <HydrationBoundary state={state}>
        <CalendarPage mobileHint={mobileHint} />
      </HydrationBoundary>
    </SignedInProviders>
  );
}

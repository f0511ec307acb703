// /sessions: the sessions history. The screen lives in src/features/sessions.
import { HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { SessionsPage } from '@/features/sessions/SessionsPage';
import { prefetchedState } from '@/trpc/server';
import { SignedInProviders } from '@/features/auth/SignedInProviders';

export const metadata: Metadata = { title: 'Sessions' };

export default async function Page() {
  // The person, their sessions and tasks come with the page.
  const state = await prefetchedState((trpc, queryClient) => [
    queryClient.prefetchQuery(trpc.auth.me.queryOptions()),
    queryClient.prefetchQuery(trpc.session.list.queryOptions()),
    queryClient.prefetchQuery(trpc.task.list.queryOptions()),
  ]);
  return (
    <SignedInProviders>
      <HydrationBoundary state={state}>
        <SessionsPage />
      </HydrationBoundary>
    </SignedInProviders>
  );
}

// /dashboard: the signed-in home (src/features/dashboard).
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { Suspense } from 'react';
import { Dashboard } from '@/features/dashboard/Dashboard';
import { appRouter } from '@/server/api/root';
import { createContext } from '@/server/api/trpc';
import { makeQueryClient } from '@/trpc/query-client';

export const metadata: Metadata = { title: 'Dashboard' };

export default async function DashboardPage() {
  // The page arrives with its data: the person, their tasks and sessions are read here, on the
  // server, and handed to the client's query cache, so the list is in the first HTML instead of
  // after three round trips from a phone (Lighthouse's largest paint). A read that fails is left
  // out and the browser asks for it as before.
  const queryClient = makeQueryClient();
  const requestHeaders = await headers();
  const trpc = createTRPCOptionsProxy({ ctx: () => createContext({ headers: requestHeaders }), router: appRouter, queryClient });
  await Promise.all([
    queryClient.prefetchQuery(trpc.auth.me.queryOptions()),
    queryClient.prefetchQuery(trpc.task.list.queryOptions()),
    queryClient.prefetchQuery(trpc.session.list.queryOptions()),
  ]);
  // As the browser would have received it over the wire (JSON), not as server objects.
  const state = JSON.parse(JSON.stringify(dehydrate(queryClient))) as ReturnType<typeof dehydrate>;
  // useSearchParams (?verified, ?task) needs a Suspense boundary.
  return (
    <HydrationBoundary state={state}>
      <Suspense>
        <Dashboard />
      </Suspense>
    </HydrationBoundary>
  );
}

// A page's first data, read on the server through the same procedures the browser calls and
// handed to the client's query cache (<HydrationBoundary state={…}>), so the page's main content
// is in the first HTML instead of after the browser's round trips. A read that fails is left out
// (the browser asks for it as before). Server components only.
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { headers } from 'next/headers';
import { appRouter, type AppRouter } from '@/server/api/root';
import { createContext } from '@/server/api/trpc';
import { makeQueryClient } from './query-client';

export async function prefetchedState(prefetch: (trpc: TRPCOptionsProxy<AppRouter>, queryClient: QueryClient) => Promise<void>[]): Promise<DehydratedState> {
  const queryClient = makeQueryClient();
  const requestHeaders = await headers();
  const trpc = createTRPCOptionsProxy({ ctx: () => createContext({ headers: requestHeaders }), router: appRouter, queryClient });
  await Promise.all(prefetch(trpc, queryClient));
  // As the browser would have received it over the wire (JSON), not as server objects.
  return JSON.parse(JSON.stringify(dehydrate(queryClient))) as DehydratedState;
}

/**
 * One read for a server-rendered page that hands plain props to a light client component (no
 * query cache in the browser): the procedure's answer, or null when it fails (the browser then
 * asks for it itself).
 */
export async function readOnServer<T>(read: (trpc: TRPCOptionsProxy<AppRouter>, queryClient: QueryClient) => Promise<T>): Promise<T | null> {
  const queryClient = makeQueryClient();
  const requestHeaders = await headers();
  const trpc = createTRPCOptionsProxy({ ctx: () => createContext({ headers: requestHeaders }), router: appRouter, queryClient });
  try {
    // As the browser would have received it over the wire (JSON), not as server objects.
    return JSON.parse(JSON.stringify(await read(trpc, queryClient))) as T;
  } catch {
    return null;
  }
}

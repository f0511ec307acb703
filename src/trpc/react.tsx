'use client';
// The browser's typed client: TanStack Query over tRPC at /api/trpc.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/api/root';
import { TRPC_MAX_BATCH } from '@/lib/constants';
import { makeQueryClient } from './query-client';

const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export { useTRPC, useTRPCClient };

// One query cache and one client per browser tab: the providers are mounted by each page (or
// after load, by the dashboard's island), and a navigation between pages keeps the cache.
let browserQueryClient: QueryClient | undefined;
let browserTRPCClient: TRPCClient<AppRouter> | undefined;

export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

function makeTRPCClient(): TRPCClient<AppRouter> {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: '/api/trpc', maxItems: TRPC_MAX_BATCH, fetch: (url, init) => fetch(url, { ...init, credentials: 'include' }) })],
  });
}

/** The typed client without React (e.g. the shell's Sign out, loaded when clicked). */
export function getTRPCClient(): TRPCClient<AppRouter> {
  if (typeof window === 'undefined') return makeTRPCClient();
  browserTRPCClient ??= makeTRPCClient();
  return browserTRPCClient;
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(getTRPCClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

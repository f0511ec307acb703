'use client';
// The browser's typed client: TanStack Query over tRPC at /api/trpc (the small client of
// ./client.ts, typed by the router as @trpc/tanstack-react-query and @trpc/client would be).
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/api/root';
import { createBatchTransport, createClientProxy, createOptionsProxy } from './client';
import { makeQueryClient } from './query-client';

let browserQueryClient: QueryClient | undefined;

function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

type TRPCValue = { trpc: TRPCOptionsProxy<AppRouter>; client: TRPCClient<AppRouter> };

const TRPCContext = createContext<TRPCValue | null>(null);

function useTRPCValue(): TRPCValue {
  const value = useContext(TRPCContext);
  if (!value) throw new Error('useTRPC() can only be used inside of a <TRPCReactProvider>');
  return value;
}

/** The typed query options, keys and mutation options: `trpc.task.list.queryOptions(input)`. */
export function useTRPC(): TRPCOptionsProxy<AppRouter> {
  return useTRPCValue().trpc;
}

/** The typed plain client: `client.user.export.query()`, `client.ai.plan.mutate(input, { signal })`. */
export function useTRPCClient(): TRPCClient<AppRouter> {
  return useTRPCValue().client;
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [value] = useState<TRPCValue>(() => {
    const request = createBatchTransport({ url: '/api/trpc' });
    return { trpc: createOptionsProxy(request), client: createClientProxy(request) };
  });
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCContext.Provider value={value}>{children}</TRPCContext.Provider>
    </QueryClientProvider>
  );
}

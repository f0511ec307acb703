'use client';
// The browser's typed client: TanStack Query over tRPC at /api/trpc.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, splitLink, type TRPCClient } from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/api/root';
import { TRPC_MAX_BATCH } from '@/lib/constants';
import { apiErrorLink } from '@/lib/api-error';
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

// The browser keeps a body up to 64 KiB in flight for keepalive requests (all of the page's together).
const KEEPALIVE_MAX_BODY = 32_000;

// A write is sent with `keepalive`, so that it still reaches the server when the page goes right
// after (a task completed, then the tab reloaded or closed at once: the list had already shown it
// completed). Reads are not: leaving a page should cancel them. A large body goes without it.
const fetchWithCookie: typeof fetch = (url, init) =>
  fetch(url, { ...init, credentials: 'include', keepalive: init?.method === 'POST' && typeof init.body === 'string' && init.body.length <= KEEPALIVE_MAX_BODY });

/** The Idempotency-Key a call carries (`context: { idempotencyKey }`; src/features/offline/offline-write.ts). */
const idempotencyKeyOf = (context: Record<string, unknown>) => (typeof context.idempotencyKey === 'string' ? context.idempotencyKey : undefined);

function makeTRPCClient(): TRPCClient<AppRouter> {
  return createTRPCClient<AppRouter>({
    links: [
      // Every failure becomes the app's one error class (src/lib/api-error.ts).
      apiErrorLink<AppRouter>(),
      // A write with its own Idempotency-Key goes alone (a header belongs to one call); the rest is batched.
      splitLink({
        condition: (op) => idempotencyKeyOf(op.context) !== undefined,
        true: httpLink({ url: '/api/trpc', fetch: fetchWithCookie, headers: ({ op }) => ({ 'idempotency-key': idempotencyKeyOf(op.context)! }) }),
        false: httpBatchLink({ url: '/api/trpc', maxItems: TRPC_MAX_BATCH, fetch: fetchWithCookie }),
      }),
    ],
  });
}

/** The typed client without React (e.g. the shell's Sign out, loaded when clicked). */
export function getTRPCClient(): TRPCClient<AppRouter> {
  if (typeof window === 'undefined') return makeTRPCClient();
  browserTRPCClient ??= makeTRPCClient();
  return browserTRPCClient;
}

/** The query options of every procedure without React (what `useTRPC()` gives a component), over the tab's one client and cache. */
export function getTRPC(): TRPCOptionsProxy<AppRouter> {
  return createTRPCOptionsProxy<AppRouter>({ client: getTRPCClient(), queryClient: getQueryClient() });
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

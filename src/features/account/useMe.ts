'use client';
// The account page's `me`: polled every 5 s here, cached 5 min.
import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_CACHE_MS, ACCOUNT_POLL_MS } from '@/lib/constants';
import { useTRPC } from '@/trpc/react';

export function useAccountMe() {
  const trpc = useTRPC();
  return useQuery(
    trpc.auth.me.queryOptions(undefined, {
      staleTime: ACCOUNT_CACHE_MS,
      gcTime: ACCOUNT_CACHE_MS,
      refetchInterval: ACCOUNT_POLL_MS,
      refetchOnMount: true,
      retry: false,
    }),
  );
}

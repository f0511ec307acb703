// Query cache defaults: fresh 30 min, kept 60 min, no refetch on mount or
// focus, refetch on reconnect.
import { QueryClient } from '@tanstack/react-query';

const QUERY_STALE_MS = 30 * 60 * 1000;
const QUERY_GC_MS = 60 * 60 * 1000;

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        refetchOnMount: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        retry: 1,
      },
    },
  });
}

'use client';
// Whether the visitor is signed in, for the public pages (Dashboard instead of Sign in / Sign up).
// Asks GET /api/auth/me: 200 means signed in; anything else (401, or 404 before the accounts API
// exists, or no network) means signed out. One request per page, shared through the query cache
// under SIGNED_IN_QUERY_KEY (sign-in and sign-out can invalidate it). Inside a public page's frame
// the server's answer is already there (./site/SignedInSeed) and nothing is asked.
import { useQuery } from '@tanstack/react-query';
import { use } from 'react';
import { SignedInSeedContext } from './site/SignedInSeed';

export type SignedInState = 'unknown' | 'signed-in' | 'signed-out';
export const SIGNED_IN_QUERY_KEY = ['auth', 'signed-in'] as const;

async function fetchSignedIn({ signal }: { signal: AbortSignal }): Promise<boolean> {
  try {
    const response = await fetch('/api/auth/me', { credentials: 'include', headers: { accept: 'application/json' }, cache: 'no-store', signal });
    // Only the status matters; reading the body to its end closes the request, so the page
    // becomes network-quiet (an unread body kept it open and Lighthouse waited its full timeout).
    await response.arrayBuffer().catch(() => undefined);
    return response.status === 200;
  } catch {
    return false;
  }
}

export function useSignedIn(): SignedInState {
  const seed = use(SignedInSeedContext);
  const { data } = useQuery({
    queryKey: SIGNED_IN_QUERY_KEY,
    queryFn: fetchSignedIn,
    initialData: seed,
    staleTime: seed === undefined ? 60_000 : Infinity,
    refetchOnMount: true,
    retry: false,
  });
  return data === undefined ? 'unknown' : data ? 'signed-in' : 'signed-out';
}

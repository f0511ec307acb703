'use client';
// Sign out from the account page: ends the session server-side, forgets every cached query and
// the browser caches of spec section 3, then goes to /signin. (The sign-in pages bring a shared
// hook; this one follows the same steps until it lands.)
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useToast } from '@/components/Toast';
import { STORAGE_KEYS } from '@/lib/constants';
import { useTRPC } from '@/trpc/react';

export function clearBrowserCaches() {
  try {
    for (const key of [STORAGE_KEYS.cachedTasks, STORAGE_KEYS.cachedSessions, STORAGE_KEYS.cachedUser]) window.localStorage.removeItem(key);
    window.sessionStorage.removeItem(STORAGE_KEYS.currentSessionId);
  } catch {
    // Storage can be unavailable (private mode); nothing to clear then.
  }
}

export function useAccountSignOut() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const { toast } = useToast();
  return useMutation(
    trpc.auth.signout.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: () => {
        clearBrowserCaches();
        queryClient.clear();
        router.replace('/signin');
      },
      onError: () => toast({ title: 'Failed to sign out', description: 'Please try again.', variant: 'destructive' }),
    }),
  );
}

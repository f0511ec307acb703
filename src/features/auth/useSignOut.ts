'use client';
// The one sign-out action (the account page and the shell's menu both use it): POST
// auth.signout, then forget the account in this browser (the query cache, the cached tasks,
// sessions and user in storage), tell the other tabs (they go to /signin too, see AuthSync),
// and go to /signin. On failure: the 'Failed to sign out' toast, and nothing is forgotten.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/Toast';
import { useTRPC } from '@/trpc/react';
import { leaveTo } from './leave';
import { forgetAccountStorage } from './session-sync';
import { SIGNED_IN_QUERY_KEY } from '@/components/useSignedIn';

/**
 * Forgets the signed-in account in this browser and tells the other tabs. Also for the account
 * page after deleting the account (then leave for `/` instead of /signin).
 */
export function forgetAccountInBrowser(queryClient: QueryClient): void {
  forgetAccountStorage();
  queryClient.clear();
  queryClient.setQueryData(SIGNED_IN_QUERY_KEY, false);
}

export function useSignOut() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mutation = useMutation(
    trpc.auth.signout.mutationOptions({
      onMutate: () => queryClient.cancelQueries(),
      onSuccess: () => {
        forgetAccountInBrowser(queryClient);
        leaveTo('/signin');
      },
      onError: () => {
        toast({ title: 'Failed to sign out', description: 'Please try again', variant: 'destructive' });
      },
    }),
  );
  return {
    signOut: () => mutation.mutate(undefined),
    /** True from the click until the browser has left for /signin. */
    pending: mutation.isPending || mutation.isSuccess,
  };
}

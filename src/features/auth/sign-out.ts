// The one sign-out action (the account page, the verification wall and the shell's menu): POST
// auth.signout, then forget the account in this browser (the query cache, the cached tasks,
// sessions and user in storage), tell the other tabs (they go to /signin too, see AuthSync),
// and go to /signin. On failure: the 'Failed to sign out' toast, and nothing is forgotten.
// Without React and without providers, so that the shell's Sign out (in every signed-in page's
// first load) can load it when clicked (./SignOutButton).
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/Toast';
import { getQueryClient, getTRPCClient } from '@/trpc/react';
import { forgetPushSubscription } from '@/features/offline/push-subscription';
import { leaveTo } from './leave';
import { forgetAccountStorage } from './session-sync';

/**
 * Forgets the signed-in account in this browser and tells the other tabs. Also for the account
 * page after deleting the account (then leave for `/` instead of /signin).
 */
export function forgetAccountInBrowser(queryClient: QueryClient): void {
  forgetAccountStorage();
  queryClient.clear();
}

/** Signs out; true once the browser is leaving for /signin. */
export async function signOutHere(): Promise<boolean> {
  const queryClient = getQueryClient();
  await queryClient.cancelQueries();
  // Signed in still: this browser's push subscription is removed on the server first.
  await forgetPushSubscription();
  try {
    await getTRPCClient().auth.signout.mutate();
  } catch {
    toast({ title: 'Failed to sign out', description: 'Please try again', variant: 'destructive' });
    return false;
  }
  forgetAccountInBrowser(queryClient);
  leaveTo('/signin');
  return true;
}

'use client';
// The sign-out action (./sign-out) with its pending state, for React. Its code (the typed client,
// the query cache) loads on the click: the shell's Sign out is in every signed-in page's first load.
import { useState } from 'react';
import { toast } from '@/components/Toast';

export function useSignOut() {
  const [pending, setPending] = useState(false);
  return {
    signOut: () => {
      setPending(true);
      void import('./sign-out').then(
        (module) => module.signOutHere().then((left) => left || setPending(false)),
        () => {
          toast({ title: 'Failed to sign out', description: 'Please try again', variant: 'destructive' });
          setPending(false);
        },
      );
    },
    /** True from the click until the browser has left for /signin. */
    pending,
  };
}

'use client';
// Signed-in pages check the me call: a failure goes to /signin. Answers the user
// while known, so a page can also tell an unverified e-mail apart (app data needs one).
import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useTRPC } from '@/trpc/react';

export function useRequireSignIn() {
  const trpc = useTRPC();
  const router = useRouter();
  const me = useQuery(trpc.auth.me.queryOptions(undefined, { retry: false, staleTime: 60_000 }));
  useEffect(() => {
    if (me.isError) router.replace('/signin');
  }, [me.isError, router]);
  return { user: me.data, ready: me.isSuccess };
}

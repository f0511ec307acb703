'use client';
// Keeps every tab of the signed-in app in step with the account (mounted once by the app layout):
// - a sign-out in another tab (BroadcastChannel 'onething-auth', or the cached user's removal
//   from local storage) sends this tab to /signin;
// - a call answered 401 (the session ended: signed out elsewhere, password reset, account
//   deleted) sends it to /signin?next=<this page>, to come back after signing in again;
// - writes made offline that reached the server refresh every list;
// - the signed-in user from `auth.me` is kept in local storage (the cached user),
//   whoever fetched it.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenIdle } from '@/components/lazy';
import { SYNCED_EVENT } from '@/features/offline/events';
import { useTRPC } from '@/trpc/react';
import { errorStatus } from './errors';
import { signinUrl } from './next-path';
import { browserStorage, cacheUser } from './session-sync';
import { useSignOutElsewhere } from './useSignOutElsewhere';
import { isLeaving, leaveTo } from './leave';
import { setDisplayTimeZone } from '@/lib/time-zone';

export function AuthSync() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  useSignOutElsewhere();

  // Writes made offline (src/features/offline): shown over the task lists while they wait, and
  // every list read again once they reached the server.
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries();
    window.addEventListener(SYNCED_EVENT, refresh);
    let unfollow: (() => void) | null = null;
    let stopped = false;
    // After the page (its own code and the worker's client load in idle time too).
    whenIdle(() =>
      void import('@/features/offline/queued-lists').then((module) => {
        if (!stopped) unfollow = module.followQueuedWrites(queryClient, trpc.task.list.pathKey());
      }),
    );
    return () => {
      stopped = true;
      unfollow?.();
      window.removeEventListener(SYNCED_EVENT, refresh);
    };
  }, [queryClient, trpc]);

  useEffect(() => {
    const meKey = JSON.stringify(trpc.auth.me.queryKey());
    const cache = queryClient.getQueryCache();
    const remember = (data: unknown) => {
      cacheUser(browserStorage('local'), data);
      // Every date on every screen is on the account's clock.
      setDisplayTimeZone((data as { timeZone?: string } | undefined)?.timeZone);
    };
    const existing = cache.find({ queryKey: trpc.auth.me.queryKey(), exact: true });
    if (existing?.state.data) remember(existing.state.data);
    return cache.subscribe((event) => {
      if (event.type !== 'updated' || isLeaving()) return;
      const { query, action } = event;
      if (action.type === 'success' && JSON.stringify(query.queryKey) === meKey) remember(query.state.data);
      if (action.type === 'error' && errorStatus(action.error) === 401) {
        leaveTo(signinUrl(`${window.location.pathname}${window.location.search}`));
      }
    });
  }, [queryClient, trpc]);

  return null;
}

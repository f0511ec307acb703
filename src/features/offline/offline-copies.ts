'use client';
// The last answers a screen needs to open without a network (the focus session's session and
// open tasks, which it reads in the browser), kept by the service worker in the signed-in
// account's cache (deleted with it) as typed messages: the app hands them over, the worker never
// reads them off the wire. The screen starts from them (offline, that is all it has); queued writes are shown
// over the task lists as everywhere (./queued-lists).
import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { askWorker, tellWorker, writesWaiting } from './worker-client';

export type OfflineCopy = { name: string; queryKey: QueryKey };

/**
 * Keeps `copies` up to date in the worker; at mount, under a worker, puts them back into the
 * query cache first (then `restored`) (the screen's own reads then refresh them, or fail offline and leave them).
 * False until then (the screen shows that it is opening), and while writes kept offline wait to be
 * shown over the answers (`restored`). Not decided by `navigator.onLine`,
 * which can say online with no network at all.
 */
export function useOfflineCopies(copies: OfflineCopy[], restored?: () => Promise<void>): boolean {
  const queryClient = useQueryClient();
  // Ready at once without a worker, or when the server's render already put every answer in the
  // cache and no write kept offline waits to be shown over them (else the screen's first render
  // would show a task the person has already completed, then take it back).
  const [ready, setReady] = useState(
    () =>
      typeof navigator === 'undefined' ||
      !navigator.serviceWorker?.controller ||
      (copies.every((copy) => queryClient.getQueryData(copy.queryKey) !== undefined) && !writesWaiting()),
  );
  const names = JSON.stringify(copies.map((copy) => [copy.name, hashKey(copy.queryKey)]));
  useEffect(() => {
    const byHash = new Map(copies.map((copy) => [hashKey(copy.queryKey), copy.name]));
    const keep = (hash: string, data: unknown) => {
      const name = byHash.get(hash);
      if (name && data !== undefined) tellWorker({ type: 'keep', name, data });
    };
    for (const copy of copies) keep(hashKey(copy.queryKey), queryClient.getQueryData(copy.queryKey));
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && !event.action.manual) keep(event.query.queryHash, event.query.state.data);
    });
    if (!ready) {
      void Promise.all(
        copies.map(async (copy) => {
          const answer = await askWorker({ type: 'read', name: copy.name }, 3000);
          if (answer.ok && answer.data !== undefined && queryClient.getQueryData(copy.queryKey) === undefined) queryClient.setQueryData(copy.queryKey, answer.data);
        }),
      )
        // What the page shows over them (queued writes) goes in before the screen mounts and starts its own
        // reads: a read cancelled later (a mutation's cancelQueries) reverts to the data it started from.
        .then(() => restored?.())
        .catch(() => undefined)
        .finally(() => setReady(true));
    }
    return unsubscribe;
    // `names` stands for `copies` (a new array each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [names, queryClient]);
  return ready;
}

'use client';
// What the service worker means for the person, calmly, in one corner: "Offline — changes will
// sync" while the network is gone (or writes made offline are still on their way), "A new
// version is ready — Reload" after a deploy, and any offline write the server refused on replay
// (a task deleted elsewhere) until dismissed, and writes made offline by another account, held
// until it signs in again. Loaded after the page (./worker-client).
import { useEffect, useSyncExternalStore } from 'react';
import { dismissConflict, reloadToUpdate, startWorker, subscribeWorker, workerState, type WorkerState } from './worker-client';

const serverState: WorkerState = { online: true, pending: 0, updateReady: false, conflicts: [], held: 0 };

export function OfflineStatus() {
  useEffect(startWorker, []);
  const { online, pending, updateReady, conflicts, held } = useSyncExternalStore(subscribeWorker, workerState, () => serverState);
  const conflict = conflicts[0];
  const offlineNote = !online ? 'Offline — changes will sync' : pending > 0 ? 'Syncing your changes…' : null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-50 flex flex-col items-center gap-2 px-4">
      <p role="status" className="contents">
        {offlineNote ? (
          <span data-testid="offline-status" className="pointer-events-auto inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1.5 text-sm text-muted shadow-sm">
            <span aria-hidden className={`size-2 rounded-full ${online ? 'bg-accent' : 'bg-muted'}`} />
            {offlineNote}
          </span>
        ) : null}
        {held > 0 ? (
          <span data-testid="offline-held" className="pointer-events-auto inline-flex max-w-md items-center gap-2 rounded-card border border-border bg-surface px-4 py-2 text-sm text-muted shadow-sm">
            {held === 1 ? 'A change made offline' : `${held} changes made offline`} by another account {held === 1 ? 'is' : 'are'} kept on this device until that
            account signs in again.
          </span>
        ) : null}
      </p>
      {updateReady ? (
        <div role="status" className="pointer-events-auto inline-flex items-center gap-3 rounded-full border border-border bg-surface py-1.5 pl-4 pr-1.5 text-sm text-text shadow-sm">
          A new version is ready —
          <button type="button" onClick={reloadToUpdate} className="rounded-full bg-accent px-3 py-1 text-sm font-medium text-accentContrast hover:opacity-90">
            Reload
          </button>
        </div>
      ) : null}
      {conflict ? (
        <div role="alert" className="pointer-events-auto flex max-w-md items-start gap-3 rounded-card border border-border bg-surface px-4 py-3 text-sm text-text shadow-sm">
          <p>
            <span className="font-medium">Not synced: </span>
            {conflict.message}
          </p>
          <button type="button" onClick={() => dismissConflict(conflict.id)} className="shrink-0 rounded-control px-2 py-0.5 text-sm font-medium text-muted hover:bg-surfaceMuted hover:text-text">
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}

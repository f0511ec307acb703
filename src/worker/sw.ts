/// <reference lib="webworker" />
// Onething's service worker: the installable app, the offline focus session and dashboard, the
// update prompt, phase-end pushes. Built by `npm run build` (scripts/build-worker.mjs: esbuild, with
// the build's precache manifest from @serwist/build) and served at /sw.js (src/app/sw.js/route.ts).
// docs/architecture.md, "The service worker", says what it caches and the per-account rules.
//
// - Serwist precaches the build's static files (every /_next/static file of this build) and
//   routes by path; pages are network first, with this account's copy when offline.
// - Writes are never read off the wire: the app hands a write it could not send to the worker
//   as a typed message (src/features/offline/offline-write.ts, src/lib/offline-writes.ts); the worker
//   keeps it stamped with the account the server last named, and replays it over the REST API,
//   with its Idempotency-Key, only while that same account is signed in.
// - Everything of an account (its pages, whose HTML holds its tasks, name and e-mail; its refusals)
//   lives in a cache of its own and is deleted when the server says nobody or someone else is signed in, or
//   the page says the person signed out; this browser's push subscription goes with it.
import { CacheFirst, ExpirationPlugin, Serwist, type PrecacheEntry, type RouteHandlerCallbackOptions } from 'serwist';
import * as z from 'zod';
import { ZTaskOutput } from '@/lib/schemas/task';
import { isTempId, TEMP_ID_PREFIX } from '@/lib/offline-ids';
import {
  optimisticTask,
  neverCreatedMessage,
  refusalMessage,
  restCallOf,
  ZPageMessage,
  type QueuedWrite,
  type QueueStatus,
  type WorkerAnswer,
  type WorkerEvent,
} from '@/lib/offline-writes';
import { allOf, deleteFrom, getOf, putIn, storeAccount, storedAccount } from './store';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] };

const ACCOUNT_CACHE_PREFIX = 'onething-account-';
const accountCache = (account: string) => `${ACCOUNT_CACHE_PREFIX}${account}`;
/** The signed-in pages kept for offline use as soon as an account is known here. */
const OFFLINE_PAGES = ['/session', '/dashboard'];
const SYNC_TAG = 'onething-replay';
/** Where a page's kept answers (src/features/offline/offline-copies.ts) live in its account's cache. */
const copyKey = (name: string) => `/__offline-copy/${encodeURIComponent(name)}`;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true, concurrency: 8 },
  // A new build waits for the page's "Reload" (skip-waiting below); the first one takes over at once.
  skipWaiting: false,
  clientsClaim: true,
  disableDevLogs: true,
  runtimeCaching: [
    // Pages: network first; this account's copy (or the offline page) without a network.
    { matcher: ({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate', handler: page },
    // Static files of this build that were not precached (and the icons): cache first, shared by all accounts.
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && (url.pathname.startsWith('/_next/static/') || url.pathname.startsWith('/icons/')),
      handler: new CacheFirst({ cacheName: 'onething-static', plugins: [new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })] }),
    },
  ],
});
serwist.addEventListeners();

// ---------------------------------------------------------------- whose device it is

/** The pages (clients) whose account the server has confirmed since they loaded, by client id. */
const confirmed = new Map<string, string>();
/** A page's own response (its HTML, which holds the account's data), kept until its `hello` says whose they are (then filed under that account). */
const unfiled = new Map<string, { key: string; response: Response }[]>();

/** Files `response` under the account confirmed for `clientId`, or keeps it until that page's hello. */
async function file(clientId: string, key: string, response: Response) {
  const account = await storedAccount();
  if (!clientId) return;
  if (account && confirmed.get(clientId) === account) return void (await (await caches.open(accountCache(account))).put(key, response));
  const list = unfiled.get(clientId) ?? [];
  unfiled.set(clientId, [...list.filter((entry) => entry.key !== key), { key, response }]);
}

/** Deletes every account's copies except `keep`'s. */
async function deleteAccountCaches(keep: string | null) {
  for (const name of await caches.keys()) if (name.startsWith(ACCOUNT_CACHE_PREFIX) && name !== (keep && accountCache(keep))) await caches.delete(name);
}

/**
 * The account known here is gone (signed out, or another one signed in): its copies, its refusals
 * and this browser's push subscription (registered while it was signed in) go; its queued writes
 * stay, held, until it signs in here again. `next` is who is signed in now (null: nobody).
 */
async function forgetAccount(next: string | null = null) {
  const account = await storedAccount();
  await storeAccount(next);
  confirmed.clear();
  unfiled.clear();
  await deleteAccountCaches(next);
  if (account) {
    for (const conflict of await allOf('conflicts')) if (conflict.account === account && conflict.id !== undefined) await deleteFrom('conflicts', conflict.id);
    const subscription = await self.registration.pushManager?.getSubscription().catch(() => null);
    await subscription?.unsubscribe().catch(() => false);
  }
  await broadcastStatus();
}

/**
 * Asks the server whose cookie this is (GET /api/auth/me) and follows it: another account than
 * the one known makes the last one's copies go; nobody signed in forgets them. Answers the
 * account, null when signed out, undefined when the server cannot be reached.
 */
async function learnAccount(): Promise<string | null | undefined> {
  let response: Response;
  try {
    response = await fetch('/api/auth/me', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    return undefined;
  }
  if (response.status === 401) {
    if ((await storedAccount()) !== null) await forgetAccount();
    return null;
  }
  if (!response.ok) return undefined;
  const parsed = z.object({ id: z.string().min(1) }).safeParse(await response.json().catch(() => null));
  if (!parsed.success) return undefined;
  const account = parsed.data.id;
  if ((await storedAccount()) !== account) await forgetAccount(account);
  return account;
}

/** Fetches the offline pages for `account`, kept only if the server named the same account after them. */
async function keepOfflinePages(account: string) {
  const fetched: [string, Response][] = [];
  for (const path of OFFLINE_PAGES) {
    const response = await fetch(path, { credentials: 'same-origin', redirect: 'manual' }).catch(() => null);
    if (response?.status === 200) fetched.push([path, response]);
  }
  if ((await learnAccount()) !== account) return;
  const cache = await caches.open(accountCache(account));
  for (const [path, response] of fetched) await cache.put(path, response);
}

// ---------------------------------------------------------------- install, update, activate

self.addEventListener('install', () => {
  // The first worker takes the page at once; a later one waits for the page's "Reload".
  if (!self.registration.active) void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // What the hand-written worker before this one kept (one cache per build, one database).
      for (const name of await caches.keys()) if (/^onething-(?!account-|static$)/.test(name)) await caches.delete(name);
      indexedDB.deleteDatabase('onething-offline');
      const account = await learnAccount();
      if (account) await keepOfflinePages(account);
    })(),
  );
});

// ---------------------------------------------------------------- pages

const offlinePage = () =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>Offline · Onething</title>` +
      `<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:Canvas;color:CanvasText}main{max-width:28rem;padding:2rem;text-align:center}a{color:#3b82f6}</style></head>` +
      `<body><main><h1>You are offline</h1><p>This page has not been kept on this device. It will be here when the connection is back.</p><p><a href="">Try again</a></p></main></body></html>`,
    { status: 503, headers: { 'content-type': 'text/html; charset=utf-8', 'x-onething-offline': '1' } },
  );

async function page({ request, url, event }: RouteHandlerCallbackOptions): Promise<Response> {
  try {
    const response = await fetch(request);
    const fetchEvent = event as FetchEvent;
    if (response.type === 'opaqueredirect') {
      // A signed-in page sent elsewhere (the guard's redirect to /signin): was the account signed out?
      fetchEvent.waitUntil(learnAccount());
    } else if (response.status === 200 && response.type === 'basic') {
      fetchEvent.waitUntil(file(fetchEvent.resultingClientId, url.pathname, response.clone()));
    }
    fetchEvent.waitUntil(replaySoon());
    return response;
  } catch {
    const account = await storedAccount();
    const cached = account ? await (await caches.open(accountCache(account))).match(url.pathname) : undefined;
    return cached ?? offlinePage();
  }
}

// ---------------------------------------------------------------- the queue

const queued = () => allOf('queue').catch((): QueuedWrite[] => []);

async function queueStatus(): Promise<QueueStatus> {
  const [writes, account, conflicts] = await Promise.all([queued(), storedAccount(), allOf('conflicts').catch(() => [])]);
  const held = writes.filter((write) => write.account !== account).length;
  return {
    pending: writes.length - held,
    held,
    conflicts: conflicts.flatMap(({ id, message, account: owner }) => (owner === account && id !== undefined ? [{ id, message }] : [])),
  };
}

async function tell(message: WorkerEvent) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true, type: 'window' })) client.postMessage(message);
}
const broadcastStatus = async () => tell({ type: 'status', status: await queueStatus() });

/** A write the page could not send: kept for the account known here, answered with how it looks meanwhile. */
async function queueWrite(message: Extract<z.output<typeof ZPageMessage>, { type: 'queue' }>): Promise<WorkerAnswer> {
  const account = await storedAccount();
  if (!account || (message.account && message.account !== account)) {
    return { ok: false, message: 'This change cannot be kept offline: sign in again once you are back online.' };
  }
  const at = new Date().toISOString();
  const { write } = message;
  let item: QueuedWrite;
  if (write.kind === 'create') {
    item = { ...write, account, at, tempId: `${TEMP_ID_PREFIX}${write.key}`, title: write.input.title };
  } else {
    item = { ...write, account, at };
  }
  await putIn('queue', item);
  await self.registration.sync?.register(SYNC_TAG).catch(() => undefined);
  await broadcastStatus();
  return { ok: true, task: item.kind === 'create' ? optimisticTask(item) : undefined };
}

let replaying: Promise<void> | null = null;
function replay(): Promise<void> {
  replaying ??= replayQueue().finally(() => {
    replaying = null;
  });
  return replaying;
}
/** Replays only when something waits (after any request that reached the network). */
async function replaySoon() {
  if ((await queued()).length > 0) await replay();
}

async function refuse(write: QueuedWrite, message: string) {
  if (write.seq !== undefined) await deleteFrom('queue', write.seq);
  await putIn('conflicts', { account: write.account, message, at: Date.now() });
}

async function replayQueue() {
  const writes = await queued();
  if (writes.length === 0) return;
  // Whose cookie the writes would go out with, asked now: it may have changed while offline.
  const account = await learnAccount();
  if (!account) return void (await broadcastStatus()); // offline or signed out: kept, nothing lost
  let sent = 0;
  for (const write of writes) {
    if (write.account !== account) continue; // kept for the account that made it
    let realId: string | undefined;
    if (write.kind !== 'create' && isTempId(write.taskId)) {
      realId = (await getOf('ids', write.taskId))?.id;
      if (!realId) {
        await refuse(write, neverCreatedMessage(write));
        continue;
      }
    }
    const call = restCallOf(write, realId);
    let response: Response;
    try {
      response = await fetch(call.path, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': write.key },
        body: JSON.stringify(call.body),
      });
    } catch {
      return void (await broadcastStatus()); // still offline: the rest waits, in order
    }
    if (response.status === 401 || response.status === 429 || response.status >= 500) return void (await broadcastStatus());
    if (response.ok) {
      if (write.kind === 'create' && write.tempId) {
        const created = ZTaskOutput.pick({ id: true }).safeParse(await response.json().catch(() => null));
        if (created.success) await putIn('ids', { tempId: write.tempId, id: created.data.id });
      }
      if (write.seq !== undefined) await deleteFrom('queue', write.seq);
    } else {
      const answer = z.object({ message: z.string() }).safeParse(await response.json().catch(() => null));
      await refuse(write, refusalMessage(write, response.status, answer.success ? answer.data.message : undefined));
    }
    sent += 1;
  }
  await tell({ type: sent > 0 ? 'synced' : 'status', status: await queueStatus() });
  // The offline copies of the pages follow what was written.
  if (sent > 0) await keepOfflinePages(account);
}

// ---------------------------------------------------------------- messages from the pages

self.addEventListener('message', (event) => {
  const parsed = ZPageMessage.safeParse(event.data);
  if (!parsed.success) return;
  const message = parsed.data;
  const port = event.ports[0];
  const answer = (work: Promise<WorkerAnswer>) =>
    event.waitUntil(work.catch((error: unknown): WorkerAnswer => ({ ok: false, message: String(error) })).then((result) => port?.postMessage(result)));
  const source = event.source as Client | null;
  switch (message.type) {
    case 'hello':
      event.waitUntil(
        (async () => {
          const account = await learnAccount();
          if (account && source) {
            confirmed.set(source.id, account);
            const cache = await caches.open(accountCache(account));
            for (const { key, response } of unfiled.get(source.id) ?? []) await cache.put(key, response);
            unfiled.delete(source.id);
            if (!(await cache.match(OFFLINE_PAGES[0]!))) await keepOfflinePages(account);
          }
          source?.postMessage({ type: 'status', status: await queueStatus() } satisfies WorkerEvent);
          if (account) await replaySoon();
        })(),
      );
      break;
    case 'queue':
      answer(queueWrite(message));
      break;
    case 'pending':
      answer(
        (async () => {
          const account = await storedAccount();
          return { ok: true, writes: account ? (await queued()).filter((write) => write.account === account) : [] };
        })(),
      );
      break;
    case 'replay':
      event.waitUntil(replay());
      break;
    case 'signed-out':
      answer(forgetAccount().then(() => ({ ok: true })));
      break;
    case 'keep':
      if (source) event.waitUntil(file(source.id, copyKey(message.name), new Response(JSON.stringify(message.data ?? null), { headers: { 'content-type': 'application/json' } })));
      break;
    case 'read':
      answer(
        (async () => {
          const account = await storedAccount();
          const kept = account ? await (await caches.open(accountCache(account))).match(copyKey(message.name)) : undefined;
          return { ok: true, data: kept ? ((await kept.json()) as unknown) : undefined };
        })(),
      );
      break;
    case 'dismiss-conflict':
      event.waitUntil(deleteFrom('conflicts', message.id).then(broadcastStatus));
      break;
    case 'skip-waiting':
      void self.skipWaiting();
      break;
  }
});

self.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(replay());
});

// ---------------------------------------------------------------- push

// A phase-end push (src/server/services/push.service.ts): shown even with every tab closed. A
// push for a phase the open session screen has already announced replaces its notification
// (same tag) rather than adding another.
const ZPush = z.object({ title: z.string().optional(), body: z.string().optional(), tag: z.string().optional() });

self.addEventListener('push', (event) => {
  let data: z.infer<typeof ZPush> = {};
  try {
    data = ZPush.parse(event.data?.json() ?? {});
  } catch {
    data = { body: event.data?.text() ?? '' };
  }
  event.waitUntil(self.registration.showNotification(data.title || 'Onething', { body: data.body ?? '', tag: data.tag || 'onething-session', icon: '/icons/icon-192.png' }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = pages.find((client) => new URL(client.url).pathname.startsWith('/session'));
      if (open) return void (await open.focus());
      await self.clients.openWindow('/session');
    })(),
  );
});

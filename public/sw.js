// Onething's service worker: installable app, offline focus session, update prompt.
//
// Hand-written rather than Serwist: Serwist's Next integration builds the worker in the
// bundler's pipeline (@serwist/next is a webpack plugin; with Turbopack, the default build here,
// it needs @serwist/turbopack + esbuild, or its CLI as a second build step), and its runtime
// (serwist: precaching, routing, strategies) would be most of the worker while this app needs
// three routes. This file is about 330 lines, no build step and no dependency; it costs the
// pages' first load nothing (the registration is loaded after the page: src/features/offline).
//
// - Versioned by the build: /sw-build.js (imported below) names the build, and the browser
//   compares imported scripts byte for byte on every update check, so a deploy installs a new
//   worker. Until the person chooses "Reload" (the page's update prompt), the new worker waits;
//   pages are fetched from the network first anyway, so a stale page is never served online.
// - Precache at install: /session, /dashboard and /start (Just start) with the scripts and styles their HTML names
//   (only when signed in: the pages redirect otherwise, and a redirect is never cached).
// - Pages: network first, the cached copy when offline. Next's hashed static files: cache first.
// - The focus session's API offline: GET /api/tasks and GET /api/sessions/{id} answer from the
//   last sync (with the queued writes applied); a task completion or creation (REST, or tRPC's
//   task.create alone in its batch) is queued in IndexedDB with an Idempotency-Key and answered
//   at once. The queue is replayed in order, one write at a time with its key, when the network
//   returns (Background Sync, the page's `online` event, or any later successful request), so
//   a replay that is cut short and repeated never writes twice on the server. A write the server
//   refuses (a task deleted elsewhere: 404) is dropped and reported to the pages, not retried.
// - Each queued write belongs to the account that made it: the worker keeps who is signed in
//   (GET /api/auth/me, asked when a signed-in page starts and before every replay) and stamps each write
//   with it. The cookie the replay goes out with is whoever is signed in when the network returns,
//   so writes of another account are held, not sent, until that account signs in here again; the
//   pages say so.
importScripts('/sw-build.js');

const BUILD = self.ONETHING_BUILD || { id: 'dev' };
const CACHE = `onething-${BUILD.id}`;
const PRECACHE_PAGES = ['/session', '/dashboard', '/start'];
const DB_NAME = 'onething-offline';
const TEMP_PREFIX = 'offline-';

// ---------------------------------------------------------------- IndexedDB

let dbPromise = null;
function db() {
  dbPromise ??= new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => {
      const d = open.result;
      d.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      d.createObjectStore('snapshots', { keyPath: 'path' });
      d.createObjectStore('ids', { keyPath: 'tempId' });
      // Refused writes, kept until the person dismisses them (no page may be open at replay).
      d.createObjectStore('conflicts', { keyPath: 'id', autoIncrement: true });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => {
      dbPromise = null;
      reject(open.error);
    };
  });
  return dbPromise;
}

async function store(name, mode, work) {
  const d = await db();
  return new Promise((resolve, reject) => {
    const tx = d.transaction(name, mode);
    const result = work(tx.objectStore(name));
    tx.oncomplete = () => resolve(result && 'result' in result ? result.result : undefined);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

const allQueued = () => store('queue', 'readonly', (s) => s.getAll());
const readSnapshot = (path) => store('snapshots', 'readonly', (s) => s.get(path));
const writeSnapshot = (path, body) => store('snapshots', 'readwrite', (s) => s.put({ path, body, at: Date.now() }));
const realIdOf = (tempId) => store('ids', 'readonly', (s) => s.get(tempId));
const allConflicts = () => store('conflicts', 'readonly', (s) => s.getAll());

// ---------------------------------------------------------------- who is signed in

// Kept beside the snapshots, so signing out (which clears them) forgets it too.
const USER_KEY = '/__signed-in-user';
const knownUser = () => readSnapshot(USER_KEY).then((row) => row?.body ?? null, () => null);

/**
 * Asks the server who the cookie belongs to and remembers it. The id, null when signed out, or
 * undefined when the server cannot be reached (then nothing is changed).
 */
async function learnUser() {
  let response;
  try {
    response = await fetch('/api/auth/me', { credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    return undefined;
  }
  if (response.status === 401) {
    await writeSnapshot(USER_KEY, null).catch(() => undefined);
    return null;
  }
  if (!response.ok) return undefined;
  const id = (await response.json().catch(() => null))?.id;
  if (typeof id !== 'string') return undefined;
  await writeSnapshot(USER_KEY, id).catch(() => undefined);
  return id;
}

/** A write made by someone else than `user` (writes from before accounts were stamped go to anyone). */
const othersWrite = (item, user) => Boolean(item.userId) && item.userId !== user;

/** The queue as the pages count it: the signed-in account's writes, and the ones held for others. */
async function queueCounts() {
  const [queue, user] = await Promise.all([allQueued().catch(() => []), knownUser()]);
  const held = queue.filter((item) => othersWrite(item, user)).length;
  return { pending: queue.length - held, held };
}

// ---------------------------------------------------------------- install, update, activate

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all(PRECACHE_PAGES.map((page) => precachePage(cache, page).catch(() => undefined)));
      // The first worker takes the page at once; a later one waits for the page's "Reload".
      if (!self.registration.active) await self.skipWaiting();
    })(),
  );
});

/** Caches a page and the scripts and styles its HTML names (skipped when signed out). */
async function precachePage(cache, page) {
  const response = await fetch(page, { credentials: 'same-origin', redirect: 'manual' });
  if (response.status !== 200) return;
  const html = await response.clone().text();
  const assets = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+)"/g)) assets.add(match[1]);
  await Promise.all([...assets].map((asset) => cache.add(asset).catch(() => undefined)));
  await cache.put(page, response);
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('onething-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const type = event.data && event.data.type;
  if (type === 'skip-waiting') void self.skipWaiting();
  if (type === 'replay') event.waitUntil(replay());
  if (type === 'status') {
    event.waitUntil(
      (event.data.signedIn ? learnUser() : Promise.resolve()).then(() =>
        Promise.all([queueCounts(), allConflicts()]).then(([counts, conflicts]) => event.source?.postMessage({ type: 'status', ...counts, conflicts })),
      ),
    );
  }
  if (type === 'dismiss-conflict') {
    event.waitUntil(store('conflicts', 'readwrite', (s) => s.delete(event.data.id)).then(async () => tell({ type: 'conflicts', conflicts: await allConflicts() })));
  }
});

self.addEventListener('sync', (event) => {
  if (event.tag === 'onething-replay') event.waitUntil(replay());
});

// ---------------------------------------------------------------- push

// A phase-end push (src/server/services/push.service.ts): shown even with every tab closed. A
// push for a phase the open session screen has already announced replaces its notification
// (same tag) rather than adding another.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Onething', { body: data.body || '', tag: data.tag || 'onething-session', icon: '/icons/icon-192.png' }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = pages.find((client) => new URL(client.url).pathname.startsWith('/session'));
      if (open) return open.focus();
      return self.clients.openWindow('/session');
    })(),
  );
});

// ---------------------------------------------------------------- fetch

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;

  if (request.method === 'GET') {
    if (request.mode === 'navigate') return event.respondWith(page(request, url));
    if (path.startsWith('/_next/static/') || path.startsWith('/icons/')) return event.respondWith(cacheFirst(request));
    // The task list: whole, or the open tasks only (what the session screen reads); one snapshot.
    if (path === '/api/tasks' && (url.search === '' || url.search === '?status=open')) {
      return event.respondWith(apiRead(request, path, url.search === '' ? 'all' : 'open'));
    }
    if (/^\/api\/sessions\/[^/]+$/.test(path)) return event.respondWith(apiRead(request, path, false));
    return;
  }
  if (request.method !== 'POST') return;
  if (path === '/api/auth/signout' || path === '/api/auth/signout/') return event.respondWith(signOut(request));
  if (/^\/api\/tasks\/[^/]+\/complete$/.test(path)) return event.respondWith(write(request, 'complete', path));
  if (path === '/api/tasks') return event.respondWith(write(request, 'create', path));
  if (path === '/api/trpc/task.create' && url.searchParams.get('batch') === '1') return event.respondWith(write(request, 'trpc-create', path));
});

async function page(request, url) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.status === 200 && response.type === 'basic' && !response.redirected) void cache.put(url.pathname, response.clone());
    void replay();
    return response;
  } catch (error) {
    const cached = await cache.match(url.pathname);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) void cache.put(request, response.clone());
  return response;
}

const json = (body, status = 200, headers = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** Network first; the last sync's answer (with the queued writes applied) when offline. */
/** taskList: 'all' or 'open' for GET /api/tasks (queued writes applied), false for other reads. */
async function apiRead(request, path, taskList) {
  let body;
  let offline = false;
  try {
    const response = await fetch(request);
    if (!response.ok) return response;
    body = await response.json();
    await writeSnapshot(path, body);
    void replay();
  } catch {
    const snapshot = await readSnapshot(path).catch(() => undefined);
    if (!snapshot) return json({ message: 'You are offline and this has not been loaded before.', code: 'OFFLINE' }, 503);
    body = snapshot.body;
    offline = true;
  }
  if (taskList && Array.isArray(body)) {
    const user = await knownUser();
    body = applyQueued(body, (await allQueued()).filter((item) => !othersWrite(item, user)));
    if (taskList === 'open') body = body.filter((task) => !task.completed);
  }
  return json(body, 200, offline ? { 'x-onething-offline': '1' } : {});
}

/** The task list as it will be once the queued writes reach the server. */
function applyQueued(tasks, queue) {
  let list = tasks.slice();
  for (const item of queue) {
    if (item.kind === 'create' && !list.some((task) => task.id === item.tempId)) list.push(item.optimistic);
    if (item.kind === 'complete') {
      list = list.map((task) =>
        task.id === item.taskId ? { ...task, completed: true, completedAt: item.at, completedInSessionId: item.sessionId ?? null } : task,
      );
    }
  }
  return list;
}

/** A completion or creation: sent with an Idempotency-Key; queued when the network is gone. */
async function write(request, kind, path) {
  const text = await request.clone().text();
  let input;
  try {
    input = text ? JSON.parse(text) : {};
  } catch {
    return fetch(request);
  }
  if (kind === 'trpc-create') {
    // Only a batch of the one call (the session's quick create) is taken over.
    if (!input || typeof input !== 'object' || Object.keys(input).length !== 1 || !input['0']) return fetch(request);
    input = input['0'];
  }
  const key = request.headers.get('idempotency-key') || crypto.randomUUID();
  const queue = await allQueued().catch(() => []);
  const taskId = kind === 'complete' ? decodeURIComponent(path.split('/')[3]) : undefined;
  // A write behind queued ones waits its turn (order), as does one about a task not yet created.
  if (queue.length === 0 && !(taskId && taskId.startsWith(TEMP_PREFIX))) {
    try {
      const headers = new Headers(request.headers);
      headers.set('idempotency-key', key);
      return await fetch(request.url, { method: 'POST', credentials: 'same-origin', headers, body: text });
    } catch {
      // offline: queued below
    }
  }
  const at = new Date().toISOString();
  let item;
  if (kind === 'complete') {
    item = { kind, path, body: { sessionId: input.sessionId }, key, at, taskId, sessionId: input.sessionId ?? null };
  } else {
    const tempId = `${TEMP_PREFIX}${crypto.randomUUID()}`;
    const optimistic = {
      id: tempId,
      title: String(input.title ?? '').trim(),
      description: input.description ?? null,
      importance: input.importance ?? 'Medium',
      difficulty: input.difficulty ?? 'Medium',
      dueDate: input.dueDate ?? null,
      completed: false,
      completedAt: null,
      createdAt: at,
      sessionId: input.sessionId ?? null,
      completedInSessionId: null,
      parentTaskId: input.parentTaskId ?? null,
      isAiGenerated: input.isAiGenerated ?? false,
      color: input.color ?? null,
    };
    item = { kind: 'create', path: '/api/tasks', body: input, key, at, tempId, optimistic };
  }
  const snapshot = await readSnapshot('/api/tasks').catch(() => undefined);
  const user = await knownUser();
  item.userId = user ?? undefined;
  const known = snapshot && Array.isArray(snapshot.body) ? applyQueued(snapshot.body, queue.filter((queued) => !othersWrite(queued, user))) : [];
  item.title = kind === 'complete' ? known.find((task) => task.id === taskId)?.title : item.optimistic.title;
  await store('queue', 'readwrite', (s) => s.add(item));
  void self.registration.sync?.register('onething-replay').catch(() => undefined);
  await tell({ type: 'queued', ...(await queueCounts()) });
  if (queue.length > 0) void replay(); // online behind an older write: send them now, in order
  const answer = kind === 'complete' ? applyQueued(known, [item]).find((task) => task.id === taskId) ?? { id: taskId, completed: true } : item.optimistic;
  const headers = { 'x-onething-queued': '1' };
  return kind === 'trpc-create' ? json([{ result: { data: answer } }], 200, headers) : json(answer, 200, headers);
}

/** Signing out forgets this browser's copy of the account's tasks and sessions. */
async function signOut(request) {
  const response = await fetch(request);
  if (response.ok) await store('snapshots', 'readwrite', (s) => s.clear()).catch(() => undefined);
  return response;
}

// ---------------------------------------------------------------- replay

let replaying = null;
function replay() {
  replaying ??= replayQueue().finally(() => {
    replaying = null;
  });
  return replaying;
}

async function replayQueue() {
  const queue = await allQueued().catch(() => []);
  if (queue.length === 0) return;
  // Whose cookie the writes would go out with, asked now: it may have changed while offline.
  const user = await learnUser();
  if (user === undefined || user === null) {
    await tell({ type: 'queued', ...(await queueCounts()) });
    return; // offline, or signed out: retried later, nothing lost
  }
  let sent = 0;
  let held = 0;
  for (const item of queue) {
    if (othersWrite(item, user)) {
      held += 1; // kept for the account that made it
      continue;
    }
    let path = item.path;
    if (item.taskId && item.taskId.startsWith(TEMP_PREFIX)) {
      const mapped = await realIdOf(item.taskId);
      if (!mapped) {
        // Its creation was refused: nothing to complete.
        await drop(item, `“${item.title ?? 'A task'}” could not be completed: it was never created.`);
        continue;
      }
      path = `/api/tasks/${encodeURIComponent(mapped.id)}/complete`;
    }
    let response;
    try {
      response = await fetch(path, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': item.key },
        body: JSON.stringify(item.body),
      });
    } catch {
      await tell({ type: 'queued', ...(await queueCounts()) });
      return; // still offline: the rest waits, in order
    }
    if (response.status === 401 || response.status === 429 || response.status >= 500) {
      await tell({ type: 'queued', ...(await queueCounts()) });
      return; // signed out or the server is struggling: retried later, nothing lost
    }
    if (response.ok) {
      if (item.kind === 'create') {
        const created = await response.json().catch(() => null);
        if (created && created.id) await store('ids', 'readwrite', (s) => s.put({ tempId: item.tempId, id: created.id }));
      }
      await store('queue', 'readwrite', (s) => s.delete(item.seq));
    } else {
      const reason =
        response.status === 404
          ? item.kind === 'complete'
            ? `“${item.title ?? 'A task'}” was deleted elsewhere, so its completion was not kept.`
            : `“${item.title ?? 'A task'}” could not be created: its session was deleted elsewhere.`
          : `“${item.title ?? 'A task'}” could not be saved: ${(await response.json().catch(() => null))?.message ?? `the server answered ${response.status}`}.`;
      await drop(item, reason);
    }
    sent += 1;
  }
  await tell({ type: 'synced', pending: 0, held, sent });
}

async function drop(item, message) {
  await store('queue', 'readwrite', (s) => s.delete(item.seq));
  await store('conflicts', 'readwrite', (s) => s.add({ message, at: Date.now() }));
  await tell({ type: 'conflicts', conflicts: await allConflicts() });
}

async function tell(message) {
  const pages = await self.clients.matchAll({ includeUncontrolled: true, type: 'window' });
  for (const client of pages) client.postMessage(message);
}

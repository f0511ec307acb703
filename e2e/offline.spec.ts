// The installable, offline-capable focus screen (src/worker, src/features/offline): the
// service worker registered after load with a fetch handler and the session screen precached;
// a deploy's worker waits for "A new version is ready — Reload"; with the network gone the open
// or reopened session shows its tasks from the last sync, and a completion and a quick create
// made offline reach the server exactly once each when the network returns, in order; a task
// deleted elsewhere meanwhile is reported and not brought back; Keep screen on holds a wake lock
// while the clock runs and takes it again after the tab was hidden.
//
// The worker's own requests are routed only with Playwright's service worker network events
// (set before the browser starts): offline is then the browser context's offline mode plus
// aborting what the worker sends.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { createTaskViaApi, jsonBody, signUpVerified } from './accounts';
import { expectNoSeriousA11yViolations, recordTitlesPainted, screenshot, titlesPainted } from './helpers';
import { controlled, goOffline, goOnline } from './offline-helpers';

test.use({ serviceWorkers: 'allow' });

type Task = { id: string; title: string; completed: boolean; completedInSessionId: string | null; sessionId: string | null };

async function createSession(page: Page, body: Record<string, unknown>): Promise<{ id: string; sessionName: string }> {
  const response = await page.request.post('/api/sessions', jsonBody(body));
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** 'Great work!' opens after a completion while other tasks remain (its code came before going offline). */
async function continueAfterGreatWork(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Great work!' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).not.toBeVisible();
}

/** The server's tasks, asked outside the browser (not through the worker). */
async function serverTasks(page: Page): Promise<Task[]> {
  return (await page.request.get('/api/tasks')).json();
}

test('installable: manifest and a worker with a fetch handler that precaches the session screen', async ({ page, playwright }) => {
  await signUpVerified(page);
  await page.goto('/dashboard');
  await controlled(page);
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await page.request.get(manifestHref!)).json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/dashboard' });
  expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );

  const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const cached: Record<string, string[]> = {};
    for (const name of await caches.keys()) cached[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    return { scope: new URL(registration.scope).pathname, script: new URL(registration.active!.scriptURL).pathname, cached };
  });
  expect(worker.scope).toBe('/');
  expect(worker.script).toBe('/sw.js');
  // This account's pages, in a cache of its own; the build's static files precached from its manifest.
  await expect.poll(async () => (await page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), `onething-account-${me.id}`)).sort()).toEqual(
    expect.arrayContaining(['/dashboard', '/session']),
  );
  const precached = Object.entries(worker.cached).find(([name]) => name.includes('precache'))?.[1] ?? [];
  expect(precached.filter((path) => path.startsWith('/_next/static/') && path.endsWith('.js')).length).toBeGreaterThan(20);

  // The worker's script: built from src/worker, with a fetch handler (an installability requirement), and its own policy.
  const script = await page.request.get('/sw.js');
  expect(await script.text()).toMatch(/addEventListener\((["'])fetch\1/);
  expect(script.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(script.headers()['cache-control']).toContain('no-cache');

  // Chromium's own verdict on the manifest and the worker (Lighthouse 13 has no installability
  // audit any more): what it would refuse to install for, none. Asked in a profile on disk with
  // this account's cookie: Playwright's contexts are off the record, and Chromium never installs
  // from those ('in-incognito').
  const profile = mkdtempSync(path.join(os.tmpdir(), 'onething-install-'));
  const persistent = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: new URL(page.url()).origin,
    serviceWorkers: 'allow',
  });
  try {
    await persistent.addCookies(await page.context().cookies());
    const tab = persistent.pages()[0] ?? (await persistent.newPage());
    await tab.goto('/dashboard');
    await controlled(tab);
    const cdp = await persistent.newCDPSession(tab);
    const { url: manifestUrl, errors: manifestErrors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
    expect(new URL(manifestUrl).pathname).toBe(manifestHref);
    expect(manifestErrors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
  } finally {
    await persistent.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a deploy: the new worker waits until "A new version is ready — Reload" is chosen', async ({ page }) => {
  await signUpVerified(page);
  await page.goto('/dashboard');
  await controlled(page);
  await expect(page.getByText('A new version is ready')).toHaveCount(0);

  // A new worker for this scope, as a deploy brings one (the browser's update check, which
  // compares /sw.js byte for byte — each build's worker names its build — runs outside Playwright's
  // reach; a new script URL has the same effect).
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next-build', { scope: '/', updateViaCache: 'none' }));
  const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready' });
  await expect(prompt).toBeVisible();
  // Not taken over silently: the old worker still answers until the person chooses.
  const workers = () =>
    page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      const path = (worker: ServiceWorker | null | undefined) => (worker ? new URL(worker.scriptURL).search || '/' : null);
      return { controller: path(navigator.serviceWorker.controller), waiting: path(registration.waiting) };
    });
  expect(await workers()).toEqual({ controller: '/', waiting: '?next-build' });
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'offline-update-prompt', { fullPage: false });

  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
  await expect.poll(workers).toEqual({ controller: '?next-build', waiting: null });
  await expect(page.getByText('A new version is ready')).toHaveCount(0);
});

test('offline focus session: complete and quick create while offline, each written once when back online', async ({ page, context }) => {
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'timer', timerDuration: 25 });
  await createTaskViaApi(page, { title: 'Water the plants', sessionId: session.id });
  await createTaskViaApi(page, { title: 'Call the bank', sessionId: session.id });
  await page.goto(`/sessions/${session.id}`);
  await controlled(page);
  // Opened again under the worker: this is the last sync the offline screen shows.
  await page.goto('/session');
  await expect(page.locator('#current-task-title')).toHaveText('Water the plants');
  // The after-load code (dialogs, the quick create's form) is in, as on any screen left open.
  await expect(page.locator('html[data-error-reporter="on"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');

  await goOffline(context);
  await expect(page.getByText('Offline — changes will sync')).toBeVisible();
  await screenshot(page, 'offline-banner', { fullPage: false });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await continueAfterGreatWork(page);
  await expect(page.locator('#current-task-title')).toHaveText('Call the bank');
  await page.getByRole('button', { name: 'Create New Task' }).click();
  await page.getByLabel('Title').fill('Written on the train');
  await page.getByRole('button', { name: 'Create Task', exact: true }).click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tasks' })).toContainText('Written on the train');
  // The list refreshes from the last sync plus the queued writes: the completed task stays done.
  await page.waitForTimeout(600);
  await expect(page.locator('#current-task-title')).toHaveText('Call the bank');

  // The writes waiting are marked in this browser's storage for the next page's first frame.
  expect(await page.evaluate(() => localStorage.getItem('offlineWritesWaiting'))).toBe('1');

  // Reopened with no network at all: the page, its code and its tasks come from the worker, and
  // the timer goes on from its stored start. The worker's copy of the page was made before the
  // completion: its first frame never shows the completed task as the current one.
  await recordTitlesPainted(page);
  await page.reload();
  await expect(page.locator('#current-task-title')).toHaveText('Call the bank');
  // Polled: the recorder notes a title at the next frame. A title painted before stays in the list.
  await expect.poll(() => titlesPainted(page)).toEqual(['Call the bank']);
  await expect(page.getByRole('region', { name: 'Tasks' })).toContainText('Written on the train');
  await expect(page.getByRole('timer')).toHaveText(/^2[0-4]:[0-5]\d$/);
  expect((await serverTasks(page)).filter((task) => task.completed)).toEqual([]);

  await goOnline(context);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => (await serverTasks(page)).filter((task) => task.title === 'Written on the train').length).toBe(1);
  await expect(page.getByText('Offline — changes will sync')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('offlineWritesWaiting'))).toBeNull();
  // A second replay (another tab coming online, a Background Sync) writes nothing more.
  await page.evaluate(() => navigator.serviceWorker.controller!.postMessage({ type: 'replay' }));
  await page.reload();
  await expect(page.getByRole('region', { name: 'Tasks' })).toContainText('Written on the train');
  const tasks = await serverTasks(page);
  expect(tasks.map((task) => task.title).sort()).toEqual(['Call the bank', 'Water the plants', 'Written on the train']);
  expect(tasks.find((task) => task.title === 'Water the plants')).toMatchObject({ completed: true, completedInSessionId: session.id });
  expect(tasks.find((task) => task.title === 'Written on the train')).toMatchObject({ completed: false, sessionId: session.id });
});

test('a task deleted elsewhere while its completion waited offline is reported, not brought back', async ({ page, context }) => {
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'clock' });
  const task = (await createTaskViaApi(page, { title: 'Return the library book', sessionId: session.id })) as { id: string };
  await createTaskViaApi(page, { title: 'Book the dentist', sessionId: session.id });
  await page.goto(`/sessions/${session.id}`);
  await controlled(page);
  await page.goto('/session');
  await expect(page.locator('#current-task-title')).toHaveText('Return the library book');
  await expect(page.locator('html[data-error-reporter="on"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');

  await goOffline(context);
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await continueAfterGreatWork(page);
  await expect(page.locator('#current-task-title')).toHaveText('Book the dentist');
  expect((await page.request.delete(`/api/tasks/${task.id}`)).status()).toBe(200);

  await goOnline(context);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const alert = page.getByRole('alert').filter({ hasText: 'Not synced' });
  await expect(alert).toContainText('“Return the library book” was deleted elsewhere, so its completion was not kept.');
  expect((await serverTasks(page)).map((t) => t.title)).toEqual(['Book the dentist']);
  // Kept until dismissed, across a reload.
  await page.reload();
  await expect(alert).toContainText('“Return the library book” was deleted elsewhere');
  await expect(page.locator('#current-task-title')).toHaveText('Book the dentist');
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toHaveCount(0);
  await page.reload();
  await expect(page.locator('#current-task-title')).toHaveText('Book the dentist');
  await expect(page.locator('html[data-error-reporter="on"]')).toHaveCount(1);
  await expect(alert).toHaveCount(0);
});

test('Keep screen on: a wake lock while the timer runs, taken again after the tab was hidden, let go on pause', async ({ page }) => {
  await page.addInitScript(() => {
    const log: string[] = [];
    let visibility: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', { get: () => visibility, configurable: true });
    Object.defineProperty(window, '__wakeLog', { value: log });
    Object.defineProperty(window, '__setVisibility', {
      value: (state: DocumentVisibilityState) => {
        visibility = state;
        // The browser lets go of every wake lock when the page is hidden.
        if (state === 'hidden') for (const sentinel of live.splice(0)) sentinel.release();
        document.dispatchEvent(new Event('visibilitychange'));
      },
    });
    const live: { release: () => Promise<void> }[] = [];
    Object.defineProperty(navigator, 'wakeLock', {
      configurable: true,
      value: {
        request: async (type: string) => {
          log.push(`request ${type}`);
          const sentinel = {
            released: false,
            type,
            release: async () => {
              if (sentinel.released) return;
              sentinel.released = true;
              log.push('release');
            },
            addEventListener() {},
            removeEventListener() {},
          };
          live.push(sentinel);
          return sentinel;
        },
      },
    });
  });
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'timer', timerDuration: 25 });
  await createTaskViaApi(page, { title: 'Sort the receipts', sessionId: session.id });
  await page.goto(`/sessions/${session.id}`);
  const toggle = page.getByRole('button', { name: 'Keep screen on' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const log = () => page.evaluate(() => (window as unknown as { __wakeLog: string[] }).__wakeLog.slice());
  await expect.poll(log).toEqual(['request screen']);
  await screenshot(page, 'session-keep-screen-on', { fullPage: false });

  await page.evaluate(() => (window as unknown as { __setVisibility: (s: string) => void }).__setVisibility('hidden'));
  await page.evaluate(() => (window as unknown as { __setVisibility: (s: string) => void }).__setVisibility('visible'));
  await expect.poll(log).toEqual(['request screen', 'release', 'request screen']);

  await page.getByTestId('session-bottom-bar-zone').hover();
  await page.getByRole('toolbar', { name: 'Session controls' }).getByRole('button', { name: 'Pause' }).click();
  await expect.poll(log).toEqual(['request screen', 'release', 'request screen', 'release']);
  await page.getByRole('toolbar', { name: 'Session controls' }).getByRole('button', { name: 'Start' }).click();
  await expect.poll(log).toHaveLength(5);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(log).toEqual(['request screen', 'release', 'request screen', 'release', 'request screen', 'release']);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Keep screen on' })).toHaveAttribute('aria-pressed', 'false');
  expect(await log()).toEqual([]);
});

test('a push at a phase end shows a notification from the worker, with every tab of the session closed', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signUpVerified(page);
  await page.goto('/dashboard');
  await controlled(page);
  // The push service's delivery, as Chromium's DevTools protocol makes it.
  const cdp = await context.newCDPSession(page);
  const updated = new Promise<{ registrationId: string; status: string }[]>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: list }) => {
      if (list.some((version: { status: string }) => version.status === 'activated')) resolve(list);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const versions = await updated;
  const active = versions.find((version) => version.status === 'activated')!;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: active.registrationId,
    data: JSON.stringify({ title: 'Onething', body: 'Break time!', tag: 'onething-session-x' }),
  });
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title}: ${n.body} (${n.tag})`)))
    .toEqual(['Onething: Break time! (onething-session-x)']);
});

/** Whom the worker knows as signed in (src/worker/store.ts keeps it); null before it knows. */
function workerKnownUser(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    // Never opened from here before the worker made it: opening would create it without its stores.
    if (!(await indexedDB.databases()).some((database) => database.name === 'onething-worker')) return null;
    return new Promise<string | null>((resolve) => {
      const open = indexedDB.open('onething-worker');
      open.onerror = () => resolve(null);
      open.onsuccess = () => {
        try {
          const read = open.result.transaction('meta').objectStore('meta').get('account');
          read.onsuccess = () => resolve((read.result as { value?: string | null } | undefined)?.value ?? null);
          read.onerror = () => resolve(null);
        } catch {
          resolve(null);
        } finally {
          open.result.close();
        }
      };
    });
  });
}

test('a completion made offline is held, not sent, while another account is signed in; sent once its own account is back', async ({ page, context }) => {
  const first = await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'clock' });
  const task = (await createTaskViaApi(page, { title: 'Water the plants', sessionId: session.id })) as { id: string };
  await createTaskViaApi(page, { title: 'Call the bank', sessionId: session.id });
  // From the dashboard, as after signing in: the signed-in pages keep the account in this browser.
  await page.goto('/dashboard');
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('cachedUser') !== null)).toBe(true);
  await page.goto(`/sessions/${session.id}`);
  await controlled(page);
  await page.goto('/session');
  await expect(page.locator('#current-task-title')).toHaveText('Water the plants');
  await expect(page.locator('html[data-error-reporter="on"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  // The worker learnt who is signed in when the page started (it stamps offline writes with it).
  await expect.poll(() => workerKnownUser(page)).toBe(first.id);

  await goOffline(context);
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await continueAfterGreatWork(page);
  await expect(page.locator('#current-task-title')).toHaveText('Call the bank');

  // While offline, the browser's cookie changes hands: someone else signs in here.
  const firstAccount = await context.cookies();
  await context.clearCookies();
  await signUpVerified(page, { name: 'Grace Hopper' });
  await goOnline(context);
  // Replayed on the page's online event (and on any later request that reaches the network).
  await expect
    .poll(async () => {
      // The page may be reloading (the sync refreshes it): the next poll asks again.
      await page.evaluate(() => window.dispatchEvent(new Event('online'))).catch(() => undefined);
      return page.getByTestId('offline-held').count();
    }, { timeout: 20_000 })
    .toBe(1);
  expect(await workerKnownUser(page)).not.toBe(first.id);
  await expect(page.getByTestId('offline-held')).toHaveText('A change made offline by another account is kept on this device until that account signs in again.');
  await screenshot(page, 'offline-held');

  // The first account's task was not touched (nor could the other account have completed it).
  await context.clearCookies();
  await context.addCookies(firstAccount);
  expect((await serverTasks(page)).find((t) => t.id === task.id)?.completed).toBe(false);

  // Its own account back: the held completion goes out, once.
  await expect
    .poll(async () => {
      // The page may be reloading (the sync refreshes it): the next poll asks again.
      await page.evaluate(() => window.dispatchEvent(new Event('online'))).catch(() => undefined);
      return page.getByTestId('offline-held').count();
    }, { timeout: 20_000 })
    .toBe(0);
  await expect.poll(async () => (await serverTasks(page)).find((t) => t.id === task.id)?.completed).toBe(true);
  expect((await serverTasks(page)).map((t) => `${t.title}:${t.completedInSessionId === session.id}`).sort()).toEqual(['Call the bank:false', 'Water the plants:true']);
});

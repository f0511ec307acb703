// Shared by the service worker's specs (offline.spec.ts, offline-paths.spec.ts). The worker's own
// requests are routed only with Playwright's service worker network events (each spec sets
// PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS before the browser starts): offline is then the
// browser context's offline mode plus aborting what the worker sends.
import { expect, type BrowserContext, type Page, type Route } from '@playwright/test';

/** Until the service worker controls the page (it claims the page on its first install). */
export async function controlled(page: Page) {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
}

const abortWorkerRequests = (route: Route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback());

export async function goOffline(context: BrowserContext) {
  await context.route('**/*', abortWorkerRequests);
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext) {
  await context.unroute('**/*', abortWorkerRequests);
  await context.setOffline(false);
}

/** The paths this account's cache holds (src/worker/sw.ts: `onething-account-<id>`). */
export function accountCachePaths(page: Page, accountId: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    return (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search).sort();
  }, `onething-account-${accountId}`);
}

// Just start with the network gone (src/features/today/just-start-picks.ts): "Something else"
// picks another task by the same rule from what the page has — the dashboard's list handed over
// with the tap, or, on a /start opened some other way, the open tasks the service worker kept —
// and a first step ticked offline is queued in the worker like every completion and written
// once when the network is back; so is the time focused offline (POST /api/tasks/{id}/focus with
// an Idempotency-Key), which counts on the task exactly once.
//
// The worker's own requests are routed only with Playwright's service worker network events
// (set before the browser starts): offline is then the browser context's offline mode plus
// aborting what the worker sends.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

import { expect, test, type Page } from '@playwright/test';
import { createTaskViaApi, jsonBody, signUpVerified } from './accounts';
import { controlled, goOffline, goOnline } from './offline-helpers';

test.use({ serviceWorkers: 'allow' });

type Task = { id: string; title: string; completed: boolean; completedAt: string | null; actualMinutes: number };

/** The server's tasks, asked outside the browser (not through the worker). */
async function serverTasks(page: Page): Promise<Task[]> {
  return (await page.request.get('/api/tasks?status=all')).json();
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The dashboard under the worker's control, then the tap on Just start: the starter's running timer. */
async function justStartFromTheDashboard(page: Page) {
  await page.goto('/dashboard');
  await controlled(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Just start' }).click();
  const timer = page.getByRole('timer', { name: 'Starter timer' });
  await expect(timer).toHaveAttribute('data-state', 'running');
  return timer;
}

test('offline, "Something else" re-rolls from the tasks the page has, and a step ticked offline is written once when back', async ({ page, context }) => {
  await signUpVerified(page, { timeZone: 'UTC' });
  const report = await createTaskViaApi(page, { title: 'Write the report', dueDate: new Date(Date.now() + 2 * 86_400_000).toISOString(), estimatedMinutes: 20 });
  await page.request.post('/api/tasks', jsonBody({ title: 'Open the template', parentTaskId: report.id }));
  await page.request.post('/api/tasks', jsonBody({ title: 'Write the first heading', parentTaskId: report.id }));
  await createTaskViaApi(page, { title: 'Call the bank', importance: 'High' });
  await createTaskViaApi(page, { title: 'Tidy the desk', importance: 'Low' });

  const timer = await justStartFromTheDashboard(page);
  await expect(heading(page)).toHaveText('Write the report');

  // From the dashboard's list, handed over with the tap: the same order as the server's.
  await goOffline(context);
  await page.getByRole('button', { name: 'Something else' }).click();
  await expect(heading(page)).toHaveText('Call the bank');
  await expect(page.getByTestId('why')).toHaveText(/^high importance, about \d+ min$/);
  await expect(timer).toHaveAttribute('data-state', 'running');
  await page.getByRole('button', { name: 'Something else' }).click();
  await expect(heading(page)).toHaveText('Tidy the desk');
  await page.getByRole('button', { name: 'Something else' }).click();
  await expect(heading(page)).toHaveText('Write the report');
  await goOnline(context);

  // A /start opened another way (the app's shortcut): offline it picks from the worker's copy.
  await page.goto('/start');
  await expect(heading(page)).toHaveText('Write the report');
  await expect(timer).toHaveAttribute('data-state', 'running');
  // The clock ran from the first paint (the inline script, allowed by the page's CSP nonce), and the page took it over.
  await expect(timer).toHaveAttribute('data-started-at', /^\d+$/);
  await expect(timer).toHaveAttribute('data-live', '');
  await goOffline(context);
  await page.getByRole('button', { name: 'Something else' }).click();
  await expect(heading(page)).toHaveText('Call the bank');
  await page.getByRole('button', { name: 'Something else' }).click();
  await page.getByRole('button', { name: 'Something else' }).click();
  await expect(heading(page)).toHaveText('Write the report');

  // The first step ticked offline: queued, not sent; "Next step" from the same list.
  await page.getByRole('checkbox', { name: 'Open the template' }).check();
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(page.getByText('Write the first heading')).toBeVisible();
  await expect(page.getByText('Offline — changes will sync')).toBeVisible();
  expect((await serverTasks(page)).find((task) => task.title === 'Open the template')?.completed).toBe(false);

  // Back online: written once.
  await goOnline(context);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(async () => (await serverTasks(page)).find((task) => task.title === 'Open the template')?.completed).toBe(true);
  const completedAt = (await serverTasks(page)).find((task) => task.title === 'Open the template')!.completedAt;
  await page.evaluate(() => navigator.serviceWorker.controller!.postMessage({ type: 'replay' }));
  await page.waitForTimeout(500);
  const after = await serverTasks(page);
  expect(after.find((task) => task.title === 'Open the template')!.completedAt).toBe(completedAt);
  expect(after.filter((task) => task.completed).map((task) => task.title)).toEqual(['Open the template']);
});

test('offline, the time focused in Just start is queued and counts on the task exactly once when the network is back', async ({ page, context }) => {
  await page.clock.install();
  await signUpVerified(page, { timeZone: 'UTC' });
  await createTaskViaApi(page, { title: 'Write the essay', importance: 'High', firstStep: 'Open the draft' });
  await createTaskViaApi(page, { title: 'Tidy the desk', importance: 'Low' });
  const minutesOn = async (title: string) => (await serverTasks(page)).find((task) => task.title === title)?.actualMinutes;

  await justStartFromTheDashboard(page);
  await expect(heading(page)).toHaveText('Write the essay');
  await expect(page.getByRole('checkbox', { name: 'Open the draft' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The whole starter offline: the minute-by-minute writes and the last one at "Stop here" are kept.
  await goOffline(context);
  await page.clock.runFor(10 * 60_000 + 1_000);
  await expect(page.getByText('Ten minutes. Keep going, or stop here?')).toBeVisible();
  await page.getByRole('button', { name: 'Stop here' }).click();
  await expect(page.getByText('10 min on “Write the essay”, counted on the task.')).toBeVisible();
  await expect(page.getByText('Offline — changes will sync')).toBeVisible();
  expect(await minutesOn('Write the essay')).toBe(0);

  // Back online: written once, and a second replay adds nothing.
  await goOnline(context);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => minutesOn('Write the essay'), { timeout: 15_000 }).toBe(10);
  await page.evaluate(() => navigator.serviceWorker.controller!.postMessage({ type: 'replay' }));
  await page.waitForTimeout(1000);
  expect(await minutesOn('Write the essay')).toBe(10);
  expect(await minutesOn('Tidy the desk')).toBe(0);
});

// Every way a task is created or completed on /session and /dashboard works offline, through the
// app's one offline path (src/features/offline/offline-write.ts → the worker's typed queue), and
// each write reaches the server exactly once when the network is back. And a shared device: the
// worker's copies and queue are per account; another account never sees the first one's pages
// or sends its writes; after Sign out nothing of the account is left offline, and this browser's
// push subscription is removed.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

import { expect, test, type Page } from '@playwright/test';
import { createTaskViaApi, jsonBody, linkIn, mailTo, signUpVerified } from './accounts';
import { expectNoSeriousA11yViolations, screenshot } from './helpers';
import { accountCachePaths, controlled, goOffline, goOnline } from './offline-helpers';

test.use({ serviceWorkers: 'allow' });

type Task = { id: string; title: string; completed: boolean; completedInSessionId: string | null; sessionId: string | null };

const serverTasks = async (page: Page): Promise<Task[]> => (await page.request.get('/api/tasks')).json();
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** Sends what waits, as the page does when the browser says it is online again. */
async function backOnline(page: Page, context: Parameters<typeof goOnline>[0]) {
  await goOnline(context);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

test('the focus session offline: Complete, then the empty state\'s Create Task, and completing that new task — each written once on return', async ({ page, context }) => {
  await signUpVerified(page);
  const created = await page.request.post('/api/sessions', jsonBody({ displayMode: 'clock' }));
  expect(created.status()).toBe(200);
  const session = (await created.json()) as { id: string };
  await createTaskViaApi(page, { title: 'Water the plants', sessionId: session.id });
  await page.goto(`/sessions/${session.id}`);
  await controlled(page);
  await page.goto('/session');
  await expect(page.locator('#current-task-title')).toHaveText('Water the plants');
  await expect(page.locator('html[data-error-reporter="on"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');

  await goOffline(context);
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  // The last task done: the empty state, and its Create Task (it used to spin forever offline).
  await expect(page.getByRole('heading', { name: 'No tasks to display.' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Task', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await dialog.getByLabel('Title').fill('Written on the train');
  await dialog.getByRole('button', { name: 'Create Task', exact: true }).click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('#current-task-title')).toHaveText('Written on the train');
  await expect(page.getByText('Offline — changes will sync')).toBeVisible();
  await screenshot(page, 'offline-session-empty-state-created', { fullPage: false });
  // And the task made offline is completed offline too (its completion waits for its creation).
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No tasks to display.' })).toBeVisible();
  // Reopened with no network, nothing left: "Create your first task" → Create Task works as well.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Create your first task' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Task', exact: true }).click();
  await dialog.getByLabel('Title').fill('A second thought');
  await dialog.getByRole('button', { name: 'Create Task', exact: true }).click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  await expect(page.locator('#current-task-title')).toHaveText('A second thought');
  expect((await serverTasks(page)).map((task) => `${task.title}:${task.completed}`)).toEqual(['Water the plants:false']);

  await backOnline(page, context);
  await expect.poll(async () => (await serverTasks(page)).map((task) => `${task.title}:${task.completed}`).sort()).toEqual([
    'A second thought:false',
    'Water the plants:true',
    'Written on the train:true',
  ]);
  await expect(page.getByText('Offline — changes will sync')).toHaveCount(0);
  // A second replay writes nothing more.
  await page.evaluate(() => navigator.serviceWorker.controller!.postMessage({ type: 'replay' }));
  await page.reload();
  await expect(page.locator('#current-task-title')).toHaveText('A second thought');
  const tasks = await serverTasks(page);
  expect(tasks).toHaveLength(3);
  expect(tasks.find((task) => task.title === 'Written on the train')).toMatchObject({ sessionId: session.id, completedInSessionId: session.id });
});

test('the dashboard offline: a checkbox completion and a Quick add creation, each written once on return', async ({ page, context }) => {
  await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Call the bank', dueDate: inHours(30) });
  await createTaskViaApi(page, { title: 'Pay the rent', dueDate: inHours(40) });
  await page.goto('/dashboard');
  await controlled(page);
  await page.reload();
  const active = page.getByRole('list', { name: 'Active tasks' });
  await expect(active.getByText('Call the bank')).toBeVisible();
  await page.waitForLoadState('networkidle');

  await goOffline(context);
  await active.getByRole('checkbox', { name: 'Complete "Call the bank"' }).click();
  await expect(active.getByText('Call the bank')).toHaveCount(0);
  const field = page.getByRole('textbox', { name: 'Quick add' });
  await field.fill('Buy stamps tomorrow 5pm');
  await field.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Check and create' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Buy stamps');
  await dialog.getByRole('button', { name: 'Create Task', exact: true }).click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(active.getByText('Buy stamps')).toBeVisible();
  await expect(page.getByText('Offline — changes will sync')).toBeVisible();
  await expect(page.getByText('Failed to complete task')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'offline-dashboard-queued', { fullPage: false });
  expect((await serverTasks(page)).map((task) => `${task.title}:${task.completed}`).sort()).toEqual(['Call the bank:false', 'Pay the rent:false']);

  await backOnline(page, context);
  await expect.poll(async () => (await serverTasks(page)).map((task) => `${task.title}:${task.completed}`).sort()).toEqual([
    'Buy stamps:false',
    'Call the bank:true',
    'Pay the rent:false',
  ]);
  await page.evaluate(() => navigator.serviceWorker.controller!.postMessage({ type: 'replay' }));
  await page.reload();
  await expect(active.getByText('Buy stamps')).toBeVisible();
  expect(await serverTasks(page)).toHaveLength(3);
});

test('a shared device: the first account\'s offline write is never sent as the next one, its pages never shown to it, and nothing of either is left offline after Sign out', async ({ page, context }) => {
  // This browser's push manager: one subscription, as after turning alerts on.
  await page.addInitScript(() => {
    // Kept across the sign-out's page load (a key of the test's own, which sign-out leaves alone).
    const gone = () => window.localStorage.getItem('e2e-push-unsubscribed') === '1';
    const subscription = {
      endpoint: 'https://push.example/shared-device',
      toJSON: () => ({ endpoint: 'https://push.example/shared-device', keys: {} }),
      unsubscribe: async () => {
        window.localStorage.setItem('e2e-push-unsubscribed', '1');
        return true;
      },
    };
    PushManager.prototype.getSubscription = async () => (gone() ? null : (subscription as unknown as PushSubscription));
  });
  const ada = await signUpVerified(page, { name: 'Ada Lovelace' });
  const secret = await createTaskViaApi(page, { title: 'Ada’s secret plan', dueDate: inHours(30) });
  await page.goto('/dashboard');
  await controlled(page);
  await page.reload();
  await expect.poll(() => accountCachePaths(page, ada.id)).toEqual(expect.arrayContaining(['/dashboard', '/session']));
  await page.waitForLoadState('networkidle');

  // Ada completes her task offline; her session then ends elsewhere, and Grace signs in here.
  await goOffline(context);
  await page.getByRole('list', { name: 'Active tasks' }).getByRole('checkbox', { name: 'Complete "Ada’s secret plan"' }).click();
  await expect(page.getByText('Offline — changes will sync')).toBeVisible();
  const adaCookies = await context.cookies();
  await context.clearCookies();
  const grace = await signUpVerified(page, { name: 'Grace Hopper' });
  await createTaskViaApi(page, { title: 'Grace’s compiler notes', dueDate: inHours(20) });
  await goOnline(context);
  await page.goto('/dashboard');
  await expect(page.getByText('Grace’s compiler notes')).toBeVisible();
  // Ada's write is kept and said to be another account's, never sent as Grace.
  await expect(page.getByTestId('offline-held')).toHaveText('A change made offline by another account is kept on this device until that account signs in again.');
  await expect(page.getByText('Ada’s secret plan')).toHaveCount(0);
  await expect(page.getByText(ada.email)).toHaveCount(0);
  await expect.poll(() => accountCachePaths(page, ada.id)).toEqual([]);
  expect((await serverTasks(page)).map((task) => `${task.title}:${task.completed}`)).toEqual(['Grace’s compiler notes:false']);

  // Offline now, Grace's own copy: her dashboard, nothing of Ada.
  await expect.poll(() => accountCachePaths(page, grace.id)).toEqual(expect.arrayContaining(['/dashboard']));
  await goOffline(context);
  await page.reload();
  await expect(page.getByText('Grace’s compiler notes')).toBeVisible();
  await expect(page.getByText('Ada’s secret plan')).toHaveCount(0);
  await goOnline(context);
  await page.reload();

  // Grace signs out: the push subscription goes (server and browser), then offline nothing of her is left.
  const deleted = page.waitForRequest((request) => request.method() === 'DELETE' && new URL(request.url()).pathname === '/api/user/push-subscriptions');
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  expect((await deleted).postDataJSON()).toEqual({ endpoint: 'https://push.example/shared-device' });
  await page.waitForURL('**/signin');
  expect(await page.evaluate(() => window.localStorage.getItem('e2e-push-unsubscribed'))).toBe('1');
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('onething-account-')))).toEqual([]);
  await goOffline(context);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  for (const trace of ['Grace', grace.email, 'compiler notes', 'Ada', ada.email, 'secret plan']) await expect(page.getByText(trace)).toHaveCount(0);
  await screenshot(page, 'offline-after-sign-out', { fullPage: false });
  await goOnline(context);

  // Ada back on this device: her held completion goes out, once, as her.
  await context.clearCookies();
  await context.addCookies(adaCookies);
  await page.goto('/dashboard');
  await expect.poll(async () => (await serverTasks(page)).find((task) => task.id === secret.id)?.completed, { timeout: 20_000 }).toBe(true);
  await expect(page.getByTestId('offline-held')).toHaveCount(0);
});

// Sign out everywhere and a password reset by mail end this browser's session from another device:
// nothing here is told. The worker learns it at this browser's next page start (the server no longer
// names the account) and forgets the account's copies and this browser's push subscription (the
// server has already removed every subscription of the account: account-security.test.ts).
for (const ending of ['Sign out everywhere', 'a password reset by mail'] as const) {
  test(`${ending} on another device: this browser's next page start leaves nothing of the account offline`, async ({ page, context, browser, baseURL }) => {
    test.slow(); // two browsers, a worker's install and a mail: more than the default minute on a busy machine
    const ada = await signUpVerified(page, { name: 'Ada Lovelace' });
    await createTaskViaApi(page, { title: 'Ada’s secret plan', dueDate: inHours(30) });
    await page.goto('/dashboard');
    await controlled(page);
    await page.reload();
    await expect.poll(() => accountCachePaths(page, ada.id)).toEqual(expect.arrayContaining(['/dashboard', '/session']));
    // The worker's push manager: one subscription, as after turning alerts on (headless Chromium
    // has no push service to make a real one).
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(() => {
      const scope = self as unknown as { e2eUnsubscribed: boolean };
      scope.e2eUnsubscribed = false;
      const subscription = { endpoint: 'https://push.example/ended-elsewhere', unsubscribe: async () => (scope.e2eUnsubscribed = true) };
      PushManager.prototype.getSubscription = async () => (scope.e2eUnsubscribed ? null : (subscription as unknown as PushSubscription));
    });
    // Offline, her copy is there (what must go).
    await goOffline(context);
    await page.reload();
    await expect(page.getByText('Ada’s secret plan')).toBeVisible();
    await goOnline(context);

    // Another device ends every session of the account.
    const elsewhere = await browser.newContext({ baseURL });
    const other = await elsewhere.newPage();
    if (ending === 'Sign out everywhere') {
      expect((await other.request.post('/api/auth/signin', jsonBody({ email: ada.email, password: ada.password }))).status()).toBe(200);
      await other.goto('/account');
      await other.locator('#account-actions').getByRole('button', { name: 'Sign Out Everywhere' }).click();
      await other.getByRole('alertdialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign Out Everywhere' }).click();
      await other.waitForURL('**/signin');
    } else {
      expect((await other.request.post('/api/auth/forgot-password', jsonBody({ email: ada.email }))).status()).toBe(200);
      await other.goto(linkIn(await mailTo(ada.email, /forgot-password\/reset/), /\/forgot-password\/reset/));
      await other.getByRole('textbox', { name: 'New password', exact: true }).fill('a brand new passphrase');
      await other.getByLabel('Confirm new password').fill('a brand new passphrase');
      await other.getByRole('button', { name: 'Reset password' }).click();
      await expect(other.getByRole('heading', { name: 'Password updated' })).toBeVisible();
    }
    await elsewhere.close();

    // This browser's next page start: the guard sends it to sign in, and the worker forgets Ada.
    await page.goto('/dashboard');
    await page.waitForURL('**/signin**');
    await expect.poll(() => accountCachePaths(page, ada.id)).toEqual([]);
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('onething-account-')))).toEqual([]);
    await expect.poll(() => worker!.evaluate(() => (self as unknown as { e2eUnsubscribed: boolean }).e2eUnsubscribed)).toBe(true);
    await goOffline(context);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    for (const trace of ['Ada', ada.email, 'secret plan']) await expect(page.getByText(trace)).toHaveCount(0);
    await goOnline(context);
  });
}

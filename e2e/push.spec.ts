// Web Push from the focus session's side: notification permission is asked only when the person
// turns alerts on; then this browser's push manager is subscribed under the server's VAPID key
// and the subscription stored (201), and the running timer's end is scheduled on the server with
// the right time; a pause cancels it, a resume schedules the moved end, alerts off forgets both.
// Push reminders: the preference beside the e-mail reminders in Account.
//
// Chromium here has no push service to subscribe with (it needs Google's), so the push manager
// and the permission prompt are stubbed; everything else is the real app. The delivery itself is
// covered by e2e/offline.spec.ts (the worker's notification) and the push service test on
// loopback (src/server/services/push.service.test.ts).
import { expect, test, type Page, type Request } from '@playwright/test';
import { createTaskViaApi, jsonBody, signUpVerified } from './accounts';
import { expectNoSeriousA11yViolations, screenshot } from './helpers';

test.use({ serviceWorkers: 'allow' });

type PushLog = { asked: number; subscribedWith: string | null; unsubscribed: number };

/** A granted-on-ask permission and a push manager that answers a fixed subscription. */
async function stubPushBrowser(page: Page) {
  await page.addInitScript(() => {
    const log: PushLog = { asked: 0, subscribedWith: null, unsubscribed: 0 };
    Object.defineProperty(window, '__pushLog', { value: log });
    let permission: NotificationPermission = 'default';
    Object.defineProperty(Notification, 'permission', { get: () => permission, configurable: true });
    Notification.requestPermission = async () => {
      log.asked += 1;
      permission = 'granted';
      return permission;
    };
    let current: PushSubscription | null = null;
    const json = {
      endpoint: 'https://push.example/e2e-browser',
      expirationTime: null,
      keys: {
        p256dh: 'BPcMbnWQL5GOYX_5r4gbN3lQJ7MkQzG6uu6NPLT5Rr1fGmWZd7ZJfHQ4mFzmAs2AdmN0n1vDHAeTrwVfYCiAUHE',
        auth: 'Q2hhbmdlTWUtMTIzNDU2Nw',
      },
    };
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      log.subscribedWith = btoa(String.fromCharCode(...key)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      current = {
        endpoint: json.endpoint,
        toJSON: () => json,
        unsubscribe: async () => {
          log.unsubscribed += 1;
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      return current;
    };
  });
}

const pushLog = (page: Page) => page.evaluate(() => ({ ...(window as unknown as { __pushLog: PushLog }).__pushLog }));

/** When the stored timer state says the 25-minute timer ends (src/lib/timer.ts's TimerState). */
async function expectedEnd(page: Page, sessionId: string, minutes: number): Promise<string> {
  const state = await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? 'null') as { accumulatedMs: number; runningSince: number }, `sessionStart:${sessionId}`);
  return new Date(state.runningSince + minutes * 60_000 - state.accumulatedMs).toISOString();
}

const api = (method: string, path: string) => (request: Request) => request.method() === method && new URL(request.url()).pathname === `/api${path}`;

test('alerts on: permission asked then, this browser subscribed and stored, the timer end scheduled, a pause cancels it', async ({ page }) => {
  await stubPushBrowser(page);
  await signUpVerified(page);
  const created = await page.request.post('/api/sessions', jsonBody({ displayMode: 'timer', timerDuration: 25 }));
  expect(created.status()).toBe(200);
  const session = (await created.json()) as { id: string };
  await createTaskViaApi(page, { title: 'Write the letter', sessionId: session.id });
  const { publicKey } = (await (await page.request.get('/api/user/push-public-key')).json()) as { publicKey: string };
  expect(publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);

  await page.goto(`/sessions/${session.id}`);
  const alerts = page.getByRole('button', { name: 'Alerts off' });
  await expect(alerts).toBeVisible();
  // Nothing asked, nothing subscribed on load.
  await page.waitForTimeout(1500);
  expect(await pushLog(page)).toEqual({ asked: 0, subscribedWith: null, unsubscribed: 0 });

  const stored = page.waitForResponse((response) => api('POST', '/user/push-subscriptions')(response.request()));
  const scheduled = page.waitForRequest(api('PUT', '/user/phase-end-push'));
  await alerts.click();
  await expect(page.getByRole('button', { name: 'Alerts on' })).toHaveAttribute('aria-pressed', 'true');
  const storedAnswer = await stored;
  expect(storedAnswer.status()).toBe(201);
  // (The answer's body is not readable here once the service worker controls the page.)
  expect(storedAnswer.request().postDataJSON()).toMatchObject({ endpoint: 'https://push.example/e2e-browser', keys: { auth: 'Q2hhbmdlTWUtMTIzNDU2Nw' } });
  expect(await pushLog(page)).toMatchObject({ asked: 1, subscribedWith: publicKey });

  const put = await scheduled;
  expect((await put.response())?.status()).toBe(200);
  expect(put.postDataJSON()).toEqual({ focusSessionId: session.id, sendAt: await expectedEnd(page, session.id, 25), body: "Time's up" });

  // Pause: the scheduled push is cancelled on the server.
  await page.getByTestId('session-bottom-bar-zone').hover();
  const toolbar = page.getByRole('toolbar', { name: 'Session controls' });
  const cancelled = page.waitForRequest(api('DELETE', '/user/phase-end-push'));
  await toolbar.getByRole('button', { name: 'Pause' }).click();
  const cancel = await cancelled;
  expect(cancel.postDataJSON()).toEqual({ focusSessionId: session.id });
  expect((await cancel.response())?.status()).toBe(200);

  // Resumed later: the moved end is scheduled again.
  await page.waitForTimeout(1200);
  const rescheduled = page.waitForRequest(api('PUT', '/user/phase-end-push'));
  await toolbar.getByRole('button', { name: 'Start' }).click();
  const again = await rescheduled;
  expect((await again.response())?.status()).toBe(200);
  const resumedEnd = await expectedEnd(page, session.id, 25);
  expect(again.postDataJSON()).toMatchObject({ sendAt: resumedEnd, body: "Time's up" });
  expect(Date.parse(resumedEnd)).toBeGreaterThan(Date.parse((put.postDataJSON() as { sendAt: string }).sendAt));

  // Alerts off: the push is cancelled and this browser's subscription forgotten on both sides.
  const offCancel = page.waitForRequest(api('DELETE', '/user/phase-end-push'));
  const forgotten = page.waitForRequest(api('DELETE', '/user/push-subscriptions'));
  await page.getByRole('button', { name: 'Alerts on' }).click();
  expect((await (await offCancel).response())?.status()).toBe(200);
  const forget = await forgotten;
  expect(forget.postDataJSON()).toEqual({ endpoint: 'https://push.example/e2e-browser' });
  expect((await forget.response())?.status()).toBe(200);
  await expect.poll(async () => (await pushLog(page)).unsubscribed).toBe(1);
});

test('a pomodoro says "Break time" at the end of its work phase', async ({ page }) => {
  await stubPushBrowser(page);
  await signUpVerified(page);
  const created = await page.request.post('/api/sessions', jsonBody({ displayMode: 'pomodoro', pomodoroWork: 25, pomodoroBreak: 5 }));
  expect(created.status()).toBe(200);
  const session = (await created.json()) as { id: string };
  await createTaskViaApi(page, { title: 'Plan the week', sessionId: session.id });
  await page.goto(`/sessions/${session.id}`);
  const scheduled = page.waitForRequest(api('PUT', '/user/phase-end-push'));
  await page.getByRole('button', { name: 'Alerts off' }).click();
  const put = await scheduled;
  expect((await put.response())?.status()).toBe(200);
  expect(put.postDataJSON()).toEqual({ focusSessionId: session.id, sendAt: await expectedEnd(page, session.id, 25), body: 'Break time' });
});

test('Account: "Push reminders" beside the e-mail reminders, off by default, kept', async ({ page }) => {
  await signUpVerified(page);
  await page.goto('/account');
  const push = page.getByRole('switch', { name: 'Push reminders' });
  await expect(push).toBeVisible();
  await expect(push).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Email reminders' })).toBeChecked();
  await push.scrollIntoViewIfNeeded();
  const saved = page.waitForResponse((response) => response.url().includes('updatePreferences') || new URL(response.url()).pathname === '/api/user/preferences');
  await push.click();
  expect((await saved).status()).toBe(200);
  await expect(push).toBeChecked();
  await screenshot(page, 'account-push-reminders');
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Push reminders' })).toBeChecked();
  expect(await (await page.request.get('/api/auth/me')).json()).toMatchObject({ pushRemindersEnabled: true, emailRemindersEnabled: true });
});

test('End Session cancels the scheduled push and waits for the answer before leaving', async ({ page }) => {
  await stubPushBrowser(page);
  await signUpVerified(page);
  const created = await page.request.post('/api/sessions', jsonBody({ displayMode: 'timer', timerDuration: 25 }));
  const session = (await created.json()) as { id: string };
  await createTaskViaApi(page, { title: 'Sort the post', sessionId: session.id });
  await page.goto(`/sessions/${session.id}`);
  const scheduled = page.waitForRequest(api('PUT', '/user/phase-end-push'));
  await page.getByRole('button', { name: 'Alerts off' }).click();
  expect((await (await scheduled).response())?.status()).toBe(200);

  // A slow network: the cancel takes a second to answer. The page must not leave before it has.
  const order: string[] = [];
  await page.route('**/api/user/phase-end-push', async (route) => {
    if (route.request().method() !== 'DELETE') return route.continue();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const answer = await route.fetch();
    order.push(`cancel ${answer.status()}`);
    await route.fulfill({ response: answer });
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().endsWith('/dashboard')) order.push('left');
  });
  const cancelled = page.waitForRequest(api('DELETE', '/user/phase-end-push'));
  await page.getByTestId('session-bottom-bar-zone').hover();
  await page.getByRole('button', { name: 'Quit Session' }).click();
  await page.getByRole('button', { name: 'End Session' }).click();
  expect((await cancelled).postDataJSON()).toEqual({ focusSessionId: session.id });
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(order.slice(0, 2)).toEqual(['cancel 200', 'left']);
});

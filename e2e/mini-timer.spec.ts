// The mini timer (src/features/session/MiniTimer.tsx): Debian's Chromium has the Document
// Picture-in-Picture API even headless, and Playwright sees the window it opens as a page of the
// context. The window shows the screen's time, label and current task; its Pause/Start and
// Complete act on the screen; it shows a finished timer's overtime and the pomodoro's break hold
// (the clock options) as the screen does, and answers them; it follows the theme; ending the
// session closes it. Without the API the header offers no Mini timer.
import { expect, test, type Page } from '@playwright/test';
import { createTaskViaApi, jsonBody, signUpVerified } from './accounts';
import { expectNoSeriousA11yViolations, screenshot, useStoredTheme } from './helpers';

async function timerSessionWithTasks(page: Page): Promise<{ id: string }> {
  const created = await page.request.post('/api/sessions', jsonBody({ displayMode: 'timer', timerDuration: 25 }));
  expect(created.status()).toBe(200);
  const session = (await created.json()) as { id: string };
  await createTaskViaApi(page, { title: 'Answer the letters', sessionId: session.id, dueDate: new Date(Date.now() + 3_600_000).toISOString() });
  await createTaskViaApi(page, { title: 'Water the garden', sessionId: session.id });
  return session;
}

async function openMiniTimer(page: Page): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Mini timer' }).click();
  const pip = await opened;
  await expect(pip.getByRole('main', { name: 'Mini timer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mini timer' })).toHaveAttribute('aria-pressed', 'true');
  return pip;
}

/** Turns options on in the session's Clock options dialog. */
async function turnOn(page: Page, ...names: string[]) {
  await page.getByRole('button', { name: 'Clock options' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clock options' });
  for (const name of names) {
    await dialog.getByRole('switch', { name }).click();
    await expect(dialog.getByRole('switch', { name })).toBeChecked();
  }
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

test('the mini timer shows the time and the current task; its Pause, Start and Complete act on the screen; End Session closes it', async ({ page }) => {
  await signUpVerified(page);
  const session = await timerSessionWithTasks(page);
  await page.goto(`/sessions/${session.id}`);
  await expect(page.locator('#current-task-title')).toHaveText('Answer the letters');
  const pip = await openMiniTimer(page);

  const mainTimer = page.getByRole('region', { name: 'Clock' }).getByRole('timer');
  const pipTimer = pip.getByRole('timer');
  await expect(pipTimer).toHaveText(/^2[45]:\d\d$/);
  await expect(pip.getByText('Timer', { exact: true })).toBeVisible();
  await expect(pip.getByText('Answer the letters')).toBeVisible();
  // The time moves in step with the screen's.
  const first = await pipTimer.textContent();
  await expect(pipTimer).not.toHaveText(first!, { timeout: 3000 });

  await pip.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('region', { name: 'Clock' })).toContainText('Paused');
  await expect(pip.getByText('Timer · Paused')).toBeVisible();
  await expect(pipTimer).toHaveText((await mainTimer.textContent())!);
  await pip.setViewportSize({ width: 340, height: 230 });
  await expectNoSeriousA11yViolations(pip);
  await screenshot(pip, 'mini-timer-light');

  await pip.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('region', { name: 'Clock' })).not.toContainText('Paused');
  await expect(pip.getByRole('button', { name: 'Pause' })).toBeVisible();

  await pip.getByRole('button', { name: 'Complete' }).click();
  await expect(page.locator('#current-task-title')).toHaveText('Water the garden');
  await expect(pip.getByText('Water the garden')).toBeVisible();
  await expect
    .poll(async () => ((await (await page.request.get(`/api/sessions/${session.id}/tasks`)).json()) as { title: string; completed: boolean }[]).filter((t) => t.completed).map((t) => t.title))
    .toEqual(['Answer the letters']);

  // Ending the session closes the window.
  await page.getByRole('button', { name: 'Continue' }).click().catch(() => undefined);
  const closed = pip.waitForEvent('close');
  await page.getByTestId('session-bottom-bar-zone').hover();
  await page.getByRole('button', { name: 'Quit Session' }).click();
  await page.getByRole('button', { name: 'End Session' }).click();
  await closed;
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the mini timer follows the dark theme and shows Just focus without a task', async ({ page }) => {
  await useStoredTheme(page, 'dark');
  await signUpVerified(page);
  const created = await page.request.post('/api/sessions', jsonBody({ displayMode: 'pomodoro' }));
  const session = (await created.json()) as { id: string };
  await page.goto(`/sessions/${session.id}`);
  await expect(page.getByText('Just focus', { exact: true })).toBeVisible();
  const pip = await openMiniTimer(page);
  await expect(pip.locator('html')).toHaveClass(/dark/);
  await expect(pip.getByText('Just focus')).toBeVisible();
  await expect(pip.getByText('Work', { exact: true })).toBeVisible();
  await expect(pip.getByRole('button', { name: 'Complete' })).toHaveCount(0);
  await pip.setViewportSize({ width: 340, height: 230 });
  await expectNoSeriousA11yViolations(pip);
  await screenshot(pip, 'mini-timer-dark');
  // Closed from the header's toggle.
  const closed = pip.waitForEvent('close');
  await page.getByRole('button', { name: 'Mini timer' }).click();
  await closed;
  await expect(page.getByRole('button', { name: 'Mini timer' })).toHaveAttribute('aria-pressed', 'false');
});

test('Just start from the mini timer: without a task, one tap opens the 10-minute starter in the main window', async ({ page }) => {
  await signUpVerified(page);
  const created = await page.request.post('/api/sessions', jsonBody({ displayMode: 'pomodoro' }));
  const session = (await created.json()) as { id: string };
  await page.goto(`/sessions/${session.id}`);
  await expect(page.getByText('Just focus', { exact: true })).toBeVisible();
  const pip = await openMiniTimer(page);
  // A task added elsewhere meanwhile: Just start picks it.
  await page.request.post('/api/tasks', jsonBody({ title: 'Sort the receipts' }));
  await pip.getByRole('button', { name: 'Just start' }).click();
  await expect(page).toHaveURL(/\/start$/);
  await expect(page.getByRole('timer', { name: 'Starter timer' })).toHaveAttribute('data-state', 'running');
  await expect(page.getByRole('heading', { name: 'Sort the receipts', level: 1 })).toBeVisible();
});

test('the mini timer shows a finished timer’s overtime, marked, and stops it', async ({ page }) => {
  await page.clock.install();
  await signUpVerified(page);
  const created = await page.request.post('/api/sessions', jsonBody({ displayMode: 'timer', timerDuration: 2 }));
  const session = (await created.json()) as { id: string };
  await createTaskViaApi(page, { title: 'Answer the letters', sessionId: session.id });
  await page.goto(`/sessions/${session.id}`);
  await expect(page.locator('#current-task-title')).toHaveText('Answer the letters');
  await turnOn(page, 'Overtime');
  const pip = await openMiniTimer(page);

  await page.clock.fastForward('02:00');
  await expect(page.getByText('Timer ended!')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.clock.fastForward('01:30');
  const screenOver = page.getByRole('timer', { name: /^Overtime: / });
  const pipOver = pip.getByRole('timer', { name: /^Overtime: / });
  await expect(screenOver).toHaveText(/^\+01:3\d$/);
  await expect(pipOver).toHaveText(/^\+01:3\d$/);
  await expect(pipOver).toHaveText((await screenOver.textContent())!);
  await expect(pip.getByText('Overtime', { exact: true })).toBeVisible();
  await expect(pip.getByText('Answer the letters')).toBeVisible();
  await pip.setViewportSize({ width: 340, height: 230 });
  await expectNoSeriousA11yViolations(pip);
  await screenshot(pip, 'mini-timer-overtime');

  // Stopped from the mini timer: the screen and the window show the finished timer.
  await pip.getByRole('button', { name: 'Stop overtime' }).click();
  await expect(page.getByRole('region', { name: 'Clock' })).not.toContainText('Overtime');
  await expect(pip.getByRole('timer')).toHaveText('00:00');
  await expect(pip.getByText('Time’s up', { exact: true })).toBeVisible();
  await expect(pip.getByText('Overtime', { exact: true })).toHaveCount(0);
});

test('the mini timer shows the pomodoro’s break hold and takes the break', async ({ page }) => {
  await page.clock.install();
  await signUpVerified(page);
  const created = await page.request.post('/api/sessions', jsonBody({ displayMode: 'pomodoro', pomodoroWork: 2, pomodoroBreak: 1 }));
  const session = (await created.json()) as { id: string };
  await page.goto(`/sessions/${session.id}`);
  await expect(page.getByText('Just focus', { exact: true })).toBeVisible();
  await turnOn(page, 'Take the break');
  const pip = await openMiniTimer(page);
  await expect(pip.getByText('Just focus')).toBeVisible();

  await page.clock.fastForward('02:00');
  await expect(page.getByText('Work session ended! Starting break.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  const prompt = page.getByRole('group', { name: 'Work done. Time for a break.' });
  await expect(prompt).toBeVisible();
  // The window holds with the screen: the break's full length, waiting for the answer.
  await expect(pip.getByText('Work done. Time for a break.')).toBeVisible();
  await expect(pip.getByRole('timer', { name: /^Break: / })).toHaveText('01:00');
  await expect(pip.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await page.clock.fastForward('00:30');
  await expect(pip.getByRole('timer')).toHaveText('01:00');
  await pip.setViewportSize({ width: 340, height: 230 });
  await expectNoSeriousA11yViolations(pip);
  await screenshot(pip, 'mini-timer-break-hold');

  // Taken from the window: the break runs, on the screen too.
  await pip.getByRole('button', { name: 'Take the break' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(pip.getByText('Work done. Time for a break.')).toHaveCount(0);
  await expect(pip.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.clock.fastForward('00:30');
  await expect(pip.getByRole('timer', { name: /^Break: / })).toHaveText(/^00:[23]\d$/);
  await expect(page.getByRole('region', { name: 'Clock' }).getByRole('timer', { name: /^Break: / })).toHaveText((await pip.getByRole('timer').textContent())!);
});

test('without the Document Picture-in-Picture API the header offers no Mini timer', async ({ page }) => {
  await page.addInitScript(() => {
    delete (Window.prototype as unknown as { documentPictureInPicture?: unknown }).documentPictureInPicture;
    delete (window as unknown as { documentPictureInPicture?: unknown }).documentPictureInPicture;
  });
  await signUpVerified(page);
  const session = await timerSessionWithTasks(page);
  await page.goto(`/sessions/${session.id}`);
  // The after-load code is in (it mounts the error reporter and the header's extras together).
  await expect(page.locator('html[data-error-reporter="on"]')).toHaveCount(1);
  expect(await page.evaluate(() => 'documentPictureInPicture' in window)).toBe(false);
  await expect(page.getByRole('button', { name: 'Mini timer' })).toHaveCount(0);
});

// The dashboard in real Chromium against the production build: tasks created, edited,
// completed (optimistically), reopened and deleted; rollback on failure; subtasks; limits; the
// verification wall; the ?verified and ?task links; starting a manual session; accessibility
// and screenshots in both themes.
import { expect, test, type Page } from '@playwright/test';
import { createTaskViaApi, jsonBody, signUpVerified } from './accounts';
import { expectNoSeriousA11yViolations, screenshot, useStoredTheme, VIEWPORTS } from './helpers';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

function activeList(page: Page) {
  return page.getByRole('list', { name: 'Active tasks' });
}
function completedList(page: Page) {
  return page.getByRole('list', { name: 'Completed tasks' });
}

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your Dashboard' })).toBeVisible();
}

test('create, edit, complete (at once), reopen and delete a task', async ({ page }) => {
  await signUpVerified(page);
  await openDashboard(page);
  await expect(page.getByText('No sessions yet')).toBeVisible();

  // Create: the button waits for a title; the due date is required here.
  await page.getByRole('button', { name: 'New Task' }).click();
  await expect(page.getByRole('heading', { name: 'Create Task' })).toBeVisible();
  const create = page.getByRole('button', { name: 'Create Task', exact: true });
  await expect(create).toBeDisabled();
  await page.getByLabel('Title').fill('   ');
  await expect(create).toBeDisabled();
  await page.getByLabel('Title').fill('Write the report');
  await page.getByLabel('Description').fill('Two pages, plain words');
  await page.getByLabel('Importance').selectOption('High');
  await expect(page.getByLabel('Difficulty').locator('option')).toHaveText(['Easy', 'Medium', 'Hard']);
  await create.click();
  await expect(page.getByText('Please choose a due date.')).toBeVisible();
  await page.getByRole('button', { name: /Due date/ }).click();
  await page.keyboard.press('Enter'); // today, at the default 09:00 or the hour typed next
  await page.getByRole('spinbutton', { name: 'Hours' }).fill('23');
  await page.getByRole('spinbutton', { name: 'Minutes' }).fill('30');
  // Today 23:30 is within 24 hours.
  await expect(page.getByText('This task is due soon.')).toBeVisible();
  await expect(page.getByText('#3B82F6')).toBeVisible();
  await create.click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  await expect(activeList(page).getByRole('button', { name: 'Write the report', exact: true })).toBeVisible();
  await expect(page.getByLabel('Task statistics')).toContainText('Total Tasks1');

  // Edit.
  await activeList(page).getByRole('button', { name: 'Write the report', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Task' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Write the report');
  await page.getByLabel('Title').fill('Write the short report');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Task updated')).toBeVisible();
  await expect(activeList(page).getByRole('button', { name: 'Write the short report', exact: true })).toBeVisible();

  // Complete: the task leaves Active before the server has answered.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/trpc/task.complete*', async (route) => {
    await held;
    await route.continue();
  });
  await activeList(page).getByRole('checkbox', { name: 'Complete "Write the short report"' }).click();
  await expect(completedList(page).getByRole('button', { name: 'Write the short report', exact: true })).toBeVisible();
  await expect(page.getByText('Nothing on your list. Add a task to get started.')).toBeVisible();
  const answered = page.waitForResponse('**/api/trpc/task.complete*');
  release();
  expect((await answered).status()).toBe(200);
  await page.unroute('**/api/trpc/task.complete*');
  await expect(page.getByLabel('Task statistics')).toContainText('100% complete');
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cachedTasks') ?? '[]').length)).toBe(1);

  // Reopen.
  await completedList(page).getByRole('checkbox', { name: 'Mark "Write the short report" as incomplete' }).click();
  await expect(activeList(page).getByRole('button', { name: 'Write the short report', exact: true })).toBeVisible();

  // Delete, with its confirmation dialog.
  await activeList(page).getByRole('button', { name: 'Delete "Write the short report"' }).click();
  await expect(page.getByText('Are you sure you want to delete this task? This action cannot be undone.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Task deleted successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write the short report', exact: true })).toHaveCount(0);
});

test('a failed completion is rolled back with a toast', async ({ page }) => {
  await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Call the bank', dueDate: inHours(48) });
  await openDashboard(page);
  await page.route('**/api/trpc/task.complete*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await activeList(page).getByRole('checkbox', { name: 'Complete "Call the bank"' }).click();
  await expect(page.getByText('Failed to complete task')).toBeVisible();
  await expect(activeList(page).getByRole('button', { name: 'Call the bank', exact: true })).toBeVisible();
  await expect(completedList(page).getByRole('button', { name: 'Call the bank', exact: true })).toHaveCount(0);

  await page.route('**/api/trpc/task.delete*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await activeList(page).getByRole('button', { name: 'Delete "Call the bank"' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Failed to delete task')).toBeVisible();
  await expect(activeList(page).getByRole('button', { name: 'Call the bank', exact: true })).toBeVisible();

  // A failed edit says so in a toast; the dialog stays with what was typed.
  await page.route('**/api/trpc/task.update*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await activeList(page).getByRole('button', { name: 'Call the bank', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Task' })).toBeVisible();
  await page.getByLabel('Title').fill('Call the bank today');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to update task. Please try again.')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Call the bank today');
  await page.keyboard.press('Escape');

  // And a failed create.
  await page.route('**/api/trpc/task.create*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await expect(page.getByRole('heading', { name: 'Edit Task' })).toHaveCount(0);
  await page.getByRole('button', { name: 'New Task' }).click();
  // The colour field is labelled like every other, with the spec's default.
  await expect(page.getByLabel('Colour')).toHaveValue(/^#3b82f6$/i);
  await page.getByLabel('Title').fill('Pay the rent');
  await page.getByRole('button', { name: /Due date/ }).click();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Create Task', exact: true }).click();
  await expect(page.getByText('Failed to create task')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create Task' })).toBeVisible();
});

test('subtasks nest under their parent, expand, and leave with it when it is deleted', async ({ page }) => {
  await signUpVerified(page);
  const parent = await createTaskViaApi(page, { title: 'Move house', dueDate: inHours(72) });
  await createTaskViaApi(page, { title: 'Book the van', parentTaskId: parent.id, dueDate: inHours(30) });
  await createTaskViaApi(page, { title: 'Pack the books', parentTaskId: parent.id });
  await openDashboard(page);
  await expect(page.getByLabel('Task statistics')).toContainText('Total Tasks3');
  await expect(page.getByRole('button', { name: 'Book the van', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: '2 subtasks', exact: true }).click();
  const subtasks = page.getByRole('list', { name: 'Subtasks of Move house' });
  await expect(subtasks.getByRole('button', { name: 'Book the van', exact: true })).toBeVisible();
  await expect(subtasks.getByRole('button', { name: 'Pack the books', exact: true })).toBeVisible();

  await activeList(page).getByRole('button', { name: 'Delete "Move house"' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Move house', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Book the van', exact: true })).toHaveCount(0);
  await expect(page.getByText('Task deleted successfully!')).toBeVisible();
});

test('the 41st task of the month opens the Task Limit Reached dialog', async ({ page }) => {
  await signUpVerified(page);
  for (let i = 1; i <= 40; i += 1) await createTaskViaApi(page, { title: `Task ${i}` });
  await openDashboard(page);
  await page.getByRole('button', { name: 'New Task' }).click();
  await page.getByLabel('Title').fill('One too many');
  await page.getByRole('button', { name: /Due date/ }).click();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Create Task', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Task Limit Reached' })).toBeVisible();
  await expect(page.getByText("You've reached your limit of 40 tasks per month on the Free plan.")).toBeVisible();
  await expect(page.getByText('Upgrade to Plus for unlimited tasks, from £2 a month.')).toBeVisible();
  await page.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(page.getByRole('heading', { name: 'Task Limit Reached' })).toHaveCount(0);

  // Someone who chose USA (Account, Subscription) is quoted dollars, as the account page does.
  await page.evaluate(() => window.localStorage.setItem('region', 'USA'));
  await page.reload();
  await page.getByRole('button', { name: 'New Task' }).click();
  await page.getByLabel('Title').fill('One too many');
  await page.getByRole('button', { name: /Due date/ }).click();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Create Task', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Task Limit Reached' });
  await expect(dialog.getByText('Upgrade to Plus for unlimited tasks, from $2 a month.')).toBeVisible();
  await expect(dialog).not.toContainText('£');
  await screenshot(page, 'task-limit-dialog-usa');
});

test('completing a repeating task at the Free limit completes it and says gently that the series paused', async ({ page }) => {
  await signUpVerified(page);
  const daily = await createTaskViaApi(page, { title: 'Water the plants', dueDate: inHours(2), recurrence: 'FREQ=DAILY' });
  for (let i = 2; i <= 40; i += 1) await createTaskViaApi(page, { title: `Task ${i}` });
  await openDashboard(page);
  const answered = page.waitForResponse('**/api/trpc/task.complete*');
  await activeList(page).getByRole('checkbox', { name: 'Complete "Water the plants"' }).click();
  expect((await answered).status()).toBe(200);
  await expect(completedList(page).getByRole('button', { name: 'Water the plants', exact: true })).toBeVisible();
  await expect(page.getByText('Repeating task paused')).toBeVisible();
  await expect(page.getByText("“Water the plants” is done. Its next one wasn't added: you've reached your limit of 40 tasks per month on the Free plan.")).toBeVisible();
  await expect(page.getByText('Failed to complete task')).toHaveCount(0);
  await screenshot(page, 'dashboard-series-paused');
  // Nothing new was created: the task stays completed and no next occurrence appears.
  const tasks = (await (await page.request.get('/api/tasks?status=all')).json()) as { id: string; title: string; completed: boolean }[];
  expect(tasks.filter((task) => task.title === 'Water the plants')).toEqual([expect.objectContaining({ id: daily.id, completed: true })]);
});

test('the limit dialog follows the error\'s reason, not its words', async ({ page }) => {
  await signUpVerified(page);
  for (let i = 1; i <= 40; i += 1) await createTaskViaApi(page, { title: `Task ${i}` });
  // The server's real refusal, with its words changed on the way (as a reworded message or a
  // new plan limit would): only `reason` is left to decide by.
  let keepReason = true;
  await page.route('**/api/trpc/task.create**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { error?: { message: string; data: Record<string, unknown> } }[];
    for (const answer of body) {
      if (!answer.error) continue;
      answer.error.message = 'Your monthly allowance is used up.';
      answer.error.data.message = 'Your monthly allowance is used up.';
      if (!keepReason) {
        // The old words the client used to match, but no reason: not a limit to the client.
        answer.error.message = "Task limit reached: you've reached your limit of 40 tasks per month on the Free plan.";
        delete answer.error.data.reason;
      }
    }
    await route.fulfill({ response, json: body });
  });
  await openDashboard(page);
  const create = async (title: string) => {
    await page.getByRole('button', { name: 'New Task' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: /Due date/ }).click();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Create Task', exact: true }).click();
  };
  await create('One too many');
  await expect(page.getByRole('heading', { name: 'Task Limit Reached' })).toBeVisible();
  await page.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(page.getByRole('heading', { name: 'Task Limit Reached' })).toHaveCount(0);

  keepReason = false;
  await create('Still one too many');
  await expect(page.getByText('Failed to create task')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Task Limit Reached' })).toHaveCount(0);
});

test('the 21st session of the month opens the Session Limit Reached dialog', async ({ page }) => {
  await signUpVerified(page);
  for (let i = 1; i <= 20; i += 1) expect((await page.request.post('/api/sessions', jsonBody({}))).status()).toBe(200);
  await openDashboard(page);
  await expect(page.getByRole('region', { name: 'Recent Sessions' }).getByRole('link')).toHaveCount(6);
  await page.getByRole('button', { name: 'Start Session', exact: true }).first().click();
  await page.getByRole('button', { name: /Manual Session/ }).click();
  await page.getByRole('button', { name: 'Start Session', exact: true }).last().click();
  await expect(page.getByRole('heading', { name: 'Session Limit Reached' })).toBeVisible();
});

test('an unverified user meets the verification wall; resend has a 60 s cooldown', async ({ page }) => {
  await page.clock.install();
  await signUpVerified(page, { verified: false });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Dashboard' })).toHaveCount(0);

  // The sign-up mail was just sent: the server refuses a resend inside its cooldown.
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Failed to send email')).toBeVisible();
  await expect(page.getByText('Please try again later')).toBeVisible();

  // A successful send disables the button for 60 s, counting down.
  await page.route('**/api/trpc/auth.resendVerification*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify([{ result: { data: { success: true } } }]) }),
  );
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email sent')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend in 60s' })).toBeDisabled();
  await page.clock.fastForward('00:30');
  await expect(page.getByRole('button', { name: 'Resend in 30s' })).toBeDisabled();
  await page.clock.fastForward('00:31');
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeEnabled();
  await page.mouse.move(0, 0);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'dashboard-verification-wall-1280', { fullPage: false });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the verification wall holds the keyboard: Tab and Shift+Tab never leave it, Escape does not close it (360 px, ${theme})`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 740 });
    await signUpVerified(page, { verified: false });
    // The wall is in the server's HTML: the first paint shows it, before any script has run.
    expect(await (await page.request.get('/dashboard')).text()).toContain('Verify your email</h1>');
    await page.goto('/dashboard');
    const wall = page.getByRole('dialog', { name: 'Verify your email' });
    await expect(wall.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    // The app behind the wall (its header and navigation) is inert.
    await expect.poll(() => page.evaluate(() => Boolean(document.querySelector('header')?.closest('[inert]')))).toBe(true);

    /** The focused element's name, or null when focus is anywhere but inside the wall. */
    const focusedInWall = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        const dialog = element?.closest('[role="dialog"]');
        if (!element || !dialog || dialog.getAttribute('aria-label') !== 'Verify your email') return null;
        return element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
      });
    for (const key of ['Tab', 'Shift+Tab']) {
      const reached = new Set<string>();
      for (let press = 0; press < 8; press += 1) {
        await page.keyboard.press(key);
        const name = await focusedInWall();
        expect(name, `${key} #${press + 1} left the wall`).not.toBeNull();
        reached.add(name!);
      }
      // It cycles through the wall's own controls (the logo link included), nothing else.
      expect([...reached].sort()).toEqual(['I’ve verified', 'Onething', 'Resend verification email', 'Sign out']);
    }
    await page.keyboard.press('Escape');
    await expect(wall.getByRole('button', { name: 'Resend verification email' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `dashboard-verification-wall-360-${theme}`);
  });
}

test('the menu drawer of narrow screens closes when the window widens past the breakpoint', async ({ page }) => {
  await signUpVerified(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await openDashboard(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 844 });
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveCount(0);
});

test('?verified toasts and resets the address; ?task opens that task', async ({ page }) => {
  await signUpVerified(page);
  const task = await createTaskViaApi(page, { title: 'Renew passport', dueDate: inHours(10) });
  await page.goto('/dashboard?verified=success');
  await expect(page.getByText('Email verified successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard?verified=already');
  await expect(page.getByText('Email already verified')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/dashboard?task=${task.id}`);
  await expect(page.getByRole('heading', { name: 'Edit Task' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Renew passport');
  await expect(page.getByText('This task is due soon.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('Start Session asks AI or Manual; a manual session opens /session', async ({ page }) => {
  await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Plan the week', dueDate: inHours(5) });
  await openDashboard(page);
  await page.getByRole('button', { name: 'Start Session', exact: true }).first().click();
  await expect(page.getByRole('button', { name: /AI Session/ })).toBeVisible();
  await page.getByRole('button', { name: /Manual Session/ }).click();
  await expect(page.getByRole('heading', { name: 'Configure Session' })).toBeVisible();
  await expect(page.getByLabel('Session name')).toHaveAttribute('placeholder', /^Session #1 - \d{1,2}\/\d{1,2}\/\d{4}$/);
  await expect(page.getByLabel('Max tasks')).toHaveValue('5');
  await page.getByLabel('Pomodoro').check();
  await expect(page.getByLabel('Work (minutes)')).toHaveValue('25');
  await expect(page.getByLabel('Break (minutes)')).toHaveValue('5');
  await page.getByLabel('Plan the week', { exact: true }).check();
  await page.getByRole('button', { name: 'Start Session', exact: true }).last().click();
  await expect(page).toHaveURL(/\/session$/);
  await expect(page.getByText('Session created successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Plan the week' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Session #1 - / })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('sessionConfig') ?? '{}'))).toEqual({ displayMode: 'pomodoro', maxTasks: 5 });
});

for (const theme of ['light', 'dark'] as const) {
  test(`dashboard passes axe and is screenshotted (${theme})`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await signUpVerified(page);
    const parent = await createTaskViaApi(page, { title: 'Prepare the workshop', dueDate: inHours(30), importance: 'High', color: '#10B981' });
    await createTaskViaApi(page, { title: 'Draft the slides', parentTaskId: parent.id, dueDate: inHours(20) });
    await createTaskViaApi(page, { title: 'Reply to Sam', dueDate: inHours(-3) });
    await createTaskViaApi(page, { title: 'Water the plants' });
    const done = await createTaskViaApi(page, { title: 'Pay the rent', dueDate: inHours(-30) });
    await page.request.post(`/api/tasks/${done.id}/complete`, jsonBody({}));
    await page.request.post('/api/sessions', jsonBody({ displayMode: 'pomodoro' }));
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      await page.setViewportSize(viewport);
      await openDashboard(page);
      await expect(page.getByRole('button', { name: 'Prepare the workshop', exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `dashboard-${theme}-${viewport.width}`);
    }
    await page.getByRole('button', { name: 'New Task' }).click();
    await expect(page.getByRole('heading', { name: 'Create Task' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `dashboard-create-${theme}-390`, { fullPage: false });
  });
}

test('the Completed list shows the latest 20 completions and loads older ones a page at a time', async ({ page }) => {
  await signUpVerified(page);
  for (let i = 1; i <= 23; i += 1) {
    const task = await createTaskViaApi(page, { title: `Finished ${String(i).padStart(2, '0')}` });
    const done = await page.request.post(`/api/tasks/${task.id}/complete`, jsonBody({}));
    expect(done.status()).toBe(200);
  }
  await openDashboard(page);
  const items = completedList(page).locator(':scope > li');
  await expect(items).toHaveCount(20);
  // Newest completion first: the last one finished leads, the first three are not read yet.
  await expect(items.first()).toContainText('Finished 23');
  await expect(completedList(page).getByText('Finished 01')).toHaveCount(0);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(items).toHaveCount(23);
  await expect(items.last()).toContainText('Finished 01');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

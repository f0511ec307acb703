// Your day in real Chromium against the production build: lateness is never red nor shouted
// (text and computed colour on the rendered dashboard and calendar), the Today panel, the Fresh
// start screen (thirty late tasks triaged in two taps, each row changeable, undo), Just start
// (one tap to a running starter, "Something else", first step then "Next step", the choice at
// 10 minutes, focused time counted), the workday in Account, the optional ritual (off by default,
// offered once, the morning and evening check-ins, the evening line kept on the server, switched
// off from Account), a first step written in the task form shown by Just start; axe, keyboard
// only, and screenshots at 360 px and desktop in both themes. Offline Just start:
// your-day-offline.spec.ts.
import { expect, test, type Page } from '@playwright/test';
import { createTaskViaApi, jsonBody, signUpVerified } from './accounts';
import { expectNoSeriousA11yViolations, screenshot, useStoredTheme } from './helpers';

const DAY = 86_400_000;
const daysAgo = (days: number, hour = 10) => {
  const date = new Date(Date.now() - days * DAY);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your Dashboard' })).toBeVisible();
}

/** The computed colour of an element, and of the app's muted and danger tokens, in the page. */
async function colours(page: Page, selector: string) {
  return page.evaluate((target) => {
    const probe = (className: string) => {
      const span = document.createElement('span');
      span.className = className;
      document.body.append(span);
      const colour = getComputedStyle(span).color;
      span.remove();
      return colour;
    };
    const element = document.querySelector(target);
    return { element: element ? getComputedStyle(element).color : null, muted: probe('text-muted'), danger: probe('text-danger'), text: probe('text-text') };
  }, selector);
}

test('no shame: a late task reads "carried over · 3 days", muted, and the Overdue card is neutral with a quiet Fresh start', async ({ page }) => {
  await signUpVerified(page, { timeZone: 'UTC' });
  await createTaskViaApi(page, { title: 'Water the plants', dueDate: new Date(Date.now() - 3 * DAY - 3_600_000).toISOString() });
  await createTaskViaApi(page, { title: 'Later this month', dueDate: new Date(Date.now() + 20 * DAY).toISOString() });
  await openDashboard(page);

  const row = page.getByRole('list', { name: 'Active tasks' }).getByRole('listitem').filter({ hasText: 'Water the plants' });
  await expect(row.getByText('carried over · 3 days')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active tasks' })).not.toContainText(/overdue/i);
  const late = await colours(page, '[data-carried-over]');
  expect(late.element).toBe(late.muted);
  expect(late.element).not.toBe(late.danger);

  const stats = page.getByRole('region', { name: 'Task statistics' });
  await expect(stats).toContainText('Overdue1');
  const values = await stats.locator('.tabular').evaluateAll((nodes) => nodes.map((node) => getComputedStyle(node).color));
  expect(new Set(values).size, `stat values in one tone: ${values.join(', ')}`).toBe(1);
  const danger = (await colours(page, 'body')).danger;
  expect(values).not.toContain(danger);
  await expect(stats.getByRole('link', { name: 'Fresh start' })).toHaveAttribute('href', '/fresh-start');

  // The calendar shows the late task without red or "overdue" either.
  await page.goto('/calendar');
  await expect(page.getByText('Water the plants').first()).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/overdue/i);
  const redText = await page.locator('main *').evaluateAll((nodes, dangerColour) => nodes.filter((node) => node.textContent?.includes('Water the plants') && getComputedStyle(node).color === dangerColour).length, danger);
  expect(redText).toBe(0);
});

test('the Today panel says the day in words, and the Fresh start triages thirty late tasks in two taps, with undo', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpVerified(page, { timeZone: 'UTC' });
  const importances = ['Low', 'Medium', 'High', 'Critical'];
  const created: { id: string }[] = [];
  for (let index = 0; index < 30; index++) {
    created.push(
      await createTaskViaApi(page, {
        title: `Late task ${String(index + 1).padStart(2, '0')}`,
        importance: importances[index % 4],
        estimatedMinutes: 15 + (index % 5) * 15,
        dueDate: daysAgo(index === 0 ? 36 : 1 + index),
      }),
    );
  }
  const before = (await (await page.request.get('/api/tasks?status=all')).json()) as { id: string; dueDate: string | null; letGoAt: string | null }[];

  await openDashboard(page);
  const panel = page.getByRole('region', { name: /^Today: / });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading')).toHaveText(/^Today: (nothing planned|\d+ (h|min).* planned), (about .* (free|more than the time left)|a day off|the working day is done)$/);
  await expect(panel).toContainText('30 carried over');

  // Tap 1: the quiet Fresh start on the Overdue card. Tap 2: Accept all.
  let taps = 0;
  await page.getByRole('region', { name: 'Task statistics' }).getByRole('link', { name: 'Fresh start' }).click();
  taps++;
  await expect(page.getByRole('heading', { name: 'Fresh start', level: 1 })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Carried-over tasks' }).getByRole('listitem');
  await expect(rows).toHaveCount(30);
  await expect(page.getByText('30 tasks carried over')).toBeVisible();
  await page.getByRole('button', { name: 'Accept all' }).click();
  taps++;
  await expect(page.getByText('30 tasks have a new place.')).toBeVisible();
  expect(taps).toBeLessThanOrEqual(3);

  const after = (await (await page.request.get('/api/tasks?status=all')).json()) as typeof before;
  const changed = after.filter((task) => {
    const old = before.find((one) => one.id === task.id)!;
    return old.dueDate !== task.dueDate || old.letGoAt !== task.letGoAt;
  });
  expect(changed).toHaveLength(30);
  const today = (await (await page.request.get('/api/today')).json()) as { carriedOver: unknown[] };
  expect(today.carriedOver).toHaveLength(0);

  // Undo this fresh start: every task as it was.
  await page.getByRole('button', { name: 'Undo this fresh start' }).click();
  await expect(page.getByText('Undone: 30 tasks are back as they were.')).toBeVisible();
  const undone = (await (await page.request.get('/api/tasks?status=all')).json()) as typeof before;
  const pick = (tasks: typeof before) => tasks.map(({ id, dueDate, letGoAt }) => ({ id, dueDate, letGoAt })).sort((a, b) => a.id.localeCompare(b.id));
  expect(pick(undone)).toEqual(pick(before));

  // Each row can be changed: let one go, keyboard only, and accept.
  await page.goto('/fresh-start');
  await expect(rows).toHaveCount(30);
  const first = page.getByRole('combobox', { name: 'New place for "Late task 01"' });
  await first.focus();
  await first.selectOption('let-go');
  await page.getByRole('button', { name: 'Accept all' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('30 tasks have a new place.')).toBeVisible();
  const letGo = (await (await page.request.get('/api/tasks?status=let-go')).json()) as { title: string }[];
  expect(letGo.map((task) => task.title)).toContain('Late task 01');
  expect(((await (await page.request.get('/api/tasks')).json()) as { title: string }[]).map((task) => task.title)).not.toContain('Late task 01');
});

/**
 * A working day that covers every day (so the test means the same at any hour) and three tasks of
 * ten hours each due before its end: 30 hours planned, more than any day's time left. Answers their due time.
 */
async function planMoreThanTheDayHolds(page: Page): Promise<string> {
  expect((await page.request.patch('/api/user', jsonBody({ workday: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] } }))).status()).toBe(200);
  const endOfDay = new Date();
  endOfDay.setUTCHours(23, 50, 0, 0);
  const due = new Date(Math.max(endOfDay.getTime(), Date.now() + 60_000)).toISOString();
  for (const [title, importance] of [['Write the big report', 'High'], ['Tidy the slides', 'Low'], ['Answer the emails', 'Medium']] as const) {
    await createTaskViaApi(page, { title, importance, estimatedMinutes: 600, dueDate: due });
  }
  return due;
}

test('more planned than the time left: keep anyway, trim one, or move the overflow to tomorrow, each undoable', async ({ page }) => {
  await signUpVerified(page, { timeZone: 'UTC' });
  const due = await planMoreThanTheDayHolds(page);
  await openDashboard(page);
  const panel = page.getByRole('region', { name: /^Today: / });
  await expect(panel.getByRole('heading')).toHaveText(/^Today: 30 h planned, about .+ more than the time left$/);
  const choices = panel.getByRole('group', { name: 'More planned than the time left' });
  await expect(choices.getByRole('button')).toHaveText(['Keep anyway', 'Move to tomorrow', 'Trim']);

  // Keep anyway: the choices go for today, and stay gone after a reload; nothing moved.
  await choices.getByRole('button', { name: 'Keep anyway' }).click();
  await expect(choices).toHaveCount(0);
  await page.reload();
  await expect(panel).toBeVisible();
  await expect(choices).toHaveCount(0);
  expect(((await (await page.request.get('/api/today')).json()) as { today: unknown[] }).today).toHaveLength(3);

  // Trim: one task to someday, with its undo.
  await page.context().clearCookies({ name: 'onething-today-kept' });
  await page.reload();
  await choices.getByRole('button', { name: 'Trim' }).click();
  await panel.getByRole('button', { name: 'Move "Tidy the slides" to someday' }).click();
  await expect(page.getByText('Moved 1 task')).toBeVisible();
  const todayTitles = async () => ((await (await page.request.get('/api/today')).json()) as { today: { title: string }[] }).today.map((task) => task.title).sort();
  await expect.poll(todayTitles).toEqual(['Answer the emails', 'Write the big report']);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(todayTitles).toEqual(['Answer the emails', 'Tidy the slides', 'Write the big report']);
  // The panel has the undone day too (its choices act on what it shows), as a person would see it.
  await expect(panel.getByRole('heading')).toHaveText(/^Today: 30 h planned/);

  // Move to tomorrow: the least important first, until the rest fits (here: all but one task of 10 h would not fit in a day either).
  await choices.getByRole('button', { name: 'Move to tomorrow' }).click();
  await expect(page.getByText(/^Moved \d tasks?$/)).toBeVisible();
  await expect.poll(async () => (await todayTitles()).includes('Tidy the slides')).toBe(false);
  const tasks = (await (await page.request.get('/api/tasks')).json()) as { title: string; dueDate: string }[];
  const slides = tasks.find((task) => task.title === 'Tidy the slides')!;
  expect(Date.parse(slides.dueDate)).toBeGreaterThan(Date.parse(due));
});

test('a day that holds more than its time left: the card’s choices come with the page, so nothing below moves after it; Keep anyway is the server’s too', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signUpVerified(page, { timeZone: 'UTC' });
  await planMoreThanTheDayHolds(page);

  // In the server's HTML, before any script.
  expect(await (await page.request.get('/dashboard')).text()).toContain('aria-label="More planned than the time left"');

  // In the browser: where the statistics were at `load` (the server's HTML laid out; the island's
  // code is asked for after it), they still are once the panel's own code is there.
  await page.addInitScript(() => {
    window.addEventListener('load', () => {
      (window as Window & { statsTop?: number }).statsTop = document.querySelector('section[aria-label="Task statistics"]')?.getBoundingClientRect().top;
    });
  });
  await page.goto('/dashboard');
  const panel = page.getByRole('region', { name: /^Today: / });
  const choices = panel.getByRole('group', { name: 'More planned than the time left' });
  await expect(choices.getByRole('button')).toHaveText(['Keep anyway', 'Move to tomorrow', 'Trim']);
  // The panel's code has arrived once the ritual's one-time offer (part of it) is on screen.
  await expect(page.getByRole('region', { name: 'A short daily check-in' })).toBeVisible();
  const tops = await page.evaluate(() => ({
    first: (window as Window & { statsTop?: number }).statsTop,
    now: document.querySelector('section[aria-label="Task statistics"]')?.getBoundingClientRect().top,
  }));
  expect(tops.first).toBeDefined();
  expect(tops.now).toBe(tops.first);

  // Keep anyway holds for the day, in the server's HTML too; signing out forgets it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await choices.getByRole('button', { name: 'Keep anyway' }).click();
  await expect(choices).toHaveCount(0);
  expect(await (await page.request.get('/dashboard')).text()).not.toContain('More planned than the time left');
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain('onething-today-kept');
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('onething-today-kept');
});

test('Just start: one tap to a running starter, something else, first step then next step, the choice at 10 minutes, focus counted', async ({ page }) => {
  await page.clock.install();
  await signUpVerified(page, { timeZone: 'UTC' });
  const report = await createTaskViaApi(page, { title: 'Write the report', dueDate: new Date(Date.now() + 2 * DAY).toISOString(), estimatedMinutes: 20 });
  await page.request.post('/api/tasks', jsonBody({ title: 'Open the template', parentTaskId: report.id }));
  await page.request.post('/api/tasks', jsonBody({ title: 'Write the first heading', parentTaskId: report.id }));
  await createTaskViaApi(page, { title: 'Tidy the desk' });
  await openDashboard(page);

  await page.getByRole('link', { name: 'Just start' }).click();
  const timer = page.getByRole('timer', { name: 'Starter timer' });
  await expect(timer).toHaveAttribute('data-state', 'running');
  await expect(page.getByRole('heading', { name: 'Write the report', level: 1 })).toBeVisible();
  await expect(page.getByTestId('why')).toHaveText(/^due .+, about 20 min/);
  await expect(page.getByText('Open the template')).toBeVisible();
  await expect(page.getByText('Write the first heading')).toHaveCount(0); // only the first step
  await expect(page.locator('body')).not.toContainText(/streak|you quit|gave up/i);

  // Something else, then back round to the report.
  await page.getByRole('button', { name: 'Something else' }).click();
  await expect(page.getByRole('heading', { name: 'Tidy the desk', level: 1 })).toBeVisible();
  await expect(page.getByText(/Open what you need for "Tidy the desk"/)).toBeVisible();
  await page.getByRole('button', { name: 'Something else' }).click();
  await expect(page.getByRole('heading', { name: 'Write the report', level: 1 })).toBeVisible();
  await expect(timer).toHaveAttribute('data-state', 'running');

  // Tick the first step: "Next step" shows the following one.
  await page.getByRole('checkbox', { name: 'Open the template' }).check();
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(page.getByText('Write the first heading')).toBeVisible();

  // Ten minutes: keep going (overtime) or stop here.
  await page.clock.runFor(10 * 60_000 + 1_000);
  await expect(page.getByText('Ten minutes. Keep going, or stop here?')).toBeVisible();
  await page.getByRole('button', { name: 'Keep going' }).click();
  await page.clock.runFor(65_000);
  await expect(timer).toHaveText(/^\+01:0\d$/);
  await page.getByRole('button', { name: 'Stop here' }).click();
  await expect(page.getByText(/on “Write the report”, counted on the task\.$/)).toBeVisible();
  await expect.poll(async () => ((await (await page.request.get('/api/tasks')).json()) as { id: string; actualMinutes: number }[]).find((task) => task.id === report.id)?.actualMinutes).toBeGreaterThanOrEqual(11);
});

/** Fills the task form's due date with today at 23:30 (the dashboard's form requires one). */
async function dueTonight(page: Page) {
  await page.getByRole('button', { name: /Due date/ }).click();
  await page.keyboard.press('Enter');
  await page.getByRole('spinbutton', { name: 'Hours' }).fill('23');
  await page.getByRole('spinbutton', { name: 'Minutes' }).fill('30');
}

test('Just start: a first step written in the task form is the step; ticked, "Next step" goes on; the line stays on the task', async ({ page }) => {
  await signUpVerified(page, { timeZone: 'UTC' });
  await openDashboard(page);

  await page.getByRole('button', { name: 'New Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Task' });
  await dialog.getByLabel('Title').fill('Write the essay');
  const firstStep = dialog.getByRole('textbox', { name: 'First step' });
  await expect(firstStep).toHaveAccessibleDescription(/The smallest thing that gets you going, e\.g\. “Open the draft”/);
  await firstStep.fill('  Open the draft  ');
  await dueTonight(page);
  await dialog.getByRole('button', { name: 'Create Task', exact: true }).click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  const tasks = async () => (await (await page.request.get('/api/tasks')).json()) as { id: string; title: string; firstStep: string | null; completed: boolean }[];
  expect((await tasks()).map(({ title, firstStep: line }) => ({ title, firstStep: line }))).toEqual([{ title: 'Write the essay', firstStep: 'Open the draft' }]);

  // The edit form shows it; a subtask's form does not ask for one (a subtask is a step itself).
  await page.getByRole('list', { name: 'Active tasks' }).getByRole('button', { name: 'Write the essay', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Task' }).getByRole('textbox', { name: 'First step' })).toHaveValue('Open the draft');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'Just start' }).click();
  await expect(page.getByRole('timer', { name: 'Starter timer' })).toHaveAttribute('data-state', 'running');
  await expect(page.getByRole('heading', { name: 'Write the essay', level: 1 })).toBeVisible();
  const steps = page.getByRole('region', { name: 'First step' });
  await expect(steps.getByRole('checkbox', { name: 'Open the draft' })).toBeVisible();
  // The server's pick (streamed after the tap's) agrees: the step stays.
  await page.waitForLoadState('networkidle');
  await expect(steps.getByRole('checkbox', { name: 'Open the draft' })).toBeVisible();

  await steps.getByRole('checkbox', { name: 'Open the draft' }).check();
  await expect(page.getByRole('region', { name: 'Step done' })).toBeVisible();
  await page.getByRole('button', { name: 'Next step' }).click();
  await expect(page.getByRole('checkbox', { name: 'Choose the next small bit and keep going.' })).toBeVisible();
  // A first-step line is a way in, kept on the task: ticking it completed and cleared nothing.
  expect(await tasks()).toEqual([expect.objectContaining({ title: 'Write the essay', firstStep: 'Open the draft', completed: false })]);

  // Cleared in the edit form, Just start falls back to the neutral starter.
  await openDashboard(page);
  await page.getByRole('list', { name: 'Active tasks' }).getByRole('button', { name: 'Write the essay', exact: true }).click();
  await page.getByRole('dialog', { name: 'Edit Task' }).getByRole('textbox', { name: 'First step' }).fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Task updated')).toBeVisible();
  expect((await tasks())[0]!.firstStep).toBeNull();
  await page.goto('/start');
  await expect(page.getByRole('checkbox', { name: /^Open what you need for "Write the essay"/ })).toBeVisible();
});

test('the working day is set in Account and switches the ritual from one place', async ({ page }) => {
  await signUpVerified(page, { timeZone: 'UTC' });
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Your day' });
  await section.getByLabel('Starts').fill('08:00');
  await section.getByLabel('Ends').fill('16:30');
  await section.getByRole('checkbox', { name: 'Friday' }).uncheck();
  await section.getByRole('button', { name: 'Save working day' }).click();
  await expect(page.getByText('Working day saved')).toBeVisible();
  const me = (await (await page.request.get('/api/auth/me')).json()) as { workday: unknown; ritual: unknown };
  expect(me.workday).toEqual({ start: '08:00', end: '16:30', days: [1, 2, 3, 4] });
  await section.getByRole('switch', { name: 'Evening check-in' }).click();
  await expect.poll(async () => ((await (await page.request.get('/api/auth/me')).json()) as { ritual: unknown }).ritual).toEqual({ morning: false, evening: true, offered: true });
  await expectNoSeriousA11yViolations(page);
});

test('keyboard only: the Today panel’s Fresh start, and Just start from the dashboard to a ticked step and the next one', async ({ page }) => {
  await signUpVerified(page, { timeZone: 'UTC' });
  await createTaskViaApi(page, { title: 'Call the bank', estimatedMinutes: 20, dueDate: daysAgo(2) });
  const report = await createTaskViaApi(page, { title: 'Write the report', importance: 'High' });
  await page.request.post('/api/tasks', jsonBody({ title: 'Open the template', parentTaskId: report.id }));
  await page.request.post('/api/tasks', jsonBody({ title: 'Write the first heading', parentTaskId: report.id }));
  await openDashboard(page);

  /** Tabs forward until `target` has the focus (at most 40 presses), and says it shows a focus ring. */
  const tabTo = async (target: ReturnType<Page['getByRole']>) => {
    for (let press = 0; press < 40 && !(await target.evaluate((node) => node === document.activeElement)); press++) await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
    expect(await target.evaluate((node) => node.matches(':focus-visible'))).toBe(true);
  };

  const panel = page.getByRole('region', { name: /^Today: / });
  await expect(panel).toContainText('1 carried over');
  await page.locator('body').focus();
  await tabTo(panel.getByRole('link', { name: 'Fresh start' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Fresh start', level: 1 })).toBeVisible();
  await page.goBack();

  await expect(page.getByRole('heading', { name: 'Your Dashboard' })).toBeVisible();
  await page.locator('body').focus();
  await tabTo(page.getByRole('link', { name: 'Just start' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('timer', { name: 'Starter timer' })).toHaveAttribute('data-state', 'running');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call the bank');
  await tabTo(page.getByRole('button', { name: 'Something else' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Write the report');
  await tabTo(page.getByRole('checkbox', { name: 'Open the template' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Open the template' })).toBeChecked();
  await tabTo(page.getByRole('button', { name: 'Next step' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Write the first heading')).toBeVisible();
  await expect.poll(async () => ((await (await page.request.get('/api/tasks?status=all')).json()) as { title: string; completed: boolean }[]).find((task) => task.title === 'Open the template')?.completed).toBe(true);
});

/** A fixed-offset zone where it is now `hour` o'clock (Etc/GMT-N is UTC+N), to meet the morning or the evening. */
function zoneAtHour(hour: number): string {
  let offset = (hour - new Date().getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const me = async (page: Page) => (await (await page.request.get('/api/auth/me')).json()) as { ritual: { morning: boolean; evening: boolean; offered: boolean } };

test('the ritual is off by default and offered once; the morning check-in (what is carried, up to three, does it fit) takes seconds, keyboard only', async ({ page }) => {
  await signUpVerified(page, { timeZone: zoneAtHour(9) });
  expect((await me(page)).ritual).toEqual({ morning: false, evening: false, offered: false });
  const carried = [];
  for (const [index, title] of ['Call the bank', 'Send the invoice', 'Book the dentist', 'Reply to Sam'].entries()) {
    carried.push(await createTaskViaApi(page, { title, estimatedMinutes: 20, dueDate: daysAgo(index + 2) }));
  }
  const today = (await (await page.request.get('/api/today')).json()) as { date: string };
  const yesterday = new Date(Date.parse(`${today.date}T12:00:00Z`) - DAY).toISOString().slice(0, 10);
  expect((await page.request.put('/api/today/line', jsonBody({ date: yesterday, line: 'Slow start, but the invoice went out.' }))).status()).toBe(200);

  // Off by default: no check-in, only the offer, once, at the foot of the dashboard.
  await openDashboard(page);
  const panel = page.getByRole('region', { name: /^Today: / });
  await expect(panel).toBeVisible();
  const offer = page.getByRole('group', { name: 'A short daily check-in' });
  await expect(offer).toBeVisible();
  await expect(page.getByRole('group', { name: 'Morning check-in' })).toHaveCount(0);
  await offer.scrollIntoViewIfNeeded();
  await screenshot(page, 'your-day-ritual-offer-desktop-light', { fullPage: false });
  await offer.getByRole('button', { name: 'Mornings' }).focus();
  await page.keyboard.press('Enter');
  await expect(offer).toHaveCount(0);
  expect((await me(page)).ritual).toEqual({ morning: true, evening: false, offered: true });

  // The morning check-in, keyboard only: last evening's line, what is carried, pick up to three, does it fit.
  await page.reload();
  const morning = page.getByRole('group', { name: 'Morning check-in' });
  await expect(morning).toBeVisible();
  const began = Date.now();
  await expect(page.getByRole('group', { name: 'A short daily check-in' })).toHaveCount(0); // offered once
  await expect(morning).toContainText('Last evening: Slow start, but the invoice went out.');
  await expect(morning).toContainText('Good morning. 4 carried over. Pick up to three for today.');
  await morning.scrollIntoViewIfNeeded();
  await screenshot(page, 'your-day-morning-check-in-desktop-light', { fullPage: false });
  for (const title of ['Call the bank', 'Send the invoice', 'Book the dentist']) {
    await morning.getByRole('checkbox', { name: title }).focus();
    await page.keyboard.press('Space');
  }
  await expect(morning.getByRole('checkbox', { name: 'Reply to Sam' })).toBeDisabled();
  await expect(morning.getByRole('status')).toHaveText(/^About 1 h: it fits\.$|^About 1 h, more than the .+ you have: maybe two\.$/);
  await morning.getByRole('button', { name: 'Done' }).focus();
  await page.keyboard.press('Enter');
  await expect(morning).toHaveCount(0);
  expect(Date.now() - began).toBeLessThan(60_000);
  await expect(page.getByText('Moved 3 tasks')).toBeVisible();
  const after = (await (await page.request.get('/api/today')).json()) as { carriedOver: { title: string }[]; today: { title: string }[] };
  expect(after.today.map((task) => task.title).sort()).toEqual(['Book the dentist', 'Call the bank', 'Send the invoice']);
  expect(after.carriedOver.map((task) => task.title)).toEqual(['Reply to Sam']);
  await expectNoSeriousA11yViolations(page);

  // Done for today: not shown again today; and switched off for good from Account › Your day.
  await page.reload();
  await expect(panel).toBeVisible();
  await expect(page.getByRole('group', { name: 'Morning check-in' })).toHaveCount(0);
  await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('onething-ritual-')).forEach((key) => localStorage.removeItem(key)));
  await page.goto('/account');
  await page.getByRole('region', { name: 'Your day' }).getByRole('switch', { name: 'Morning check-in' }).click();
  await expect.poll(async () => (await me(page)).ritual).toEqual({ morning: false, evening: false, offered: true });
  await openDashboard(page);
  await expect(panel).toBeVisible();
  await expect(page.getByRole('group', { name: 'Morning check-in' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'A short daily check-in' })).toHaveCount(0);
});

test('the evening check-in: done today, carry or let go, one optional line kept on the server and shown back', async ({ page }) => {
  await useStoredTheme(page, 'dark');
  await page.setViewportSize({ width: 360, height: 800 });
  await signUpVerified(page, { timeZone: zoneAtHour(19) });
  expect((await page.request.patch('/api/user', jsonBody({ ritual: { evening: true } }))).status()).toBe(200);
  // Due later today on the account's clock (it is 19:xx there).
  const laterToday = new Date(Date.now() + 30 * 60_000).toISOString();
  const done = await createTaskViaApi(page, { title: 'Pay the rent', dueDate: laterToday });
  expect((await page.request.post(`/api/tasks/${done.id}/complete`, jsonBody({}))).status()).toBe(200);
  await createTaskViaApi(page, { title: 'Water the plants', dueDate: laterToday });
  await createTaskViaApi(page, { title: 'Fix the shelf', dueDate: laterToday });

  await openDashboard(page);
  const evening = page.getByRole('group', { name: 'Evening check-in' });
  await expect(evening).toBeVisible();
  const began = Date.now();
  await expect(evening).toContainText('Evening. 1 task done today.');
  await evening.getByRole('combobox', { name: '"Fix the shelf": carry to tomorrow or let go' }).selectOption('let-go');
  await expect(evening.getByRole('combobox', { name: '"Water the plants": carry to tomorrow or let go' })).toHaveValue('carry');
  await evening.getByLabel('One line about today (optional)').fill('Quiet day, the rent is paid.');
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'your-day-evening-check-in-360-dark', { fullPage: false });
  await evening.getByRole('button', { name: 'Done' }).click();
  await expect(evening).toHaveCount(0);
  expect(Date.now() - began).toBeLessThan(60_000);

  // Kept on the server, shown back in the panel (and after a reload, from the server).
  await expect(page.getByRole('region', { name: /^Today: / })).toContainText('Today in a line: Quiet day, the rent is paid.');
  await expect.poll(async () => ((await (await page.request.get('/api/today')).json()) as { line: string | null }).line).toBe('Quiet day, the rent is paid.');
  // Another browser (nothing kept in this one's storage but the check-in being done): the line comes from the server.
  await page.evaluate(() => Object.keys(localStorage).filter((key) => !key.startsWith('onething-ritual-')).forEach((key) => localStorage.removeItem(key)));
  await page.reload();
  await expect(page.getByRole('region', { name: /^Today: / })).toContainText('Today in a line: Quiet day, the rent is paid.');
  const tasks = (await (await page.request.get('/api/tasks?status=all')).json()) as { title: string; dueDate: string | null; letGoAt: string | null }[];
  expect(tasks.find((task) => task.title === 'Fix the shelf')?.letGoAt).not.toBeNull();
  const water = tasks.find((task) => task.title === 'Water the plants')!;
  expect(water.letGoAt).toBeNull();
  expect(Date.parse(water.dueDate!)).toBeGreaterThan(Date.parse(laterToday));
});

for (const theme of ['light', 'dark'] as const) {
  for (const [viewport, size] of [
    ['360', { width: 360, height: 800 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    test(`looked at: Today panel, Fresh start and Just start, ${viewport} ${theme}, axe clean`, async ({ page }) => {
      await useStoredTheme(page, theme);
      await page.setViewportSize(size);
      await signUpVerified(page, { timeZone: 'UTC' });
      for (const [index, title] of ['Call the bank', 'Send the invoice', 'Book the dentist', 'Reply to Sam'].entries()) {
        await createTaskViaApi(page, { title, importance: index === 1 ? 'High' : 'Medium', estimatedMinutes: 30, dueDate: daysAgo(index + 1) });
      }
      await createTaskViaApi(page, { title: 'Plan the week', estimatedMinutes: 45, dueDate: new Date(Date.now() + 3 * 3_600_000).toISOString() });
      await openDashboard(page);
      await expect(page.getByRole('region', { name: /^Today: / })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `your-day-today-panel-${viewport}-${theme}`, { fullPage: false });

      await page.goto('/fresh-start');
      await expect(page.getByRole('list', { name: 'Carried-over tasks' }).getByRole('listitem')).toHaveCount(4);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `your-day-fresh-start-${viewport}-${theme}`);

      await page.goto('/start');
      await expect(page.getByRole('timer', { name: 'Starter timer' })).toHaveAttribute('data-state', 'running');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `your-day-just-start-${viewport}-${theme}`);
    });

    test(`looked at: the task form's first step and Just start showing it, ${viewport} ${theme}, axe clean`, async ({ page }) => {
      await useStoredTheme(page, theme);
      await page.setViewportSize(size);
      await signUpVerified(page, { timeZone: 'UTC' });
      await openDashboard(page);
      await page.getByRole('button', { name: 'New Task' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Task' });
      await dialog.getByRole('textbox', { name: 'First step' }).click();
      // A form taller than a phone's screen scrolls from its top: its title can be reached and clicked.
      await dialog.getByLabel('Title').click();
      await dialog.getByLabel('Title').fill('Write the essay');
      await dialog.getByRole('textbox', { name: 'First step' }).fill('Open the draft');
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('textbox', { name: 'First step' }).scrollIntoViewIfNeeded();
      await screenshot(page, `your-day-task-form-first-step-${viewport}-${theme}`, { fullPage: false });
      await dueTonight(page);
      await dialog.getByRole('button', { name: 'Create Task', exact: true }).click();
      await expect(page.getByText('Task created successfully!')).toBeVisible();

      await page.getByRole('link', { name: 'Just start' }).click();
      await expect(page.getByRole('timer', { name: 'Starter timer' })).toHaveAttribute('data-state', 'running');
      await expect(page.getByRole('checkbox', { name: 'Open the draft' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `your-day-just-start-first-step-${viewport}-${theme}`);
    });
  }
}

// Your own time, in real Chromium against the production build: quick capture on the dashboard
// (preview, then the prefilled form with the repeat picker), the profile's time zone select, and
// the sessions page's estimates-against-focus chart with its table. The browser runs in New
// York time, and the account takes that zone at sign-up as the sign-up page does.
import { expect, test } from '@playwright/test';
import { createTaskViaApi, jsonBody, signUpVerified, uniqueEmail } from './accounts';
import { ownClientAddress } from './auth-helpers';
import { dismissCookieNotice, expectNoSeriousA11yViolations, screenshot, useStoredTheme, VIEWPORTS } from './helpers';

const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });

test.beforeEach(async ({ page }) => {
  await dismissCookieNotice(page);
});

const nyTime = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23', weekday: 'long' }).format(new Date(iso));

test('quick capture previews plain words, then the form with the repeat picker creates the task', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/');
  await signUpVerified(page);
  const me = await (await page.request.get('/api/auth/me')).json();
  expect(me.timeZone).toBe(ZONE);

  await page.goto('/dashboard');
  const field = page.getByRole('textbox', { name: 'Quick add' });
  await field.fill('Call Sam tomorrow 5pm !high ~30m every Monday #blue');
  const preview = page.getByRole('definition');
  await expect(page.getByLabel('What this will create')).toContainText('Call Sam');
  await expect(page.getByLabel('What this will create')).toContainText('Every week on Monday');
  await expect(page.getByLabel('What this will create')).toContainText('30 min');
  await expect(preview.filter({ hasText: 'High' })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'own-time-quick-capture-preview', { fullPage: false });

  await field.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Check and create' });
  await expect(dialog.getByRole('heading', { name: 'Check and create' })).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveValue('Call Sam');
  await expect(dialog.getByRole('combobox', { name: 'Repeat' })).toHaveValue('weekly');
  await expect(dialog.getByRole('button', { name: 'Monday' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('spinbutton', { name: 'Estimated time' })).toHaveValue('30');
  // Correct before saving: Wednesdays too, ending after 6 times.
  await dialog.getByRole('button', { name: 'Wednesday' }).click();
  await dialog.getByRole('combobox', { name: 'Ends' }).selectOption('count');
  await dialog.getByLabel('Times').fill('6');
  await expect(dialog.getByText('Every week on Monday, Wednesday, 6 times')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'own-time-repeat-picker');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog).toHaveCount(0);

  const tasks = (await (await page.request.get('/api/tasks')).json()) as Record<string, unknown>[];
  const created = tasks.find((task) => task.title === 'Call Sam')!;
  expect(created).toMatchObject({ importance: 'High', estimatedMinutes: 30, recurrence: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6', color: '#3B82F6' });
  expect(nyTime(created.dueDate as string)).toMatch(/ 17:00$/);
  await expect(page.getByRole('list', { name: 'Active tasks' }).getByText('Call Sam')).toBeVisible();
});

test('a phrase with no title says so and creates nothing', async ({ page }) => {
  await page.goto('/');
  await signUpVerified(page);
  await page.goto('/dashboard');
  await page.getByRole('textbox', { name: 'Quick add' }).fill('tomorrow 5pm !high');
  await page.getByRole('textbox', { name: 'Quick add' }).press('Enter');
  await expect(page.getByText('Add a few words for the title')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await (await page.request.get('/api/tasks')).json()).toEqual([]);
});

test('the profile time zone is a searchable list, saved without a password', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/');
  await signUpVerified(page);
  await page.goto('/account');
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  // The field's list comes when the person reaches it (or after their first interaction with the page).
  await page.getByLabel('Time zone').click();
  await expect(zone).toBeFocused();
  await expect(zone).toHaveValue('America/New York');
  await zone.fill('tokyo');
  await expect(page.getByRole('option', { name: /Asia\/Tokyo/ })).toBeVisible();
  await screenshot(page, 'own-time-profile-zone', { fullPage: false });
  await page.getByRole('option', { name: /Asia\/Tokyo/ }).click();
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  expect((await (await page.request.get('/api/auth/me')).json()).timeZone).toBe('Asia/Tokyo');
  await page.mouse.move(0, 0); // the colours at rest, not under the pointer
  await expectNoSeriousA11yViolations(page);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the sessions page compares estimates with real focus (${theme})`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await page.setViewportSize(theme === 'dark' ? VIEWPORTS.mobile : VIEWPORTS.desktop);
    await page.goto('/');
    await signUpVerified(page);
    expect((await page.request.post('/api/sessions', jsonBody({ displayMode: 'timer', timerDuration: 25 }))).status()).toBe(200);
    for (const [estimate, focused] of [
      [30, 45],
      [20, 30],
      [10, 15],
    ] as const) {
      const task = await createTaskViaApi(page, { title: `Estimated ${estimate}`, estimatedMinutes: estimate });
      expect((await page.request.post(`/api/tasks/${task.id}/focus`, jsonBody({ seconds: focused * 60 }))).status()).toBe(200);
      expect((await page.request.post(`/api/tasks/${task.id}/complete`, jsonBody({}))).status()).toBe(200);
    }
    await page.goto('/sessions');
    const chart = page.getByTestId('estimate-chart');
    await expect(chart).toBeVisible();
    await expect(page.getByTestId('overrun-factor').first()).toHaveText('Tasks usually take you 1.5× your estimate (about 50 % longer).');
    await expect(chart.getByRole('img')).toHaveAttribute('aria-label', /1 h estimated and 1 h 30 min focused/);
    await screenshot(page, `own-time-estimate-chart-${theme}`);
    await chart.getByRole('button', { name: 'Show as a table' }).click();
    const lastRow = chart.getByRole('row').nth(1);
    await expect(lastRow.getByRole('cell')).toHaveText(['3', '1 h', '1 h 30 min']);
    await expectNoSeriousA11yViolations(page);
  });
}

test('the focus session shows the account’s clock from its first paint, not the device’s', async ({ page }) => {
  // The account is on Tokyo time while this browser runs in New York (13 or 14 hours apart).
  const accountZone = 'Asia/Tokyo';
  await page.goto('/');
  await signUpVerified(page, { timeZone: accountZone });
  const session = (await (await page.request.post('/api/sessions', jsonBody({ displayMode: 'clock-date' }))).json()) as { id: string };
  const due = '2026-12-01T08:00:00.000Z'; // 17:00 in Tokyo, 03:00 in New York
  await createTaskViaApi(page, { title: 'Call the Osaka office', dueDate: due, sessionId: session.id });

  // The first text the clock and the due date ever show, read as the page draws them (before
  // the after-load code, which once switched the zone a moment later).
  await page.addInitScript(() => {
    const seen: Record<string, { text: string; at: number }> = {};
    (window as unknown as { firstSeen: typeof seen }).firstSeen = seen;
    new MutationObserver(() => {
      const clock = document.querySelector('[role="timer"]');
      if (clock?.textContent && !seen.clock) seen.clock = { text: clock.textContent, at: Date.now() };
      const dueBadge = [...document.querySelectorAll('.fs-badges > *')].find((node) => node.textContent?.startsWith('Due '));
      if (dueBadge?.textContent && !seen.due) seen.due = { text: dueBadge.textContent, at: Date.now() };
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(`/sessions/${session.id}`);
  await expect(page.locator('#current-task-title')).toHaveText('Call the Osaka office');
  const seen = await page.evaluate(() => (window as unknown as { firstSeen: Record<string, { text: string; at: number }> }).firstSeen);

  const locale = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().locale);
  const inZone = (zone: string, value: string | number, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: zone }).format(new Date(value));
  const clockOptions = { hour: 'numeric', minute: 'numeric' } as const;
  expect(seen.clock!.text).toBe(inZone(accountZone, seen.clock!.at, clockOptions));
  expect(seen.clock!.text).not.toBe(inZone(ZONE, seen.clock!.at, clockOptions));
  expect(seen.due!.text).toBe(`Due ${inZone(accountZone, due, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}`);
  expect(seen.due!.text).not.toBe(`Due ${inZone(ZONE, due, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}`);
  // And it stays there once everything has loaded.
  await page.waitForLoadState('networkidle');
  await expect.poll(async () => (await page.getByRole('timer').textContent()) === inZone(accountZone, Date.now(), clockOptions)).toBe(true);
  await expect(page.getByText(/^Due /)).toHaveText(seen.due!.text);
});

test('the dashboard and the calendar show the account’s clock and days, not the device’s', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const accountZone = 'Asia/Tokyo';
  await page.goto('/');
  await signUpVerified(page, { timeZone: accountZone });
  const due = '2026-12-01T08:00:00.000Z'; // 17:00 in Tokyo, 03:00 in New York
  await createTaskViaApi(page, { title: 'Call the Osaka office', dueDate: due });
  const locale = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().locale);
  const dueText = (zone: string) =>
    new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: zone }).format(new Date(due));

  // The server's HTML (the first paint, before any script runs) is on Tokyo's clock already.
  const html = await (await page.request.get('/dashboard')).text();
  expect(html).toContain('Call the Osaka office');
  expect(html).toContain(dueText(accountZone));
  expect(html).not.toContain(dueText('UTC'));
  expect(html).not.toContain(dueText(ZONE));
  await page.goto('/dashboard');
  const row = page.getByRole('list', { name: 'Active tasks' }).getByRole('listitem').filter({ hasText: 'Call the Osaka office' });
  await expect(row).toContainText(dueText(accountZone));
  await expect(row).not.toContainText(dueText(ZONE));

  // The calendar's days are Tokyo's: 02:00 UTC tomorrow is 11:00 tomorrow in Tokyo but still today
  // (21:00 or 22:00) in New York.
  const tomorrowUtc = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await createTaskViaApi(page, { title: 'Morning call', dueDate: `${tomorrowUtc}T02:00:00.000Z` });
  const newYorkDay = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(`${tomorrowUtc}T02:00:00.000Z`));
  await page.goto('/calendar');
  await expect(page.locator(`[data-testid="month-cell"][data-date="${tomorrowUtc}"]`).getByTestId('calendar-task')).toContainText(['Morning call']);
  await expect(page.locator(`[data-testid="month-cell"][data-date="${newYorkDay}"]`).getByTestId('calendar-task')).toHaveCount(0);
});

test('editing a repeating task offers this one only, and the calendar shows its future occurrences without storing them', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/');
  await signUpVerified(page);
  // Tomorrow 17:00 in New York, every week.
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(tomorrow);
  const nextWeek = new Date(Date.parse(`${day}T00:00:00Z`) + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' }).format(tomorrow).split('GMT')[1]!;
  await createTaskViaApi(page, { title: 'Water the garden', dueDate: `${day}T17:00:00${offset}`, recurrence: 'FREQ=WEEKLY' });

  // The month's grid has the stored task tomorrow and a computed occurrence a week later.
  await page.goto('/calendar');
  await expect(page.locator(`[data-testid="month-cell"][data-date="${day}"]`).getByTestId('calendar-task')).toHaveText(['Water the garden']);
  await expect(page.locator(`[data-testid="month-cell"][data-date="${nextWeek}"]`).getByTestId('calendar-task')).toHaveText(['Water the garden']);
  expect(((await (await page.request.get('/api/tasks')).json()) as unknown[]).length).toBe(1);

  // Edit this one only: it leaves the series, which goes on from next week unchanged.
  await page.goto('/dashboard');
  await page.getByRole('list', { name: 'Active tasks' }).getByRole('button', { name: 'Water the garden', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Edit Task' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'This one and all following' })).toBeChecked();
  await page.getByLabel('Title').fill('Water the garden (and the pots)');
  await page.getByRole('radio', { name: 'This one only' }).check();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Task updated')).toBeVisible();
  const tasks = (await (await page.request.get('/api/tasks')).json()) as { title: string; recurrence: string | null; dueDate: string }[];
  expect(tasks.map(({ title, recurrence }) => ({ title, recurrence })).sort((a, b) => a.title.localeCompare(b.title))).toEqual([
    { title: 'Water the garden', recurrence: 'FREQ=WEEKLY' },
    { title: 'Water the garden (and the pots)', recurrence: null },
  ]);
  expect(nyTime(tasks.find((task) => task.recurrence)!.dueDate)).toMatch(/ 17:00$/);
});

test('the session screen records focused time on the current task while the timer runs', async ({ page }) => {
  await page.goto('/');
  await signUpVerified(page);
  const session = (await (await page.request.post('/api/sessions', jsonBody({ displayMode: 'timer', timerDuration: 25 }))).json()) as { id: string };
  const task = await createTaskViaApi(page, { title: 'Write the intro', sessionId: session.id, estimatedMinutes: 20 });
  // A timer starts running when its session is first opened.
  await page.goto(`/sessions/${session.id}`);
  await expect(page.locator('#current-task-title')).toHaveText('Write the intro');
  await page.waitForTimeout(6_000);
  const write = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === `/api/tasks/${task.id}/focus`);
  await page.getByTestId('session-bottom-bar-zone').hover();
  await page.getByRole('button', { name: 'Pause' }).click();
  const request = await write;
  const seconds = (request.postDataJSON() as { seconds: number }).seconds;
  expect(seconds).toBeGreaterThanOrEqual(6);
  expect(seconds).toBeLessThan(60);
  expect((await request.response())?.status()).toBe(200);
});

test('the sign-up page gives the new account this browser’s time zone', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownClientAddress() });
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Get started' }).click();
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill(uniqueEmail('zone'));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Correct-horse-9');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Step 3 of 5')).toBeVisible();
  expect(((await (await page.request.get('/api/auth/me')).json()) as { timeZone: string }).timeZone).toBe(ZONE);
});

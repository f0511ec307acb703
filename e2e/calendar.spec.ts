// /calendar in real Chromium against the production build: month (two tasks and '+N more'),
// week (the literal 15-minute placement, a click on an hour slot creates there), the side panel
// (open first, then Completed with Done badges), the single-day view at 390 px, only the visible
// range fetched, the subscription link, axe in both themes and screenshots at both widths.
// The browser runs in New York time, so a day is not the server's UTC day.
import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { createTaskViaApi, jsonBody, signUpVerified } from './accounts';
import { countDateFormatters, dateFormattersMade, dismissCookieNotice, expectNoSeriousA11yViolations, screenshot, useStoredTheme, VIEWPORTS } from './helpers';

const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });

const today = () => DateTime.now().setZone(ZONE).startOf('day');
const at = (day: DateTime, hour: number, minute: number) => day.set({ hour, minute }).toUTC().toISO()!;
const longDate = (day: DateTime) => day.setLocale('en-GB').toFormat('cccc, d LLLL yyyy');

/** Four tasks today (one completed, one at 10:00 sharp) and two on neighbouring days. */
async function seed(page: Page) {
  const day = today();
  const other = day.weekday === 7 ? day.plus({ days: 1 }) : day.minus({ days: 1 }); // same week, Sunday first
  await createTaskViaApi(page, { title: 'Alpha review', dueDate: at(day, 9, 20), color: '#10B981' });
  const bravo = await createTaskViaApi(page, { title: 'Bravo call', dueDate: at(day, 10, 0) });
  await createTaskViaApi(page, { title: 'Charlie draft', dueDate: at(day, 11, 45), color: '#F59E0B' });
  await createTaskViaApi(page, { title: 'Delta plan', dueDate: at(day, 14, 30), color: '#8B5CF6' });
  await createTaskViaApi(page, { title: 'Echo errands', dueDate: at(other, 16, 50), color: '#EF4444' });
  await createTaskViaApi(page, { title: 'Undated idea' });
  const done = await page.request.post(`/api/tasks/${bravo.id}/complete`, jsonBody({}));
  expect(done.status()).toBe(200);
  return { day, other };
}

test.beforeEach(async ({ page }) => {
  await dismissCookieNotice(page);
});

test('signed out, /calendar goes to /signin', async ({ page }) => {
  await page.goto('/calendar');
  await expect(page).toHaveURL(/\/signin/);
});

test('month view: only the visible range is fetched, two tasks per cell and +N more, the side panel in order', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUpVerified(page);
  const { day } = await seed(page);

  // The month's tasks come with the page (read on the server): no request for them after it.
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) apiCalls.push(request.url());
  });
  await page.goto('/calendar');

  await expect(page.getByTestId('calendar-title')).toHaveText(day.setLocale('en-US').toFormat('LLLL yyyy'));
  const cell = page.locator(`[data-testid="month-cell"][data-date="${day.toISODate()}"]`);
  await expect(cell.getByTestId('calendar-task')).toHaveText(['Alpha review', 'Charlie draft']);
  await expect(cell.getByTestId('month-more')).toHaveText('+2 more');
  await expect(cell).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Undated idea')).toHaveCount(0);

  const panel = page.getByTestId('day-panel');
  await expect(panel.getByRole('heading', { name: longDate(day) })).toBeVisible();
  await expect(panel.getByTestId('day-task')).toHaveCount(4);
  await expect(panel.getByRole('list', { name: 'Open tasks' }).getByTestId('day-task')).toHaveText([/Alpha review/, /Charlie draft/, /Delta plan/]);
  await expect(panel.getByTestId('completed-divider')).toHaveText('Completed');
  const completed = panel.getByRole('list', { name: 'Completed tasks' }).getByTestId('day-task');
  await expect(completed).toHaveText([/Bravo call.*Done/]);

  // Keyboard: arrows move the selected day, and focus follows.
  await cell.focus();
  await page.keyboard.press('ArrowRight');
  const next = day.plus({ days: 1 });
  await expect(panel.getByRole('heading', { name: longDate(next) })).toBeVisible();
  await expect(page.locator(`[data-date="${next.toISODate()}"]`).first()).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(panel.getByRole('heading', { name: longDate(day) })).toBeVisible();

  // A click on a task opens it for editing.
  await cell.getByTestId('calendar-task').first().click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Edit Task' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('textbox').first()).toHaveValue('Alpha review');
  await page.keyboard.press('Escape');

  expect(apiCalls.filter((url) => /task\.list|auth\.me|calendar\.events/.test(url))).toEqual([]);

  // Next month asks for the next month's six weeks only, midnight to midnight in the person's zone.
  const nextRequest = page.waitForRequest((request) => request.url().includes('task.list'));
  await page.getByRole('button', { name: 'Next month' }).click();
  const nextInput = Object.values(JSON.parse(new URL((await nextRequest).url()).searchParams.get('input')!) as Record<string, { from: string; to: string }>)[0]!;
  const nextMonth = day.startOf('month').plus({ months: 1 });
  const gridStart = nextMonth.minus({ days: nextMonth.weekday % 7 });
  expect(nextInput.from).toBe(gridStart.toUTC().toISO());
  expect(nextInput.to).toBe(gridStart.plus({ days: 42 }).toUTC().toISO());
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByTestId('calendar-title')).toHaveText(day.setLocale('en-US').toFormat('LLLL yyyy'));
});

test('week view places tasks due 15 or more minutes into the hour, proportionally; a slot click creates at that hour', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUpVerified(page);
  const { day } = await seed(page);
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Week', exact: true }).click();

  const column = page.locator(`[data-testid="week-day"][data-date="${day.toISODate()}"]`);
  const blocks = column.getByTestId('week-task');
  await expect(blocks).toHaveCount(3);
  await expect(column.getByRole('button', { name: /^Alpha review\s*,\s*due 9:20 AM/ })).toHaveAttribute('data-minutes', '20');
  const heights = await blocks.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
  const byMinutes = await blocks.evaluateAll((elements) => elements.map((element) => Number(element.getAttribute('data-minutes'))));
  // Height proportional to the minutes: 64 px per hour, less a 2 px gap.
  heights.forEach((height, index) => expect(Math.abs(height - (byMinutes[index]! / 60) * 64 + 2)).toBeLessThan(1.5));
  // Bravo is due at 10:00 (0 minutes): not placed in a cell, listed under its day instead.
  await expect(column.getByRole('button', { name: /Bravo call/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Bravo call, due 10:00 AM, done/ })).toBeVisible();

  await column.locator('[data-hour="16"]').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Create Task' })).toBeVisible();
  await dialog.getByLabel(/Title/).first().fill('Foxtrot at four');
  await dialog.getByRole('button', { name: /Create/ }).last().click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  await expect(page.getByTestId('day-panel').getByRole('button', { name: /Foxtrot at four.*4:00 PM/ })).toBeVisible();
});

test('below 768 px the calendar is a single day with previous, Today and next', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await signUpVerified(page);
  const { day } = await seed(page);
  await page.goto('/calendar');
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expect(page.getByTestId('calendar-title')).toHaveText(day.setLocale('en-US').toFormat('cccc, LLLL d, yyyy'));
  const panel = page.getByTestId('day-panel');
  await expect(panel.getByTestId('day-task')).toHaveText([/Alpha review/, /Charlie draft/, /Delta plan/, /Bravo call.*Done/]);
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByTestId('calendar-title')).toHaveText(day.plus({ days: 1 }).setLocale('en-US').toFormat('cccc, LLLL d, yyyy'));
  await page.getByRole('button', { name: 'Previous day' }).click();
  await page.getByRole('button', { name: 'Previous day' }).click();
  await expect(page.getByTestId('calendar-title')).toHaveText(day.minus({ days: 1 }).setLocale('en-US').toFormat('cccc, LLLL d, yyyy'));
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(panel.getByTestId('day-task')).toHaveCount(4);
});

test('the private calendar link can be turned on and copied', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUpVerified(page);
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await page.getByRole('button', { name: 'Turn on calendar link' }).click();
  const link = page.getByRole('textbox', { name: 'Calendar link' });
  await expect(link).toHaveValue(/\/api\/calendar\/.+\.ics$/);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  const feed = await page.request.get(await link.inputValue());
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the Subscribe popover: Escape closes it and returns focus to its button; a click outside closes it (360 px, ${theme})`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 740 });
    await signUpVerified(page);
    await page.goto('/calendar');
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    const heading = page.getByRole('heading', { name: 'Subscribe in your calendar app' });
    await subscribe.click();
    await expect(subscribe).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: 'Turn on calendar link' })).toBeVisible();
    // The whole panel is on screen, not cut off at an edge of the phone.
    const panel = await heading.locator('xpath=../..').boundingBox();
    expect(panel!.x).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(360);
    // Into the panel with the keyboard, then out with Escape: focus lands back on the button.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Turn on calendar link' })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `calendar-subscribe-360-${theme}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(heading).toHaveCount(0);
    await expect(subscribe).toBeFocused();
    await expect(subscribe).toHaveAttribute('aria-expanded', 'false');
    // Enter opens it again; a click elsewhere on the page closes it.
    await page.keyboard.press('Enter');
    await expect(heading).toBeVisible();
    await page.getByRole('heading', { name: 'Calendar', exact: true }).click();
    await expect(heading).toHaveCount(0);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`calendar passes axe and looks calm in ${theme}`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await signUpVerified(page);
    await seed(page);
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/calendar');
    await expect(page.getByTestId('day-task')).toHaveCount(4);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `calendar-month-desktop-${theme}`);
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await expect(page.getByTestId('week-task').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `calendar-week-desktop-${theme}`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('button', { name: 'Turn on calendar link' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await page.setViewportSize(VIEWPORTS.mobile);
    await expect(page.getByRole('grid')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `calendar-day-mobile-${theme}`);
  });
}

test('the day’s tasks are in the server’s HTML and hydrate in place; the page’s code has no luxon', async ({ page }) => {
  await signUpVerified(page);
  const { day } = await seed(page);
  const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
  const html = await (await page.request.get('/calendar', { headers: { 'user-agent': phone } })).text();
  // The day panel's rows themselves, not only the data in the page's payload.
  const rows = [...html.matchAll(/data-testid="day-task"[^>]*>(.*?)<\/li>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ' '));
  expect(rows).toEqual([expect.stringMatching(/Alpha review/), expect.stringMatching(/Charlie draft/), expect.stringMatching(/Delta plan/), expect.stringMatching(/Bravo call/)]);

  // In the browser: the same list without a request for it, no hydration error, and none of the
  // page's scripts is luxon (its zone error's text is in no other module).
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const scripts: Promise<string>[] = [];
  const apiCalls: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  page.on('request', (request) => {
    if (request.url().includes('/api/')) apiCalls.push(request.url());
  });
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.setExtraHTTPHeaders({ 'user-agent': phone });
  await page.goto('/calendar', { waitUntil: 'load' });
  const panel = page.getByTestId('day-panel');
  await expect(panel.getByRole('list', { name: 'Open tasks' }).getByTestId('day-task')).toHaveText([/Alpha review/, /Charlie draft/, /Delta plan/]);
  // Interactive: Next day moves on.
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByTestId('calendar-title')).toHaveText(day.plus({ days: 1 }).setLocale('en-US').toFormat('cccc, LLLL d, yyyy'));
  // The only requests are the next day's: none for the person or for today's tasks and events.
  const todayFrom = encodeURIComponent(JSON.stringify(day.toUTC().toISO()));
  expect(apiCalls.filter((url) => url.includes('auth.me') || url.includes(todayFrom))).toEqual([]);
  expect(apiCalls.length).toBeGreaterThan(0);
  expect(errors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(5);
  expect(bodies.filter((body) => body.includes('unsupported zone')).map((body) => body.slice(0, 120))).toEqual([]);
});

test('a phone gets the day view and its title in the server’s HTML, a desktop the month', async ({ page }) => {
  await signUpVerified(page);
  const titleIn = async (userAgent: string) => {
    const html = await (await page.request.get('/calendar', { headers: { 'user-agent': userAgent } })).text();
    return html.match(/<h2[^>]*data-testid="calendar-title"[^>]*>([^<]*)<\/h2>/)?.[1];
  };
  const day = today().setLocale('en-US');
  const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
  const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  expect(await titleIn(phone)).toBe(day.toFormat('cccc, LLLL d, yyyy'));
  expect(await titleIn(desktop)).toBe(day.toFormat('LLLL yyyy'));
});

test('the grid places the days on the account’s clock, and the page makes no date formatter until one is needed', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const zone = 'Asia/Tokyo';
  await signUpVerified(page, { timeZone: zone });
  // 11:00 today in Tokyo is 21:00 or 22:00 the day before in New York (the device's zone).
  const tokyoToday = DateTime.now().setZone(zone).startOf('day');
  const due = tokyoToday.set({ hour: 11 }).toUTC().toISO()!;
  await createTaskViaApi(page, { title: 'Call the Osaka office', dueDate: due });
  await createTaskViaApi(page, { title: 'Book the train', dueDate: due });
  const day = tokyoToday.toISODate()!;
  const newYorkDay = DateTime.fromISO(due).setZone(ZONE).toISODate()!;

  await countDateFormatters(page);
  // Twice: the server's first render of a route after its start streams the page after the shell.
  await page.goto('/calendar', { waitUntil: 'load' });
  await page.goto('/calendar', { waitUntil: 'load' });
  await expect(page.getByTestId('calendar-title')).toHaveText(tokyoToday.setLocale('en-US').toFormat('LLLL yyyy'));
  await expect(page.locator(`[data-testid="month-cell"][data-date="${day}"]`).getByTestId('calendar-task')).toHaveText(['Book the train', 'Call the Osaka office']);
  await expect(page.locator(`[data-testid="month-cell"][data-date="${newYorkDay}"]`).getByTestId('calendar-task')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Keyboard shortcuts (Ctrl+/)' })).not.toHaveAttribute('aria-disabled', 'true');
  await page.waitForLoadState('networkidle');
  expect(await dateFormattersMade(page)).toEqual([]);
  // The side panel (today, Tokyo's) says the due time on Tokyo's clock.
  await expect(page.getByTestId('day-panel').getByTestId('day-task')).toHaveText([/Book the train\s*11:00 AM/, /Call the Osaka office\s*11:00 AM/]);
  // Moving on a month asks for Tokyo's month: from the midnight, in Tokyo, of the Sunday its grid starts on.
  const next = tokyoToday.plus({ months: 1 }).startOf('month');
  const asked = page.waitForRequest((request) => request.url().includes('task.list') && request.url().includes(encodeURIComponent(JSON.stringify(next.minus({ days: next.weekday % 7 }).toUTC().toISO()))));
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByTestId('calendar-title')).toHaveText(next.setLocale('en-US').toFormat('LLLL yyyy'));
  await asked;
});

// /sessions in real Chromium against the production build: the list newest first with its
// details and delete actions, the empty state and the type chooser, the sign-in check, the
// four-week chart, accessibility in both themes and screenshots at both widths.
import { expect, test, type Page } from '@playwright/test';
import { createTaskViaApi, jsonBody, signUpVerified } from './accounts';
import { countDateFormatters, dateFormattersMade, dismissCookieNotice, expectNoSeriousA11yViolations, screenshot, useStoredTheme, VIEWPORTS } from './helpers';

async function createSession(page: Page, body: Record<string, unknown>) {
  const response = await page.request.post('/api/sessions', jsonBody(body));
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { id: string; sessionName: string; startedAt: string };
}

test.beforeEach(async ({ page }) => {
  await dismissCookieNotice(page);
});

test('signed out, /sessions goes to /signin', async ({ page }) => {
  await page.goto('/sessions');
  await expect(page).toHaveURL(/\/signin/);
});

test('empty state offers Start Session, which asks for the session type', async ({ page }) => {
  await signUpVerified(page);
  await page.goto('/sessions');
  await expect(page.getByRole('heading', { name: 'No sessions yet' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Start Session' }).click();
  const chooser = page.getByRole('dialog');
  await expect(chooser.getByRole('button', { name: /AI Session/ })).toBeVisible();
  await expect(chooser.getByRole('button', { name: /Manual Session/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(chooser.getByRole('button', { name: /AI Session/ })).toBeHidden();
});

test('the page’s code has no luxon, and its chart and cards hydrate without an error', async ({ page }) => {
  await signUpVerified(page);
  await createSession(page, { sessionName: 'Morning focus', displayMode: 'pomodoro' });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  await page.goto('/sessions', { waitUntil: 'load' });
  await expect(page.getByText('Morning focus')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(5);
  // luxon's zone error's text is in no other module.
  expect(bodies.filter((body) => body.includes('unsupported zone')).map((body) => body.slice(0, 120))).toEqual([]);
  // Interactive: New Session asks for the session type.
  await page.getByRole('button', { name: 'New Session' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: /Manual Session/ })).toBeVisible();
  expect(errors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
});

test.describe('on a device in another zone than the account’s', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the cards and charts are on the account’s clock from the server’s HTML on, and the page makes no date formatter until one is needed', async ({ page }) => {
    const zone = 'Asia/Tokyo';
    await signUpVerified(page, { timeZone: zone });
    const { startedAt } = await createSession(page, { sessionName: 'Evening focus', displayMode: 'timer' });
    // 'Sat, Nov 28, 2026 at 9:05 AM' on Tokyo's clock (New York's is 14 hours earlier).
    const label = (timeZone: string) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
          .formatToParts(new Date(startedAt))
          .map((part) => [part.type, part.value]),
      );
      return `${parts.weekday}, ${parts.month} ${parts.day}, ${parts.year} at ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
    };
    expect(await (await page.request.get('/sessions')).text()).toContain(label(zone));

    await countDateFormatters(page);
    // Twice: the server's first render of a route after its start streams the page after the shell.
    await page.goto('/sessions', { waitUntil: 'load' });
    await page.goto('/sessions', { waitUntil: 'load' });
    const card = page.getByTestId('session-card').filter({ hasText: 'Evening focus' });
    await expect(card).toContainText(label(zone));
    await expect(card).not.toContainText(label('America/New_York'));
    await expect(page.getByRole('button', { name: 'Keyboard shortcuts (Ctrl+/)' })).not.toHaveAttribute('aria-disabled', 'true');
    await page.waitForLoadState('networkidle');
    expect(await dateFormattersMade(page)).toEqual([]);

    // The estimates' table names its weeks as before; the details dialog says the same start.
    await page.getByRole('button', { name: 'Show as a table' }).click();
    await expect(page.getByTestId('estimate-chart').getByRole('rowheader').first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}$/);
    await card.hover();
    await page.getByRole('button', { name: 'Details of Evening focus' }).click();
    await expect(page.getByRole('dialog')).toContainText(label(zone));
  });
});

test('sessions newest first, with focused time, completed tasks, details and delete', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await signUpVerified(page);
  await createSession(page, { sessionName: 'Morning focus', displayMode: 'pomodoro' });
  const afternoon = await createSession(page, { sessionName: 'Afternoon push', displayMode: 'clock-date', sessionDuration: 45 });
  await createSession(page, { sessionName: 'Evening review', displayMode: 'stopwatch' });
  const task = await createTaskViaApi(page, { title: 'Write the quarterly letter' });
  const completed = await page.request.post(`/api/tasks/${task.id}/complete`, jsonBody({ sessionId: afternoon.id }));
  expect(completed.status()).toBe(200);

  await page.goto('/sessions');
  const cards = page.getByTestId('session-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.locator('h3')).toHaveText(['Evening review', 'Afternoon push', 'Morning focus']);
  await expect(cards.nth(0)).toContainText('Stopwatch');
  await expect(cards.nth(1)).toContainText('Clock & Date');
  await expect(cards.nth(2)).toContainText('Pomodoro');
  await expect(cards.nth(1).getByText('Tasks completed')).toBeVisible();
  await expect(cards.nth(1).locator('dd').nth(1)).toHaveText('1');
  await expect(cards.nth(0).locator('dd').nth(1)).toHaveText('0');
  await expect(page.getByTestId('focus-summary')).toContainText('1 task completed');

  // The actions show on keyboard focus as well as on hover.
  const details = page.getByRole('button', { name: 'Details of Afternoon push' });
  await details.focus();
  await expect(details).toBeVisible();
  await expect.poll(() => details.evaluate((element) => getComputedStyle(element.parentElement!).opacity)).toBe('1');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Afternoon push' });
  await expect(dialog.getByText('Write the quarterly letter')).toBeVisible();
  await expect(dialog.getByText('Done')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog.getByText('Write the quarterly letter')).toBeHidden();
  await expect(details).toBeFocused();

  await cards.nth(2).hover();
  await page.getByRole('button', { name: 'Delete Morning focus' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete session?' });
  await expect(confirm).toContainText('Morning focus');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Session deleted successfully!')).toBeVisible();
  await expect(cards).toHaveCount(2);
  await expect(cards.locator('h3')).toHaveText(['Evening review', 'Afternoon push']);
});

test('a failed delete says so and keeps the session', async ({ page }) => {
  await signUpVerified(page);
  await createSession(page, { sessionName: 'Keep me' });
  await page.goto('/sessions');
  await page.route('**/api/trpc/session.delete**', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.getByRole('button', { name: 'Delete Keep me' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Failed to delete session')).toBeVisible();
  await expect(page.getByTestId('session-card')).toHaveCount(1);
});

for (const theme of ['light', 'dark'] as const) {
  test(`sessions page looks right and passes axe in ${theme}`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await signUpVerified(page);
    const names = ['Deep work', 'Reading hour', 'Inbox zero', 'Planning'];
    const modes = ['pomodoro', 'timer', 'clock', 'stopwatch'];
    const ids: string[] = [];
    for (const [index, name] of names.entries()) {
      ids.push((await createSession(page, { sessionName: name, displayMode: modes[index], timerDuration: 30 })).id);
    }
    for (const [index, title] of ['Draft outline', 'Reply to Sam', 'Book dentist'].entries()) {
      const task = await createTaskViaApi(page, { title, color: ['#3B82F6', '#10B981', '#F59E0B'][index] });
      await page.request.post(`/api/tasks/${task.id}/complete`, jsonBody({ sessionId: ids[index % 2] }));
    }
    for (const [label, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size);
      await page.goto('/sessions');
      await expect(page.getByTestId('session-card')).toHaveCount(4);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `sessions-${label}-${theme}`);
    }
    await page.getByRole('button', { name: 'Details of Reading hour' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'Completed tasks' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `sessions-details-${theme}`, { fullPage: false });
  });
}

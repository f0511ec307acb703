// Paste to busy blocks, in real Chromium against the production build: a calendar served as ICS
// on loopback (port E2E_PORT + 9, on the server's OUTBOUND_ALLOWLIST) is pasted on the Account
// page, whose paste box first recognises a Google Calendar page and an Outlook HTML link and says
// what to copy; the subscription shows "Last updated just now"; the Calendar's week view then
// shows its events as busy blocks beside the tasks, the day panel lists them, "Hide This Event"
// removes one. Screenshots at 360 px and desktop in both themes; axe on each.
import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import { createTaskViaApi, signUpVerified } from './accounts';
import { dismissCookieNotice, expectNoSeriousA11yViolations, screenshot, useStoredTheme, VIEWPORTS } from './helpers';

const ZONE = 'America/New_York';
test.use({ timezoneId: ZONE });
const FEED_PORT = Number(process.env.E2E_PORT ?? 3100) + 9;
const FEED_URL = `http://127.0.0.1:${FEED_PORT}/team/basic.ics`;
const NARROW = { width: 360, height: 780 };

const today = () => DateTime.now().setZone(ZONE).startOf('day');
const local = (day: DateTime, hour: number, minute = 0) => day.set({ hour, minute }).toFormat("yyyyMMdd'T'HHmmss");

/** A team calendar: a daily standup, a long review today, a free lunch, tomorrow's all-day offsite. */
function feed(): string {
  const day = today();
  const tomorrow = day.plus({ days: 1 });
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'X-WR-CALNAME:Team',
    'BEGIN:VEVENT',
    'UID:standup@e2e',
    `DTSTART;TZID=America/New_York:${local(day.minus({ days: 3 }), 9, 30)}`,
    `DTEND;TZID=America/New_York:${local(day.minus({ days: 3 }), 9, 45)}`,
    'RRULE:FREQ=DAILY',
    'SUMMARY:Standup',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:review@e2e',
    `DTSTART;TZID=America/New_York:${local(day, 13)}`,
    `DTEND;TZID=America/New_York:${local(day, 14, 30)}`,
    'SUMMARY:Design review',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:lunch@e2e',
    `DTSTART;TZID=America/New_York:${local(day, 12)}`,
    `DTEND;TZID=America/New_York:${local(day, 12, 45)}`,
    'SUMMARY:Lunch',
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:offsite@e2e',
    `DTSTART;VALUE=DATE:${tomorrow.toFormat('yyyyMMdd')}`,
    `DTEND;VALUE=DATE:${tomorrow.plus({ days: 1 }).toFormat('yyyyMMdd')}`,
    'SUMMARY:Company offsite',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

let feedServer: http.Server;

test.beforeAll(async () => {
  feedServer = http.createServer((request, response) => {
    if (request.url !== '/team/basic.ics') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(feed());
  });
  await new Promise<void>((resolve) => feedServer.listen(FEED_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  feedServer.closeAllConnections();
  await new Promise((resolve) => feedServer.close(resolve));
});

test.beforeEach(async ({ page }) => {
  await dismissCookieNotice(page);
});

async function paste(page: Page, shot: string) {
  await page.goto('/account#calendars');
  const section = page.locator('section#calendars');
  await expect(section.getByRole('heading', { name: 'Your calendars' })).toBeVisible();
  const box = section.getByLabel('Calendar address');
  // The common wrong addresses: told what to copy before anything is sent.
  await box.fill('https://calendar.google.com/calendar/u/0/r');
  await expect(section.getByText(/Secret address in iCal format/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Add Calendar' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await section.screenshot({ path: await screenshotPath(`calendar-subscriptions-paste-${shot}`) });
  await box.fill('https://outlook.office365.com/owa/calendar/me@example.com/abc123/calendar.html');
  await expect(section.getByText(/Outlook’s HTML link/)).toBeVisible();
  await section.getByRole('button', { name: 'Use the .ics address' }).click();
  await expect(box).toHaveValue('https://outlook.office365.com/owa/calendar/me@example.com/abc123/calendar.ics');
  // The real one.
  await box.fill(FEED_URL);
  const started = Date.now();
  await section.getByRole('button', { name: 'Add Calendar' }).click();
  const row = section.getByTestId('calendar-subscription');
  await expect(row).toContainText('Team');
  await expect(row.getByTestId('calendar-freshness')).toHaveText('Last updated just now');
  await expect(row).toContainText('127.0.0.1:');
  await expect(row).not.toContainText('/team/basic.ics'); // only a hint of the address
  return Date.now() - started;
}

test('paste a calendar, see its busy blocks beside the tasks, hide one (desktop, light and dark)', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await useStoredTheme(page, 'light');
  await signUpVerified(page);
  const day = today();
  await createTaskViaApi(page, { title: 'Write the proposal', dueDate: day.set({ hour: 15, minute: 30 }).toUTC().toISO() });
  const took = await paste(page, 'desktop-light');
  expect(took).toBeLessThan(60_000);
  await expectNoSeriousA11yViolations(page);
  await page.locator('section#calendars').scrollIntoViewIfNeeded();
  await screenshot(page, 'calendar-subscriptions-account-desktop-light', { fullPage: false });

  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  const column = page.locator(`[data-testid="week-day"][data-date="${day.toISODate()}"]`);
  const blocks = column.getByTestId('week-busy-block');
  await expect(blocks.filter({ hasText: 'Standup' })).toHaveCount(1);
  await expect(blocks.filter({ hasText: 'Design review' })).toHaveAttribute('data-busy', 'true');
  await expect(blocks.filter({ hasText: 'Lunch' })).toHaveAttribute('data-busy', 'false');
  // 13:00 to 14:30: an hour and a half of the 64 px hours.
  const review = await blocks.filter({ hasText: 'Design review' }).boundingBox();
  expect(Math.round(review!.height)).toBeGreaterThanOrEqual(90);
  await expect(column.getByTestId('week-task')).toContainText('Write the proposal');
  if (day.weekday !== 6) {
    const next = page.locator('[data-testid="week-allday-event"]', { hasText: 'Company offsite' });
    await expect(next).toBeVisible();
  }
  // The day panel lists them; hide the review.
  const panel = page.getByTestId('day-panel');
  await expect(panel.getByTestId('day-event')).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'calendar-subscriptions-week-desktop-light', { fullPage: false });
  await panel.getByRole('button', { name: 'Options for Design review' }).click();
  await panel.getByRole('button', { name: 'Hide This Event' }).click();
  await expect(panel.getByTestId('day-event')).toHaveCount(2);
  await expect(blocks.filter({ hasText: 'Design review' })).toHaveCount(0);

  await useStoredTheme(page, 'dark');
  await page.reload();
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(column.getByTestId('week-busy-block').filter({ hasText: 'Standup' })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'calendar-subscriptions-week-desktop-dark', { fullPage: false });
  await page.goto('/account#calendars');
  await expect(page.getByTestId('calendar-freshness')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.locator('section#calendars').scrollIntoViewIfNeeded();
  await screenshot(page, 'calendar-subscriptions-account-desktop-dark', { fullPage: false });
});

for (const theme of ['light', 'dark'] as const) {
  test(`at 360 px (${theme}): the paste box and the day's events`, async ({ page }) => {
    await page.setViewportSize(NARROW);
    await useStoredTheme(page, theme);
    await signUpVerified(page);
    await paste(page, `360-${theme}`);
    await expectNoSeriousA11yViolations(page);
    await page.locator('section#calendars').screenshot({ path: await screenshotPath(`calendar-subscriptions-account-360-${theme}`) });
    await page.goto('/calendar');
    const panel = page.getByTestId('day-panel');
    await expect(panel.getByTestId('day-event').filter({ hasText: 'Design review' })).toBeVisible();
    await expect(panel.getByTestId('day-event').filter({ hasText: 'Lunch' })).toContainText('free');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `calendar-subscriptions-day-360-${theme}`);
  });
}

async function screenshotPath(name: string) {
  const { SCREENSHOT_DIR } = await import('./helpers');
  const { mkdirSync } = await import('node:fs');
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return `${SCREENSHOT_DIR}/${name}.png`;
}

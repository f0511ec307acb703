// The dashboard as an island hydrated after the page's load event
// (src/features/dashboard/DashboardIsland.tsx): the server's HTML is the whole dashboard, the
// same DOM is kept when the code arrives (no flash), and a person acting at once is not ignored.
import { expect, test } from '@playwright/test';
import { createTaskViaApi, signUpVerified } from './accounts';
import { countDateFormatters, dateFormattersMade, screenshot, useStoredTheme } from './helpers';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

test('the task list is in the server HTML, and the page keeps those very elements when it hydrates', async ({ page }) => {
  await useStoredTheme(page, 'light');
  await page.setViewportSize({ width: 360, height: 800 });
  await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Prepare the workshop', dueDate: inHours(30), importance: 'High' });
  await createTaskViaApi(page, { title: 'Water the plants' });

  // Without any script: the dashboard is in the HTML the server sends.
  const html = await (await page.request.get('/dashboard')).text();
  expect(html).toContain('Your Dashboard');
  expect(html).toContain('Prepare the workshop');
  expect(html).toContain('Water the plants');

  // Remember the server's task list element before any script runs; once the island is hydrated
  // (its controls answer), it must still be the one on screen, not a client-rendered copy.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as Window & { serverList?: Element | null }).serverList = document.querySelector('ul[aria-label="Active tasks"], [aria-label="Active tasks"]');
    });
  });
  await page.goto('/dashboard');
  expect(await page.evaluate(() => (window as Window & { serverList?: Element | null }).serverList?.textContent)).toContain('Prepare the workshop');
  await page.getByRole('button', { name: 'New Task' }).click();
  await expect(page.getByRole('heading', { name: 'Create Task' })).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { serverList?: Element | null }).serverList?.isConnected)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Create Task' })).toBeHidden();
  await screenshot(page, 'dashboard-island-light-360');
});

test('Today’s words are in the server HTML, before any script or fetch, and the panel keeps them, in the very card the server drew', async ({ page }) => {
  await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Prepare the workshop', dueDate: inHours(30), importance: 'High' });

  // Without any script: the Today panel's sentence (the dashboard's largest paint) is in the HTML.
  const html = await (await page.request.get('/dashboard')).text();
  const served = /<h2 id="today-title"[^>]*>(Today: [^<]+)<\/h2>/.exec(html)?.[1];
  expect(served).toMatch(/^Today: (nothing planned|\d+ (h|min).* planned), (about .* (free|more than the time left)|a day off|the working day is done)$/);
  expect(html).not.toContain('Reading your day');

  // In the browser: on screen from the first paint, with no request for today.get on the way,
  // and the same words once the panel's own code has arrived.
  const todayRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/trpc\/[^?]*today\.get/.test(request.url())) todayRequests.push(request.url());
  });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as Window & { firstToday?: string | null }).firstToday = document.getElementById('today-title')?.textContent ?? null;
      (window as Window & { todayCard?: Element | null }).todayCard = document.getElementById('today-title')?.closest('section') ?? null;
    });
  });
  await page.goto('/dashboard');
  expect(await page.evaluate(() => (window as Window & { firstToday?: string | null }).firstToday)).toBe(served);
  const panel = page.getByRole('region', { name: /^Today: / });
  await expect(panel.getByRole('heading')).toHaveText(served!);
  // The panel's own code has arrived once the ritual's one-time offer (part of it) is on screen.
  await expect(page.getByRole('region', { name: 'A short daily check-in' })).toBeVisible();
  await expect(panel.getByRole('heading')).toHaveText(served!);
  expect(todayRequests).toEqual([]);
  // The panel's code adds to the server's card, it does not replace it: those very elements stay
  // (replacing them was the first fiber deletion after hydration, a long task on a phone).
  expect(await page.evaluate(() => (window as Window & { todayCard?: Element | null }).todayCard?.isConnected)).toBe(true);
});

test('the platform’s date formatting is set up before the island renders its dates, not inside its hydration', async ({ page }) => {
  await signUpVerified(page, { timeZone: 'America/New_York' });
  await createTaskViaApi(page, { title: 'Prepare the workshop', dueDate: inHours(30), importance: 'High' });
  await countDateFormatters(page);
  // Loaded twice: the server's first render of a route after its start streams the island after the shell.
  await page.goto('/dashboard', { waitUntil: 'load' });
  await page.goto('/dashboard', { waitUntil: 'load' });
  // Hydrated: the island is inert until then.
  await expect(page.locator('div.contents[inert]')).toHaveCount(0);
  const row = page.getByRole('list', { name: 'Active tasks' }).getByRole('listitem').filter({ hasText: 'Prepare the workshop' });
  await expect(row.getByText(/^Due [A-Z][a-z]{2} \d/)).toBeVisible();
  const made = await dateFormattersMade(page);
  // The first formatter (ICU's data: the longest part of the island's hydration on a phone) is made
  // in a task of its own, outside any render; the rows' own formatters come after it, cheap.
  expect(made.length).toBeGreaterThan(0);
  expect(made[0]?.inRender, `the first Intl.DateTimeFormat made inside a React render: ${made[0]?.stack}`).toBe(false);
});

test('a task completed the moment the page has loaded is completed', async ({ page }) => {
  await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Call the bank', dueDate: inHours(5) });
  await page.goto('/dashboard');
  await page.getByRole('list', { name: 'Active tasks' }).getByRole('checkbox', { name: 'Complete "Call the bank"' }).click();
  await expect(page.getByRole('list', { name: 'Completed tasks' }).getByText('Call the bank')).toBeVisible();
  // It was written, not only shown: a fresh page load has it completed.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Completed tasks' }).getByText('Call the bank')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active tasks' }).getByText('Call the bank')).toHaveCount(0);
});

test('a completion is sent so that it survives the page going at once (keepalive), while reads are not', async ({ page }) => {
  // The list shows a task completed before the server has it: a reload or a closed tab right after
  // must not cancel the write (the browser keeps a keepalive request going after the page has gone).
  await page.addInitScript(() => {
    const sent: { url: string; method: string; keepalive: boolean }[] = [];
    Object.assign(window, { apiFetches: sent });
    const realFetch = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/api/trpc')) sent.push({ url, method: init?.method ?? 'GET', keepalive: init?.keepalive === true });
      return realFetch(input, init);
    };
  });
  await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Post the letter', dueDate: inHours(5) });
  await page.goto('/dashboard');
  await page.getByRole('list', { name: 'Active tasks' }).getByRole('checkbox', { name: 'Complete "Post the letter"' }).click();
  await expect(page.getByRole('list', { name: 'Completed tasks' }).getByText('Post the letter')).toBeVisible();
  const sent = () => page.evaluate(() => (window as unknown as { apiFetches: { url: string; method: string; keepalive: boolean }[] }).apiFetches);
  await expect.poll(async () => (await sent()).filter((fetch) => fetch.method === 'POST').length).toBeGreaterThan(0);
  const all = await sent();
  expect(all.filter((fetch) => fetch.method === 'POST').every((fetch) => fetch.keepalive)).toBe(true);
  expect(all.filter((fetch) => fetch.method === 'GET').some((fetch) => fetch.keepalive)).toBe(false);
});

test('pointing at the Dashboard link on another page fetches the dashboard’s code, and the navigation shows it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Prepare the workshop' });
  await page.goto('/calendar');
  await page.waitForLoadState('networkidle');
  // What the page fetches in idle time (dialogs, the notification stack) is in by now.
  await page.waitForTimeout(2500);
  await page.waitForLoadState('networkidle');

  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/\/_next\/static\/chunks\/.+\.js$/.test(request.url())) fetched.push(request.url());
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).hover();
  await expect.poll(() => fetched.length).toBeGreaterThan(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('list', { name: 'Active tasks' }).getByText('Prepare the workshop')).toBeVisible();
});

test('a long list sends its first screenful with the page and shows every task once the page runs', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signUpVerified(page);
  // Due one hour apart, so the list's order (soonest first) is known.
  const titles = Array.from({ length: 12 }, (_, i) => `Long list task ${String(i + 1).padStart(2, '0')}`);
  for (const [i, title] of titles.entries()) await createTaskViaApi(page, { title, dueDate: inHours(2 + i) });

  // The server's HTML: the first eight rows (the list's scroll area holds about six), not all twelve.
  const html = await (await page.request.get('/dashboard')).text();
  const served = [...html.matchAll(/aria-label="Complete &quot;(Long list task \d+)&quot;"/g)].map((match) => match[1]);
  expect(served).toEqual(titles.slice(0, 8));

  // In the browser: those very rows are kept, and the other four follow without a click or scroll.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as Window & { firstRow?: Element | null }).firstRow = document.querySelector('ul[aria-label="Active tasks"] > li');
    });
  });
  await page.goto('/dashboard');
  const list = page.getByRole('list', { name: 'Active tasks' });
  await expect(list.getByRole('checkbox', { name: /^Complete "Long list task/ })).toHaveCount(12);
  const shown = await list.getByRole('checkbox', { name: /^Complete "Long list task/ }).evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label')));
  expect(shown).toEqual(titles.map((title) => `Complete "${title}"`));
  expect(await page.evaluate(() => (window as Window & { firstRow?: Element | null }).firstRow?.isConnected)).toBe(true);

  // The last row answers like any other.
  await list.getByRole('checkbox', { name: 'Complete "Long list task 12"' }).click();
  await expect(page.getByRole('list', { name: 'Completed tasks' }).getByText('Long list task 12')).toBeVisible();
});

test('Quick add’s form code comes at the first focus on the field, not with the dashboard, and words typed at once are kept', async ({ page }) => {
  await signUpVerified(page);
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text());
  });
  // react-hook-form's option name is in its own chunk and in no other module.
  const formCodeLoaded = async () => (await Promise.all(scripts)).some((body) => body.includes('shouldUnregister'));
  await page.goto('/dashboard', { waitUntil: 'networkidle' });
  await expect(page.getByRole('textbox', { name: 'Quick add' })).toBeVisible();
  await expect(page.locator('[inert]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(await formCodeLoaded()).toBe(false);

  // Typing and Enter at once, by keyboard: the field that takes over keeps the words and the focus.
  const field = page.getByRole('textbox', { name: 'Quick add' });
  await field.focus();
  await page.keyboard.type('Water the plants');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Water the plants');
  await expect(page.getByLabel('What this will create')).toContainText('Water the plants');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Check and create' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Water the plants');
  expect(await formCodeLoaded()).toBe(true);
});

test('the rows on screen when the dashboard loads are simply there, and a task that arrives later glides in', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signUpVerified(page);
  const titles = Array.from({ length: 10 }, (_, i) => `Row task ${String(i + 1).padStart(2, '0')}`);
  for (const [i, title] of titles.entries()) await createTaskViaApi(page, { title, dueDate: inHours(2 + i) });

  await page.goto('/dashboard');
  const active = page.getByRole('list', { name: 'Active tasks' });
  // All ten, the first eight with the page and the other two right after it: none glides in.
  await expect(active.getByRole('checkbox', { name: /^Complete "Row task/ })).toHaveCount(10);
  const animations = await active.locator(':scope > li').evaluateAll((rows) => rows.map((row) => getComputedStyle(row).animationName));
  expect(animations).toEqual(titles.map(() => 'none'));

  // A task completed now arrives in Completed, and glides in there; so does a reopened one, back in Active.
  await active.getByRole('checkbox', { name: 'Complete "Row task 03"' }).click();
  const done = page.getByRole('list', { name: 'Completed tasks' }).locator(':scope > li').filter({ hasText: 'Row task 03' });
  await expect(done).toBeVisible();
  expect(await done.evaluate((row) => getComputedStyle(row).animationName)).toBe('toast-in');
  await done.getByRole('checkbox', { name: 'Mark "Row task 03" as incomplete' }).click();
  const back = active.locator(':scope > li').filter({ hasText: 'Row task 03' });
  await expect(back).toBeVisible();
  expect(await back.evaluate((row) => getComputedStyle(row).animationName)).toBe('toast-in');
});

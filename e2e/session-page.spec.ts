// The focus session page in the app shell (and, for a signed-out visitor, its Sign In and Sign Up
// dialogs), an island hydrated after the page around it
// (src/features/session/SessionIsland.tsx): the server's signed-in guard and security headers on
// /sessions/{id}, the screen's code (the typed client with it) fetched with the page's own scripts
// so the clock waits for no wave of requests after `load`, the dialogs preloaded at the first interaction so they open without a request, the
// shell's menu, shortcuts list and sign-out, and the keyboard shortcuts to other pages and back.
import { expect, test, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { createTaskViaApi, jsonBody, signUpVerified, uniqueEmail } from './accounts';
import { countDateFormatters, dateFormattersMade, expectNoSeriousA11yViolations, recordTitlesPainted, screenshot, titlesPainted } from './helpers';

async function createSession(page: Page, body: Record<string, unknown>): Promise<{ id: string; sessionName: string }> {
  const response = await page.request.post('/api/sessions', jsonBody(body));
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** The tRPC client's own words: they are in its code, whatever the minifier does to names. */
const TRPC_MARKERS = ['TRPCClientError', 'trpc-accept'];

test('signed out, /sessions/{id} shows the screen’s Sign In dialog (Sign Up one click away) and opens the session after signing in', async ({ page, playwright }) => {
  const api = await playwright.request.newContext({ baseURL });
  const account = await signUpVerified(api);
  const answer = await api.post('/api/sessions', jsonBody({ displayMode: 'clock' }));
  const session = (await answer.json()) as { id: string; sessionName: string };
  await api.dispose();

  const response = await page.goto(`/sessions/${session.id}?from=mail`);
  expect(response!.status()).toBe(200);
  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signIn.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/sessions/${session.id}?from=mail`);
  // Nothing of the account's session is on the page before signing in.
  expect(await page.content()).not.toContain(session.sessionName);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'session-signed-out-sign-in');

  await signIn.getByLabel('Email').fill(account.email);
  await signIn.getByRole('textbox', { name: 'Password', exact: true }).fill('not the password');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn.getByText('Invalid email or password')).toBeVisible();

  await signIn.getByRole('button', { name: 'Sign up' }).click();
  const signUp = page.getByRole('dialog', { name: 'Sign Up' });
  await expect(signUp.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await expect(signUp.getByLabel('Name')).toBeVisible();
  await expect(signUp.getByRole('button', { name: 'Create account' })).toBeVisible();
  await screenshot(page, 'session-signed-out-sign-up');
  await signUp.getByRole('button', { name: 'Sign in' }).click();

  await expect(signIn.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await signIn.getByLabel('Email').fill(account.email);
  await signIn.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: session.sessionName })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/sessions/${session.id}?from=mail`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('signed out, the session screen’s Sign Up dialog checks the fields and creates the account', async ({ page }) => {
  await page.goto('/session');
  await page.getByRole('dialog', { name: 'Sign In' }).getByRole('button', { name: 'Sign up' }).click();
  const signUp = page.getByRole('dialog', { name: 'Sign Up' });
  await signUp.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Missing information')).toBeVisible();
  await expect(page.getByText('Please fill in all fields')).toBeVisible();
  // Closing it leaves the way back on the screen.
  await signUp.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await signUp.getByLabel('Name').fill('Ada Lovelace');
  await signUp.getByLabel('Email').fill(uniqueEmail('session-signup'));
  await signUp.getByRole('textbox', { name: 'Password', exact: true }).fill('correct horse battery 9');
  await signUp.getByRole('button', { name: 'Create account' }).click();
  // A new account has no session yet: on to the dashboard (where its e-mail is verified first).
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
});

test('the session page carries the security headers, its title and the theme before first paint', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'clock' });
  const response = await page.goto(`/sessions/${session.id}`);
  const headers = response!.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-powered-by']).toBeUndefined();
  const html = await response!.text();
  expect(html).toMatch(/<html lang="en"/);
  expect(html).toContain('<title>Focus session · Onething</title>');
  // The theme script (next-themes', reading the stored choice under 'theme') comes before any of
  // the page's content (the App Router puts it at the start of the body), so it runs before the page paints.
  expect(html).toMatch(/<body[^>]*>(?:(?!<main)[\s\S])*?<script[^>]*>[^<]*localStorage\.getItem\([^<]*"theme"[^<]*<\/script>[\s\S]*<main/);
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page).toHaveTitle('Focus session · Onething');
});

test('the screen’s code, its typed client with it, comes with the page’s own scripts (not in a wave after load) and completes through it', async ({ page }) => {
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'clock' });
  await createTaskViaApi(page, { title: 'Water the plants', sessionId: session.id });

  let loaded = false;
  const beforeLoad: Promise<string>[] = [];
  const trpcCalls: string[] = [];
  page.on('load', () => {
    loaded = true;
  });
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && !loaded) beforeLoad.push(response.text().catch(() => ''));
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/trpc')) trpcCalls.push(new URL(request.url()).pathname);
  });

  await page.goto(`/sessions/${session.id}`, { waitUntil: 'load' });
  const firstLoad = await Promise.all(beforeLoad);
  expect(firstLoad.length).toBeGreaterThan(0);
  // The clock is drawn by the island's code: it is fetched with the page, before `load`
  // (src/features/session/SessionIsland.tsx), so no third wave of requests stands before the clock.
  expect(firstLoad.some((code) => TRPC_MARKERS.every((marker) => code.includes(marker)))).toBe(true);

  await expect(page.locator('#current-task-title')).toHaveText('Water the plants');
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No tasks to display.' })).toBeVisible();
  await expect
    .poll(async () => ((await (await page.request.get(`/api/sessions/${session.id}/tasks`)).json()) as { completed: boolean }[])[0]?.completed)
    .toBe(true);
  // One data client: the completion went through the typed client, like the dashboard's.
  expect(trpcCalls.some((path) => path.includes('task.complete'))).toBe(true);
});

test('the dialogs’ code arrives at the first interaction, not with the page, so End Session? opens without another request', async ({ page }) => {
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'timer', timerDuration: 25 });
  await createTaskViaApi(page, { title: 'Draft the agenda', sessionId: session.id });
  const code: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') code.push(response.text().catch(() => ''));
  });
  // The dialogs' module is told by its words (whatever the minifier does to names).
  const dialogsCode = async (from = 0) => (await Promise.all(code.slice(from))).filter((text) => text.includes('You have no tasks left in this session.')).length;
  await page.goto(`/sessions/${session.id}`);
  await expect(page.locator('#current-task-title')).toHaveText('Draft the agenda');
  await page.waitForLoadState('networkidle');
  // Nobody has touched the page: its load (a slow phone's) carries none of the dialogs' code.
  expect(await dialogsCode()).toBe(0);

  // The first pointer move fetches it (src/components/lazy.tsx), before any dialog is asked for.
  await page.getByTestId('session-bottom-bar-zone').hover();
  await expect.poll(() => dialogsCode()).toBe(1);
  await page.waitForLoadState('networkidle');
  const fetched = code.length;
  await page.getByRole('button', { name: 'Quit Session' }).click();
  await expect(page.getByRole('heading', { name: 'End Session?' })).toBeVisible();
  await expect(page.getByText('You have 1 task remaining in this session.')).toBeVisible();
  // Opening it fetched none of the dialogs' code.
  expect(await dialogsCode(fetched)).toBe(0);
  await page.getByRole('button', { name: 'Keep Going' }).click();
  await expect(page.getByRole('heading', { name: 'End Session?' })).toHaveCount(0);
});

test('/session has the newest session from the server’s read (no request before the clock); an older one in the tab is asked for', async ({ page }) => {
  await signUpVerified(page);
  const older = await createSession(page, { displayMode: 'clock', sessionName: 'Older session' });
  await createTaskViaApi(page, { title: 'Sort the receipts', sessionId: older.id });
  const newest = await createSession(page, { displayMode: 'clock', sessionName: 'Newest session' });
  await createTaskViaApi(page, { title: 'Call the plumber', sessionId: newest.id });
  const sessionReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/trpc/') && request.url().includes('session.get')) sessionReads.push(request.url());
  });
  const openAsCurrent = async (id: string) => {
    // As the dashboard leaves the tab when it opens a session.
    await page.goto('/dashboard');
    await page.evaluate((current) => sessionStorage.setItem('currentSessionId', current), id);
    await page.goto('/session');
  };

  await openAsCurrent(newest.id);
  await expect(page.getByRole('heading', { name: 'Newest session' })).toBeVisible();
  await expect(page.locator('#current-task-title')).toHaveText('Call the plumber');
  expect(sessionReads).toEqual([]);

  await openAsCurrent(older.id);
  await expect(page.getByRole('heading', { name: 'Older session' })).toBeVisible();
  await expect(page.locator('#current-task-title')).toHaveText('Sort the receipts');
  expect(sessionReads.length).toBeGreaterThan(0);
});

test('the clock’s first frame is in the server’s HTML and drawn by its inline script before the page’s code, in the place the screen then draws it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'timer', timerDuration: 25, sessionName: 'Write the report' });
  await page.goto('/dashboard');
  await page.evaluate(
    ({ key, state }) => localStorage.setItem(key, JSON.stringify(state)),
    { key: `sessionStart:${session.id}`, state: { accumulatedMs: 5 * 60_000, runningSince: null } },
  );
  const html = await (await page.request.get(`/sessions/${session.id}`)).text();
  expect(html).toContain('id="fs-first-frame"');
  expect(html).toContain('Write the report');

  // Without the page's code (every script file refused): the inline script alone draws the
  // paused timer from this browser's storage (20 of its 25 minutes left), label and badge included.
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
  await page.goto(`/sessions/${session.id}`);
  const first = page.locator('#fs-first-frame');
  await expect(first.locator('h1')).toHaveText('Write the report');
  const firstTime = first.locator('[data-ff="main"]');
  await expect(firstTime).toHaveText('20:00');
  await expect(first.locator('[data-ff="label"]')).toHaveText('TimerPaused');
  const firstBox = (await firstTime.boundingBox())!;
  await screenshot(page, 'session-first-frame-no-code-360');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(firstTime).toHaveText('20:00');
  await screenshot(page, 'session-first-frame-no-code-desktop-dark');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.unroute('**/_next/static/**/*.js');

  // With it: the screen takes over in the same place, no hydration error on the way.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`/sessions/${session.id}`);
  await expect(page.locator('#fs-first-frame')).toHaveCount(0);
  const clock = page.getByRole('region', { name: 'Clock' }).getByRole('timer');
  await expect(clock).toHaveText('20:00');
  await screenshot(page, 'session-first-frame-after-360');
  const box = (await clock.boundingBox())!;
  expect(Math.abs(box.y - firstBox.y)).toBeLessThanOrEqual(2);
  expect(Math.abs(box.height - firstBox.height)).toBeLessThanOrEqual(1);
  expect(errors.filter((text) => /418|hydrat/i.test(text))).toEqual([]);

  // /session: drawn for the tab's current session (the one the server read, the newest)…
  await page.goto('/session');
  await expect(clock).toHaveText('20:00');
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
  await page.goto('/session');
  await expect(firstTime).toHaveText('20:00');
  // …and not for another one (the server's guess is not this tab's session).
  await page.evaluate(() => sessionStorage.setItem('currentSessionId', 'another-session'));
  await page.goto('/session');
  await expect(first).toBeHidden();
  expect(errors.filter((text) => /418|hydrat/i.test(text))).toEqual([]);
});


test('the current task’s card and Up next are in the server’s HTML and the first paint, chosen by the screen’s rule, where and as large as the screen then draws them', async ({ browser }) => {
  // A German browser in Berlin, an account in Tokyo: the due dates are the screen's (the browser's words, the account's clock).
  const context = await browser.newContext({ baseURL, locale: 'de-DE', timezoneId: 'Europe/Berlin', viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await signUpVerified(page, { timeZone: 'Asia/Tokyo' });
  const session = await createSession(page, { displayMode: 'timer', timerDuration: 25, sessionName: 'Morning block' });
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  await createTaskViaApi(page, { title: 'Tidy the desk', sessionId: session.id });
  await createTaskViaApi(page, { title: 'Book the train to Hamburg', sessionId: session.id, dueDate: inDays(3) });
  const current = 'Send the signed contract back to the landlord before the end of the week';
  await createTaskViaApi(page, { title: current, sessionId: session.id, dueDate: inDays(1), description: 'Scan it first.' });

  const html = await (await page.request.get(`/sessions/${session.id}`)).text();
  expect(html).toContain('data-ff="task-title"');
  expect(html).toContain(current);

  // Without any of the page's code: the HTML and its inline script alone draw the card (the task due
  // first is the current one), its due date and Up next.
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
  await page.goto(`/sessions/${session.id}`);
  const frame = page.locator('#fs-first-frame [data-ff="tasks"]');
  await expect(frame).toBeVisible();
  const frameTitle = frame.locator('[data-ff="task-title"]');
  await expect(frameTitle).toHaveText(current);
  const frameBadges = await frame.locator('.fs-badge').allTextContents();
  const frameNext = await frame.locator('.fs-next').allTextContents();
  expect(frameNext).toHaveLength(2);
  const frameBox = (await frameTitle.boundingBox())!;
  await screenshot(page, 'session-first-frame-card-no-code-360');

  // With the page's code: the screen's card says the same, in the same place and size (so it is not a
  // later, larger paint), and no other title was ever painted.
  await page.unroute('**/_next/static/**/*.js');
  await recordTitlesPainted(page);
  await page.goto(`/sessions/${session.id}`);
  await expect(page.locator('#fs-first-frame')).toHaveCount(0);
  const title = page.locator('#current-task-title');
  await expect(title).toHaveText(current);
  const card = page.getByRole('article', { name: current });
  expect(await card.locator('.fs-badge').allTextContents()).toEqual(frameBadges);
  expect(frameBadges[0]).toMatch(/^Due [A-Z][a-z]\./);
  expect(await page.getByRole('region', { name: 'Tasks' }).locator('.fs-next').allTextContents()).toEqual(frameNext);
  const box = (await title.boundingBox())!;
  expect(box).toEqual(frameBox);
  await expect.poll(() => titlesPainted(page)).toEqual([current]);
  await screenshot(page, 'session-first-frame-card-after-360');

  // Where the tab may know more than the server (writes kept offline, shown over the tasks), the
  // frame leaves the card to the screen; the clock is drawn all the same.
  await page.route('**/_next/static/**/*.js', (route) => route.abort());
  await page.evaluate(() => localStorage.setItem('offlineWritesWaiting', '1'));
  await page.goto(`/sessions/${session.id}`);
  await expect(page.locator('#fs-first-frame [data-ff="main"]')).toHaveText(/^2[0-5]:[0-5]\d$/);
  await expect(frame).toBeHidden();
  await page.evaluate(() => localStorage.removeItem('offlineWritesWaiting'));

  // /session: the card for the tab's current session (the newest, which the server read)…
  await page.goto('/session');
  await expect(frameTitle).toHaveText(current);
  await expect(frame).toBeVisible();
  await page.unroute('**/_next/static/**/*.js');
  await context.close();
});

test('the first frame (the session’s name, the clock’s place, the current task’s card) is in the page as the server sends it, not revealed later by React’s script: it shows with scripts off', async ({ browser }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpVerified(page, { timeZone: 'Europe/London' });
  const session = await createSession(page, { displayMode: 'stopwatch', sessionName: 'Quiet hour' });
  await createTaskViaApi(page, { title: 'Plan the garden', sessionId: session.id });
  // Several loads: sent after the shell, it stayed hidden (React's reveal is a script) in most of them.
  for (let load = 0; load < 4; load++) {
    await page.goto(`/sessions/${session.id}`);
    await expect(page.locator('#fs-first-frame h1')).toHaveText('Quiet hour');
    await expect(page.locator('#fs-first-frame h1')).toBeVisible();
    // The card is in it too, shown by the frame's script once it has checked this tab (here, none runs).
    await expect(page.locator('#fs-first-frame [data-ff="task-title"]')).toHaveText('Plan the garden');
  }
  await context.close();
});

test('/session with an older session in the tab never paints the newest session’s task, whose card the server drew', async ({ page }) => {
  await signUpVerified(page);
  const older = await createSession(page, { displayMode: 'stopwatch', sessionName: 'Older session' });
  await createTaskViaApi(page, { title: 'Sort the receipts', sessionId: older.id });
  const newest = await createSession(page, { displayMode: 'stopwatch', sessionName: 'Newest session' });
  await createTaskViaApi(page, { title: 'Call the plumber', sessionId: newest.id });
  await page.goto('/dashboard');
  await page.evaluate((id) => sessionStorage.setItem('currentSessionId', id), older.id);
  await recordTitlesPainted(page);
  await page.goto('/session');
  await expect(page.locator('#current-task-title')).toHaveText('Sort the receipts');
  await expect.poll(() => titlesPainted(page)).toEqual(['Sort the receipts']);
});

test('after hydration the screen takes the first frame’s place in a render of its own, after the one that makes the island usable', async ({ page }) => {
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'clock' });
  await createTaskViaApi(page, { title: 'Water the plants', sessionId: session.id });
  // React tells the developer tools' hook of every commit: a stand-in hook notes what each one left on screen.
  await page.addInitScript(() => {
    const commits: { frame: boolean; screen: boolean; inert: boolean; current: string | null }[] = [];
    const note = () => {
      const frame = document.querySelector('#fs-first-frame');
      const current = sessionStorage.getItem('currentSessionId');
      commits.push({ frame: frame !== null, screen: document.querySelector('#current-task-title') !== null, inert: frame?.closest('[inert]') != null, current });
    };
    const hook = { isDisabled: false, supportsFiber: true, renderers: new Map(), inject: () => 1, checkDCE: () => {}, onCommitFiberRoot: note, onCommitFiberUnmount: () => {}, onPostCommitFiberRoot: () => {} };
    Object.assign(window, { commits, __REACT_DEVTOOLS_GLOBAL_HOOK__: hook });
  });
  await page.goto(`/sessions/${session.id}`);
  await expect(page.locator('#current-task-title')).toHaveText('Water the plants');
  const commits = await page.evaluate(() => (window as unknown as { commits: { frame: boolean; screen: boolean; inert: boolean; current: string | null }[] }).commits);
  const screenAt = commits.findIndex((commit) => commit.screen);
  // The render right after hydration (React's synchronous one, in one task) only lifts `inert`
  // and keeps the server's frame; the screen, a large tree, comes in a transition after it, which
  // React renders in slices that let the browser in (src/components/useHydrated.ts).
  expect(commits.slice(0, screenAt).some((commit) => commit.frame && !commit.inert)).toBe(true);
  expect(commits[screenAt]).toMatchObject({ frame: false, inert: false });
  // The page made its session the tab's current one as it hydrated, before the screen drew (a
  // person leaving for /session at once finds it there).
  expect(commits[screenAt]?.current).toBe(session.id);
});

test('the platform’s date formatting is set up in a task of its own before the screen’s first render, not in it', async ({ page }) => {
  await signUpVerified(page, { timeZone: 'Europe/Berlin' });
  // A stopwatch: the first frame's inline script makes no formatter (a clock's would, before the page's code).
  const session = await createSession(page, { displayMode: 'stopwatch' });
  await createTaskViaApi(page, { title: 'Water the plants', sessionId: session.id, dueDate: new Date(Date.now() + 30 * 3_600_000).toISOString() });
  await countDateFormatters(page);
  await page.goto(`/sessions/${session.id}`, { waitUntil: 'load' });
  await page.goto(`/sessions/${session.id}`, { waitUntil: 'load' });
  await expect(page.locator('#current-task-title')).toHaveText('Water the plants');
  const made = await dateFormattersMade(page);
  // The screen shows the task's due date; the first formatter (ICU's data) came before its render, outside it.
  expect(made.length).toBeGreaterThan(0);
  expect(made[0]?.inRender, `the first Intl.DateTimeFormat made inside a React render: ${made[0]?.stack}`).toBe(false);
});

test('on a phone, Alerts off stays where it was drawn when the header’s other toggles arrive after it: the page does not move', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'timer', timerDuration: 25, sessionName: 'Plan the week' });
  // Every layout shift of the load that no input caused, with the elements that moved.
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] })[]) {
        if (!entry.hadRecentInput) shifts.push({ value: entry.value, moved: entry.sources.map((source) => source.node?.textContent ?? '') });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/sessions/${session.id}`);
  const alerts = page.getByRole('button', { name: 'Alerts off' });
  await expect(alerts).toBeVisible();
  const drawnAt = await alerts.boundingBox();
  // The toggles that come with the code after load, on the same line (this Chromium has both APIs).
  await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Keep screen on' })).toBeVisible();
  expect(await alerts.boundingBox()).toEqual(drawnAt);
  // A frame for the browser to report a shift the toggles caused.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => (window as unknown as { shifts: { value: number; moved: string[] }[] }).shifts)).toEqual([]);
});

test('the menu drawer closed while it is still sliding in closes at once, and focus goes back to its button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'clock' });
  await page.goto(`/sessions/${session.id}`);
  await expect(page.getByRole('region', { name: 'Clock' })).toBeVisible();
  // Every animation fifty times slower, so that the close surely comes during the slide-in (a
  // busy phone's case: Headless UI's reversal of an interrupted enter could wait forever and never
  // unmount the drawer, tailwindlabs/headlessui#3892; src/components/ModalDialog.tsx snaps it shut).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.02 });
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  await openMenu.click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).locator('[data-enter]')).not.toHaveCount(0);
  await page.keyboard.press('Escape');
  // Gone by the time the key's handling is done, not after a reversed slide (read at once, not waited for).
  expect(await page.getByRole('button', { name: 'Close menu' }).count()).toBe(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(openMenu).toHaveAttribute('aria-expanded', 'false');
  await expect(openMenu).toBeFocused();
  // At normal speed it opens and closes as before.
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
  await openMenu.click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Calendar' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(openMenu).toBeFocused();
});

test('keyboard shortcuts on the session page: Ctrl+/ lists them, Ctrl+D goes to the dashboard, Ctrl+S comes back', async ({ page }) => {
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'clock' });
  await page.goto(`/sessions/${session.id}`);
  await expect(page.getByRole('heading', { name: session.sessionName })).toBeVisible();
  // The shell's keys listen once it is hydrated: its buttons say so.
  const shortcutsButton = page.getByRole('button', { name: 'Keyboard shortcuts (Ctrl+/)' });
  await expect(shortcutsButton).not.toHaveAttribute('aria-disabled', 'true');

  await page.keyboard.press('Control+/');
  await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Ctrl+D')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toHaveCount(0);

  await page.keyboard.press('Control+d');
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Your Dashboard' })).toBeVisible();
  // From the dashboard back to the focus session (the current one of this tab).
  await page.keyboard.press('Control+s');
  await expect(page).toHaveURL(`${baseURL}/session`);
  await expect(page.getByRole('heading', { name: session.sessionName })).toBeVisible();

  await page.keyboard.press('Control+b');
  await expect(page).toHaveURL(`${baseURL}/breakdown`);
});

test('the header: Sessions marked on /sessions/{id}, the shortcuts button, and the drawer’s links under 768 px', async ({ page }) => {
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'clock' });
  await page.goto(`/sessions/${session.id}`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Sessions' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Keyboard shortcuts (Ctrl+/)' }).click();
  await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/session');
  await expect(page.getByRole('heading', { name: session.sessionName })).toBeVisible();
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  await openMenu.click();
  // While the drawer is open the page behind it is inert (out of the accessibility tree).
  await expect(page.locator('header button[aria-label="Open menu"]')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveCount(0);
  await expect(openMenu).toHaveAttribute('aria-expanded', 'false');
  await expect(openMenu).toBeFocused();
  // The drawer belongs to narrow screens: widening the window closes it.
  await openMenu.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 844 });
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await openMenu.click();
  await page.getByRole('dialog').getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(`${baseURL}/calendar`);
});

test('signing out from the session page’s header ends the session and forgets this tab’s session', async ({ page }) => {
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'stopwatch' });
  await page.goto(`/sessions/${session.id}`);
  await expect(page.getByRole('heading', { name: session.sessionName })).toBeVisible();
  await page.evaluate(() => window.localStorage.setItem('cachedUser', '{"name":"Ada"}'));
  await page.evaluate(() => window.sessionStorage.setItem('sessionConfig', '{"displayMode":"clock","maxTasks":5}'));
  // The running clock keeps its state in local storage, per session.
  await expect.poll(() => page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('sessionStart:')).length)).toBeGreaterThan(0);
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(`${baseURL}/signin`);
  expect(await page.evaluate(() => [window.localStorage.getItem('cachedUser'), window.sessionStorage.getItem('currentSessionId')])).toEqual([null, null]);
  // Nothing of the account is left for the next person at this computer: no clock state, no session configuration.
  expect(await page.evaluate(() => [...Object.keys(window.localStorage), ...Object.keys(window.sessionStorage)].filter((key) => /^sessionStart:|^sessionConfig$|^cached/.test(key)))).toEqual([]);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('from the dashboard’s Recent Sessions to /sessions/{id}, and End Session back to the dashboard', async ({ page }) => {
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'timer', timerDuration: 15 });
  await page.goto('/dashboard');
  await page.getByRole('region', { name: 'Recent Sessions' }).getByRole('link', { name: new RegExp(session.sessionName) }).click();
  await expect(page).toHaveURL(`${baseURL}/sessions/${session.id}`);
  await expect(page.getByRole('heading', { name: session.sessionName })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^1[45]:\d\d$/);
  await page.getByTestId('session-bottom-bar-zone').hover();
  await page.getByRole('button', { name: 'Quit Session' }).click();
  await page.getByRole('button', { name: 'End Session' }).click();
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Your Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('currentSessionId'))).toBeNull();
});

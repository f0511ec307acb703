// /account in real Chromium against the production build (no Stripe keys, so billing is not
// configured): preferences that persist, profile, usage bars, API tokens, calendar feed, data
// export, checkout return notices, sign-out and account deletion; axe and screenshots in both
// themes at 390 and 1280 px.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createTaskViaApi, jsonBody, linkIn, mailTo, signUpVerified, uniqueEmail } from './accounts';
import { countNumberFormatters, expectNoSeriousA11yViolations, numberFormattersMade, screenshot, useStoredTheme, VIEWPORTS } from './helpers';

async function openAccount(page: Page, path = '/account') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
}

test('e-mail preference switches save one at a time and persist across a reload', async ({ page }) => {
  await signUpVerified(page);
  await openAccount(page, '/account#email-preferences');
  const section = page.locator('#email-preferences');
  const reminders = section.getByRole('switch', { name: 'Email reminders' });
  const marketing = section.getByRole('switch', { name: 'Marketing emails' });
  const newsletter = section.getByRole('switch', { name: 'Newsletter' });
  for (const toggle of [reminders, marketing, newsletter]) await expect(toggle).toBeChecked();

  const saved = page.waitForResponse((response) => response.url().includes('user.updatePreferences') && response.ok());
  await marketing.click();
  await saved;
  await expect(marketing).not.toBeChecked();
  const savedAgain = page.waitForResponse((response) => response.url().includes('user.updatePreferences') && response.ok());
  await newsletter.press('Space');
  await savedAgain;

  await page.reload();
  await expect(page.locator('#email-preferences').getByRole('switch', { name: 'Email reminders' })).toBeChecked();
  await expect(page.locator('#email-preferences').getByRole('switch', { name: 'Marketing emails' })).not.toBeChecked();
  await expect(page.locator('#email-preferences').getByRole('switch', { name: 'Newsletter' })).not.toBeChecked();
  const me = await (await page.request.get('/api/auth/me')).json();
  expect(me).toMatchObject({ emailRemindersEnabled: true, marketingEmailsEnabled: false, newsletterEnabled: false });
});

test("Email Preferences has the spec's three switches; Push reminders has a Notifications section of its own", async ({ page }) => {
  await signUpVerified(page);
  await openAccount(page);
  const email = page.getByRole('region', { name: 'Email Preferences' });
  for (const name of ['Email reminders', 'Marketing emails', 'Newsletter']) await expect(email.getByRole('switch', { name })).toBeVisible();
  await expect(email.getByRole('switch')).toHaveCount(3);
  await expect(email.getByRole('switch', { name: 'Push reminders' })).toHaveCount(0);
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(notifications.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(notifications.getByRole('switch')).toHaveCount(1);
  await expect(notifications.getByRole('switch', { name: 'Push reminders' })).not.toBeChecked();
  await notifications.scrollIntoViewIfNeeded();
  await screenshot(page, 'account-notifications-section');
});

test('Save Profile changes the name at once', async ({ page }) => {
  await signUpVerified(page, { name: 'Ada Lovelace' });
  await openAccount(page);
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toHaveValue('Ada Lovelace');
  await name.fill('Ada King');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ada King');
});

test("Profile's fields are filled once as the page hydrates, not reset again with the values they already hold", async ({ page }) => {
  await signUpVerified(page, { name: 'Ada Lovelace' });
  await page.addInitScript(() => {
    const writes: string[] = [];
    (window as unknown as { profileWrites: string[] }).profileWrites = writes;
    const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!;
    Object.defineProperty(HTMLInputElement.prototype, 'value', {
      configurable: true,
      get() {
        return value.get!.call(this);
      },
      set(next: string) {
        if (this.closest('#profile')) writes.push(this.name);
        value.set!.call(this, next);
      },
    });
  });
  await openAccount(page);
  // Every section hydrated: Profile, with the page, long before.
  await expect(page.locator('#account-actions').locator('xpath=ancestor-or-self::*[@inert]')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ada Lovelace');
  expect((await page.evaluate(() => (window as unknown as { profileWrites: string[] }).profileWrites)).sort()).toEqual(['email', 'name']);
});

test('a profile changed elsewhere shows in its fields at the next refresh, except a field the person is editing', async ({ page }) => {
  await signUpVerified(page, { name: 'Ada Lovelace' });
  await openAccount(page);
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('Ada Typed');
  expect((await page.request.patch('/api/user', jsonBody({ name: 'Ada Elsewhere', timeZone: 'Europe/Paris' }))).status()).toBe(200);
  // `me` is read again every 5 s on this page.
  await expect(page.locator('#profile').getByRole('combobox', { name: 'Time zone' }).or(page.locator('#profile').getByLabel('Time zone'))).toHaveValue(/Paris/, { timeout: 15_000 });
  await expect(name).toHaveValue('Ada Typed');
});

test("the time zone list comes after the person's first interaction, and makes its zones' offsets only when it opens, and once", async ({ page }) => {
  // Every Intl.DateTimeFormat the page makes for a zone's offset ("GMT-5"), counted.
  await page.addInitScript(() => {
    const counter = { offsetFormatters: 0 };
    Object.assign(window, { counter });
    const Original = Intl.DateTimeFormat;
    const count = (options?: Intl.DateTimeFormatOptions) => {
      if (options?.timeZoneName === 'shortOffset') counter.offsetFormatters += 1;
    };
    Intl.DateTimeFormat = new Proxy(Original, {
      construct: (target, args: [string?, Intl.DateTimeFormatOptions?], newTarget) => (count(args[1]), Reflect.construct(target, args, newTarget)),
      apply: (target, self, args: [string?, Intl.DateTimeFormatOptions?]) => (count(args[1]), Reflect.apply(target, self, args)),
    });
  });
  const made = () => page.evaluate(() => (window as unknown as { counter: { offsetFormatters: number } }).counter.offsetFormatters);
  await signUpVerified(page);
  await openAccount(page);
  // Nobody has touched the page: the sections below have hydrated (the browser was idle), the zone list's code has not come.
  await expect(page.locator('#account-actions').locator('xpath=ancestor-or-self::*[@inert]')).toHaveCount(0);
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await expect(page.getByRole('textbox', { name: 'Time zone' })).toHaveJSProperty('readOnly', true);
  await expect(zone).toHaveCount(0);
  const listCode = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).filter((url) => url.endsWith('.js')));
  for (const url of listCode) expect((await (await page.request.get(url)).text()).includes('Show all time zones'), url).toBe(false);
  // The person's first pointer move brings it, closed: no offsets made yet.
  await page.mouse.move(200, 200);
  await expect(zone).toBeVisible();
  expect(await made()).toBe(0);

  await page.getByRole('button', { name: 'Show all time zones' }).click();
  const utc = page.getByRole('option', { name: /^UTC/ });
  await expect(utc).toBeVisible();
  const opened = await made();
  expect(opened).toBeGreaterThan(0);
  expect(opened).toBeLessThanOrEqual(80);
  await page.keyboard.press('Escape');
  await expect(utc).toBeHidden();
  await page.getByRole('button', { name: 'Show all time zones' }).click();
  await expect(utc).toBeVisible();
  expect(await made()).toBe(opened);
  // A zone past the first 80 gets its own when it is first shown.
  await zone.fill('tokyo');
  await expect(page.getByRole('option', { name: /Asia\/Tokyo.*GMT\+9/ })).toBeVisible();
  expect(await made()).toBeLessThanOrEqual(opened + 1);
});

test('the time zone field reached before its list has loaded hands the focus to the list', async ({ page }) => {
  await signUpVerified(page);
  // The combobox's code is held until the read-only field standing in for it has the focus.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('Show all time zones')) await held;
    await route.fulfill({ response, body });
  });
  await openAccount(page);
  const standIn = page.getByRole('textbox', { name: 'Time zone' });
  await expect(page.locator('#profile').locator('xpath=ancestor-or-self::*[@inert]')).toHaveCount(0);
  await standIn.focus();
  release();
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toBeFocused();
  await page.keyboard.type('tokyo');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(zone).toHaveValue('Asia/Tokyo');
});

test('a new e-mail asks for the password, waits for the link mailed to it, and can be cancelled', async ({ page }) => {
  const account = await signUpVerified(page);
  await openAccount(page);
  const next = uniqueEmail('moving');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(next);
  await expect(page.getByText('We will send a confirmation link to the new address.')).toBeVisible();
  const password = page.getByLabel('Current password');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Please enter your current password to change your email address')).toBeVisible();
  await password.fill('not my password');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText(/Current password is incorrect/)).toBeVisible();
  await password.fill(account.password);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();
  await expect(page.getByText('Waiting for confirmation:')).toContainText(next);
  // The account keeps its address until the link is opened.
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(account.email);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { email: string; pendingEmail: string | null };
  expect(me).toMatchObject({ email: account.email, pendingEmail: next });
  await screenshot(page, 'account-email-pending', { fullPage: false });

  await page.getByRole('button', { name: 'Cancel change' }).click();
  await expect(page.getByText('E-mail change cancelled')).toBeVisible();
  await expect(page.getByText('Waiting for confirmation:')).toBeHidden();
  const link = linkIn(await mailTo(next, /\/verify\//), /\/verify\//);
  const [, , email, token] = new URL(link).pathname.split('/');
  expect((await page.request.get(`/api/auth/verify-email?email=${email}&token=${token}`)).status()).toBe(400);

  // Asked again and confirmed from the new mailbox: the page shows the new address.
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(next);
  await page.getByLabel('Current password').fill(account.password);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Waiting for confirmation:')).toContainText(next);
  const second = linkIn(await mailTo(next, /Confirm my new e-mail|Confirm it, and this becomes/), /\/verify\//);
  expect(second).not.toBe(link);
  await page.goto(new URL(second).pathname);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await openAccount(page);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(next);
});

test('usage bars show what was created this month against the Free limits', async ({ page }) => {
  await signUpVerified(page);
  for (const title of ['One', 'Two', 'Three']) await createTaskViaApi(page, { title });
  await openAccount(page);
  const tasks = page.getByRole('progressbar', { name: 'Tasks' });
  await expect(tasks).toHaveAttribute('aria-valuenow', '3');
  await expect(tasks).toHaveAttribute('aria-valuemax', '40');
  await expect(page.getByTestId('usage-tasks')).toHaveText('3 of 40');
  await expect(page.getByTestId('usage-sessions')).toHaveText('0 of 20');
  await expect(page.getByTestId('usage-aiBreakdowns')).toHaveText('0 of 5');
  await expect(page.getByTestId('usage-aiSessions')).toHaveText('0 of 5');

  // me is polled every 5 s here: a task created elsewhere shows up without a reload.
  await createTaskViaApi(page, { title: 'Four' });
  await expect(page.getByTestId('usage-tasks')).toHaveText('4 of 40', { timeout: 12_000 });
});

test('below the first screen, the sections are in the HTML but their code comes after the page has loaded, and they work once it is there', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signUpVerified(page);
  const html = await (await page.request.get('/account')).text();
  for (const words of ['Personal access tokens', 'Export my data', 'Account Actions']) expect(html).toContain(words);

  await openAccount(page);
  const tokens = page.locator('#api-tokens');
  // Hydrated (no longer inert) without a scroll or a touch: once the page has loaded and the browser is idle.
  await expect(tokens.locator('xpath=ancestor-or-self::*[@inert]')).toHaveCount(0);
  const scripts = await page.evaluate(() => {
    const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ url: entry.name, beforeLoad: entry.startTime < loaded }));
  });
  const tokensCode: { url: string; beforeLoad: boolean }[] = [];
  for (const script of scripts) if ((await (await page.request.get(script.url)).text()).includes('Personal access tokens')) tokensCode.push(script);
  expect(tokensCode.length).toBeGreaterThan(0);
  expect(tokensCode.filter((script) => script.beforeLoad)).toEqual([]);

  // It works: a token made from the keyboard.
  await tokens.getByLabel('Token name').focus();
  await page.keyboard.type('Phone script');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Your new token' })).toContainText('Copy “Phone script” now');
});

test('Profile is drawn from the HTML itself, before any script runs: the page is not held back for a script to reveal it', async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpVerified(page);
  // A browser that runs no script at all sees what the first paint can show before the page's code.
  const context = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const bare = await context.newPage();
  await bare.goto('/account');
  await expect(bare.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(bare.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(bare.locator('#profile').getByLabel('Name')).toBeVisible();
  await expect(bare.getByRole('button', { name: 'Save Profile' })).toBeVisible();
  await context.close();
});

test('every section is in its place in the HTML, in the page order: none is sent hidden at the end for a script to move into place', async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpVerified(page);
  // React's server renderer sends a large Suspense boundary that comes late in the HTML hidden at
  // its end, and moves it into place by a script; the browser then lays the page out again after
  // its first paint (or, with scripts off, never shows it).
  const html = await (await page.request.get('/account')).text();
  expect(html).not.toMatch(/<div hidden id="S:/);
  expect(html).not.toContain('$RC(');
  const sections = ['Profile', 'Appearance', 'Your day', 'Email Preferences', 'Notifications', 'Subscription', 'Usage This Month', 'Connected apps and API tokens', 'Your calendars', 'Calendar feed', 'Export my data', 'Account Actions'];
  const context = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const bare = await context.newPage();
  await bare.goto('/account');
  for (const name of sections) await expect(bare.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  expect(await bare.getByRole('heading', { level: 2 }).allTextContents()).toEqual(sections);
  await context.close();
});

test('reached by a link from another page, the account page shows every section, and they work', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpVerified(page);
  await page.goto('/dashboard');
  await page.evaluate(() => document.fonts.ready);
  // A client-side navigation: the sections are rendered in the browser, not hydrated.
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  await page.getByRole('link', { name: 'Account', exact: true }).first().click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account Actions' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(12);
  await page.locator('#export').scrollIntoViewIfNeeded();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download My Data' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.json$/);
});

test('Your calendars and the calendar feed, read in the browser, fill in under their loading line without removing anything from the page', async ({ page }) => {
  // Every element the page removes from these two sections while it loads. Removing the loading
  // line for the answer was the page's first removal after hydration, and React's commit code,
  // optimised without one, was then thrown away at every level of the page (a long task on a phone).
  await page.addInitScript(() => {
    const removed: string[] = [];
    Object.assign(window, { removedFromCalendars: removed });
    new MutationObserver((records) => {
      for (const record of records) {
        const section = record.target instanceof Element ? record.target.closest('#calendars, #calendar-feed') : null;
        if (!section) continue;
        for (const node of record.removedNodes) if (node instanceof Element) removed.push(`${section.id}: ${node.outerHTML.slice(0, 80)}`);
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.setViewportSize({ width: 360, height: 780 });
  await signUpVerified(page);
  await openAccount(page);
  await expect(page.locator('#calendar-feed').getByRole('button', { name: 'Turn On Calendar Feed' })).toBeVisible();
  await expect(page.locator('#calendars').getByRole('button', { name: 'Add Calendar' })).toBeVisible();
  await expect(page.locator('#calendars').getByRole('status', { name: 'Loading your calendars' })).toBeHidden();
  await expect(page.locator('#calendar-feed').getByRole('status', { name: 'Loading the calendar feed' })).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { removedFromCalendars: string[] }).removedFromCalendars)).toEqual([]);
});

// A theme stored in this browser that differs from the system's: the theme keeper must not change a
// context above the page after hydration (next-themes' provider did, learning the system's scheme in
// an effect), or React drops every section whose code has not come yet and draws it again in the
// browser, the page blank below Profile meanwhile.
for (const [theme, system] of [
  ['dark', 'light'],
  ['light', 'dark'],
] as const) {
  test(`in a stored ${theme} theme on a ${system} system, the sections are in the HTML and stay in the page from load on, none dropped and drawn again`, async ({ page }) => {
    // Each section as it first came into the document: from the HTML, as the parser inserted it
    // (those React streams after the first 12.8 kB arrive in hidden elements and its script moves
    // them into place, the same elements). The page's scripts may run before the parse has ended.
    await page.addInitScript(() => {
      const first = new Map<string, Element>();
      Object.assign(window, { sectionsFromHtml: first });
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof Element) for (const section of [node, ...node.querySelectorAll('section[id]')]) if (section.matches('section[id]') && !first.has(section.id)) first.set(section.id, section);
      }).observe(document, { subtree: true, childList: true });
    });
    await page.emulateMedia({ colorScheme: system });
    await useStoredTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 780 });
    await signUpVerified(page);
    const html = await (await page.request.get('/account')).text();
    for (const words of ['Your day', 'Email Preferences', 'Personal access tokens', 'Account Actions']) expect(html).toContain(words);

    await openAccount(page);
    if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    const deferred = ['appearance', 'your-day', 'email-preferences', 'notifications', 'subscription', 'usage', 'api-tokens', 'calendars', 'calendar-feed', 'export', 'account-actions'];
    for (const id of deferred) await expect(page.locator(`#${id}`).locator('xpath=ancestor-or-self::*[@inert]')).toHaveCount(0);
    // Every section on the page is the very element the HTML made: none was dropped and drawn again.
    const replaced = await page.evaluate(() => {
      const fromHtml = (window as unknown as { sectionsFromHtml: Map<string, Element> }).sectionsFromHtml;
      return [...document.querySelectorAll('main section[id]')].filter((section) => fromHtml.get(section.id) !== section).map((section) => section.id);
    });
    expect(replaced).toEqual([]);
    await expect(page.locator('main section[id]')).toHaveCount(deferred.length + 1);
    // Appearance, hydrated in place, shows the stored choice and still changes it.
    await expect(page.getByRole('radio', { name: theme === 'dark' ? 'Dark' : 'Light' })).toBeChecked();
    await page.getByRole('radio', { name: 'System' }).press('Space');
    if (system === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('system');
  });
}

test('the sections after Profile hydrate one at a time, never two in the same task, and each then works by pointer and keyboard', async ({ page }) => {
  // Every batch of `inert` removals the page makes in one task (a MutationObserver's callback runs
  // once at the end of the task that made them), with the sections that became usable in it.
  await page.addInitScript(() => {
    const batches: string[][] = [];
    Object.assign(window, { hydrationBatches: batches });
    new MutationObserver((records) => {
      // Every section inside the element that is no longer inert: what that removal made usable (and restyled).
      const ids = records
        .filter((record) => record.target instanceof HTMLElement && !record.target.hasAttribute('inert'))
        .flatMap((record) => [...(record.target as HTMLElement).querySelectorAll('section[id]')].map((section) => section.id));
      if (ids.length) batches.push(ids);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['inert'] });
  });
  await page.setViewportSize({ width: 360, height: 780 });
  await signUpVerified(page);
  // The sections' code asked for after `load` arrives all at once (held, then let go together), as
  // it may on any network: they must still hydrate one at a time.
  let loaded = false;
  const held: (() => void)[] = [];
  page.on('load', () => (loaded = true));
  await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
    if (loaded) {
      await new Promise<void>((resolve) => {
        held.push(resolve);
        if (held.length === 1) setTimeout(() => held.splice(0).forEach((release) => release()), 1000);
      });
    }
    await route.continue();
  });
  await openAccount(page);
  const deferred = ['appearance', 'your-day', 'email-preferences', 'notifications', 'subscription', 'usage', 'api-tokens', 'calendars', 'calendar-feed', 'export', 'account-actions'];
  // No scroll, no touch: all eleven hydrate once the page has loaded and is idle.
  for (const id of deferred) await expect(page.locator(`#${id}`).locator('xpath=ancestor-or-self::*[@inert]')).toHaveCount(0);
  const batches = await page.evaluate(() => (window as unknown as { hydrationBatches: string[][] }).hydrationBatches);
  // Profile, the first screen, with the page (its `inert` lifted from it alone, not from the whole
  // page), then the others one by one: Appearance and Your day, below it, are not in its commit.
  expect(batches[0]).toEqual(['profile']);
  expect(batches.slice(1).flat().sort()).toEqual([...deferred].sort());
  for (const batch of batches.slice(1)) expect(batch, `sections hydrated in one task: ${batch.join(', ')}`).toHaveLength(1);

  // Hydrated, they answer: a switch by pointer, another by keyboard, the last section's button by keyboard.
  const preferences = page.locator('#email-preferences');
  const saved = page.waitForResponse((response) => response.url().includes('user.updatePreferences') && response.ok());
  await preferences.getByRole('switch', { name: 'Newsletter' }).click();
  await saved;
  await expect(preferences.getByRole('switch', { name: 'Newsletter' })).not.toBeChecked();
  const savedAgain = page.waitForResponse((response) => response.url().includes('user.updatePreferences') && response.ok());
  await preferences.getByRole('switch', { name: 'Marketing emails' }).press('Space');
  await savedAgain;
  await expect(preferences.getByRole('switch', { name: 'Marketing emails' })).not.toBeChecked();
  await page.locator('#account-actions').getByRole('button', { name: 'Sign Out Everywhere' }).press('Enter');
  await expect(page.getByRole('alertdialog', { name: 'Sign out everywhere?' })).toContainText('this one too');
  await expectNoSeriousA11yViolations(page);
});

test('an API token is shown once, works as a bearer token, is listed, and stops working when revoked', async ({ page, playwright, baseURL }) => {
  await signUpVerified(page);
  await openAccount(page);
  const section = page.locator('#api-tokens');
  await expect(section.getByText('No tokens yet.')).toBeVisible();
  await section.getByLabel('Token name').fill('Laptop script');
  await section.getByRole('button', { name: 'Create Token' }).click();

  const dialog = page.getByRole('dialog', { name: 'Your new token' });
  await expect(dialog).toContainText('this is the only time it is shown');
  const token = await dialog.getByLabel('Token').inputValue();
  expect(token.length).toBeGreaterThan(20);
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();

  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  expect((await api.get('/api/tasks')).status()).toBe(200);

  const row = section.getByRole('listitem').filter({ hasText: 'Laptop script' });
  await expect(row).toContainText(token.slice(0, 6));
  await row.getByRole('button', { name: 'Revoke Laptop script' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke this token?' });
  await confirm.getByRole('button', { name: 'Revoke Token' }).click();
  await expect(page.getByText('Token revoked')).toBeVisible();
  await expect(section.getByText('No tokens yet.')).toBeVisible();
  expect((await api.get('/api/tasks')).status()).toBe(401);
  await api.dispose();
});

test('the calendar feed can be turned on, fetched, given a new link and turned off', async ({ page }) => {
  await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Dentist', dueDate: new Date(Date.now() + 86_400_000).toISOString() });
  await openAccount(page);
  const section = page.locator('#calendar-feed');
  await section.getByRole('button', { name: 'Turn On Calendar Feed' }).click();
  const url = await section.getByLabel('Feed URL').inputValue();
  expect(url).toMatch(/\/api\/calendar\/.+\.ics$/);
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('Dentist');

  await section.getByRole('button', { name: 'Get a New Link' }).click();
  await expect(section.getByLabel('Feed URL')).not.toHaveValue(url);
  expect((await page.request.get(url)).status()).toBe(404);

  await section.getByRole('button', { name: 'Turn Off' }).click();
  await expect(section.getByRole('button', { name: 'Turn On Calendar Feed' })).toBeVisible();
});

test('Export my data downloads a JSON file with the profile, tasks and sessions', async ({ page }) => {
  const account = await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Exported task' });
  expect((await page.request.post('/api/sessions', jsonBody({ sessionName: 'Exported session' }))).status()).toBe(200);
  await openAccount(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download My Data' }).click();
  const file = await (await download).path();
  const data = JSON.parse(await readFile(file, 'utf8'));
  expect(data.profile).toMatchObject({ email: account.email, name: account.name });
  expect(data.tasks.map((task: { title: string }) => task.title)).toEqual(['Exported task']);
  expect(data.sessions.map((session: { sessionName: string }) => session.sessionName)).toEqual(['Exported session']);
  expect(JSON.stringify(data)).not.toMatch(/passwordHash|argon2/);
});

test('a currency chosen earlier in this browser is shown once the section is live, without a hydration mismatch for React to recover from', async ({ page }) => {
  // The choice is only in this browser's storage: the server's HTML has the default (pounds), and
  // reading the storage in the hydration render made React throw the section's HTML away.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.addInitScript(() => window.localStorage.setItem('region', 'USA'));
  await signUpVerified(page);
  await openAccount(page, '/account#subscription');
  const section = page.locator('#subscription');
  await expect(section.getByLabel('Currency')).toHaveValue('USA');
  await expect(section.getByTestId('plus-price')).toContainText('$2');
  await expect(page.locator('#subscription').locator('xpath=ancestor-or-self::*[@inert]')).toHaveCount(0);
  expect(errors.filter((text) => /hydrat|#418|#425|did not match/i.test(text))).toEqual([]);
});

test('without Stripe keys the subscription says billing is not configured instead of offering Upgrade', async ({ page }) => {
  await signUpVerified(page);
  await openAccount(page);
  const section = page.locator('#subscription');
  await expect(section.getByText('Billing is not configured')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Upgrade to Plus' })).toHaveCount(0);
  await expect(section.getByTestId('plus-price')).toContainText('£2');
  await expect(section.getByTestId('plus-price').locator('s')).toHaveText('£4');
  await section.getByLabel('Currency').selectOption('USA');
  await expect(section.getByTestId('plus-price')).toContainText('$2');
  await page.reload();
  await expect(page.locator('#subscription').getByLabel('Currency')).toHaveValue('USA');
  expect(await page.evaluate(() => window.localStorage.getItem('region'))).toBe('USA');
});

test("the subscription's prices come worded from the server: no number formatter is made in the browser as the page loads and hydrates, and the currency still switches", async ({ page }) => {
  // A page's first Intl.NumberFormat is the platform's locale and currency set-up: a long task of
  // its own when Subscription hydrated (src/lib/pricing.ts, `plusPricesByCountry`). Every one made is noted.
  await countNumberFormatters(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await signUpVerified(page);
  await openAccount(page);
  const section = page.locator('#subscription');
  for (const id of ['subscription', 'account-actions']) await expect(page.locator(`#${id}`).locator('xpath=ancestor-or-self::*[@inert]')).toHaveCount(0);
  await expect(section.getByTestId('plus-price')).toContainText('£2');
  await expect(section.getByTestId('plus-price').locator('s')).toHaveAccessibleName('was £4');
  await section.getByLabel('Currency').selectOption('USA');
  await expect(section.getByTestId('plus-price')).toContainText('$2');
  await expect(section.getByTestId('plus-price').locator('s')).toHaveText('$4');
  expect(await numberFormattersMade(page)).toEqual([]);
});

test('the subscription section comes whole with the page: no billing status request after it has loaded', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('billing.status') || request.url().includes('/billing/status')) asked.push(request.url());
  });
  await signUpVerified(page);
  const html = await (await page.request.get('/account')).text();
  expect(html).toContain('Billing is not configured on this server, so Plus cannot be bought here right now.');
  await openAccount(page);
  const subscription = page.locator('#subscription');
  await expect(subscription.locator('xpath=ancestor-or-self::*[@inert]')).toHaveCount(0);
  await expect(page.locator('#account-actions').locator('xpath=ancestor-or-self::*[@inert]')).toHaveCount(0);
  await expect(subscription).toContainText('Billing is not configured on this server, so Plus cannot be bought here right now.');
  expect(asked).toEqual([]);
});

test('returning from Stripe says what happened and never pretends to be Plus', async ({ page }) => {
  await signUpVerified(page);
  await openAccount(page, '/account?checkout=success&session_id=cs_test_1');
  await expect(page.getByText('Payment received — Plus activates in a moment.')).toBeVisible();
  await expect(page.locator('#subscription').getByText('Free plan', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  await openAccount(page, '/account?checkout=cancelled');
  await expect(page.getByText('Checkout cancelled — you were not charged.')).toBeVisible();
});

test('Sign Out ends the session and goes to /signin', async ({ page }) => {
  await signUpVerified(page);
  await openAccount(page);
  await page.evaluate(() => window.localStorage.setItem('cachedUser', '{"name":"Ada"}'));
  await page.locator('#account-actions').getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/signin/);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  expect(await page.evaluate(() => window.localStorage.getItem('cachedUser'))).toBeNull();
});

test('Sign Out Everywhere asks first, then ends every browser session of the account, this one too', async ({ page, browser }) => {
  const account = await signUpVerified(page);
  const other = await browser.newContext();
  const signin = await other.request.post('/api/auth/signin', jsonBody({ email: account.email, password: account.password }));
  expect(signin.status()).toBe(200);
  expect((await other.request.get('/api/auth/me')).status()).toBe(200);

  await openAccount(page);
  await page.locator('#account-actions').getByRole('button', { name: 'Sign Out Everywhere' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
  await expect(confirm).toContainText('this one too');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Sign Out Everywhere' }).click();
  await expect(page).toHaveURL(/\/signin/);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  expect((await other.request.get('/api/auth/me')).status()).toBe(401);
  await other.close();
});

test('Sign Out on one device leaves the others signed in', async ({ page, browser }) => {
  const account = await signUpVerified(page);
  const other = await browser.newContext();
  expect((await other.request.post('/api/auth/signin', jsonBody({ email: account.email, password: account.password }))).status()).toBe(200);
  await openAccount(page);
  await page.locator('#account-actions').getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/signin/);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  expect((await other.request.get('/api/auth/me')).status()).toBe(200);
  await other.close();
});

test('Delete Account asks first and for the password, removes the account and lands on /', async ({ page }) => {
  const account = await signUpVerified(page);
  await openAccount(page);
  await page.locator('#account-actions').getByRole('button', { name: 'Delete Account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);

  await page.locator('#account-actions').getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(dialog.getByText('Please enter your password to delete your account')).toBeVisible();
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(dialog.getByText('Password is incorrect. Your account was not deleted.')).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  await dialog.getByLabel('Your password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  const signin = await page.request.post('/api/auth/signin', jsonBody({ email: account.email, password: account.password }));
  expect(signin.status()).toBe(401);
});

test('Reset Password leads to /reset-password; Appearance keeps the theme in the browser', async ({ page }) => {
  await signUpVerified(page);
  await openAccount(page);
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
  await page.getByText('Dark', { exact: true }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');
  await page.getByRole('link', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
});

for (const theme of ['light', 'dark'] as const) {
  test(`account page passes axe and is photographed in ${theme}`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await signUpVerified(page);
    await createTaskViaApi(page, { title: 'Something to count' });
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await openAccount(page);
      await expect(page.getByText('Billing is not configured')).toBeVisible();
      await expect(page.locator('#calendar-feed').getByRole('button')).toBeVisible();
      await expect(page.locator('#api-tokens').getByText('No tokens yet.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `account-${size}-${theme}`);
    }
    await page.locator('#account-actions').getByRole('button', { name: 'Delete Account' }).click();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `account-delete-dialog-${theme}`, { fullPage: false });
  });
}

// Dialogs load their code when first opened (src/components/lazy.tsx; first-load
// JavaScript). The background fetch starts at the first interaction (here: the opening click
// itself), so these tests open each dialog on the path where its code arrives only after the click, and check that
// it still opens, closes, and returns focus to the button that opened it.
import { expect, test } from '@playwright/test';
import { createTaskViaApi, jsonBody, signUpVerified } from './accounts';
import { expectNoSeriousA11yViolations, screenshot, useStoredTheme } from './helpers';

test('the task form loads on the opening click and gives focus back to New Task on Escape', async ({ page }) => {
  await page.clock.install();
  await signUpVerified(page);
  await page.goto('/dashboard');
  const newTask = page.getByRole('button', { name: 'New Task' });
  await newTask.click();
  await expect(page.getByRole('heading', { name: 'Create Task' })).toBeVisible();
  await expect(page.getByLabel('Title')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.clock.runFor(1000);
  await expect(page.getByRole('heading', { name: 'Create Task' })).toHaveCount(0);
  await expect(newTask).toBeFocused();
});

test('the navigation drawer loads on the opening click and gives focus back to Open menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.clock.install();
  await signUpVerified(page);
  await page.goto('/dashboard');
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  await openMenu.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Calendar' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.clock.runFor(1000);
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveCount(0);
  await expect(openMenu).toBeFocused();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the drawer at 360 px (${theme}): axe clean, focus kept inside, a link closes it`, async ({ page }) => {
    await useStoredTheme(page, theme);
    await page.setViewportSize({ width: 360, height: 740 });
    await signUpVerified(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    // The panel slides in to the start edge, narrower than the screen.
    const panel = page.locator('[id^="headlessui-dialog-panel"]');
    await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0);
    expect((await panel.boundingBox())?.width).toBeLessThan(360);
    // Behind it the page is inert: Tab cycles through the drawer only.
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `drawer-${theme}-360`, { fullPage: false });
    await drawer.getByRole('link', { name: 'Calendar' }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  });
}

test('the delete confirmation, opened from the keyboard, loads and returns focus', async ({ page }) => {
  await page.clock.install();
  await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Lazy task', dueDate: new Date(Date.now() + 86_400_000).toISOString() });
  await page.goto('/dashboard');
  const remove = page.getByRole('button', { name: 'Delete "Lazy task"' });
  // The dashboard's controls are inert until its code has loaded (after the page's load event,
  // src/features/dashboard/DashboardIsland.tsx): nobody can focus them before, nor can focus().
  // The control is first on screen (the server's HTML in place), then no longer inert.
  await expect(remove).toBeVisible();
  await expect(page.locator('[inert]')).toHaveCount(0);
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Delete Task' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.clock.runFor(1000);
  await expect(page.getByRole('heading', { name: 'Delete Task' })).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(page.getByText('Lazy task')).toBeVisible();
});

test('Manual Session while Configure Session’s code is still on its way: the chooser stays, the page behind never takes the click', async ({ page }) => {
  await signUpVerified(page);
  for (let i = 1; i <= 20; i += 1) expect((await page.request.post('/api/sessions', jsonBody({}))).status()).toBe(200);
  // Configure Session's code arrives late (a slow connection), whoever asks for it: held until the
  // test lets it go (a fixed delay raced the page's own background fetch on a busy machine).
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  await page.route('**/_next/static/chunks/**', async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    if (body.includes('Set up your clock and choose what to focus on.')) await held;
    await route.fulfill({ response, body });
  });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Start Session', exact: true }).first().click();
  await page.getByRole('button', { name: /Manual Session/ }).click();
  // Meanwhile the chooser is still there, covering the page.
  await page.waitForTimeout(500);
  await expect(page.getByRole('button', { name: /Manual Session/ })).toBeVisible();
  letGo();
  // The dashboard spec's own next step: the last Start Session is Configure Session's.
  await page.getByRole('button', { name: 'Start Session', exact: true }).last().click();
  await expect(page.getByRole('heading', { name: 'Session Limit Reached' })).toBeVisible();
});

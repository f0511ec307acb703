// Dialogs load their code when first opened (src/components/lazy.tsx; first-load
// JavaScript). With Playwright's clock installed the idle-time preloading never runs, so these
// tests open each dialog on the path where its code arrives only after the click, and check that
// it still opens, closes, and returns focus to the button that opened it.
import { expect, test } from '@playwright/test';
import { createTaskViaApi, signUpVerified } from './accounts';

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

test('the delete confirmation, opened from the keyboard, loads and returns focus', async ({ page }) => {
  await page.clock.install();
  await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Lazy task', dueDate: new Date(Date.now() + 86_400_000).toISOString() });
  await page.goto('/dashboard');
  const remove = page.getByRole('button', { name: 'Delete "Lazy task"' });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Delete Task' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.clock.runFor(1000);
  await expect(page.getByRole('heading', { name: 'Delete Task' })).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(page.getByText('Lazy task')).toBeVisible();
});

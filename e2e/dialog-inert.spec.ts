// Every modal dialog makes the page behind it inert (out of reach of the keyboard and of
// assistive technology), also when another, different dialog was opened and closed before it
// on the same page.
import { expect, test, type Page } from '@playwright/test';
import { createTaskViaApi, signUpVerified } from './accounts';

/** Whether the dashboard's New Task button is inside an inert part of the page. */
function newTaskIsInert(page: Page) {
  return page.evaluate(() => {
    const button = [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === 'New Task');
    return Boolean(button?.closest('[inert]'));
  });
}

test('a second, different dialog makes the page behind it inert, as the first did', async ({ page }) => {
  await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Water the plants', dueDate: new Date(Date.now() + 86_400_000).toISOString() });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'New Task' }).click();
  await expect(page.getByRole('heading', { name: 'Create Task' })).toBeVisible();
  await expect.poll(() => newTaskIsInert(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: 'Create Task' })).toHaveCount(0);
  await expect.poll(() => newTaskIsInert(page)).toBe(false);

  await page.getByRole('button', { name: 'Delete "Water the plants"' }).click();
  await expect(page.getByRole('heading', { name: 'Delete Task' })).toBeVisible();
  await expect.poll(() => newTaskIsInert(page)).toBe(true);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Delete Task' })).toHaveCount(0);
  await expect.poll(() => newTaskIsInert(page)).toBe(false);

  // And the first one again.
  await page.getByRole('button', { name: 'New Task' }).click();
  await expect(page.getByRole('heading', { name: 'Create Task' })).toBeVisible();
  await expect.poll(() => newTaskIsInert(page)).toBe(true);
});

// /breakdown in real Chromium with the built-in planner (the e2e server has no AI key): the
// product's validation messages, a breakdown with its planner note and Helpful Tips, Add as Subtask
// creating a real AI-generated subtask of the picked task, and the limit modal; axe and
// screenshots in both themes at 390 and 1280 px.
import { expect, test, type Page } from '@playwright/test';
import { createTaskViaApi, jsonBody, signUpVerified } from './accounts';
import { expectNoSeriousA11yViolations, screenshot, useStoredTheme, VIEWPORTS } from './helpers';

const DESCRIPTION = 'Research the topic, write an outline, draft the chapters, then edit and send it to the editor.';

async function openBreakdown(page: Page) {
  await page.goto('/breakdown');
  await expect(page.getByRole('heading', { level: 1, name: 'Task Breakdown' })).toBeVisible();
}

test("the product's validation messages: a task first, then a description", async ({ page }) => {
  await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Write the report' });
  await openBreakdown(page);
  await page.getByRole('button', { name: 'Breakdown Task' }).click();
  await expect(page.getByText('Please select a task first')).toBeVisible();

  await page.getByRole('radio', { name: /Write the report/ }).check();
  await page.getByLabel('Description').fill('   ');
  await page.getByRole('button', { name: 'Breakdown Task' }).click();
  await expect(page.getByText('Please provide a description')).toBeVisible();
});

test('only open top-level tasks are offered; picking one fills in its description', async ({ page }) => {
  await signUpVerified(page);
  const parent = await createTaskViaApi(page, { title: 'Plan the trip', description: 'Book flights and a hotel' });
  await createTaskViaApi(page, { title: 'A subtask', parentTaskId: parent.id });
  const done = await createTaskViaApi(page, { title: 'Already done' });
  expect((await page.request.post(`/api/tasks/${done.id}/complete`, jsonBody({}))).status()).toBe(200);
  await openBreakdown(page);
  await expect(page.getByRole('radio')).toHaveCount(1);
  await page.getByRole('radio', { name: /Plan the trip/ }).check();
  await expect(page.getByLabel('Description')).toHaveValue('Book flights and a hotel');
});

test('a breakdown by the built-in planner, then Add as Subtask creates an AI-generated subtask', async ({ page }) => {
  await signUpVerified(page);
  const parent = await createTaskViaApi(page, { title: 'Write the book', description: DESCRIPTION, dueDate: new Date(Date.now() + 7 * 86_400_000).toISOString() });
  await openBreakdown(page);
  await page.getByRole('radio', { name: /Write the book/ }).check();
  await expect(page.getByLabel('Description')).toHaveValue(DESCRIPTION);
  await page.getByRole('button', { name: 'Breakdown Task' }).click();

  await expect(page.getByRole('heading', { name: 'Helpful Tips' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('planner-note')).toContainText('built-in planner');
  const first = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /Add as Subtask/ }) }).first();
  const title = (await first.getByRole('heading').innerText()).replace(/^\d+\.\s*/, '');
  // The badge says its word (and 'Difficulty:' to screen readers), never colour alone.
  const badge = first.getByText(/^Difficulty: (Easy|Medium|Hard)$/);
  await expect(badge).toBeVisible();
  await expect(first.getByText('Estimated time:')).toBeVisible();
  // "45 min" or "1 h 30 min": the subtask takes it as its estimatedMinutes.
  const estimateText = (await first.locator('dt', { hasText: 'Estimated time:' }).locator('xpath=following-sibling::dd').innerText()).trim();
  const [, h, m] = /^(?:(\d+) h)?\s*(?:(\d+) min)?$/.exec(estimateText) ?? [];
  const estimatedMinutes = Number(h ?? 0) * 60 + Number(m ?? 0);
  expect(estimatedMinutes, estimateText).toBeGreaterThan(0);
  const difficulty = (await badge.textContent())!.replace('Difficulty:', '').trim();

  await first.getByRole('button', { name: /Add as Subtask/ }).click();
  // The card no longer has an Add button: find it again by its title.
  const card = page.getByRole('listitem').filter({ hasText: title }).first();
  await expect(card.getByRole('button', { name: /^Added/ })).toBeDisabled();

  const tasks = (await (await page.request.get('/api/tasks')).json()) as { title: string; parentTaskId: string | null; isAiGenerated: boolean; importance: string; difficulty: string }[];
  const subtask = tasks.find((task) => task.parentTaskId === parent.id);
  expect(subtask).toMatchObject({ title, isAiGenerated: true, difficulty, estimatedMinutes });
  expect(subtask?.importance).toBe(difficulty === 'Hard' ? 'High' : difficulty === 'Medium' ? 'Medium' : 'Low');

  const me = await (await page.request.get('/api/auth/me')).json();
  expect(me.aiBreakdownsThisMonth).toBe(1);
});

test('at the AI breakdown limit the limit modal opens and leads to /account', async ({ page }) => {
  await signUpVerified(page);
  const task = await createTaskViaApi(page, { title: 'Big project', description: DESCRIPTION });
  for (let i = 0; i < 5; i++) {
    const response = await page.request.post(`/api/tasks/${task.id}/breakdown`, jsonBody({ description: DESCRIPTION }));
    expect(response.status(), await response.text()).toBe(200);
  }
  await openBreakdown(page);
  await page.getByRole('radio', { name: /Big project/ }).check();
  await page.getByRole('button', { name: 'Breakdown Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI Breakdown Limit Reached' });
  await expect(dialog.getByRole('heading', { name: 'AI Breakdown Limit Reached' })).toBeVisible();
  await expect(dialog).toContainText('5 of 5 used this month');
  await expect(dialog).toContainText("You've reached your limit of 5 AI breakdowns per month on the Free plan.");
  await dialog.getByRole('button', { name: 'Upgrade to Plus' }).click();
  await expect(page).toHaveURL(/\/account$/);
});

for (const theme of ['light', 'dark'] as const) {
  test(`breakdown passes axe and is photographed in ${theme}`, async ({ page }) => {
      await useStoredTheme(page, theme);
    await signUpVerified(page);
    await createTaskViaApi(page, { title: 'Write the book', description: DESCRIPTION, color: '#10B981' });
    await createTaskViaApi(page, { title: 'Tidy the garage', description: 'Sort, donate, sweep' });
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await openBreakdown(page);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `breakdown-empty-${size}-${theme}`);
      await page.getByRole('radio', { name: /Write the book/ }).check();
      await page.getByRole('button', { name: 'Breakdown Task' }).click();
      await expect(page.getByRole('heading', { name: 'Helpful Tips' })).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: /Add as Subtask/ }).first().click();
      await expect(page.getByRole('button', { name: /Added/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `breakdown-results-${size}-${theme}`);
    }
  });
}

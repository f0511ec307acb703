// The focus session in real Chromium, with Playwright's clock control (never real waiting): the
// pomodoro flips with its notices, a timer ends, pause and resume keep exact time across a
// reload, tasks are completed through a session, quick create, the bottom bar, the AI wizard,
// and accessibility and screenshots in both themes.
import { expect, test, type Page } from '@playwright/test';
import { createTaskViaApi, jsonBody, signUpVerified } from './accounts';
import { expectNoSeriousA11yViolations, screenshot, useStoredTheme, VIEWPORTS } from './helpers';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function createSession(page: Page, body: Record<string, unknown>): Promise<{ id: string; sessionName: string }> {
  const response = await page.request.post('/api/sessions', jsonBody(body));
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

async function openSession(page: Page, id: string) {
  await page.goto(`/sessions/${id}`);
  await expect(page.getByRole('region', { name: 'Clock' })).toBeVisible();
}

const clockText = (page: Page) => page.getByRole('timer');
/** The shown clock in seconds ('24:50' → 1490). */
/** A stopwatch session open under a fake clock, the pointer away from the bar, which shows on load. */
async function stopwatchWithBarShown(page: Page) {
  await page.clock.install();
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'stopwatch' });
  await page.mouse.move(5, 5);
  await openSession(page, session.id);
  const bar = page.getByRole('toolbar', { name: 'Session controls' });
  await expect(bar).toHaveAttribute('data-visible', 'true');
  return bar;
}

async function shownSeconds(page: Page): Promise<number> {
  const text = (await clockText(page).textContent()) ?? '';
  return text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}
// page.clock.install() keeps time flowing at its real pace between the test's jumps, so a busy
// machine may show a second or two more than the jumps alone: exact checks are made where time
// is frozen (a paused clock), the others allow for that.
const update = (page: Page) => page.getByRole('heading', { name: 'Session Update' });

test('without a current session, /session goes to the dashboard', async ({ page }) => {
  await signUpVerified(page);
  await page.goto('/session');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('/sessions/{id} makes that session current; someone else\'s session goes to the dashboard', async ({ page, playwright }) => {
  const other = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await signUpVerified(other);
  const answer = await other.post('/api/sessions', jsonBody({ displayMode: 'clock' }));
  expect(answer.status()).toBe(200);
  const theirs = (await answer.json()) as { id: string };
  await other.dispose();

  await signUpVerified(page);
  const mine = await createSession(page, { displayMode: 'timer', timerDuration: 10, maxTasks: 3 });
  await openSession(page, mine.id);
  expect(await page.evaluate(() => sessionStorage.getItem('currentSessionId'))).toBe(mine.id);
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('sessionConfig') ?? '{}'))).toEqual({ displayMode: 'timer', maxTasks: 3 });
  await page.goto('/session');
  await expect(page.getByRole('heading', { name: mine.sessionName })).toBeVisible();

  await page.goto(`/sessions/${theirs.id}`);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a 25-minute pomodoro flips to a 5-minute break and back, with the notices', async ({ page }) => {
  await page.clock.install();
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'pomodoro' });
  await createTaskViaApi(page, { title: 'Outline chapter two', sessionId: session.id });
  await openSession(page, session.id);
  await expect(page.getByRole('heading', { name: 'Outline chapter two' })).toBeVisible();
  await expect(clockText(page)).toHaveText(/^2[45]:\d\d$/);
  await expect(page.getByRole('region', { name: 'Clock' })).toContainText('Work');

  await page.clock.fastForward('10:00');
  await expect(clockText(page)).toHaveText(/^1[45]:\d\d$/);
  await expect.poll(() => page.title()).toMatch(/^1[45]:\d\d · Work · Onething$/);

  await page.clock.fastForward('15:00');
  await expect(update(page)).toBeVisible();
  await expect(page.getByText('Work session ended! Starting break.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('region', { name: 'Clock' })).toContainText('Break');
  await expect(clockText(page)).toHaveText(/^0[45]:\d\d$/);

  await page.clock.fastForward('05:00');
  await expect(page.getByText('Break ended! Starting work session.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('region', { name: 'Clock' })).toContainText('Work');
  await expect(clockText(page)).toHaveText(/^2[45]:\d\d$/);
});

test('a timer counts down and ends with "Timer ended!"', async ({ page }) => {
  await page.clock.install();
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'timer', timerDuration: 2 });
  await openSession(page, session.id);
  await expect(clockText(page)).toHaveText(/^0[12]:\d\d$/);
  await page.clock.fastForward('01:00');
  await expect(clockText(page)).toHaveText(/^0[01]:\d\d$/);
  await page.clock.fastForward('01:00');
  await expect(update(page)).toBeVisible();
  await expect(page.getByText('Timer ended!')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(clockText(page)).toHaveText('00:00');
  // It stopped: time passing changes nothing.
  await page.clock.fastForward('05:00');
  await expect(clockText(page)).toHaveText('00:00');
});

test('pause and resume keep exact time across a reload', async ({ page }) => {
  await page.clock.install();
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'timer', timerDuration: 25 });
  await openSession(page, session.id);
  await page.clock.fastForward('00:10');
  await expect(clockText(page)).toHaveText(/^24:[45]\d$/);
  const bar = page.getByRole('toolbar', { name: 'Session controls' });
  await page.getByTestId('session-bottom-bar-zone').hover();
  await bar.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('region', { name: 'Clock' })).toContainText('Paused');
  const paused = await clockText(page).textContent();
  const pausedAt = await shownSeconds(page);

  // Paused: neither time passing nor a reload changes what it shows.
  await page.clock.fastForward('03:00');
  await page.reload();
  await expect(clockText(page)).toHaveText(paused!);
  await expect(page.getByRole('region', { name: 'Clock' })).toContainText('Paused');
  await page.clock.fastForward('01:00');
  await expect(clockText(page)).toHaveText(paused!);

  // Resumed: it carries on from exactly there, and a reload keeps counting.
  await page.getByTestId('session-bottom-bar-zone').hover();
  await bar.getByRole('button', { name: 'Start' }).click();
  await page.clock.fastForward('00:20');
  await expect.poll(() => shownSeconds(page)).toBeLessThanOrEqual(pausedAt - 20);
  expect(await shownSeconds(page)).toBeGreaterThanOrEqual(pausedAt - 25);
  await page.reload();
  await expect(clockText(page)).toBeVisible();
  await page.clock.fastForward('00:05');
  await expect.poll(() => shownSeconds(page)).toBeLessThanOrEqual(pausedAt - 25);
  expect(await shownSeconds(page)).toBeGreaterThanOrEqual(pausedAt - 35);
});

test('the bottom bar shows for 3 s on load, on hover and on focus, and hides 300 ms after the pointer leaves', async ({ page }) => {
  const bar = await stopwatchWithBarShown(page);
  await expect(bar.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Quit Session' })).toBeVisible();
  await page.clock.runFor(3100);
  await expect(bar).toHaveAttribute('data-visible', 'false');
  await page.getByTestId('session-bottom-bar-zone').hover();
  await expect(bar).toHaveAttribute('data-visible', 'true');
  await page.mouse.move(5, 5);
  await page.clock.runFor(200);
  await expect(bar).toHaveAttribute('data-visible', 'true');
  await page.clock.runFor(150);
  await expect(bar).toHaveAttribute('data-visible', 'false');
  await bar.getByRole('button', { name: 'Pause' }).focus();
  await expect(bar).toHaveAttribute('data-visible', 'true');
});

test('the bottom bar never shows its words half faded: it glides out of sight at full contrast, then turns transparent', async ({ page }) => {
  const bar = await stopwatchWithBarShown(page);
  await page.clock.runFor(3100);
  await expect(bar).toHaveAttribute('data-visible', 'false');
  // Every moment of the hiding transition, held still through the Web Animations API (the CSS
  // transitions are real-time, not page.clock's): fully opaque while any of it is on screen
  // (a half-transparent "Pause" is what axe measured at #bababb), transparent once below the edge.
  const frames = await bar.evaluate((element) => {
    const transitions = element.getAnimations();
    const end = Math.max(0, ...transitions.map((animation) => Number(animation.effect?.getComputedTiming().endTime ?? 0)));
    const seen: { at: number; opacity: number; top: number }[] = [];
    for (let at = 0; at <= end + 1; at += 25) {
      for (const animation of transitions) {
        animation.pause();
        animation.currentTime = Math.min(at, end);
      }
      seen.push({ at, opacity: Number(getComputedStyle(element).opacity), top: element.getBoundingClientRect().top });
    }
    for (const animation of transitions) animation.finish();
    return { end, seen, height: window.innerHeight, rest: Number(getComputedStyle(element).opacity) };
  });
  expect(frames.end).toBeGreaterThan(0);
  for (const frame of frames.seen) {
    expect([0, 1], `opacity at ${frame.at} ms`).toContain(frame.opacity);
    if (frame.opacity === 0) expect(frame.top, `transparent only below the screen's edge (${frame.at} ms)`).toBeGreaterThanOrEqual(frames.height);
  }
  expect(frames.rest).toBe(0);
  // Shown again at once, at full contrast.
  await page.getByTestId('session-bottom-bar-zone').hover();
  await expect(bar).toHaveAttribute('data-visible', 'true');
  expect(await bar.evaluate((element) => Number(getComputedStyle(element).opacity))).toBe(1);
  await expectNoSeriousA11yViolations(page);
});

test('completing tasks through a session: Great work!, a failure rolled back, End Session?', async ({ page }) => {
  await page.clock.install();
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'stopwatch' });
  await createTaskViaApi(page, { title: 'Undated last', sessionId: session.id });
  await createTaskViaApi(page, { title: 'Due first', sessionId: session.id, dueDate: inHours(2) });
  await createTaskViaApi(page, { title: 'Due second', sessionId: session.id, dueDate: inHours(4) });
  await openSession(page, session.id);

  const current = page.locator('#current-task-title');
  await expect(current).toHaveText('Due first');
  await expect(page.getByRole('region', { name: 'Up next' })).toContainText('Due second');

  // A failed completion: the Session Update dialog says so and the task comes back.
  // The screen completes through the typed client (tRPC), as the dashboard does.
  await page.route('**/api/trpc/task.complete*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(page.getByText('Failed to complete task. Please try again.')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(current).toHaveText('Due first');
  await page.unroute('**/api/trpc/task.complete*');

  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Great work!' })).toBeVisible();
  await expect(current).toHaveText('Due second');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Great work!' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(current).toHaveText('Undated last');

  // The last one: nothing else from this session remains, so no Great work!, and the clock pauses.
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No tasks to display.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Great work!' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Clock' })).toContainText('Paused');

  // The screen completes optimistically: wait for the last write to reach the server.
  await expect
    .poll(async () => {
      const tasks = (await (await page.request.get(`/api/sessions/${session.id}/tasks`)).json()) as { completed: boolean }[];
      return tasks.filter((task) => task.completed).length;
    })
    .toBe(3);

  await page.getByTestId('session-bottom-bar-zone').hover();
  await page.getByRole('button', { name: 'Quit Session' }).click();
  await expect(page.getByRole('heading', { name: 'End Session?' })).toBeVisible();
  await expect(page.getByText('You have no tasks left in this session.')).toBeVisible();
  await page.getByRole('button', { name: 'End Session' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('End Session? shows the remaining count; Keep Going stays', async ({ page }) => {
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'clock-date' });
  await createTaskViaApi(page, { title: 'One', sessionId: session.id });
  await createTaskViaApi(page, { title: 'Two', sessionId: session.id });
  await openSession(page, session.id);
  const bar = page.getByRole('toolbar', { name: 'Session controls' });
  await expect(bar.getByRole('button', { name: /Pause|Start/ })).toHaveCount(0);
  await page.getByTestId('session-bottom-bar-zone').hover();
  await bar.getByRole('button', { name: 'Quit Session' }).click();
  await expect(page.getByText('You have 2 tasks remaining in this session.')).toBeVisible();
  await page.getByRole('button', { name: 'Keep Going' }).click();
  await expect(page).toHaveURL(new RegExp(`/sessions/${session.id}$`));
  await expect(page.getByRole('heading', { name: 'End Session?' })).toHaveCount(0);
});

test('quick create: Very Hard offered, no due date needed, and it starts a stopped clock', async ({ page }) => {
  await page.clock.install();
  await signUpVerified(page);
  const session = await createSession(page, { displayMode: 'stopwatch' });
  await openSession(page, session.id);
  await expect(page.getByRole('heading', { name: 'Create your first task' })).toBeVisible();
  await page.getByTestId('session-bottom-bar-zone').hover();
  await page.getByRole('toolbar', { name: 'Session controls' }).getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('region', { name: 'Clock' })).toContainText('Paused');
  const stopped = await clockText(page).textContent();
  await page.clock.fastForward('00:07');
  await expect(clockText(page)).toHaveText(stopped!);

  await page.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Task' })).toBeVisible();
  await expect(page.getByLabel('Difficulty').locator('option')).toHaveText(['Easy', 'Medium', 'Hard', 'Very Hard']);
  await page.getByLabel('Title').fill('Fix the leaking tap');
  await page.getByLabel('Difficulty').selectOption('Very Hard');
  await page.getByRole('button', { name: 'Create Task', exact: true }).click();
  await expect(page.getByText('Task created successfully!')).toBeVisible();
  await expect(page.locator('#current-task-title')).toHaveText('Fix the leaking tap');
  await expect(page.getByRole('region', { name: 'Clock' })).not.toContainText('Paused');
  const before = await shownSeconds(page);
  await page.clock.fastForward('00:05');
  await expect.poll(() => shownSeconds(page)).toBeGreaterThanOrEqual(before + 5);

  const tasks = await (await page.request.get(`/api/sessions/${session.id}/tasks`)).json();
  expect(tasks).toMatchObject([{ title: 'Fix the leaking tap', difficulty: 'Very Hard', dueDate: null, sessionId: session.id }]);
});

test('AI wizard with the built-in planner: mood, clock, recommendations, start', async ({ page }) => {
  await signUpVerified(page);
  const probe = await page.request.post('/api/sessions/ai-plan', jsonBody({ mood: 'focused', displayMode: 'clock' }));
  test.skip(probe.status() === 404, 'the AI router is not in this build yet');
  await createTaskViaApi(page, { title: 'Tidy the inbox', difficulty: 'Easy', dueDate: inHours(6) });
  await createTaskViaApi(page, { title: 'Write the proposal', difficulty: 'Hard', dueDate: inHours(30) });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Start Session' }).first().click();
  await page.getByRole('button', { name: /AI Session/ }).click();
  await expect(page.getByText('How are you feeling right now?')).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByText('Focused', { exact: true }).click();
  await next.click();
  await page.getByLabel('Timer').check();
  await page.getByLabel('Timer duration (minutes)').fill('45');
  await page.getByRole('button', { name: 'Get Recommendations' }).click();
  const recommendations = page.getByRole('region', { name: 'Recommendations' });
  await expect(recommendations).toBeVisible();
  await expect(recommendations.getByText('Built-in planner')).toBeVisible();
  await expect(recommendations).toContainText(/Tidy the inbox|Write the proposal/);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'session-ai-wizard-recommendations-1280', { fullPage: false });
  await page.getByLabel('Session name').fill('Deep work');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Start Session' }).last().click();
  await expect(page).toHaveURL(/\/session$/);
  await expect(page.getByRole('heading', { name: 'Deep work' })).toBeVisible();
  await expect(clockText(page)).toHaveText(/^4[45]:\d\d$/);
  await expect(page.locator('#current-task-title')).toHaveText(/Tidy the inbox|Write the proposal/);
});

test('a session with no task: started from Manual with none ticked, and from the AI wizard with Just focus; the screen says Just focus', async ({ page }) => {
  await signUpVerified(page);
  await createTaskViaApi(page, { title: 'Tidy the inbox', difficulty: 'Easy', dueDate: inHours(6) });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Start Session', exact: true }).first().click();
  await page.getByRole('button', { name: /Manual Session/ }).click();
  await expect(page.getByText('Optional: pick none to just focus.')).toBeVisible();
  await expect(page.getByLabel('Tidy the inbox', { exact: true })).not.toBeChecked();
  await page.getByLabel('Timer').check();
  await page.getByRole('button', { name: 'Start Session', exact: true }).last().click();
  await expect(page).toHaveURL(/\/session$/);
  const tasks = page.getByRole('region', { name: 'Tasks' });
  await expect(tasks.getByText('Just focus', { exact: true })).toBeVisible();
  await expect(tasks.getByRole('heading', { name: 'Create your first task' })).toBeVisible();
  await expect(page.locator('#current-task-title')).toHaveCount(0);
  await expect(clockText(page)).toHaveText(/^2[45]:\d\d$/);
  const manual = (await (await page.request.get('/api/sessions')).json()) as { selectedTaskIds: string[] }[];
  expect(manual[0]!.selectedTaskIds).toEqual([]);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'session-just-focus-1280', { fullPage: false });

  const probe = await page.request.post('/api/sessions/ai-plan', jsonBody({ mood: 'tired', displayMode: 'clock' }));
  test.skip(probe.status() === 404, 'the AI router is not in this build yet');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Start Session', exact: true }).first().click();
  await page.getByRole('button', { name: /AI Session/ }).click();
  await page.getByText('Tired', { exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Get Recommendations' }).click();
  await expect(page.getByRole('region', { name: 'Recommendations' })).toContainText('Tidy the inbox');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Just focus: start without these tasks').check();
  await page.getByRole('button', { name: 'Start Session' }).last().click();
  await expect(page).toHaveURL(/\/session$/);
  await expect(tasks.getByText('Just focus', { exact: true })).toBeVisible();
  await expect(page.locator('#current-task-title')).toHaveCount(0);
  const ai = (await (await page.request.get('/api/sessions')).json()) as { selectedTaskIds: string[]; sessionType: string }[];
  expect(ai[0]).toMatchObject({ sessionType: 'ai', selectedTaskIds: [] });
});

const trpcOk = (data: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify([{ result: { data } }]) });
/** A refusal as the server words it: the machine-readable `reason` is what the screen acts on (src/lib/api-error.ts). */
const trpcError = (message: string, httpStatus: number, reason?: string) => ({
  status: httpStatus,
  contentType: 'application/json',
  body: JSON.stringify([{ error: { message, code: -32003, data: { code: 'FORBIDDEN', httpStatus, ...(reason && { reason }) } } }]),
});

test('AI wizard: the plan shown, a session started with the recommended tasks; failures and the AI limit', async ({ page }) => {
  await signUpVerified(page);
  const task = await createTaskViaApi(page, { title: 'Sort the receipts', dueDate: inHours(6) });
  let planCalls = 0;
  await page.route('**/api/trpc/ai.plan*', async (route) => {
    planCalls += 1;
    if (planCalls === 1) return route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
    if (planCalls === 2) return route.fulfill(trpcError("AI session limit reached: you've reached your limit of 5 AI sessions per month on the Free plan.", 403, 'ai_session_limit'));
    return route.fulfill(
      trpcOk({
        sessionAdvice: 'Start small: one easy win, then keep going.',
        estimatedDuration: 20,
        recommendedTasks: [{ taskId: task.id, title: 'Sort the receipts', reasoning: 'Quick and due soon.', estimatedTime: 20 }],
        planner: 'built-in',
        model: null,
      }),
    );
  });
  await page.goto('/dashboard');
  async function toPlan() {
    await page.getByRole('button', { name: 'Start Session', exact: true }).first().click();
    await page.getByRole('button', { name: /AI Session/ }).click();
    await page.getByText('Tired', { exact: true }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Get Recommendations' }).click();
  }
  await toPlan();
  await expect(page.getByText('Failed to generate AI plan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get Recommendations' })).toBeVisible();
  await page.getByRole('button', { name: 'Get Recommendations' }).click();
  await expect(page.getByRole('heading', { name: 'AI Session Limit Reached' })).toBeVisible();
  await page.getByRole('button', { name: 'Maybe Later' }).click();

  await toPlan();
  const recommendations = page.getByRole('region', { name: 'Recommendations' });
  await expect(recommendations).toContainText('Start small: one easy win, then keep going.');
  await expect(recommendations).toContainText('Quick and due soon.');
  await expect(recommendations).toContainText('20 min');
  await expect(recommendations).toContainText('Built-in planner');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Start Session' }).last().click();
  await expect(page).toHaveURL(/\/session$/);
  await expect(page.locator('#current-task-title')).toHaveText('Sort the receipts');
  const sessions = await (await page.request.get('/api/sessions')).json();
  expect(sessions[0]).toMatchObject({ sessionType: 'ai', userMood: 'tired', selectedTaskIds: [task.id], displayMode: 'clock' });
  expect(sessions[0].sessionName).toMatch(/^AI Session #\d+ - /);
});

for (const theme of ['light', 'dark'] as const) {
  test(`session screen passes axe and is screenshotted (${theme})`, async ({ page }) => {
    await page.clock.install();
    await useStoredTheme(page, theme);
    await signUpVerified(page);
    const session = await createSession(page, { displayMode: 'pomodoro', sessionName: 'Morning focus' });
    await createTaskViaApi(page, {
      title: 'Draft the quarterly update',
      description: 'Three wins, two risks, one ask.',
      sessionId: session.id,
      dueDate: inHours(3),
      importance: 'High',
    });
    await createTaskViaApi(page, { title: 'Reply to the design review', sessionId: session.id, dueDate: inHours(8), color: '#10B981' });
    await createTaskViaApi(page, { title: 'Book train tickets', sessionId: session.id });
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      await page.setViewportSize(viewport);
      await openSession(page, session.id);
      await page.clock.fastForward('07:12');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `session-${theme}-${viewport.width}`, { fullPage: false });
    }
  });
}

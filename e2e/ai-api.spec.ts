// The AI calls through the real server as a REST client (no model configured, so the built-in
// planner answers): plan by mood, break a task down, create an AI session, and see them counted.
import { expect, test } from '@playwright/test';
import { createTaskViaApi, jsonBody, signUpVerified } from './accounts';

test('plan a session by mood, break a task down and start an AI session, counted in me', async ({ request }) => {
  await signUpVerified(request);
  const overdue = new Date(Date.now() - 2 * 86_400_000).toISOString();
  const easy = await createTaskViaApi(request, { title: 'Pay the bill', difficulty: 'Easy', dueDate: overdue });
  const hard = await createTaskViaApi(request, { title: 'Write the report', difficulty: 'Very Hard', importance: 'Critical' });

  const tired = await request.post('/api/sessions/ai-plan', jsonBody({ mood: 'tired', displayMode: 'pomodoro' }));
  expect(tired.status(), await tired.text()).toBe(200);
  const tiredPlan = await tired.json();
  expect(tiredPlan).toMatchObject({ planner: 'built-in', model: null });
  expect(tiredPlan.recommendedTasks[0]).toMatchObject({ taskId: easy.id, reasoning: 'Carried over · 2 days and easy — a gentle start' });
  const energetic = await (await request.post('/api/sessions/ai-plan', jsonBody({ mood: 'energetic', displayMode: 'clock' }))).json();
  expect(energetic.recommendedTasks[0].taskId).toBe(hard.id);

  const breakdown = await request.post(`/api/tasks/${hard.id}/breakdown`, jsonBody({ description: '- Outline\n- Draft\n- Proofread' }));
  expect(breakdown.status(), await breakdown.text()).toBe(200);
  expect((await breakdown.json()).subtasks.map((subtask: { title: string }) => subtask.title)).toEqual(['Outline', 'Draft', 'Proofread']);

  const generated = await request.post('/api/sessions/ai-generate', jsonBody({ title: 'Wind down', sessionLength: 30, focusMode: 'tired', includeBreaks: false }));
  expect(generated.status(), await generated.text()).toBe(200);
  const { id } = await generated.json();
  const session = await (await request.get(`/api/sessions/${id}`)).json();
  expect(session).toMatchObject({ sessionName: 'Wind down', sessionType: 'ai', userMood: 'tired', displayMode: 'timer', selectedTaskIds: [easy.id] });

  const me = await (await request.get('/api/auth/me')).json();
  expect(me).toMatchObject({ aiBreakdownsThisMonth: 1, aiSessionsThisMonth: 1, sessionsCreatedThisMonth: 1 });
});

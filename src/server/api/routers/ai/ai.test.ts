// The AI router on the REST door (and ai-generate on both), against the real database: the
// contract's paths and shapes, auth, isolation, the planning rate limit with Retry-After, and AI
// sessions created and counted like sessions.
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { fakeProvider, useFakeProvider } from '@/test/ai-provider';
import { RATE_LIMITS, rateLimitKey } from '@/server/services/rate-limit.service';
import { getUsage, monthStart } from '@/server/services/usage.service';
import { callerFor, createTaskRow, createUser, restAs } from '@/test/factories';

const db = getDb();
const DAY = 86_400_000;
const STEPS = 'Outline the sections. Draft each section. Proofread the whole report.';

async function userWithTasks(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  const easy = await createTaskRow(user.id, { title: 'Pay the bill', difficulty: 'Easy', dueDate: new Date(Date.now() - 2 * DAY) });
  const hard = await createTaskRow(user.id, { title: 'Write the report', difficulty: 'VeryHard', importance: 'Critical' });
  return { user, easy, hard };
}

describe('POST /api/sessions/ai-plan', () => {
  it('answers the AI plan result with the built-in planner when no model is set', async () => {
    const { user, easy } = await userWithTasks();
    const { status, body } = await restAs(user)('POST', '/sessions/ai-plan', { mood: 'tired', displayMode: 'pomodoro' });
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['estimatedDuration', 'model', 'planner', 'recommendedTasks', 'sessionAdvice']);
    expect(body).toMatchObject({ planner: 'built-in', model: null });
    expect(body.estimatedDuration % 30).toBe(0);
    expect(body.recommendedTasks[0]).toEqual({
      taskId: easy.id,
      title: 'Pay the bill',
      reasoning: 'Overdue by 2 days and easy — a gentle start',
      estimatedTime: 15,
    });
  });

  it('refuses a mood it does not know with 400 and the issue, and strangers with 401', async () => {
    const user = await createUser();
    const bad = await restAs(user)('POST', '/sessions/ai-plan', { mood: 'grumpy', displayMode: 'clock' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0].path).toEqual(['mood']);
    const anonymous = await restAs(null)('POST', '/sessions/ai-plan', { mood: 'tired', displayMode: 'clock' });
    expect(anonymous.status).toBe(401);
  });

  it(`allows ${RATE_LIMITS.aiPlanPerUser.limit} planning calls per user per hour, then 429 with Retry-After`, async () => {
    const user = await createUser();
    const other = await createUser();
    const key = rateLimitKey('ai-plan', user.id);
    // 29 earlier calls this hour, then the 30th through the door.
    await db.rateLimitHit.createMany({
      data: Array.from({ length: RATE_LIMITS.aiPlanPerUser.limit - 1 }, (_, i) => ({ key, createdAt: new Date(Date.now() - (i + 1) * 60_000) })),
    });
    const plan = { mood: 'focused', displayMode: 'clock' };
    expect((await restAs(user)('POST', '/sessions/ai-plan', plan)).status).toBe(200);
    const refused = await restAs(user)('POST', '/sessions/ai-plan', plan);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.body.message).toMatch(/^Too many AI requests\. Please try again in \d+ minutes\.$/);
    // The oldest call in the window was 29 minutes ago: it leaves the hour in about 31 minutes.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(31 * 60 - 10);
    expect(retryAfter).toBeLessThanOrEqual(31 * 60);
    // ai-generate plans too, so it is limited by the same count; other users are not affected.
    expect((await restAs(user)('POST', '/sessions/ai-generate', {})).status).toBe(429);
    expect((await restAs(other)('POST', '/sessions/ai-plan', plan)).status).toBe(200);
  });
});

describe('POST /api/tasks/{id}/breakdown', () => {
  it(`shares the AI limit of ${RATE_LIMITS.aiPlanPerUser.limit} calls per user per hour with planning, on Plus too: 429 with Retry-After on both doors`, async () => {
    const { user, hard } = await userWithTasks({ subscriptionTier: 'plus' });
    const key = rateLimitKey('ai-plan', user.id);
    // 28 planning calls earlier this hour; a 29th plan and a 30th call (a breakdown) are allowed.
    await db.rateLimitHit.createMany({
      data: Array.from({ length: RATE_LIMITS.aiPlanPerUser.limit - 2 }, (_, i) => ({ key, createdAt: new Date(Date.now() - (i + 1) * 60_000) })),
    });
    expect((await restAs(user)('POST', '/sessions/ai-plan', { mood: 'focused', displayMode: 'clock' })).status).toBe(200);
    expect((await restAs(user)('POST', `/tasks/${hard.id}/breakdown`, { description: STEPS })).status).toBe(200);
    const refused = await restAs(user)('POST', `/tasks/${hard.id}/breakdown`, { description: STEPS });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: 'rate_limited', message: expect.stringMatching(/^Too many AI requests\. Please try again in \d+ minutes\.$/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expect(callerFor(user).ai.breakdown({ id: hard.id, description: STEPS })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', reason: 'rate_limited' });
    // Planning is refused now too: one count. Nothing more was counted as a breakdown.
    expect((await restAs(user)('POST', '/sessions/ai-plan', { mood: 'focused', displayMode: 'clock' })).status).toBe(429);
    expect((await getUsage(db, user.id)).aiBreakdownsThisMonth).toBe(1);
  });

  it('answers subtasks and tips for your task, counting one AI breakdown', async () => {
    const { user, hard } = await userWithTasks();
    const { status, body } = await restAs(user)('POST', `/tasks/${hard.id}/breakdown`, {
      description: 'Outline the sections. Draft each section. Proofread the whole report.',
    });
    expect(status).toBe(200);
    expect(body.planner).toBe('built-in');
    expect(body.subtasks.map((subtask: { title: string }) => subtask.title)).toEqual([
      'Outline the sections',
      'Draft each section',
      'Proofread the whole report',
    ]);
    expect(body.subtasks[0]).toEqual({
      title: 'Outline the sections',
      description: 'Step 1 of 3 of “Write the report”: Outline the sections.',
      estimatedTime: 30,
      difficulty: 'Medium',
      suggestedDeadline: null,
    });
    expect(body.tips.length).toBeGreaterThan(0);
    expect((await getUsage(db, user.id)).aiBreakdownsThisMonth).toBe(1);
  });

  it('answers 404 for another user’s task, 400 for an empty description, 403 for an unverified e-mail', async () => {
    const { hard } = await userWithTasks();
    const intruder = await createUser();
    const foreign = await restAs(intruder)('POST', `/tasks/${hard.id}/breakdown`, { description: 'Mine now.' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Task not found', code: 'NOT_FOUND' });
    const empty = await restAs(intruder)('POST', `/tasks/${hard.id}/breakdown`, { description: '  ' });
    expect(empty.status).toBe(400);
    const unverified = await createUser({ emailVerified: false, emailVerifiedAt: null });
    expect((await restAs(unverified)('POST', `/tasks/${hard.id}/breakdown`, { description: 'x' })).status).toBe(403);
  });

  it('answers 403 with the product’s words at the Free limit', async () => {
    const { user, hard } = await userWithTasks();
    await db.usageCounter.create({ data: { userId: user.id, month: monthStart(), aiBreakdowns: 5 } });
    const { status, body } = await restAs(user)('POST', `/tasks/${hard.id}/breakdown`, { description: 'One more.' });
    expect(status).toBe(403);
    expect(body.message).toBe("AI breakdown limit reached: you've reached your limit of 5 AI breakdowns per month on the Free plan.");
  });
});

describe('POST /api/sessions/ai-generate', () => {
  it('creates an AI session with the recommended tasks and counts it as a session and an AI session', async () => {
    const { user, easy } = await userWithTasks();
    const { status, body } = await restAs(user)('POST', '/sessions/ai-generate', {
      title: 'Evening wind-down',
      sessionLength: 30,
      focusMode: 'tired',
      includeBreaks: false,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ id: expect.any(String), planner: 'built-in' });
    const session = await callerFor(user).session.get({ id: body.id });
    expect(session).toMatchObject({
      sessionName: 'Evening wind-down',
      sessionType: 'ai',
      userMood: 'tired',
      displayMode: 'timer',
      timerDuration: 30,
      sessionDuration: 30,
      selectedTaskIds: [easy.id],
    });
    expect(await getUsage(db, user.id)).toMatchObject({ sessionsCreatedThisMonth: 1, aiSessionsThisMonth: 1 });
  });

  it('reads focusMode as a display mode too, and includeBreaks as pomodoro; the default name is the AI one', async () => {
    const { user, hard } = await userWithTasks();
    const caller = callerFor(user);
    const stopwatch = await caller.ai.generate({ focusMode: 'stopwatch' });
    expect(await caller.session.get({ id: stopwatch.id })).toMatchObject({ displayMode: 'stopwatch', userMood: 'focused' });
    const pomodoro = await caller.ai.generate({ focusMode: 'energetic', includeBreaks: true, sessionLength: 120 });
    const session = await caller.session.get({ id: pomodoro.id });
    expect(session).toMatchObject({ displayMode: 'pomodoro', userMood: 'energetic', sessionDuration: 120, timerDuration: null });
    expect(session.selectedTaskIds[0]).toBe(hard.id);
    expect(session.sessionName).toMatch(/^AI Session #\d{1,3} - \d{2}\/\d{2}\/\d{4}$/);
  });

  it('refuses the 6th AI session of a Free month, before planning', async () => {
    const { user } = await userWithTasks();
    await db.usageCounter.create({ data: { userId: user.id, month: monthStart(), sessions: 5, aiSessions: 5 } });
    const { status, body } = await restAs(user)('POST', '/sessions/ai-generate', { focusMode: 'relaxed' });
    expect(status).toBe(403);
    expect(body.message).toBe("AI session limit reached: you've reached your limit of 5 AI sessions per month on the Free plan.");
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it('refuses the 51st AI session of a Plus month', async () => {
    const { user } = await userWithTasks({ subscriptionTier: 'plus' });
    await db.usageCounter.create({ data: { userId: user.id, month: monthStart(), sessions: 49, aiSessions: 49 } });
    await callerFor(user).ai.generate({ focusMode: 'relaxed' });
    await expect(callerFor(user).ai.generate({ focusMode: 'relaxed' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: "AI session limit reached: you've reached your limit of 50 AI sessions per month on the Plus plan.",
    });
    expect(await getUsage(db, user.id)).toMatchObject({ sessionsCreatedThisMonth: 50, aiSessionsThisMonth: 50 });
  });

  describe('with a model', () => {
    afterAll(() => useFakeProvider(false));

    it('creates the session from the model’s plan, keeping only the user’s own tasks', async () => {
      useFakeProvider();
      const { user, easy } = await userWithTasks();
      const stranger = await createTaskRow((await createUser()).id, { title: 'Not yours' });
      fakeProvider({
        json: {
          sessionAdvice: 'Go gently.',
          estimatedDuration: 45,
          recommendedTasks: [easy.id, stranger.id, 'invented'].map((taskId) => ({
            taskId,
            title: 't',
            reasoning: 'r',
            estimatedTime: 15,
          })),
        },
      });
      const result = await callerFor(user).ai.generate({ focusMode: 'stressed' });
      expect(result.planner).toBe('ai');
      const session = await callerFor(user).session.get({ id: result.id });
      expect(session).toMatchObject({ selectedTaskIds: [easy.id], sessionDuration: 45, userMood: 'stressed', sessionType: 'ai' });
    });

    it('creates nothing and counts nothing when the provider is down (503)', async () => {
      useFakeProvider();
      const { user } = await userWithTasks();
      fakeProvider({ status: 502 });
      const { status, body } = await restAs(user)('POST', '/sessions/ai-generate', { focusMode: 'focused' });
      expect(status).toBe(503);
      expect(body).toEqual({ message: 'AI is unavailable right now', code: 'SERVICE_UNAVAILABLE' });
      expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
      expect(await getUsage(db, user.id)).toMatchObject({ sessionsCreatedThisMonth: 0, aiSessionsThisMonth: 0 });
    });
  });
});

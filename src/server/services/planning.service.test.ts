// Session planning through the router (tRPC door), against the real database and a fake
// OpenAI-compatible endpoint: only the user's own incomplete tasks come back, the model sees
// only what it needs, and without a provider the built-in planner answers.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { AI_MODEL, fakeProvider, shortTimeout, useFakeProvider } from '@/test/ai-provider';
import { callerFor, createUser } from '@/test/factories';
import type { Prisma } from '@/generated/prisma/client';
import { getUsage, monthStart } from './usage.service';

const db = getDb();

async function taskFor(userId: string, data: Partial<Prisma.TaskUncheckedCreateInput> = {}) {
  return db.task.create({ data: { userId, title: 'A task', ...data } });
}

async function someoneWithTasks() {
  const user = await createUser({ name: 'Robin Secret', email: `robin-${Date.now()}-${Math.random()}@private.example` });
  const overdue = await taskFor(user.id, {
    title: 'Pay the bill',
    difficulty: 'Easy',
    dueDate: new Date(Date.now() - 2 * 86_400_000),
    description: 'my bank PIN is in the drawer',
  });
  const hard = await taskFor(user.id, { title: 'Write the report', difficulty: 'VeryHard', importance: 'Critical' });
  const done = await taskFor(user.id, { title: 'Already done', completed: true, completedAt: new Date() });
  return { user, overdue, hard, done };
}

const aiPlan = (recommended: { taskId: string; title?: string }[]) => ({
  sessionAdvice: 'Start small, then keep going.',
  estimatedDuration: 60,
  recommendedTasks: recommended.map((task) => ({
    taskId: task.taskId,
    title: task.title ?? 'whatever the model says',
    reasoning: 'Because it fits.',
    estimatedTime: 20,
  })),
});

describe('ai.plan with a model', () => {
  beforeEach(() => useFakeProvider());
  afterAll(() => useFakeProvider(false));

  it('returns the validated plan, labelled as the model’s', async () => {
    const { user, overdue, hard } = await someoneWithTasks();
    fakeProvider({ json: aiPlan([{ taskId: overdue.id }, { taskId: hard.id }]) });
    const result = await callerFor(user).ai.plan({ mood: 'tired', displayMode: 'pomodoro' });
    expect(result).toEqual({
      sessionAdvice: 'Start small, then keep going.',
      estimatedDuration: 60,
      recommendedTasks: [
        { taskId: overdue.id, title: 'Pay the bill', reasoning: 'Because it fits.', estimatedTime: 20 },
        { taskId: hard.id, title: 'Write the report', reasoning: 'Because it fits.', estimatedTime: 20 },
      ],
      planner: 'ai',
      model: AI_MODEL,
    });
  });

  it('drops invented ids, another user’s tasks, completed tasks and repeats', async () => {
    const { user, overdue, done } = await someoneWithTasks();
    const stranger = await createUser();
    const theirs = await taskFor(stranger.id, { title: 'Stranger task' });
    fakeProvider({
      json: aiPlan([
        { taskId: 'made-up-id' },
        { taskId: theirs.id, title: 'Stranger task' },
        { taskId: done.id },
        { taskId: overdue.id },
        { taskId: overdue.id },
      ]),
    });
    const result = await callerFor(user).ai.plan({ mood: 'focused', displayMode: 'clock' });
    expect(result.recommendedTasks.map((task) => task.taskId)).toEqual([overdue.id]);
  });

  it('sends the model only the planning fields of the user’s own incomplete tasks', async () => {
    const { user, overdue, hard } = await someoneWithTasks();
    const stranger = await createUser();
    await taskFor(stranger.id, { title: 'Stranger task' });
    const sent = fakeProvider({ json: aiPlan([]) });
    await callerFor(user).ai.plan({ mood: 'stressed', displayMode: 'timer', timerDuration: 30 });
    const prompt = JSON.parse(sent[0]?.messages[1]?.content ?? '{}');
    expect(prompt).toMatchObject({ mood: 'stressed', displayMode: 'timer', timerDuration: 30 });
    expect(prompt.tasks).toEqual([
      { id: overdue.id, title: 'Pay the bill', importance: 'Medium', difficulty: 'Easy', dueDate: overdue.dueDate?.toISOString(), estimatedMinutes: null, ageDays: 0 },
      { id: hard.id, title: 'Write the report', importance: 'Critical', difficulty: 'Very Hard', dueDate: null, estimatedMinutes: null, ageDays: 0 },
    ]);
    const everything = JSON.stringify(sent);
    for (const secret of [user.email, user.name, 'PIN', 'Stranger task', 'Already done', user.id]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('answers 503 when the provider is down', async () => {
    const { user } = await someoneWithTasks();
    fakeProvider({ status: 503 });
    await expect(callerFor(user).ai.plan({ mood: 'relaxed', displayMode: 'clock' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'AI is unavailable right now',
    });
  });

  it('answers 503 on a timeout', async () => {
    const { user, overdue } = await someoneWithTasks();
    const restore = shortTimeout(150);
    try {
      fakeProvider({ delayMs: 2_000, json: aiPlan([{ taskId: overdue.id }]) });
      await expect(callerFor(user).ai.plan({ mood: 'relaxed', displayMode: 'clock' })).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      restore();
    }
  });

  it('meters nothing, and refuses before calling the model when no AI session is left', async () => {
    const { user } = await someoneWithTasks();
    fakeProvider({ json: aiPlan([]) });
    await callerFor(user).ai.plan({ mood: 'energetic', displayMode: 'clock' });
    expect(await getUsage(db, user.id)).toMatchObject({ aiSessionsThisMonth: 0, sessionsCreatedThisMonth: 0 });

    await db.usageCounter.create({ data: { userId: user.id, month: monthStart(), aiSessions: 5, sessions: 5 } });
    const sent = fakeProvider({ json: aiPlan([]) });
    await expect(callerFor(user).ai.plan({ mood: 'energetic', displayMode: 'clock' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: "AI session limit reached: you've reached your limit of 5 AI sessions per month on the Free plan.",
    });
    expect(sent).toHaveLength(0);
  });
});

describe('ai.plan without a model', () => {
  it('answers with the built-in planner, different per mood', async () => {
    const { user, overdue, hard } = await someoneWithTasks();
    const caller = callerFor(user);
    const tired = await caller.ai.plan({ mood: 'tired', displayMode: 'clock' });
    expect(tired).toMatchObject({ planner: 'built-in', model: null });
    expect(tired.recommendedTasks[0]).toMatchObject({ taskId: overdue.id, reasoning: 'Carried over · 2 days and easy — a gentle start' });
    const energetic = await caller.ai.plan({ mood: 'energetic', displayMode: 'clock' });
    expect(energetic.recommendedTasks[0]?.taskId).toBe(hard.id);
  });

  it('needs a verified e-mail', async () => {
    const user = await createUser({ emailVerified: false, emailVerifiedAt: null });
    await expect(callerFor(user).ai.plan({ mood: 'tired', displayMode: 'clock' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(null).ai.plan({ mood: 'tired', displayMode: 'clock' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

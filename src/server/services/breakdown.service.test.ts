// Task breakdown through the router (tRPC door), against the real database and a fake
// OpenAI-compatible endpoint: validated answers, deadlines fitted to the parent, the AI
// breakdown limit (counted only for answers that arrived), and per-user isolation.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/server/db';
import { AI_MODEL, fakeProvider, shortTimeout, useFakeProvider } from '@/test/ai-provider';
import { callerFor, createUser } from '@/test/factories';
import { getUsage, monthStart } from './usage.service';
import { fitDeadline } from './breakdown.service';

const db = getDb();
const HOUR = 3_600_000;

async function taskOf(userId: string, dueDate: Date | null = null) {
  return db.task.create({ data: { userId, title: 'Plan the offsite', difficulty: 'Hard', dueDate } });
}

const subtask = (title: string, suggestedDeadline: string | null = null) => ({
  title,
  description: `Do ${title}.`,
  estimatedTime: 30,
  difficulty: 'Medium',
  suggestedDeadline,
});
const answer = (deadlines: (string | null)[] = [null, null]) => ({
  subtasks: deadlines.map((deadline, i) => subtask(`step ${i + 1}`, deadline)),
  tips: ['Book early.'],
});
const usedBreakdowns = async (userId: string) => (await getUsage(db, userId)).aiBreakdownsThisMonth;

describe('ai.breakdown with a model', () => {
  beforeEach(() => useFakeProvider());
  afterAll(() => useFakeProvider(false));

  it('returns the validated subtasks and tips, and counts one AI breakdown', async () => {
    const user = await createUser();
    const task = await taskOf(user.id);
    const sent = fakeProvider({ json: answer() });
    const result = await callerFor(user).ai.breakdown({ id: task.id, description: '  Find a venue, then book it.  ' });
    expect(result).toEqual({ ...answer(), planner: 'ai', model: AI_MODEL });
    expect(await usedBreakdowns(user.id)).toBe(1);
    const prompt = JSON.parse(sent[0]?.messages[1]?.content ?? '{}');
    expect(prompt).toMatchObject({
      task: { title: 'Plan the offsite', importance: 'Medium', difficulty: 'Hard', dueDate: null },
      description: 'Find a venue, then book it.',
    });
    expect(JSON.stringify(sent)).not.toContain(user.email);
  });

  it('retries once after invalid JSON and answers with the valid retry', async () => {
    const user = await createUser();
    const task = await taskOf(user.id);
    const sent = fakeProvider({ content: '{"subtasks": [' }, { json: answer() });
    const result = await callerFor(user).ai.breakdown({ id: task.id, description: 'Find a venue.' });
    expect(result.subtasks).toHaveLength(2);
    expect(sent).toHaveLength(2);
    expect(await usedBreakdowns(user.id)).toBe(1);
  });

  it('never lets a deadline pass the parent’s due date, nor lie in the past', async () => {
    const user = await createUser();
    const due = new Date(Date.now() + 48 * HOUR);
    const task = await taskOf(user.id, due);
    const early = new Date(Date.now() + 24 * HOUR).toISOString();
    const late = new Date(Date.now() + 96 * HOUR).toISOString();
    const past = new Date(Date.now() - 24 * HOUR).toISOString();
    fakeProvider({ json: answer([early, late, past, null]) });
    const result = await callerFor(user).ai.breakdown({ id: task.id, description: 'Four steps.' });
    expect(result.subtasks.map((s) => s.suggestedDeadline)).toEqual([early, due.toISOString(), null, null]);
  });

  it('refuses an answer with a Very Hard or zero-minute subtask (invalid twice: 503, nothing counted)', async () => {
    const user = await createUser();
    const task = await taskOf(user.id);
    const sent = fakeProvider({
      json: { subtasks: [{ ...subtask('x'), difficulty: 'Very Hard', estimatedTime: 0 }], tips: [] },
    });
    await expect(callerFor(user).ai.breakdown({ id: task.id, description: 'x' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(sent).toHaveLength(2);
    expect(await usedBreakdowns(user.id)).toBe(0);
  });

  it('answers 503 when the provider is down, and the quota is untouched', async () => {
    const user = await createUser();
    const task = await taskOf(user.id);
    fakeProvider({ status: 500 });
    await expect(callerFor(user).ai.breakdown({ id: task.id, description: 'Find a venue.' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'AI is unavailable right now',
    });
    expect(await usedBreakdowns(user.id)).toBe(0);
  });

  it('answers 503 on a timeout, and the quota is untouched', async () => {
    const user = await createUser();
    const task = await taskOf(user.id);
    const restore = shortTimeout(150);
    try {
      fakeProvider({ delayMs: 2_000, json: answer() });
      await expect(callerFor(user).ai.breakdown({ id: task.id, description: 'Find a venue.' })).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      restore();
    }
    expect(await usedBreakdowns(user.id)).toBe(0);
  });

  it('allows 5 breakdowns on Free and refuses the 6th with the product’s words, before calling the model', async () => {
    const user = await createUser();
    const task = await taskOf(user.id);
    const caller = callerFor(user);
    const sent = fakeProvider({ json: answer() });
    for (let i = 0; i < 5; i++) await caller.ai.breakdown({ id: task.id, description: 'Find a venue.' });
    await expect(caller.ai.breakdown({ id: task.id, description: 'Find a venue.' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: "AI breakdown limit reached: you've reached your limit of 5 AI breakdowns per month on the Free plan.",
    });
    expect(sent).toHaveLength(5);
    expect(await usedBreakdowns(user.id)).toBe(5);
  });

  it('allows 50 on Plus and refuses the 51st', async () => {
    const user = await createUser({ subscriptionTier: 'plus' });
    const task = await taskOf(user.id);
    await db.usageCounter.create({ data: { userId: user.id, month: monthStart(), aiBreakdowns: 49 } });
    const sent = fakeProvider({ json: answer() });
    await callerFor(user).ai.breakdown({ id: task.id, description: 'The 50th.' });
    expect(await usedBreakdowns(user.id)).toBe(50);
    await expect(callerFor(user).ai.breakdown({ id: task.id, description: 'The 51st.' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: "AI breakdown limit reached: you've reached your limit of 50 AI breakdowns per month on the Plus plan.",
    });
    expect(sent).toHaveLength(1);
  });

  it('answers 404 for another user’s task (and a missing one), without calling the model', async () => {
    const owner = await createUser();
    const task = await taskOf(owner.id);
    const intruder = await createUser();
    const sent = fakeProvider({ json: answer() });
    for (const id of [task.id, 'no-such-task']) {
      await expect(callerFor(intruder).ai.breakdown({ id, description: 'Steal it.' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Task not found',
      });
    }
    expect(sent).toHaveLength(0);
    expect(await usedBreakdowns(intruder.id)).toBe(0);
  });
});

describe('ai.breakdown without a model', () => {
  it('answers with the rule-based breakdown, labelled as built-in, and counts it', async () => {
    const user = await createUser();
    const due = new Date(Date.now() + 72 * HOUR);
    const task = await taskOf(user.id, due);
    const result = await callerFor(user).ai.breakdown({ id: task.id, description: '- Shortlist venues\n- Email them for quotes\n- Book one' });
    expect(result.planner).toBe('built-in');
    expect(result.model).toBeNull();
    expect(result.subtasks.map((s) => s.title)).toEqual(['Shortlist venues', 'Email them for quotes', 'Book one']);
    expect(result.subtasks.at(-1)?.suggestedDeadline).toBe(due.toISOString());
    expect(await usedBreakdowns(user.id)).toBe(1);
  });

  it('refuses an empty description with the product’s words', async () => {
    const user = await createUser();
    const task = await taskOf(user.id);
    await expect(callerFor(user).ai.breakdown({ id: task.id, description: '   ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(callerFor(user).ai.breakdown({ id: task.id, description: '   ' })).rejects.toThrow('Please provide a description');
  });
});

describe('fitDeadline', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('normalises to UTC, keeps a future date without a parent due date, and drops one for an overdue parent', () => {
    expect(fitDeadline('2026-11-23T12:00:00+02:00', null, now)).toBe('2026-11-23T10:00:00.000Z');
    expect(fitDeadline('2026-11-23T12:00:00Z', new Date('2026-11-21T00:00:00Z'), now)).toBeNull();
    expect(fitDeadline(null, new Date('2026-12-01T00:00:00Z'), now)).toBeNull();
  });
});

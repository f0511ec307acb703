// Task breakdown (POST /api/tasks/{id}/breakdown): subtasks and tips for one of the user's own
// tasks, from the configured model or the built-in rules. Metered as an AI breakdown only once
// an answer is in hand (a failed provider call costs no quota); a user already at the limit is
// refused before any provider call. Both planners count: the limit is the plan's feature, not
// the provider's bill, and the usage bars must match what the user did.
import { AI_MAX_SUBTASKS, AI_MAX_TIPS, ZBreakdownResult, type TBreakdownInput, type TBreakdownOutput, type TBreakdownResult } from '@/lib/schemas/ai';
import { breakdownTask as builtInBreakdown } from '@/server/ai/built-in-planner';
import { aiConfig, askForJson } from '@/server/ai/provider';
import type { Db } from '@/server/db';
import { assertAllowance } from './ai.service';
import { taskNotFound, toApiDifficulty } from './task.service';
import { meterUsage } from './usage.service';

const INSTRUCTIONS = `You break one task into concrete subtasks for a person using Onething, a calm task manager.
Rules:
- Draw the steps from the person's description of the task; keep their order. 2 to ${AI_MAX_SUBTASKS} subtasks.
- title: a short, concrete action (under 80 characters). description: one or two sentences on what to do.
- estimatedTime: realistic whole minutes (a positive integer). difficulty: Easy, Medium or Hard.
- suggestedDeadline: an ISO 8601 date-time between now and the task's dueDate, spread sensibly so earlier steps come first; null when the task has no dueDate.
- tips: 2 to ${AI_MAX_TIPS} short, practical tips specific to these steps.
Answer with one JSON object matching the schema, and nothing else.`;

type Parent = { title: string; importance: string; difficulty: string; dueDate: Date | null };

/** What the model is told: the task's planning fields and the person's description, nothing more. */
function breakdownPrompt(parent: Parent, description: string, now: Date): string {
  return JSON.stringify({
    now: now.toISOString(),
    task: {
      title: parent.title,
      importance: parent.importance,
      difficulty: parent.difficulty,
      dueDate: parent.dueDate?.toISOString() ?? null,
    },
    description,
  });
}

/**
 * A model's suggested deadline, made trustworthy: in UTC, never in the past, never later than
 * the parent's due date (a later one is moved to the due date). When the parent is already
 * overdue no date can satisfy both, so there is no suggestion.
 */
export function fitDeadline(suggested: string | null, parentDue: Date | null, now: Date): string | null {
  if (!suggested) return null;
  const date = new Date(suggested);
  if (Number.isNaN(date.getTime()) || date.getTime() < now.getTime()) return null;
  if (!parentDue) return date.toISOString();
  if (parentDue.getTime() <= now.getTime()) return null;
  return (date.getTime() > parentDue.getTime() ? parentDue : date).toISOString();
}

/** Caps the lists and fits every deadline (see fitDeadline). */
function fitBreakdown(result: TBreakdownResult, parentDue: Date | null, now: Date): TBreakdownResult {
  return {
    subtasks: result.subtasks.slice(0, AI_MAX_SUBTASKS).map((subtask) => ({
      ...subtask,
      suggestedDeadline: fitDeadline(subtask.suggestedDeadline, parentDue, now),
    })),
    tips: result.tips.slice(0, AI_MAX_TIPS),
  };
}

/** POST /api/tasks/{id}/breakdown. */
export async function breakdownTask(db: Db, userId: string, input: TBreakdownInput, now = new Date()): Promise<TBreakdownOutput> {
  const task = await db.task.findFirst({
    where: { id: input.id, userId },
    select: { title: true, importance: true, difficulty: true, dueDate: true },
  });
  if (!task) throw taskNotFound();
  await assertAllowance(db, userId, ['aiBreakdowns'], now);
  const parent = { ...task, difficulty: toApiDifficulty(task.difficulty) };

  let output: TBreakdownOutput;
  if (!aiConfig()) {
    output = { ...builtInBreakdown({ ...parent, description: input.description, now }), planner: 'built-in', model: null };
  } else {
    const answer = await askForJson({
      name: 'task_breakdown',
      schema: ZBreakdownResult,
      instructions: INSTRUCTIONS,
      input: breakdownPrompt(parent, input.description, now),
    });
    output = { ...fitBreakdown(answer.data, task.dueDate, now), planner: 'ai', model: answer.model };
  }
  // The final word on the limit, atomic with the count: a parallel request cannot slip past it.
  await db.$transaction((tx) => meterUsage(tx, userId, 'aiBreakdowns', now));
  return output;
}

// The AI planner's and the AI breakdown's shapes (docs/api-contract.md), shared by the
// procedures, the provider (which derives the JSON schema it asks the model for from the very
// same zod schemas and validates every answer with them) and the UI.
import './zod-config';
import { z } from 'zod';
import { BREAKDOWN_DIFFICULTY, DISPLAY_MODES, MOODS, SESSION_LIMITS } from '@/lib/constants';
import { ZBreakdownDescription } from './breakdown-form';
import { ZCreateFocusSessionInput, ZDisplayMode, ZMood } from './session';
import { ZDateTimeInput, ZId, ZTaskTitle } from './task';

/** Which planner produced an answer: a language model, or Onething's built-in rules. */
const PLANNERS = ['ai', 'built-in'] as const;

/** At most this many tasks are recommended for one session, and subtasks proposed per breakdown. */
export const AI_MAX_RECOMMENDED_TASKS = 10;
export const AI_MAX_SUBTASKS = 10;
export const AI_MAX_TIPS = 6;

const ZMinutes = z.number().int().positive().max(SESSION_LIMITS.maxMinutes);
const ZPlannerInfo = {
  planner: z.enum(PLANNERS).describe("`ai` when a language model answered, `built-in` for Onething's own rules"),
  model: z.string().nullable().describe('The model that answered, or null for the built-in planner'),
};

// ---------------------------------------------------------------- planning (ai-plan)

export const ZAiPlanInput = z.object({
  mood: ZMood.describe('How you feel right now: energetic, focused, relaxed, tired or stressed'),
  displayMode: ZDisplayMode.describe('The clock or timer the session will show'),
  // The wizard asks for the timings before it shows the plan, so the plan can
  // fit them (all optional; the session defaults apply when they are missing).
  maxTasks: z.number().int().min(1).max(SESSION_LIMITS.maxTasks).optional().describe('Recommend at most this many tasks'),
  pomodoroWork: ZMinutes.optional().describe('Pomodoro work minutes (default 25)'),
  pomodoroBreak: ZMinutes.optional().describe('Pomodoro break minutes (default 5)'),
  timerDuration: ZMinutes.optional().describe('Timer minutes: the plan fits its tasks into them'),
  sessionDuration: ZMinutes.optional().describe('Minutes the whole session should last: the plan fits its tasks into them'),
});
export type TAiPlanInput = z.infer<typeof ZAiPlanInput>;

const ZRecommendedTask = z.object({
  taskId: z.string().min(1).describe('The id of one of the user’s own incomplete tasks'),
  title: z.string().describe('The task’s title'),
  reasoning: z.string().trim().min(1).max(500).describe('One short sentence: why this task, now, in this mood'),
  estimatedTime: ZMinutes.describe('Minutes this task will likely take (positive integer)'),
});
export type TRecommendedTask = z.infer<typeof ZRecommendedTask>;

/** The AI plan result: what the model must answer, validated as it arrives. */
export const ZAiPlanResult = z.object({
  sessionAdvice: z.string().trim().min(1).max(1000).describe('Two or three sentences of advice for this session'),
  estimatedDuration: ZMinutes.describe('Minutes the whole session should last (positive integer)'),
  recommendedTasks: z.array(ZRecommendedTask).describe('The tasks to do, in the order to do them'),
});
export type TAiPlanResult = z.infer<typeof ZAiPlanResult>;

export const ZAiPlanOutput = ZAiPlanResult.extend(ZPlannerInfo);
export type TAiPlanOutput = z.infer<typeof ZAiPlanOutput>;

// ---------------------------------------------------------------- breakdown

export const ZBreakdownInput = z.object({
  id: ZId.describe('The task to break down (one of your own)'),
  description: ZBreakdownDescription,
});
export type TBreakdownInput = z.infer<typeof ZBreakdownInput>;

const ZBreakdownSubtask = z.object({
  // A subtask becomes a task when added: the task title's rule applies.
  title: ZTaskTitle.describe('A short, concrete action'),
  description: z.string().trim().max(1000).describe('What to do in this step, in one or two sentences'),
  estimatedTime: ZMinutes.describe('Minutes this step will likely take (positive integer)'),
  difficulty: z.enum(BREAKDOWN_DIFFICULTY),
  suggestedDeadline: ZDateTimeInput.nullable()
    .describe('When to aim to finish this step (ISO 8601), never later than the task’s due date; null when there is none'),
});
export type TBreakdownSubtask = z.infer<typeof ZBreakdownSubtask>;

/** The AI breakdown response: what the model must answer. */
export const ZBreakdownResult = z.object({
  subtasks: z.array(ZBreakdownSubtask).min(1).describe('The steps, in the order to do them'),
  tips: z.array(z.string().trim().min(1).max(300)).describe('Short, practical tips for these steps'),
});
export type TBreakdownResult = z.infer<typeof ZBreakdownResult>;

export const ZBreakdownOutput = ZBreakdownResult.extend(ZPlannerInfo);
export type TBreakdownOutput = z.infer<typeof ZBreakdownOutput>;

// ---------------------------------------------------------------- ai-generate

/** What `focusMode` may name: a mood, or a display mode (either reading is accepted). */
const AI_FOCUS_MODES = [...MOODS, ...DISPLAY_MODES] as const;

export const ZAiGenerateInput = z.object({
  title: ZCreateFocusSessionInput.shape.sessionName.describe("The session's name; default 'AI Session #{n} - {date}'"),
  sessionLength: ZMinutes.nullish().describe('Minutes the session should last; the plan fits its tasks into them'),
  focusMode: z
    .enum(AI_FOCUS_MODES)
    .nullish()
    .describe(
      'Your mood (energetic, focused, relaxed, tired, stressed; default focused) or the display mode (clock, clock-date, pomodoro, timer, stopwatch)',
    ),
  includeBreaks: z
    .boolean()
    .nullish()
    .describe('When focusMode names no display mode: true gives pomodoro rounds with breaks; otherwise a timer of sessionLength, or the clock'),
  timeZone: ZCreateFocusSessionInput.shape.timeZone,
});
export type TAiGenerateInput = z.infer<typeof ZAiGenerateInput>;

export const ZAiGenerateOutput = z.object({
  id: z.string().describe('The new AI session: make it the current session'),
  planner: ZPlannerInfo.planner,
});
export type TAiGenerateOutput = z.infer<typeof ZAiGenerateOutput>;

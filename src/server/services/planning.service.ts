// Session planning (POST /api/sessions/ai-plan): recommends some of the user's own incomplete
// tasks for a mood and a clock, through the configured model or the built-in rules. Planning is
// not yet a session: nothing is metered here (the AI session created afterwards counts), but a
// user already at the AI session limit is told so before any provider call, and the router
// rate-limits planning calls per user. POST /api/sessions/ai-generate plans and creates the AI
// session in one call.
import { DISPLAY_MODES, MOODS, SESSION_DEFAULTS, type DisplayMode, type Mood } from '@/lib/constants';
import {
  AI_MAX_RECOMMENDED_TASKS,
  ZAiPlanResult,
  type TAiGenerateInput,
  type TAiGenerateOutput,
  type TAiPlanInput,
  type TAiPlanOutput,
  type TAiPlanResult,
} from '@/lib/schemas/ai';
import { askForJson, aiConfig } from '@/server/ai/provider';
import { planFocusSession as builtInPlan, type PlannerTask } from '@/server/ai/built-in-planner';
import { overrunFactor } from '@/lib/estimates';
import type { Db } from '@/server/db';
import { beforeNextLabel, freeStretch } from '@/lib/free-time';
import { assertAllowance, PLANNER_TASK_SELECT } from './ai.service';
import { busyIntervals } from './busy-time.service';
import { createFocusSession } from './focus-session.service';
import { toApiDifficulty } from './task.service';

/** The most incomplete tasks a plan considers (soonest due first, then oldest). */
const PLAN_TASKS_CONSIDERED = 100;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The user's incomplete tasks, as a planner sees them. */
async function plannerTasks(db: Db, userId: string): Promise<PlannerTask[]> {
  const rows = await db.task.findMany({
    where: { userId, completed: false, letGoAt: null },
    orderBy: [{ dueDate: { sort: 'asc', nulls: 'last' } }, { createdAt: 'asc' }, { id: 'asc' }],
    take: PLAN_TASKS_CONSIDERED,
    select: PLANNER_TASK_SELECT,
  });
  return rows.map((row) => ({ ...row, difficulty: toApiDifficulty(row.difficulty) }));
}

/** Completed tasks of the last 90 days a factor is learned from, at most. */
const FACTOR_WINDOW_DAYS = 90;

/** The user's typical over/under-run factor (src/lib/estimates.ts), or null while unknown. */
export async function userOverrunFactor(db: Db, userId: string, now = new Date()): Promise<number | null> {
  const rows = await db.task.findMany({
    where: { userId, completed: true, estimatedMinutes: { not: null }, focusedSeconds: { gt: 0 }, completedAt: { gte: new Date(now.getTime() - FACTOR_WINDOW_DAYS * DAY_MS) } },
    select: { estimatedMinutes: true, focusedSeconds: true },
    take: 500,
  });
  return overrunFactor(rows.map((row) => ({ estimatedMinutes: row.estimatedMinutes, actualMinutes: Math.round(row.focusedSeconds / 60) })));
}

const INSTRUCTIONS = `You plan one focus session for a person using Onething, a calm task manager.
Choose tasks from their list of incomplete tasks to suit their mood and the clock they will use.
Rules:
- Recommend only tasks from the list, each at most once, using its exact "id" as taskId and its title.
- tired or stressed: favour small, easy tasks and overdue ones first; keep the session short (15-50 minutes).
- energetic or focused: favour hard, important tasks; a longer session (50-150 minutes) is fine.
- relaxed: a balanced mix of lighter and medium tasks, including ones that have waited a while.
- reasoning: one short, friendly sentence per task saying why it was picked now (mention overdue, due soon, importance, difficulty as relevant).
- estimatedTime: realistic whole minutes for the task: start from its estimatedMinutes when given (else its difficulty) and multiply by overrunFactor when given (how long this person's tasks really take against their estimates, from recorded focus time). estimatedDuration: whole minutes for the whole session; the recommended tasks' estimatedTime should add up to no more than it.
- pomodoro: estimatedDuration is a whole number of rounds of (pomodoroWork + pomodoroBreak) minutes. timer: fit the tasks into timerDuration minutes when it is given. When sessionDuration is given, fit the tasks and estimatedDuration into it.
- sessionAdvice: two or three sentences of practical advice fitting the mood and the clock.
- If the list is empty, recommend nothing and suggest adding a task.
Answer with one JSON object matching the schema, and nothing else.`;

/** What the model is told: the mood, the clock and the tasks' planning fields, nothing more. */
function planPrompt(input: TAiPlanInput, tasks: PlannerTask[], now: Date, maxTasks: number, factor: number | null = null): string {
  return JSON.stringify({
    now: now.toISOString(),
    mood: input.mood,
    displayMode: input.displayMode,
    ...(input.displayMode === 'pomodoro'
      ? { pomodoroWork: input.pomodoroWork ?? 25, pomodoroBreak: input.pomodoroBreak ?? 5 }
      : {}),
    ...(input.timerDuration && input.displayMode === 'timer' ? { timerDuration: input.timerDuration } : {}),
    ...(input.sessionDuration ? { sessionDuration: input.sessionDuration } : {}),
    recommendAtMost: maxTasks,
    ...(factor ? { overrunFactor: factor } : {}),
    tasks: tasks.map((task) => ({
      id: task.id,
      title: task.title,
      importance: task.importance,
      difficulty: task.difficulty,
      dueDate: task.dueDate?.toISOString() ?? null,
      estimatedMinutes: task.estimatedMinutes ?? null,
      ageDays: Math.max(0, Math.floor((now.getTime() - task.createdAt.getTime()) / DAY_MS)),
    })),
  });
}

/**
 * Keeps only recommendations of the user's own incomplete tasks (what the model invents or
 * repeats is dropped), with each task's real title, at most `maxTasks` of them.
 */
function ownRecommendations(result: TAiPlanResult, tasks: PlannerTask[], maxTasks: number): TAiPlanResult {
  const own = new Map(tasks.map((task) => [task.id, task]));
  const seen = new Set<string>();
  const recommendedTasks = result.recommendedTasks.flatMap((recommendation) => {
    const task = own.get(recommendation.taskId);
    if (!task || seen.has(task.id)) return [];
    seen.add(task.id);
    return [{ ...recommendation, title: task.title }];
  });
  return { ...result, recommendedTasks: recommendedTasks.slice(0, maxTasks) };
}

/** How far ahead the planner looks for the next calendar event that bounds the session. */
const GAP_LOOKAHEAD_MS = 12 * 3_600_000;

/**
 * The gap before the user's next busy calendar event (from the calendar cache, never a remote
 * call), when one comes within the look-ahead and leaves at least 5 minutes.
 */
async function gapBeforeNextEvent(db: Db, userId: string, now: Date): Promise<{ minutes: number; title: string | null } | null> {
  const stretch = freeStretch(await busyIntervals(db, userId, now, new Date(now.getTime() + GAP_LOOKAHEAD_MS)), now, new Date(now.getTime() + GAP_LOOKAHEAD_MS));
  if (!stretch?.next || stretch.minutes < 5) return null;
  return { minutes: stretch.minutes, title: stretch.next.title };
}

/** POST /api/sessions/ai-plan. */
export async function planFocusSession(db: Db, userId: string, input: TAiPlanInput, now = new Date()): Promise<TAiPlanOutput> {
  await assertAllowance(db, userId, ['aiSessions', 'sessions'], now);
  const [tasks, factor, gap] = await Promise.all([plannerTasks(db, userId), userOverrunFactor(db, userId, now), gapBeforeNextEvent(db, userId, now)]);
  const maxTasks = input.maxTasks ?? AI_MAX_RECOMMENDED_TASKS;
  // Sized to the gap before the next calendar event: the session fits before it.
  const sized: TAiPlanInput = gap ? { ...input, sessionDuration: Math.min(input.sessionDuration ?? gap.minutes, gap.minutes) } : input;
  const config = aiConfig();
  let plan: TAiPlanOutput;
  if (!config) {
    plan = { ...builtInPlan({ ...sized, tasks, now, overrunFactor: factor }), planner: 'built-in', model: null };
  } else {
    const answer = await askForJson({
      name: 'session_plan',
      schema: ZAiPlanResult,
      instructions: INSTRUCTIONS,
      input: planPrompt(sized, tasks, now, maxTasks, factor),
    });
    plan = { ...ownRecommendations(answer.data, tasks, maxTasks), planner: 'ai', model: answer.model };
  }
  if (!gap) return plan;
  const line = beforeNextLabel({ minutes: gap.minutes, next: { start: now, end: now, title: gap.title } })!;
  return {
    ...plan,
    estimatedDuration: Math.min(plan.estimatedDuration, gap.minutes),
    sessionAdvice: `${line.charAt(0).toUpperCase()}${line.slice(1)}. ${plan.sessionAdvice}`.slice(0, 1000),
  };
}

const isMood = (value: unknown): value is Mood => (MOODS as readonly unknown[]).includes(value);
const isDisplayMode = (value: unknown): value is DisplayMode => (DISPLAY_MODES as readonly unknown[]).includes(value);

/**
 * POST /api/sessions/ai-generate: plans a session and creates it as an AI session with the
 * recommended tasks, counted like one (sessions and AI sessions, in createFocusSession's
 * transaction). `focusMode` may name the mood or the display mode (either reading is accepted):
 * a mood picks the tasks (default focused); without a display mode, `includeBreaks` chooses
 * pomodoro, else a given `sessionLength` a timer, else the clock.
 */
export async function generateFocusSession(db: Db, userId: string, input: TAiGenerateInput, now = new Date()): Promise<TAiGenerateOutput> {
  const mood: Mood = isMood(input.focusMode) ? input.focusMode : 'focused';
  const length = input.sessionLength ?? undefined;
  const displayMode: DisplayMode = isDisplayMode(input.focusMode)
    ? input.focusMode
    : input.includeBreaks
      ? 'pomodoro'
      : length
        ? 'timer'
        : 'clock';
  const plan = await planFocusSession(
    db,
    userId,
    {
      mood,
      displayMode,
      maxTasks: SESSION_DEFAULTS.maxTasks,
      ...(length ? { sessionDuration: length } : {}),
      ...(length && displayMode === 'timer' ? { timerDuration: length } : {}),
    },
    now,
  );
  const minutes = length ?? plan.estimatedDuration;
  const focusSession = await createFocusSession(
    db,
    userId,
    {
      sessionName: input.title ?? null,
      displayMode,
      sessionType: 'ai',
      userMood: mood,
      sessionDuration: minutes,
      timerDuration: displayMode === 'timer' ? minutes : null,
      selectedTaskIds: plan.recommendedTasks.map((task) => task.taskId),
      timeZone: input.timeZone ?? null,
    },
    now,
  );
  return { id: focusSession.id, planner: plan.planner };
}

// Just start's light rules, free of I/O and of date libraries (the /start screen uses them offline
// too, on the last synced task list): the starter's length, calibrated minutes, the one task to
// pick, its first step (a subtask, its own first-step line or a neutral starter) and the why of it as far as the task tells (the server adds the
// free time); the same pick on a task list the page already has. The day's planning is in ./day-plan.ts.
import type { Difficulty, Importance } from '@/lib/constants';
import { formatMinutes } from '@/lib/minutes';
import type { TTaskOutput } from '@/lib/schemas/task';
import { dayKey, zonedParts } from '@/lib/time-zone';

/** The starter timer of Just start, in minutes. */
export const STARTER_MINUTES = 10;

/** What a fresh start can do with a carried-over task. */
export const FRESH_START_ACTIONS = ['today', 'tomorrow', 'this-week', 'someday', 'let-go'] as const;
export type FreshStartAction = (typeof FRESH_START_ACTIONS)[number];

export type PlanTask = {
  id: string;
  title: string;
  importance: Importance;
  difficulty: Difficulty;
  estimatedMinutes: number | null;
  actualMinutes?: number;
  dueDate: Date | null;
  recurrence?: string | null;
  createdAt?: Date;
};

/** When a task has no estimate: what its difficulty usually means, in minutes. */
const DIFFICULTY_MINUTES: Record<Difficulty, number> = { Easy: 15, Medium: 30, Hard: 60, 'Very Hard': 90 };
export const IMPORTANCE_RANK: Record<Importance, number> = { Low: 1, Medium: 2, High: 3, Critical: 4 };

/**
 * The minutes a task will really take this person: their estimate (else the difficulty's usual
 * time) times their own actual/estimate factor (src/lib/estimates.ts), less the focus already
 * spent on it; at least 5 minutes while it is open.
 */
export function calibratedMinutes(task: Pick<PlanTask, 'estimatedMinutes' | 'difficulty' | 'actualMinutes'>, factor: number | null): number {
  const base = task.estimatedMinutes ?? DIFFICULTY_MINUTES[task.difficulty];
  const total = Math.round(base * (factor ?? 1));
  return Math.max(5, total - (task.actualMinutes ?? 0));
}

/**
 * Just start's pick: one open top-level task to begin now, skipping `skip`. Due ones first (the
 * soonest, carried-over ones included), more important before less, and among equals the one
 * that fits the time left best (the smallest); undated ones after, most important first.
 */
export function pickNext<T extends PlanTask>(tasks: readonly T[], skip: ReadonlySet<string>, factor: number | null): T | null {
  const open = tasks.filter((task) => !skip.has(task.id));
  open.sort((a, b) => {
    const aDue = a.dueDate?.getTime() ?? Infinity;
    const bDue = b.dueDate?.getTime() ?? Infinity;
    const aDated = aDue !== Infinity;
    const bDated = bDue !== Infinity;
    if (aDated !== bDated) return aDated ? -1 : 1;
    const aDay = aDated ? Math.floor(aDue / 86_400_000) : 0;
    const bDay = bDated ? Math.floor(bDue / 86_400_000) : 0;
    return (
      aDay - bDay ||
      IMPORTANCE_RANK[b.importance] - IMPORTANCE_RANK[a.importance] ||
      calibratedMinutes(a, factor) - calibratedMinutes(b, factor) ||
      (a.id < b.id ? -1 : 1)
    );
  });
  return open[0] ?? null;
}

/** The neutral first step when a task has no open subtask and no first-step line of its own. */
function starterLine(task: Pick<PlanTask, 'title'>): string {
  return `Open what you need for "${task.title}" and do the smallest next bit for ten minutes.`;
}

/** What Just start shows after a step is ticked and nothing else is written down. */
export const NEXT_BIT_LINE = 'Choose the next small bit and keep going.';

/**
 * Just start's first step of `task` (the server's GET /api/today/next and the pick on a list, one
 * rule): its first open subtask, else its stored first-step line, else the neutral starter.
 * Subtasks come first: they are the steps the person wrote out, in order, and ticking one marks
 * it done on the task; the first-step line is the way in when there are none (or none open any
 * more), a cue kept on the task like its description, so ticking it in Just start completes
 * nothing and clears nothing. `firstStepTaskId` names the subtask, when the step is one.
 */
export function firstStepOf(
  task: { title: string; firstStep?: string | null },
  openSubtask: { id: string; title: string } | null | undefined,
): { firstStep: string; firstStepTaskId: string | null } {
  if (openSubtask) return { firstStep: openSubtask.title, firstStepTaskId: openSubtask.id };
  return { firstStep: task.firstStep?.trim() || starterLine(task), firstStepTaskId: null };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The first part of the why, from the task alone, on the account's clock: "carried over", "due today
 * at 15:00", "due tomorrow", "due Thursday" (within six days), "due 3 Dec"; undated: "high
 * importance", else "no date, a good one to get moving"; then "about 20 min" (calibrated). No
 * lateness in red or in words that shout.
 */
export function taskReason(task: PlanTask, now: Date, zone: string, factor: number | null): string {
  let first: string;
  if (task.dueDate) {
    const today = dayKey(now, zone);
    const dueDay = dayKey(task.dueDate, zone);
    const [year, month, day] = today.split('-').map(Number) as [number, number, number];
    const tomorrow = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
    const local = zonedParts(task.dueDate, zone);
    if (dueDay < today || task.dueDate < now) first = 'carried over';
    else if (dueDay === today) first = `due today at ${pad(local.hour)}:${pad(local.minute)}`;
    else if (dueDay === tomorrow) first = 'due tomorrow';
    else if (task.dueDate.getTime() - now.getTime() < 6 * 86_400_000) first = `due ${WEEKDAYS[new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay()]}`;
    else first = `due ${local.day} ${MONTHS[local.month - 1]}`;
  } else if (task.importance === 'High' || task.importance === 'Critical') {
    first = `${task.importance.toLowerCase()} importance`;
  } else {
    first = 'no date, a good one to get moving';
  }
  return `${first}, about ${formatMinutes(calibratedMinutes(task, factor))}`;
}

/** What Just start shows for a pick: the task, its first step and the why (as GET /api/today/next answers). */
export type StarterPick = {
  task: TTaskOutput | null;
  firstStep: string | null;
  firstStepTaskId: string | null;
  reason: string;
  minutes: number;
};

/**
 * Just start's pick on a task list the page already has (the dashboard's, or the last one kept for
 * offline use): the same rule as the server's, its first open subtask in the list's order, and the
 * why from the task alone (the free time is the server's to add).
 */
export function pickFromTasks(tasks: readonly TTaskOutput[], skip: readonly string[], now: Date, zone: string): StarterPick {
  const top = tasks.filter((task) => !task.parentTaskId && !task.completed && !task.letGoAt);
  const asPlan = (task: TTaskOutput): PlanTask & { source: TTaskOutput } => ({
    ...task,
    dueDate: task.dueDate ? new Date(task.dueDate) : null,
    createdAt: new Date(task.createdAt),
    source: task,
  });
  const picked = pickNext(top.map(asPlan), new Set(skip), null);
  if (!picked) return { task: null, firstStep: null, firstStepTaskId: null, reason: skip.length > 0 ? 'Nothing else is open right now.' : 'Nothing is open right now.', minutes: STARTER_MINUTES };
  const step = tasks.find((candidate) => candidate.parentTaskId === picked.id && !candidate.completed && !candidate.letGoAt);
  return {
    task: picked.source,
    ...firstStepOf(picked.source, step),
    reason: taskReason(picked, now, zone, null),
    minutes: STARTER_MINUTES,
  };
}

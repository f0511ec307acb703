// Just start's light rules, free of I/O and of date libraries (the /start screen uses them offline
// too, on the last synced task list): the starter's length, calibrated minutes, the one task to
// pick, and its neutral first step. The day's planning is in ./day-plan.ts.
import type { Difficulty, Importance } from '@/lib/constants';

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

/** The neutral first step when a task has no open subtask. */
export function starterLine(task: Pick<PlanTask, 'title'>): string {
  return `Open what you need for "${task.title}" and do the smallest next bit for ten minutes.`;
}

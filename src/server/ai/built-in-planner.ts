// The built-in planner: what answers when no language model is configured. Deterministic,
// explainable rules a user can check against their own list — the same tasks, mood and clock
// always give the same plan, and every recommendation says why it was picked.
//
// Session plan, per mood:
//   tired      easiest first, overdue before the rest among equals; 3 tasks, 15-45 minutes
//   stressed   overdue and due-soon first, then the easiest; 3 tasks, 20-50 minutes
//   relaxed    a balanced mix: medium work and tasks that have waited a while, light to heavier;
//              4 tasks, 30-75 minutes
//   focused    most important first, then the most urgent; 3 tasks, 50-120 minutes of deep work
//   energetic  hardest first, then the most important; 5 tasks, 60-150 minutes
// Times per task come from the difficulty; the session length from the tasks, bounded by the
// mood (or by the minutes the person gave) and fitted to the clock (whole pomodoro rounds).
//
// Breakdown: the description's list items, else its lines, else its sentences (else a
// prepare / do / check scaffold around it) become the steps; estimates from difficulty;
// deadlines spread evenly up to the parent's due date; tips drawn from the steps themselves.
import { DateTime } from 'luxon';
import {
  SESSION_DEFAULTS,
  TASK_LIMITS,
  type Difficulty,
  type DisplayMode,
  type Importance,
  type Mood,
} from '@/lib/constants';
import {
  AI_MAX_SUBTASKS,
  type TAiPlanResult,
  type TBreakdownResult,
  type TBreakdownSubtask,
  type TRecommendedTask,
} from '@/lib/schemas/ai';

export type PlannerTask = {
  id: string;
  title: string;
  importance: Importance;
  difficulty: Difficulty;
  dueDate: Date | null;
  createdAt: Date;
  /** The person's estimate in minutes, when they gave one. */
  estimatedMinutes?: number | null;
};

export type PlanRequest = {
  mood: Mood;
  displayMode: DisplayMode;
  tasks: PlannerTask[];
  now: Date;
  maxTasks?: number;
  pomodoroWork?: number;
  pomodoroBreak?: number;
  timerDuration?: number;
  /** Minutes the whole session should last, when the person said so. */
  sessionDuration?: number;
  /**
   * How long things really take this person against their estimates (1.4: 40 % longer), from
   * the focus time the session screen recorded; tasks are sized by it to fit the session.
   */
  overrunFactor?: number | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Minutes a task of this difficulty usually takes. */
const MINUTES_BY_DIFFICULTY: Record<Difficulty, number> = { Easy: 15, Medium: 25, Hard: 45, 'Very Hard': 60 };
const DIFFICULTY_RANK: Record<Difficulty, number> = { Easy: 0, Medium: 1, Hard: 2, 'Very Hard': 3 };
const IMPORTANCE_RANK: Record<Importance, number> = { Low: 0, Medium: 1, High: 2, Critical: 3 };

type MoodProfile = { tasks: number; minMinutes: number; maxMinutes: number };
const MOOD_PROFILES: Record<Mood, MoodProfile> = {
  tired: { tasks: 3, minMinutes: 15, maxMinutes: 45 },
  stressed: { tasks: 3, minMinutes: 20, maxMinutes: 50 },
  relaxed: { tasks: 4, minMinutes: 30, maxMinutes: 75 },
  focused: { tasks: 3, minMinutes: 50, maxMinutes: 120 },
  energetic: { tasks: 5, minMinutes: 60, maxMinutes: 150 },
};

type Facts = {
  task: PlannerTask;
  overdueDays: number; // whole days past due; 0 when not overdue
  overdue: boolean;
  dueInHours: number | null; // hours until due when not overdue
  urgency: number; // 0 none, 1 due within 3 days, 2 within 24 hours, 3+ overdue (more the longer)
  difficulty: number;
  importance: number;
  ageDays: number;
  minutes: number;
};

function factsOf(task: PlannerTask, now: Date, factor = 1): Facts {
  const due = task.dueDate?.getTime();
  const overdue = due !== undefined && due < now.getTime();
  const overdueDays = overdue ? Math.floor((now.getTime() - due) / DAY_MS) : 0;
  const dueInHours = due !== undefined && !overdue ? (due - now.getTime()) / HOUR_MS : null;
  let urgency = 0;
  if (overdue) urgency = 3 + Math.min(overdueDays, 7) / 7;
  else if (dueInHours !== null && dueInHours <= 24) urgency = 2;
  else if (dueInHours !== null && dueInHours <= 72) urgency = 1;
  return {
    task,
    overdue,
    overdueDays,
    dueInHours,
    urgency,
    difficulty: DIFFICULTY_RANK[task.difficulty],
    importance: IMPORTANCE_RANK[task.importance],
    ageDays: Math.max(0, Math.floor((now.getTime() - task.createdAt.getTime()) / DAY_MS)),
    // The person's own estimate when there is one, else the difficulty's; both stretched (or
    // shrunk) by how their estimates usually turn out.
    minutes: Math.max(1, Math.round((task.estimatedMinutes ?? MINUTES_BY_DIFFICULTY[task.difficulty]) * factor)),
  };
}

/** Higher is a better fit for the mood. */
const SCORE: Record<Mood, (f: Facts) => number> = {
  tired: (f) => (3 - f.difficulty) * 10 + f.urgency * 3 + f.importance,
  stressed: (f) => f.urgency * 10 + (3 - f.difficulty) * 4 + f.importance * 2,
  relaxed: (f) => 10 - Math.abs(f.difficulty - 1) * 4 + Math.min(f.ageDays, 30) / 5 + f.importance + f.urgency,
  focused: (f) => f.importance * 10 + f.urgency * 4 + f.difficulty * 2,
  energetic: (f) => f.difficulty * 10 + f.importance * 4 + f.urgency * 2,
};

/** Ties: earlier due date first (undated last), then older first, then by id: fully deterministic. */
function tieBreak(a: Facts, b: Facts): number {
  const dueA = a.task.dueDate?.getTime() ?? Number.POSITIVE_INFINITY;
  const dueB = b.task.dueDate?.getTime() ?? Number.POSITIVE_INFINITY;
  if (dueA !== dueB) return dueA < dueB ? -1 : 1;
  const created = a.task.createdAt.getTime() - b.task.createdAt.getTime();
  if (created !== 0) return created;
  return a.task.id < b.task.id ? -1 : a.task.id > b.task.id ? 1 : 0;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function urgencyFact(f: Facts): string | null {
  // Lateness is never shouted (api.md, "Your day"): a late task is carried over, in the words the lists use.
  if (f.overdue) return f.overdueDays === 0 ? 'Carried over from earlier today' : `Carried over · ${plural(f.overdueDays, 'day')}`;
  if (f.dueInHours === null) return null;
  if (f.dueInHours < 1) return 'Due within the hour';
  if (f.dueInHours <= 24) return `Due in ${plural(Math.round(f.dueInHours), 'hour')}`;
  if (f.dueInHours <= 7 * 24) return `Due in ${plural(Math.round(f.dueInHours / 24), 'day')}`;
  return null;
}

function moodClause(mood: Mood, f: Facts): string {
  switch (mood) {
    case 'tired':
      if (f.difficulty === 0) return 'a gentle start';
      if (f.difficulty === 1) return 'doable without much energy';
      return 'heavier, so go slowly and stop when you need to';
    case 'stressed':
      if (f.urgency >= 1) return 'clearing it takes the most pressure off';
      if (f.difficulty === 0) return 'a quick win to steady you';
      return 'one calm step at a time';
    case 'relaxed':
      if (f.ageDays >= 14) return 'a good moment to finally clear it';
      if (f.difficulty === 0) return 'light and unhurried';
      return 'a steady, balanced pick';
    case 'focused':
      if (f.importance >= 2) return 'worth your best focus';
      if (f.urgency >= 1) return 'needs doing soon, so it gets focus time';
      return 'a clear piece of deep work';
    case 'energetic':
      if (f.difficulty >= 2) return 'tackle it while your energy is high';
      if (f.difficulty === 1) return 'keeps the momentum going';
      return 'a quick finish to end on';
  }
}

/** Why this task, for this mood: the facts the rules used, then what they mean today. */
function reasoningFor(mood: Mood, f: Facts): string {
  const facts: string[] = [];
  const urgency = urgencyFact(f);
  if (urgency) facts.push(urgency);
  facts.push(f.task.difficulty.toLowerCase());
  if (f.importance >= 2) facts.push(`${f.task.importance.toLowerCase()} importance`);
  if (f.ageDays >= 14 && !f.overdue) facts.push(`waiting for ${plural(f.ageDays, 'day')}`);
  const text = facts.length > 1 ? `${facts.slice(0, -1).join(', ')} and ${facts.at(-1)}` : (facts[0] ?? '');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} — ${moodClause(mood, f)}`;
}

const roundUp = (minutes: number, step: number) => Math.ceil(minutes / step) * step;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The minutes the person gave for the session (the timer's, else the session's), if any. */
function givenMinutes(request: PlanRequest): number | undefined {
  return (request.displayMode === 'timer' ? request.timerDuration : undefined) ?? request.sessionDuration;
}

function pomodoroRounds(request: PlanRequest, profile: MoodProfile) {
  const focus = request.pomodoroWork ?? SESSION_DEFAULTS.pomodoroWork;
  const rest = request.pomodoroBreak ?? SESSION_DEFAULTS.pomodoroBreak;
  const most = Math.max(1, Math.floor((givenMinutes(request) ?? profile.maxMinutes) / (focus + rest)));
  return { focus, rest, most };
}

/** Minutes of work the picked tasks may add up to: pomodoro breaks are not work time. */
function workBudget(request: PlanRequest, profile: MoodProfile): number {
  if (request.displayMode === 'pomodoro') {
    const { focus, most } = pomodoroRounds(request, profile);
    return most * focus;
  }
  return givenMinutes(request) ?? profile.maxMinutes;
}

function sessionLength(request: PlanRequest, workMinutes: number, profile: MoodProfile) {
  const work = workMinutes > 0 ? workMinutes : profile.minMinutes;
  const given = givenMinutes(request);
  if (request.displayMode === 'pomodoro') {
    const { focus, rest, most } = pomodoroRounds(request, profile);
    const rounds = clamp(Math.ceil(work / focus), 1, most);
    return { minutes: rounds * (focus + rest), rounds, focus, rest };
  }
  if (given) return { minutes: given, rounds: 0, focus: 0, rest: 0 };
  return { minutes: clamp(roundUp(work, 5), profile.minMinutes, profile.maxMinutes), rounds: 0, focus: 0, rest: 0 };
}

const MOOD_ADVICE: Record<Mood, string> = {
  tired:
    'You are running low, so this session is short and gentle: the easiest tasks first, carried-over ones before the rest. Stop when it ends — rest is part of the work.',
  stressed:
    'One thing at a time. The most pressing tasks come first and each is small enough to finish, so the pressure drops with every one you tick off. Take a slow breath before you start.',
  relaxed:
    'A calm, balanced session: a mix of lighter and medium tasks, including ones that have waited a while. Keep an easy pace.',
  focused:
    'You are focused, so spend it on what matters most: the most important tasks come first. Silence notifications and stay with one task until it is done.',
  energetic:
    'You have energy: put it into the hardest, most important work first while it lasts, and let the lighter tasks carry you to the end.',
};

function modeAdvice(mode: DisplayMode, length: ReturnType<typeof sessionLength>): string {
  switch (mode) {
    case 'pomodoro':
      return `Work in ${length.focus}-minute rounds with a ${length.rest}-minute break after each: ${plural(length.rounds, 'round')} in all.`;
    case 'timer':
      return `Set the timer for ${length.minutes} minutes and stop when it rings.`;
    case 'stopwatch':
      return `The stopwatch counts up: aim to wrap up after about ${length.minutes} minutes, and notice how long each task really takes.`;
    case 'clock':
    case 'clock-date':
      return `Keep the clock in view and plan to wrap up after about ${length.minutes} minutes.`;
  }
}

/** The built-in session plan (the AI plan result) for one mood and clock. */
export function planFocusSession(request: PlanRequest): TAiPlanResult {
  const profile = MOOD_PROFILES[request.mood];
  const count = Math.max(1, Math.min(request.maxTasks ?? profile.tasks, profile.tasks, request.tasks.length || 1));
  const budget = workBudget(request, profile);
  const score = SCORE[request.mood];
  const ranked = request.tasks
    .map((task) => factsOf(task, request.now, request.overrunFactor ?? 1))
    .sort((a, b) => score(b) - score(a) || tieBreak(a, b));

  // Take the best fits in order, skipping any that would overrun the time budget; when not
  // even one fits, the best fit alone.
  const picked: Facts[] = [];
  let minutes = 0;
  for (const facts of ranked) {
    if (picked.length >= count) break;
    if (minutes + facts.minutes > budget) continue;
    picked.push(facts);
    minutes += facts.minutes;
  }
  const best = ranked[0];
  if (picked.length === 0 && best) {
    picked.push(best);
    minutes = best.minutes;
  }
  // Relaxed means a gentle ramp: lighter tasks before heavier ones.
  if (request.mood === 'relaxed') picked.sort((a, b) => a.difficulty - b.difficulty || tieBreak(a, b));

  const recommendedTasks: TRecommendedTask[] = picked.map((facts) => ({
    taskId: facts.task.id,
    title: facts.task.title,
    reasoning: reasoningFor(request.mood, facts),
    estimatedTime: facts.minutes,
  }));
  const length = sessionLength(request, minutes, profile);
  const summary =
    recommendedTasks.length === 0
      ? 'You have no open tasks yet: add one and the plan will pick it up.'
      : `${plural(recommendedTasks.length, 'task')}, about ${minutes} minutes of work.`;
  return {
    sessionAdvice: `${MOOD_ADVICE[request.mood]} ${modeAdvice(request.displayMode, length)} ${summary}`,
    estimatedDuration: length.minutes,
    recommendedTasks,
  };
}

// ---------------------------------------------------------------- breakdown

export type BreakdownRequest = {
  title: string;
  description: string;
  difficulty: Difficulty;
  dueDate: Date | null;
  now: Date;
};

const LIST_ITEM = /^\s*(?:[-*•‣◦]|\d{1,2}[.)]|[a-z][.)]|\[[ xX]?\])\s+/;

function clean(step: string): string {
  return step.replace(LIST_ITEM, '').replace(/\s+/g, ' ').replace(/[\s,;:]+$/, '').trim();
}

/** The concrete steps in a description: its list items, else its lines, else its sentences. */
export function splitSteps(description: string): string[] {
  const lines = description
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const listItems = lines.filter((line) => LIST_ITEM.test(line));
  let steps: string[];
  if (listItems.length >= 2) steps = listItems;
  else if (lines.length >= 2) steps = lines;
  else
    steps = description
      .replace(/\s+/g, ' ')
      .split(/(?<=[.!?;])\s+(?=\S)|,?\s+and then\s+|,\s+then\s+/i)
      .map((sentence) => sentence.trim());
  return steps.map(clean).filter((step) => /[\p{L}\p{N}]/u.test(step));
}

function titleOf(step: string): string {
  const sentence = step.replace(/[.!?]+$/, '');
  const capital = `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`;
  const max = Math.min(80, TASK_LIMITS.titleMax);
  if (capital.length <= max) return capital;
  const cut = capital.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

type StepDifficulty = TBreakdownSubtask['difficulty'];
const STEP_LEVELS: StepDifficulty[] = ['Easy', 'Medium', 'Hard'];
const STEP_MINUTES: Record<StepDifficulty, number> = { Easy: 15, Medium: 30, Hard: 45 };

/** A step is as hard as its parent (Very Hard counts as Hard), one level up when long, down when short. */
function stepDifficulty(parent: Difficulty, step: string): StepDifficulty {
  const base = Math.min(DIFFICULTY_RANK[parent], 2);
  const words = step.split(/\s+/).filter(Boolean).length;
  const shift = words >= 20 ? 1 : words <= 4 ? -1 : 0;
  return STEP_LEVELS[clamp(base + shift, 0, 2)] ?? 'Medium';
}

const KEYWORD_TIPS: [RegExp, string][] = [
  [/\b(write|draft|essay|report|document|blog|article)\w*/i, 'Write a rough first draft without editing; polishing is a separate step.'],
  [/\b(research|read|study|learn|look up|investigate)\w*/i, 'Time-box research: decide how long to read before you start, then move on.'],
  [/\b(e-?mail|call|ask|message|contact|send|reply|meet)\w*/i, 'Send messages early in the day: replies take time, and waiting should not block you.'],
  [/\b(test|check|review|proofread|verify)\w*/i, 'Review with fresh eyes: leave a short break before checking your own work.'],
  [/\b(buy|order|book|pay|shop)\w*/i, 'Do the buying and booking steps first: deliveries and confirmations take time.'],
  [/\b(clean|tidy|organi[sz]e|sort|declutter)\w*/i, 'Set a short timer for tidying steps: progress beats perfection.'],
  [/\b(code|build|implement|fix|debug|deploy)\w*/i, 'Make the smallest working version first, then improve it.'],
];

/** The built-in breakdown (the AI breakdown response). */
export function breakdownTask(request: BreakdownRequest): TBreakdownResult {
  let steps = splitSteps(request.description);
  if (steps.length === 1) {
    const only = steps[0] ?? request.title;
    steps = [`Get ready: gather what you need for “${request.title}”`, only, 'Check the result and wrap up'];
  } else if (steps.length === 0) {
    steps = [`Get ready: gather what you need for “${request.title}”`, `Do the main work of “${request.title}”`, 'Check the result and wrap up'];
  }
  // Too many steps for one list: keep the first ones and fold the rest into the last.
  if (steps.length > AI_MAX_SUBTASKS) {
    const rest = steps.slice(AI_MAX_SUBTASKS - 1);
    steps = [...steps.slice(0, AI_MAX_SUBTASKS - 1), `Finish the remaining steps: ${rest.join('; ')}`];
  }

  // Deadlines are spread evenly from now up to the parent's due date (the last step lands on
  // it). No due date, or one already past, means no suggestion: a deadline is never invented.
  const due = request.dueDate && request.dueDate.getTime() > request.now.getTime() ? request.dueDate : null;
  const span = due ? due.getTime() - request.now.getTime() : 0;

  const subtasks: TBreakdownSubtask[] = steps.map((step, index) => {
    const difficulty = stepDifficulty(request.difficulty, step);
    const deadline = due ? new Date(request.now.getTime() + Math.round((span * (index + 1)) / steps.length)) : null;
    return {
      title: titleOf(step),
      description: `Step ${index + 1} of ${steps.length} of “${request.title}”: ${step.replace(/[.!?]*$/, '.')}`.slice(0, 1000),
      estimatedTime: STEP_MINUTES[difficulty],
      difficulty,
      suggestedDeadline: deadline ? deadline.toISOString() : null,
    };
  });

  const tips: string[] = [];
  const first = subtasks[0];
  if (first) tips.push(`Start with “${first.title}”: about ${first.estimatedTime} minutes, and the rest gets easier.`);
  const hardest = subtasks.find((subtask) => subtask.difficulty === 'Hard');
  if (hardest && hardest !== first) tips.push(`Plan “${hardest.title}” for when your energy is highest.`);
  const text = steps.join(' ');
  for (const [pattern, tip] of KEYWORD_TIPS) {
    if (tips.length >= 4) break;
    if (pattern.test(text)) tips.push(tip);
  }
  const total = subtasks.reduce((sum, subtask) => sum + subtask.estimatedTime, 0);
  if (subtasks.length >= 5) tips.push(`About ${total} minutes in all: spread the steps over a few sessions and tick each one off.`);
  if (due) {
    const dueText = DateTime.fromJSDate(due, { zone: 'utc' }).toFormat("d LLL yyyy, HH:mm 'UTC'");
    tips.push(`Each step has an “Aim for” date, so the last one lands on the due date (${dueText}).`);
  }
  return { subtasks, tips };
}

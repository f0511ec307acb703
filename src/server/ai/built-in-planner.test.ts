// The built-in planner: deterministic, explainable rules per mood, and a rule-based breakdown.
import { describe, expect, it } from 'vitest';
import { MOODS, type Mood } from '@/lib/constants';
import { ZAiPlanResult, ZBreakdownResult } from '@/lib/schemas/ai';
import { breakdownTask, planFocusSession, splitSteps, type PlannerTask } from './built-in-planner';

const now = new Date('2026-11-22T10:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const hoursFromNow = (hours: number) => new Date(now.getTime() + hours * 3_600_000);

const tasks: PlannerTask[] = [
  { id: 'bill', title: 'Pay the electricity bill', importance: 'Medium', difficulty: 'Easy', dueDate: daysAgo(2), createdAt: daysAgo(10) },
  { id: 'report', title: 'Write the quarterly report', importance: 'Critical', difficulty: 'Very Hard', dueDate: hoursFromNow(120), createdAt: daysAgo(3) },
  { id: 'refactor', title: 'Refactor the billing module', importance: 'High', difficulty: 'Hard', dueDate: null, createdAt: daysAgo(20) },
  { id: 'plants', title: 'Water the plants', importance: 'Low', difficulty: 'Easy', dueDate: null, createdAt: daysAgo(40) },
  { id: 'reply', title: 'Reply to Sam about the venue', importance: 'Medium', difficulty: 'Medium', dueDate: hoursFromNow(6), createdAt: daysAgo(1) },
  { id: 'photos', title: 'Sort old photos', importance: 'Low', difficulty: 'Medium', dueDate: null, createdAt: daysAgo(30) },
  { id: 'slides', title: 'Prepare slides', importance: 'Medium', difficulty: 'Hard', dueDate: daysAgo(1), createdAt: daysAgo(7) },
];

const plan = (mood: Mood, extra: Partial<Parameters<typeof planFocusSession>[0]> = {}) =>
  planFocusSession({ mood, displayMode: 'clock', tasks, now, ...extra });
const ids = (mood: Mood, extra?: Partial<Parameters<typeof planFocusSession>[0]>) =>
  plan(mood, extra).recommendedTasks.map((task) => task.taskId);

describe('built-in session planner', () => {
  it('gives each mood its own list for the same tasks', () => {
    expect(ids('tired')).toEqual(['bill', 'plants']);
    expect(ids('stressed')).toEqual(['bill', 'reply']);
    expect(ids('relaxed')).toEqual(['bill', 'reply', 'photos']);
    expect(ids('focused')).toEqual(['report', 'slides', 'bill']);
    expect(ids('energetic')).toEqual(['report', 'slides', 'refactor']);
    expect(new Set(MOODS.map((mood) => ids(mood).join(','))).size).toBe(MOODS.length);
  });

  it('when tired, picks small easy tasks, overdue first, in a short session, and says why', () => {
    const result = plan('tired');
    expect(result.recommendedTasks.every((task) => tasks.find((t) => t.id === task.taskId)?.difficulty === 'Easy')).toBe(true);
    expect(result.recommendedTasks[0]).toEqual({
      taskId: 'bill',
      title: 'Pay the electricity bill',
      reasoning: 'Carried over · 2 days and easy — a gentle start',
      estimatedTime: 15,
    });
    expect(result.recommendedTasks[1]?.reasoning).toBe('Easy and waiting for 40 days — a gentle start');
    expect(result.estimatedDuration).toBe(30);
    expect(result.sessionAdvice).toMatch(/short and gentle/);
  });

  it('when stressed, clears what is overdue or due soon first', () => {
    const result = plan('stressed');
    expect(result.recommendedTasks.map((task) => task.reasoning)).toEqual([
      'Carried over · 2 days and easy — clearing it takes the most pressure off',
      'Due in 6 hours and medium — clearing it takes the most pressure off',
    ]);
    expect(result.estimatedDuration).toBeLessThanOrEqual(50);
  });

  it('when energetic or focused, leads with the hard and important work in a longer session', () => {
    const energetic = plan('energetic');
    expect(energetic.recommendedTasks[0]?.reasoning).toBe(
      'Due in 5 days, very hard and critical importance — tackle it while your energy is high',
    );
    expect(energetic.recommendedTasks[0]?.estimatedTime).toBe(60);
    expect(energetic.estimatedDuration).toBe(150);
    const focused = plan('focused');
    expect(focused.recommendedTasks[0]?.reasoning).toMatch(/worth your best focus$/);
    expect(focused.estimatedDuration).toBeGreaterThan(plan('tired').estimatedDuration);
  });

  it('when relaxed, mixes lighter and medium tasks and ramps up from the lightest', () => {
    const result = plan('relaxed');
    const difficulties = result.recommendedTasks.map((task) => tasks.find((t) => t.id === task.taskId)?.difficulty);
    expect(difficulties).toEqual(['Easy', 'Medium', 'Medium']);
    expect(result.recommendedTasks[2]?.reasoning).toBe('Medium and waiting for 30 days — a good moment to finally clear it');
  });

  it('sizes a pomodoro session in whole rounds of work plus break', () => {
    for (const mood of MOODS) {
      const result = plan(mood, { displayMode: 'pomodoro' });
      expect(result.estimatedDuration % 30).toBe(0);
      const work = result.recommendedTasks.reduce((sum, task) => sum + task.estimatedTime, 0);
      expect(work).toBeLessThanOrEqual((result.estimatedDuration / 30) * 25);
      expect(result.sessionAdvice).toMatch(/25-minute rounds with a 5-minute break/);
    }
    const custom = plan('energetic', { displayMode: 'pomodoro', pomodoroWork: 50, pomodoroBreak: 10 });
    expect(custom.estimatedDuration).toBe(120);
    expect(custom.sessionAdvice).toContain('2 rounds in all');
  });

  it('fits the tasks into a timer and answers with the timer’s minutes', () => {
    const result = plan('energetic', { displayMode: 'timer', timerDuration: 30 });
    expect(result.estimatedDuration).toBe(30);
    expect(result.recommendedTasks.reduce((sum, task) => sum + task.estimatedTime, 0)).toBeLessThanOrEqual(30);
    expect(result.sessionAdvice).toContain('Set the timer for 30 minutes');
  });

  it('fits the tasks and the length into the minutes the person gave', () => {
    const clock = plan('energetic', { sessionDuration: 40 });
    expect(clock.estimatedDuration).toBe(40);
    expect(clock.recommendedTasks.reduce((sum, task) => sum + task.estimatedTime, 0)).toBeLessThanOrEqual(40);
    const pomodoro = plan('energetic', { displayMode: 'pomodoro', sessionDuration: 60 });
    expect(pomodoro.estimatedDuration).toBe(60);
  });

  it("sizes tasks by the person's own estimates and how their estimates usually turn out", () => {
    const estimated = tasks.map((task) => (task.id === 'bill' ? { ...task, estimatedMinutes: 10 } : task.id === 'plants' ? { ...task, estimatedMinutes: 5 } : task));
    const exact = planFocusSession({ mood: 'tired', displayMode: 'clock', tasks: estimated, now, sessionDuration: 30 });
    expect(exact.recommendedTasks[0]).toMatchObject({ taskId: 'bill', estimatedTime: 10 });
    expect(exact.recommendedTasks.find((task) => task.taskId === 'plants')).toMatchObject({ estimatedTime: 5 });
    // Someone whose tasks take twice their estimate: the same 30 minutes hold fewer tasks.
    const slow = planFocusSession({ mood: 'tired', displayMode: 'clock', tasks: estimated, now, sessionDuration: 30, overrunFactor: 2 });
    expect(slow.recommendedTasks[0]).toMatchObject({ taskId: 'bill', estimatedTime: 20 });
    expect(slow.recommendedTasks.reduce((sum, task) => sum + task.estimatedTime, 0)).toBeLessThanOrEqual(30);
    expect(slow.recommendedTasks.find((task) => task.taskId === 'plants')).toMatchObject({ estimatedTime: 10 });
  });

  it('honours maxTasks, is deterministic, and always answers the documented shape', () => {
    expect(ids('energetic', { maxTasks: 1 })).toEqual(['report']);
    expect(plan('relaxed')).toEqual(plan('relaxed'));
    for (const mood of MOODS) expect(ZAiPlanResult.safeParse(plan(mood)).success).toBe(true);
  });

  it('says so when there is nothing to plan', () => {
    const result = planFocusSession({ mood: 'focused', displayMode: 'stopwatch', tasks: [], now });
    expect(result.recommendedTasks).toEqual([]);
    expect(result.sessionAdvice).toContain('no open tasks');
    expect(result.estimatedDuration).toBe(50);
  });
});

describe('built-in breakdown', () => {
  const base = { title: 'Plan the team offsite', difficulty: 'Medium' as const, dueDate: null, now };

  it('turns list items into steps, in order', () => {
    const result = breakdownTask({ ...base, description: 'Things to do:\n- shortlist three venues\n- email them for quotes\n2) book the best one' });
    expect(result.subtasks.map((subtask) => subtask.title)).toEqual([
      'Shortlist three venues',
      'Email them for quotes',
      'Book the best one',
    ]);
    expect(result.subtasks[0]?.description).toBe('Step 1 of 3 of “Plan the team offsite”: shortlist three venues.');
  });

  it('uses lines, then sentences, as steps', () => {
    expect(splitSteps('Buy paint\nPaint the fence\n\nClean the brushes')).toEqual(['Buy paint', 'Paint the fence', 'Clean the brushes']);
    expect(splitSteps('Research venues. Email three of them for quotes! Book one, then tell the team.')).toEqual([
      'Research venues.',
      'Email three of them for quotes!',
      'Book one',
      'tell the team.',
    ]);
  });

  it('wraps a one-sentence description in prepare and check steps', () => {
    const result = breakdownTask({ ...base, description: 'Find a venue for twenty people' });
    expect(result.subtasks.map((subtask) => subtask.title)).toEqual([
      'Get ready: gather what you need for “Plan the team offsite”',
      'Find a venue for twenty people',
      'Check the result and wrap up',
    ]);
  });

  it('estimates from difficulty and never proposes Very Hard', () => {
    const result = breakdownTask({
      ...base,
      difficulty: 'Very Hard',
      description:
        '- Ship it\n- Write the migration guide covering every breaking change, with before and after examples for each public function and a short FAQ\n- Update the changelog for this release',
    });
    expect(result.subtasks.map((subtask) => [subtask.difficulty, subtask.estimatedTime])).toEqual([
      ['Medium', 30],
      ['Hard', 45],
      ['Hard', 45],
    ]);
  });

  it('spreads deadlines up to the parent’s due date, and suggests none without a future one', () => {
    const dueDate = hoursFromNow(72);
    const result = breakdownTask({ ...base, dueDate, description: 'Research venues. Email them. Book one.' });
    expect(result.subtasks.map((subtask) => subtask.suggestedDeadline)).toEqual([
      hoursFromNow(24).toISOString(),
      hoursFromNow(48).toISOString(),
      dueDate.toISOString(),
    ]);
    expect(result.tips.at(-1)).toContain('25 Nov 2026, 10:00 UTC');
    for (const due of [null, daysAgo(1)]) {
      const none = breakdownTask({ ...base, dueDate: due, description: 'Research venues. Email them. Book one.' });
      expect(none.subtasks.every((subtask) => subtask.suggestedDeadline === null)).toBe(true);
    }
  });

  it('gives tips that fit the steps', () => {
    const result = breakdownTask({ ...base, description: 'Research venues. Email three for quotes. Book the best one.' });
    expect(result.tips[0]).toBe('Start with “Research venues”: about 15 minutes, and the rest gets easier.');
    expect(result.tips).toContain('Time-box research: decide how long to read before you start, then move on.');
    expect(result.tips).toContain('Send messages early in the day: replies take time, and waiting should not block you.');
    expect(ZBreakdownResult.safeParse(result).success).toBe(true);
  });

  it('keeps at most 10 steps and folds the rest into the last', () => {
    const description = Array.from({ length: 14 }, (_, i) => `- step number ${i + 1}`).join('\n');
    const result = breakdownTask({ ...base, description });
    expect(result.subtasks).toHaveLength(10);
    expect(result.subtasks[9]?.title).toMatch(/^Finish the remaining steps: step number 10; step number 11/);
  });
});

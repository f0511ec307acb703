// Task schemas shared by the router (both doors, OpenAPI) and the browser's forms. Built from
// the constants of src/lib/constants.ts; validation per docs/api-contract.md. Unknown
// fields are stripped, not refused.
import './zod-config';
import * as z from 'zod';
import { DIFFICULTY, IMPORTANCE, TASK_LIMITS } from '@/lib/constants';
import { parseRecurrence, RECURRENCE_MAX } from '@/lib/recurrence';

/** The most rows one task list answer holds (open tasks first, so truncation drops old completed ones). */
export const TASK_LIST_MAX = 5000;

export const ZId = z.string().min(1).max(64);

// Importance: the product rule has two readings (Low/Medium/High/Critical and High/Medium/Low); the
// first is a superset of the second, so all four are accepted.
const ZImportance = z.enum(IMPORTANCE).describe('Low, Medium, High or Critical');
const ZDifficulty = z.enum(DIFFICULTY).describe("Easy, Medium, Hard or 'Very Hard'");

export const ZTaskTitle = z
  .string()
  .trim()
  .min(1, 'Title is required')
  .max(TASK_LIMITS.titleMax, `Title must be at most ${TASK_LIMITS.titleMax} characters`)
  .describe(`Trimmed, 1 to ${TASK_LIMITS.titleMax} characters`);

const ZTaskDescription = z
  .string()
  .trim()
  .max(TASK_LIMITS.descriptionMax, `Description must be at most ${TASK_LIMITS.descriptionMax} characters`)
  .nullable()
  .transform((value) => (value ? value : null))
  .describe(`Trimmed, at most ${TASK_LIMITS.descriptionMax} characters; empty means none`);

const ZTaskFirstStep = z
  .string()
  .trim()
  .max(TASK_LIMITS.firstStepMax, `First step must be at most ${TASK_LIMITS.firstStepMax} characters`)
  .nullable()
  // On the input schema itself: the OpenAPI document shows a body's fields as they are read.
  .meta({ examples: ['Open the draft'] })
  .transform((value) => (value ? value : null))
  .describe(
    `The smallest thing that gets you going, one line (trimmed, at most ${TASK_LIMITS.firstStepMax} characters; empty or null means none). ` +
      'Just start shows it as the first step when the task has no open subtask',
  );

const ZTaskColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be #RRGGBB')
  .transform((value) => value.toUpperCase())
  .nullable()
  .describe('#RRGGBB, or null for the default colour');

/** The instants every part of the app can store and show: years 1 to 9999, UTC. */
const EARLIEST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
export const DATE_RANGE_MESSAGE = 'Dates must be between the years 1 and 9999';

/** True for an instant in the years 1 to 9999 (false for an invalid date). */
export function isStorableDate(date: Date): boolean {
  const instant = date.getTime();
  return instant >= EARLIEST_INSTANT && instant <= LATEST_INSTANT;
}

/**
 * Every date the API reads (both doors): ISO 8601 with a time, between the years 1 and 9999
 * (year 0000 passed the format check and reached PostgreSQL, which refused it).
 */
export const ZDateTimeInput = z.iso
  .datetime({ offset: true, message: 'Must be an ISO 8601 date and time' })
  .refine((value) => isStorableDate(new Date(value)), DATE_RANGE_MESSAGE);

const ZTaskDueDate = ZDateTimeInput.nullable().describe('ISO 8601 date and time, or null for no due date');

/** An RFC 5545 RRULE body, in its normal form; invalid or never-occurring rules are refused. */
const ZRecurrence = z
  .string()
  .max(RECURRENCE_MAX, `Recurrence must be at most ${RECURRENCE_MAX} characters`)
  .transform((value, context) => {
    const parsed = parseRecurrence(value);
    if (!parsed.ok) {
      context.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.rule;
  })
  .nullable()
  .describe('An RFC 5545 RRULE body such as FREQ=WEEKLY;BYDAY=MO,WE (daily to yearly; COUNT or UNTIL may end it), or null for a one-off task');

const ESTIMATE_MAX_MINUTES = 1440;
const ZEstimatedMinutes = z
  .number()
  .int('Estimate must be whole minutes')
  .min(1, 'Estimate must be at least 1 minute')
  .max(ESTIMATE_MAX_MINUTES, `Estimate must be at most ${ESTIMATE_MAX_MINUTES} minutes`)
  .nullable()
  .describe('Your estimate in minutes (1-1440), or null');

/** Editing one occurrence of a repeating task: only this one (it leaves the series), or this and all following. */
const ZApplyTo = z
  .enum(['this', 'following'])
  .optional()
  .describe("For a repeating task: 'this' changes only this occurrence (the series goes on unchanged from the next one); 'following' (default) changes this and all following");

export const ZTaskOutput = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  importance: ZImportance,
  difficulty: ZDifficulty,
  dueDate: z.iso.datetime().nullable(),
  completed: z.boolean(),
  completedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  sessionId: z.string().nullable().describe('The session the task was created in'),
  completedInSessionId: z.string().nullable().describe('The session the task was completed in'),
  parentTaskId: z.string().nullable().describe('Set on a subtask: its parent task'),
  isAiGenerated: z.boolean(),
  color: z.string().nullable(),
  recurrence: z.string().nullable().describe('RRULE body when the task repeats; completing it creates the next occurrence'),
  estimatedMinutes: z.number().int().nullable().describe('Your estimate in minutes'),
  firstStep: z
    .string()
    .nullable()
    .describe('The smallest thing that gets you going (one line), or null; Just start shows it when no subtask is open')
    .meta({ examples: ['Open the draft'] }),
  actualMinutes: z.number().int().describe('Focused minutes recorded by the session screen while this was the current task (read-only)'),
  letGoAt: z.iso
    .datetime()
    .nullable()
    .describe('When the task was let go (kept, hidden from the default lists); null while it is on your lists. PATCH { letGoAt: null } restores it'),
});
export type TTaskOutput = z.infer<typeof ZTaskOutput>;

/** POST /api/tasks/{id}/complete: the task, and whether its series paused at the plan's task limit. */
export const ZCompleteTaskOutput = ZTaskOutput.extend({
  seriesPaused: z
    .boolean()
    .describe(
      "True when the task repeats and its next occurrence was not created because it would pass the plan's monthly task limit (the task is completed all the same; completing it again after reopening, once there is room, creates it). False otherwise.",
    ),
});
export type TCompleteTaskOutput = z.infer<typeof ZCompleteTaskOutput>;

export const ZCreateTaskInput = z.object({
  title: ZTaskTitle,
  description: ZTaskDescription.optional(),
  importance: ZImportance.default('Medium'),
  difficulty: ZDifficulty.default('Medium'),
  dueDate: ZTaskDueDate.optional(),
  color: ZTaskColor.optional(),
  parentTaskId: ZId.nullish().describe("Makes this a subtask of one of your own top-level tasks"),
  isAiGenerated: z.boolean().default(false),
  sessionId: ZId.nullish().describe('The session this task is created in (one of your own)'),
  recurrence: ZRecurrence.optional(),
  estimatedMinutes: ZEstimatedMinutes.optional(),
  firstStep: ZTaskFirstStep.optional(),
});

/**
 * PUT replaces the fields of the edit form (title, description, importance, difficulty,
 * dueDate): omitted ones take their create defaults, because the product's client omits an
 * emptied description. The colour is not part of that form and stays unless sent.
 */
export const ZUpdateTaskInput = z.object({
  id: ZId,
  title: ZTaskTitle,
  description: ZTaskDescription.optional(),
  importance: ZImportance.default('Medium'),
  difficulty: ZDifficulty.default('Medium'),
  dueDate: ZTaskDueDate.optional(),
  color: ZTaskColor.optional(),
  recurrence: ZRecurrence.optional().describe('Changes only when sent'),
  estimatedMinutes: ZEstimatedMinutes.optional().describe('Changes only when sent'),
  firstStep: ZTaskFirstStep.optional().describe('Changes only when sent'),
  applyTo: ZApplyTo,
});

/** PATCH changes only the fields sent. `{ completed: false, completedAt: null }` reopens. */
export const ZPatchTaskInput = z.object({
  id: ZId,
  title: ZTaskTitle.optional(),
  description: ZTaskDescription.optional(),
  importance: ZImportance.optional(),
  difficulty: ZDifficulty.optional(),
  dueDate: ZTaskDueDate.optional(),
  color: ZTaskColor.optional(),
  recurrence: ZRecurrence.optional(),
  estimatedMinutes: ZEstimatedMinutes.optional(),
  firstStep: ZTaskFirstStep.optional(),
  applyTo: ZApplyTo,
  completed: z.boolean().optional().describe('false reopens the task; true completes it'),
  completedAt: ZDateTimeInput.nullable()
    .optional()
    .describe('With completed true: when it was completed (default now). With completed false: must be null or omitted'),
  letGoAt: ZDateTimeInput.nullable().optional().describe('null restores a task that was let go; a date lets it go (kept, hidden from the default lists)'),
});

export const ZCompleteTaskInput = z.object({
  id: ZId,
  sessionId: ZId.nullish().describe('The session the task is completed in (one of your own); omitted on the dashboard'),
});

/** The most tasks one page of GET /api/tasks holds, and its size when only a cursor is sent. */
const TASK_PAGE_MAX = 200;
export const TASK_PAGE_DEFAULT = 50;

const ZTaskStatus = z.enum(['open', 'completed', 'let-go', 'all']);

export const ZListTasksInput = z.object({
  status: ZTaskStatus.optional().describe(
    "Only open ('open') or only completed ('completed') tasks; tasks let go are left out of these and of the default list: 'let-go' lists only them, 'all' everything",
  ),
  completed: z.stringbool().optional().describe("The older spelling of status: only completed ('true') or only open ('false') tasks"),
  from: ZDateTimeInput.optional().describe('Only tasks due at or after this moment (ISO 8601; the filter is on dueDate, so undated tasks are left out)'),
  to: ZDateTimeInput.optional().describe('Only tasks due before this moment (ISO 8601, on dueDate)'),
  cursor: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('The nextCursor of the previous page; the answer is then a page. Opaque: send it back as it came, with the same filters'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(TASK_PAGE_MAX)
    .optional()
    .describe(`Tasks per page, 1 to ${TASK_PAGE_MAX} (${TASK_PAGE_DEFAULT} when only a cursor is sent); the answer is then a page`),
});

export const ZTaskPage = z.object({
  items: z.array(ZTaskOutput),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page'),
});
export type TTaskPage = z.infer<typeof ZTaskPage>;

export const ZTaskCountsOutput = z.object({
  open: z.number().int().describe('Open tasks, subtasks included'),
  completed: z.number().int().describe('Completed tasks, subtasks included'),
});
export type TTaskCountsOutput = z.infer<typeof ZTaskCountsOutput>;

export const ZCalendarFeedOutput = z.object({
  url: z.string().nullable().describe('The private iCalendar URL, or null while the feed is off'),
  enabled: z.boolean(),
});
export type TCalendarFeedOutput = z.infer<typeof ZCalendarFeedOutput>;

const QUICK_CAPTURE_MAX = 500;
export const ZParseTaskInput = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Type what needs doing, e.g. "Call Sam tomorrow 5pm"')
    .max(QUICK_CAPTURE_MAX, `At most ${QUICK_CAPTURE_MAX} characters`)
    .describe('Plain words: a title with a date ("tomorrow 5pm"), !low/!medium/!high/!critical, ~30m or ~1h30m, "every Monday"/"every weekday"/"daily", #blue/#red…'),
});
export const ZTaskDraft = z.object({
  title: z.string(),
  dueDate: z.iso.datetime().nullable().describe("Read on the user's time zone clock, answered as UTC"),
  importance: ZImportance,
  estimatedMinutes: z.number().int().nullable(),
  recurrence: z.string().nullable().describe('RRULE body'),
  color: z.string().nullable().describe('#RRGGBB from the colour word, or null'),
});
export type TTaskDraft = z.infer<typeof ZTaskDraft>;

/** One write of the session screen: focused seconds on the current task since its last write. */
const FOCUS_WRITE_MAX_SECONDS = 4 * 60 * 60;
export const ZRecordFocusInput = z.object({
  id: ZId,
  seconds: z
    .number()
    .int('Whole seconds')
    .min(1, 'At least 1 second')
    .max(FOCUS_WRITE_MAX_SECONDS, `At most ${FOCUS_WRITE_MAX_SECONDS} seconds in one write`)
    .describe('Seconds focused on this task (timer running, task current, pauses excluded) since the last write'),
});

// Your day's schemas (docs/api-contract.md, "Your day"): GET /api/today, the fresh start's
// preview, apply and undo, and GET /api/today/next (Just start). Shared by the router and the
// browser.
import './zod-config';
import { z } from 'zod';
import { FRESH_START_ACTIONS } from '@/lib/just-start';
import { ZDateTimeInput, ZId, ZTaskOutput } from './task';

const ZAction = z.enum(FRESH_START_ACTIONS).describe('today, tomorrow (the next workday with room), this-week, someday (no date) or let-go (kept, hidden, restorable)');

export const ZTodayOutput = z.object({
  date: z.string().describe("Today, YYYY-MM-DD in the account's time zone"),
  window: z
    .object({ start: z.iso.datetime(), end: z.iso.datetime() })
    .nullable()
    .describe("Today's working window (the account's workday), or null on a day off"),
  plannedMinutes: z.number().int().describe("The calibrated minutes of today's open tasks (your estimates times your own actual/estimate factor)"),
  focusedMinutes: z.number().int().describe('Minutes focused in sessions today'),
  completedToday: z.number().int().describe('Tasks completed today'),
  busyMinutes: z.number().int().describe("Busy calendar time in what is left of today's window (0 until calendar subscriptions exist)"),
  freeMinutes: z.number().int().describe("What is left of today's window after now, less busy time and planned minutes; never below 0"),
  overMinutes: z.number().int().describe("The planned minutes that do not fit in what is left of today's window (0 when they fit)"),
  freeUntil: z
    .object({
      until: z.iso.datetime().describe('When the free stretch ends: the next busy calendar event, else the end of the window'),
      minutes: z.number().int().describe('Minutes from now until then'),
      nextEvent: z.string().nullable().describe('The title of that event (null when busy-only, or when the stretch runs to the end of the window)'),
    })
    .nullable()
    .describe('The free stretch from now ("free until 18:00: 2 h 40 min"); null outside the window or during a busy event'),
  line: z.string().nullable().describe("Today's line from the evening check-in (PUT /api/today/line), or null"),
  lastLine: z
    .object({ date: z.string().describe('The day it is about, YYYY-MM-DD'), line: z.string() })
    .nullable()
    .describe('The most recent line about an earlier day (within the last week), shown back in the morning check-in; null when there is none'),
  carriedOver: z.array(ZTaskOutput).describe('Open tasks, not let go, due before today began, soonest first'),
  today: z.array(ZTaskOutput).describe('Open tasks, not let go, due today'),
});
export type TTodayOutput = z.infer<typeof ZTodayOutput>;

const ZProposal = z.object({
  taskId: z.string(),
  action: ZAction,
  dueDate: z.iso.datetime().nullable().describe('The due date the action gives (null for someday; unchanged for let-go)'),
});
export type TProposal = z.infer<typeof ZProposal>;

export const ZFreshStartPreview = z.object({ proposals: z.array(ZProposal).describe('One per carried-over task, in the order of carriedOver') });

/** The most decisions one fresh start applies. */
const FRESH_START_MAX = 1000;

export const ZFreshStartInput = z.object({
  decisions: z
    .array(
      z.object({
        taskId: ZId,
        action: ZAction,
        dueDate: ZDateTimeInput.optional().describe('For today, tomorrow and this-week: the due date to give (default: the one the preview would give)'),
      }),
    )
    .min(1, 'Send at least one decision')
    .max(FRESH_START_MAX, `At most ${FRESH_START_MAX} decisions at once`)
    .refine((decisions) => new Set(decisions.map((decision) => decision.taskId)).size === decisions.length, 'Each task at most once'),
});
export type TFreshStartInput = z.input<typeof ZFreshStartInput>;

export const ZFreshStartOutput = z.object({
  id: z.string().describe('The fresh start, for POST /api/today/fresh-start/{id}/undo'),
  changed: z.number().int().describe('How many tasks it changed'),
});

export const ZUndoOutput = z.object({ restored: z.number().int().describe('How many tasks were put back as they were (a task deleted since is skipped)') });

export const ZNextInput = z.object({
  skip: z
    .string()
    .max(2000)
    .optional()
    .describe('Task ids not to offer, comma-separated ("something else": send the ones already offered)'),
});

export const ZNextOutput = z.object({
  task: ZTaskOutput.nullable().describe('One open top-level task to start now, or null when there is none'),
  firstStep: z.string().nullable().describe("Its first open subtask, else the task's own first-step line (Task.firstStep), else a neutral starter line (no AI)"),
  firstStepTaskId: z.string().nullable().describe('The subtask that is the first step, when there is one (tick it to get the next)'),
  reason: z.string().describe('One line saying why this one, e.g. "due Thursday, about 20 min, fits before 15:00"; with a calendar event coming, "…, you have 70 min before Standup"'),
  minutes: z.number().int().describe('The starter timer, in minutes (10; less when the next calendar event is sooner)'),
});
export type TNextOutput = z.infer<typeof ZNextOutput>;

/** The evening check-in's optional line: at most this many characters. */
const DAY_LINE_MAX = 200;

export const ZDayLineInput = z.object({
  date: z.iso
    .date()
    .optional()
    .describe("The day the line is about, YYYY-MM-DD in the account's zone (default: today); not a day after today"),
  line: z
    .string()
    .trim()
    .max(DAY_LINE_MAX, `At most ${DAY_LINE_MAX} characters`)
    .describe('One line about the day; an empty line removes it'),
});
export type TDayLineInput = z.input<typeof ZDayLineInput>;

export const ZDayLineOutput = z.object({
  date: z.string().describe('The day, YYYY-MM-DD'),
  line: z.string().nullable().describe('The line as kept, or null when it was removed'),
});
export type TDayLineOutput = z.infer<typeof ZDayLineOutput>;

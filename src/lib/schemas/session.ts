// Session schemas shared by the router (both doors, OpenAPI) and the browser's forms. Built from
// the constants of src/lib/constants.ts; defaults and names. Unknown fields
// are stripped, not refused.
import './zod-config';
import { z } from 'zod';
import { DISPLAY_MODES, MOODS, SESSION_DEFAULTS, SESSION_LIMITS, SESSION_NAME_MAX, SESSION_TYPES } from '@/lib/constants';
import { isValidTimeZone } from '@/lib/dates';
import { ZDateTimeInput, ZId } from './task';

/** The most sessions one list answer holds (newest first). */
export const SESSION_LIST_MAX = 1000;

const ZMinutes = z
  .number()
  .int()
  .positive('Must be a positive number of minutes')
  .max(SESSION_LIMITS.maxMinutes, `Must be at most ${SESSION_LIMITS.maxMinutes} minutes`);

export const ZDisplayMode = z.enum(DISPLAY_MODES).describe('clock, clock-date, pomodoro, timer or stopwatch');
export const ZMood = z.enum(MOODS).describe('energetic, focused, relaxed, tired or stressed');
const ZFocusSessionType = z.enum(SESSION_TYPES).describe("'manual', or 'ai' for AI sessions");

export const ZTimeOfDay = z.object({
  hour: z.number().int().min(0).max(23),
  minute: z.number().int().min(0).max(59),
});

export const ZCreateFocusSessionInput = z.object({
  sessionName: z
    .string()
    .trim()
    .max(SESSION_NAME_MAX, `Session name must be at most ${SESSION_NAME_MAX} characters`)
    .nullish()
    .describe("Optional; default 'Session #{count+1} - {date}' or 'AI Session #{n} - {date}'"),
  displayMode: ZDisplayMode.default(SESSION_DEFAULTS.displayMode),
  sessionDuration: ZMinutes.nullish().describe('Minutes'),
  maxTasks: z
    .number()
    .int()
    .positive()
    .max(SESSION_LIMITS.maxTasks, `Must be at most ${SESSION_LIMITS.maxTasks}`)
    .nullish()
    .describe(`Tasks shown in the session, default ${SESSION_DEFAULTS.maxTasks}`),
  pomodoroWork: ZMinutes.nullish().describe(`Minutes of work, default ${SESSION_DEFAULTS.pomodoroWork}`),
  pomodoroBreak: ZMinutes.nullish().describe(`Minutes of break, default ${SESSION_DEFAULTS.pomodoroBreak}`),
  timerDuration: ZMinutes.nullish().describe('Minutes the timer counts down from'),
  dueDate: ZDateTimeInput.nullish().describe('ISO 8601; default now'),
  dueTime: ZTimeOfDay.nullish().describe('Hour 0-23 and minute 0-59, combined with dueDate (or today)'),
  timeZone: z
    .string()
    .refine(isValidTimeZone, 'Must be an IANA time zone such as Europe/London')
    .nullish()
    .describe("IANA zone used for dueTime and the date in the default name; default the account's zone"),
  sessionType: ZFocusSessionType.default('manual'),
  userMood: ZMood.nullish(),
  selectedTaskIds: z.array(ZId).max(SESSION_LIMITS.maxTasks).default([]).describe('Your own tasks picked for this session'),
  darkMode: z.boolean().default(false),
});
export type TCreateFocusSessionInput = z.input<typeof ZCreateFocusSessionInput>;

export const ZFocusSessionOutput = z.object({
  id: z.string(),
  sessionName: z.string(),
  displayMode: ZDisplayMode,
  startedAt: z.iso.datetime(),
  sessionDuration: z.number().int().nullable(),
  maxTasks: z.number().int(),
  pomodoroWork: z.number().int(),
  pomodoroBreak: z.number().int(),
  timerDuration: z.number().int().nullable(),
  dueDate: z.iso.datetime(),
  selectedTaskIds: z.array(z.string()),
  sessionType: ZFocusSessionType,
  userMood: ZMood.nullable(),
  darkMode: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type TFocusSession = z.infer<typeof ZFocusSessionOutput>;


// The session set-up forms' schemas (Configure Session and the AI Session wizard). The number
// fields never show an error: as before, only positive numbers are sent and anything else leaves
// the setting to its default, which the API's schema (./session.ts) then checks.
import './zod-config';
import { z } from 'zod';
import { positiveNumber } from '@/lib/positive-number';
import { SESSION_NAME_MAX } from '@/lib/constants';
import { ZDisplayMode, ZMood, ZTimeOfDay } from './session';

const ZPositiveOrUnset = z.string().transform((text) => positiveNumber(text));

/** The clock and its timings, shared by both forms. */
const timingFields = {
  displayMode: ZDisplayMode,
  sessionDuration: ZPositiveOrUnset,
  maxTasks: ZPositiveOrUnset,
  pomodoroWork: ZPositiveOrUnset,
  pomodoroBreak: ZPositiveOrUnset,
  timerDuration: ZPositiveOrUnset,
};

/** A blank name means the default one. */
const ZSessionNameField = z
  .string()
  .trim()
  .max(SESSION_NAME_MAX, `Session name must be at most ${SESSION_NAME_MAX} characters`)
  .transform((name) => name || undefined);

export const ZSessionSetupForm = z.object({
  ...timingFields,
  sessionName: ZSessionNameField,
  /** A calendar day (yyyy-mm-dd), or null for "now". */
  dueDate: z.string().nullable(),
  dueTime: ZTimeOfDay.nullable(),
  selectedTaskIds: z.array(z.string()),
});
export type TSessionSetupForm = z.input<typeof ZSessionSetupForm>;
export type TSessionSetup = z.output<typeof ZSessionSetupForm>;

export const ZAiSessionForm = z.object({
  ...timingFields,
  sessionName: ZSessionNameField,
  // Null until one is picked (Next stays disabled until then).
  mood: ZMood.nullable().pipe(ZMood),
  // "Just focus": start with the clock alone, without the recommended tasks.
  justFocus: z.boolean().default(false),
});
export type TAiSessionForm = z.input<typeof ZAiSessionForm>;
export type TAiSession = z.output<typeof ZAiSessionForm>;

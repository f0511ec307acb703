// The task form's schema (create, edit and the focus session's quick create): what the form
// checked before react-hook-form validated with it, in the same words and order. The due date
// is asked for first (only where the form requires one), then the estimate; the title needs no
// message, as Create Task stays disabled until there is one. The API's own task schemas are in
// ./task.ts, which brings the rrule library: this file stays apart so the browser loads only it.
import './zod-config';
import { z } from 'zod';
import { DIFFICULTY, IMPORTANCE, TASK_LIMITS } from '@/lib/constants';
import type { RepeatState } from '@/lib/recurrence-picker';

const ESTIMATE_RANGE_MESSAGE = 'Estimate must be whole minutes between 1 and 1440.';
const DUE_DATE_MISSING = 'Please choose a due date.';
const DUE_TIME_MISSING = 'Please choose a due time.';

const ZTime = z.object({ hour: z.number().int().min(0).max(23), minute: z.number().int().min(0).max(59) });

const fields = {
  title: z.string().trim().min(1, 'Title is required').max(TASK_LIMITS.titleMax),
  /** Blank means none. */
  description: z
    .string()
    .trim()
    .max(TASK_LIMITS.descriptionMax)
    .transform((text) => text || undefined),
  /** One line for Just start; blank means none (null, which clears it on an edit). */
  firstStep: z
    .string()
    .trim()
    .max(TASK_LIMITS.firstStepMax, `First step must be at most ${TASK_LIMITS.firstStepMax} characters.`)
    .transform((text) => text || null),
  importance: z.enum(IMPORTANCE),
  difficulty: z.enum(DIFFICULTY),
  /** A calendar day (yyyy-mm-dd) and a time of day, combined in the person's zone on submit. */
  date: z.string().nullable(),
  time: ZTime.nullable(),
  color: z.string(),
  // The picker's own state; it can only hold valid choices, and the server checks the rule.
  repeat: z.custom<RepeatState>(),
  /** Minutes as typed ('' for none). */
  estimate: z.string(),
  applyTo: z.enum(['this', 'following']),
};

/** Whole minutes 1 to 1440, or null when blank; undefined when the text is neither. */
function readEstimate(text: string): number | null | undefined {
  if (!text.trim()) return null;
  const minutes = Number(text);
  return Number.isInteger(minutes) && minutes >= 1 && minutes <= 1440 ? minutes : undefined;
}

export function taskFormSchema({ requireDueDate }: { requireDueDate: boolean }) {
  return z
    .object(fields)
    .superRefine((form, ctx) => {
      // One problem at a time: a missing due date or time is said before the estimate.
      if (requireDueDate && (!form.date || !form.time)) {
        ctx.addIssue({ code: 'custom', path: [form.date ? 'time' : 'date'], message: form.date ? DUE_TIME_MISSING : DUE_DATE_MISSING });
        return;
      }
      if (readEstimate(form.estimate) === undefined) ctx.addIssue({ code: 'custom', path: ['estimate'], message: ESTIMATE_RANGE_MESSAGE });
    })
    .transform(({ estimate, ...form }) => ({ ...form, estimatedMinutes: readEstimate(estimate) ?? null }));
}

type TaskFormSchema = ReturnType<typeof taskFormSchema>;
export type TTaskForm = z.input<TaskFormSchema>;
export type TTaskFormValues = z.output<TaskFormSchema>;

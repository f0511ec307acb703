// Quick capture's one field (src/features/tasks/QuickCapture.tsx): plain words read into a task
// draft. Its rules are the parser's: the words must leave a title once the date, the
// importance, the estimate, the repeat and the colour are read out of them, and a date they name
// must fall in the years 1 to 9999. The output is the
// draft itself, which the task form then checks with its own schema (./task-form.ts). This file
// brings the parser (chrono-node), so the browser loads it only when the field is first used.
import './zod-config';
import { z } from 'zod';
import { QUICK_CAPTURE_MAX } from '@/lib/constants';
import { NO_TITLE, parseQuickCapture, type QuickDraft } from '@/lib/quick-capture';
import { displayTimeZone } from '@/lib/time-zone';

/** `zone`: the account's zone at the moment of reading (the words "tomorrow 5pm" are read there). */
export function quickCaptureFormSchema(zone: () => string = displayTimeZone) {
  return z
    .object({ text: z.string().max(QUICK_CAPTURE_MAX) })
    .transform((values, ctx): QuickDraft => {
      const draft = values.text.trim() ? parseQuickCapture(values.text, zone()) : null;
      if (!draft?.title || draft.problem) {
        ctx.addIssue({ code: 'custom', path: ['text'], message: draft?.problem ?? NO_TITLE });
        return z.NEVER;
      }
      const { problem: _problem, ...read } = draft;
      return read;
    });
}

// The task form's values (src/lib/schemas/task-form.ts reads them): where they start from — a
// task being edited, a quick-capture draft, the calendar's day and hour, or nothing — and the due
// instant they stand for.
import { DEFAULT_TASK_COLOR } from '@/lib/constants';
import { combineDateAndTime, dueDateParts, type ISODate } from '@/lib/date-picker';
import { fromRule } from '@/lib/recurrence-picker';
import type { QuickDraft } from '@/lib/quick-capture';
import type { TTaskOutput } from '@/lib/schemas/task';
import type { TTaskForm } from '@/lib/schemas/task-form';
import type { TimeValue } from '@/lib/time-picker';

/** The form's values before the schema reads them (src/lib/schemas/task-form.ts). */
type FormState = TTaskForm;

export function draftState(draft: QuickDraft, base: FormState): FormState {
  const parts = dueDateParts(draft.dueDate);
  return {
    ...base,
    title: draft.title,
    importance: draft.importance,
    date: parts.date ?? base.date,
    time: parts.time ?? base.time,
    color: draft.color ?? base.color,
    repeat: draft.recurrence ? fromRule(draft.recurrence) : base.repeat,
    estimate: draft.estimatedMinutes ? String(draft.estimatedMinutes) : base.estimate,
  };
}

export function initialState(task: TTaskOutput | null | undefined, defaultDate?: ISODate | null, defaultHour?: number | null, draft?: QuickDraft | null): FormState {
  if (!task && draft) return draftState(draft, initialState(null, defaultDate, defaultHour));
  if (task) {
    const parts = dueDateParts(task.dueDate);
    return {
      title: task.title,
      description: task.description ?? '',
      firstStep: task.firstStep ?? '',
      importance: task.importance,
      difficulty: task.difficulty,
      date: parts.date,
      time: parts.time,
      color: task.color ?? DEFAULT_TASK_COLOR,
      repeat: fromRule(task.recurrence),
      estimate: task.estimatedMinutes ? String(task.estimatedMinutes) : '',
      applyTo: 'following',
    };
  }
  return {
    title: '',
    description: '',
    firstStep: '',
    importance: 'Medium',
    difficulty: 'Medium',
    date: defaultDate ?? null,
    time: typeof defaultHour === 'number' ? { hour: defaultHour, minute: 0 } : defaultDate ? { hour: 9, minute: 0 } : null,
    color: DEFAULT_TASK_COLOR,
    repeat: fromRule(null),
    estimate: '',
    applyTo: 'following',
  };
}

/** A due day and time as an instant in the person's zone; a day alone is due at its end. */
export function dueDateOf(date: ISODate | null, time: TimeValue | null): string | null {
  return date ? combineDateAndTime(date, time ?? { hour: 23, minute: 59 }) : null;
}

'use client';
// The task form's Due Date & Time: the day and time pickers (required on the dashboard, optional
// in the session's quick create; picking a day without a time sets 9:00), their error, and the
// due-soon warning.
import { Controller, type UseFormReturn } from 'react-hook-form';
import { DateField } from '@/components/DateField';
import { TimePicker } from '@/components/TimePicker';
import type { TTaskForm, TTaskFormValues } from '@/lib/schemas/task-form';

export function DueDateFields({
  form,
  requireDueDate,
  dueSoon,
  idBase,
}: {
  form: UseFormReturn<TTaskForm, unknown, TTaskFormValues>;
  requireDueDate: boolean;
  dueSoon: boolean;
  /** The form's id prefix: the warning is `${idBase}`, the error `${idBase}-due-error`. */
  idBase: string;
}) {
  const { errors } = form.formState;
  const dueError = errors.date?.message ?? errors.time?.message;
  const dueErrorId = `${idBase}-due-error`;
  const warningId = idBase;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">
        {requireDueDate ? (
          <>
            Due Date &amp; Time <span className="text-danger">*</span>
          </>
        ) : (
          'Due Date & Time'
        )}
      </legend>
      <div className="flex flex-wrap items-end gap-3">
        <Controller
          control={form.control}
          name="date"
          render={({ field }) => (
            <DateField
              label="Due date"
              className="min-w-[12rem] flex-1"
              value={field.value}
              required={requireDueDate}
              aria-describedby={errors.date ? dueErrorId : undefined}
              onChange={(value) => {
                field.onChange(value);
                if (value && !form.getValues('time')) form.setValue('time', { hour: 9, minute: 0 });
              }}
            />
          )}
        />
        <Controller
          control={form.control}
          name="time"
          render={({ field }) => (
            <TimePicker
              label="Due time"
              value={field.value}
              required={requireDueDate}
              aria-describedby={errors.time ? dueErrorId : undefined}
              onChange={field.onChange}
            />
          )}
        />
      </div>
      {dueError ? (
        <p id={dueErrorId} className="text-sm font-medium text-danger">
          {dueError}
        </p>
      ) : null}
      {dueSoon ? (
        <p id={warningId} role="status" className="flex items-center gap-2 rounded-control bg-warningSoft px-3 py-2 text-sm font-medium text-warning">
          <svg viewBox="0 0 20 20" aria-hidden className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
            <circle cx="10" cy="10" r="7.5" />
            <path d="M10 6v4.5l2.5 1.5" />
          </svg>
          This task is due soon.
        </p>
      ) : null}
    </fieldset>
  );
}

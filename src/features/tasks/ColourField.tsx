'use client';
// The task form's colour: a native colour picker (stored as #RRGGBB, upper case) and its value.
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Field } from '@/components/Field';
import type { TTaskForm, TTaskFormValues } from '@/lib/schemas/task-form';

export function ColourField({ form, id }: { form: UseFormReturn<TTaskForm, unknown, TTaskFormValues>; id: string }) {
  const color = useWatch({ control: form.control, name: 'color' });
  return (
    <Field htmlFor={id} label="Colour">
      <div className="flex items-center gap-3">
        <Controller
          control={form.control}
          name="color"
          render={({ field }) => (
            <input
              id={id}
              type="color"
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(event.target.value.toUpperCase())}
              className="h-10 w-14 cursor-pointer rounded-control border border-border bg-surface p-1"
            />
          )}
        />
        <span className="tabular text-sm text-muted">{color}</span>
      </div>
    </Field>
  );
}

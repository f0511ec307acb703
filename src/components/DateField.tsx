'use client';
// A form field that opens the DatePicker (single mode) in a popover: the button shows the chosen
// day, Escape or a pick closes it and focus returns to the button.
import { CloseButton, Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { DateTime } from 'luxon';
import type { ISODate } from '@/lib/date-picker';
import { CalendarIcon } from './CalendarIcon';
import { DatePicker } from './DatePicker';
import { borderFor, Field, useFieldIds } from './FieldFrame';

export interface DateFieldProps {
  label: string;
  value: ISODate | null;
  onChange: (value: ISODate | null) => void;
  placeholder?: string;
  required?: boolean;
  hint?: string;
  error?: string;
  min?: ISODate;
  max?: ISODate;
  dropdowns?: boolean;
  className?: string;
  id?: string;
  /** More text that describes the field (a message shown elsewhere in the form). */
  'aria-describedby'?: string;
}

export function DateField({
  label,
  value,
  onChange,
  placeholder = 'Pick a date',
  required,
  hint,
  error,
  min,
  max,
  dropdowns = true,
  className = '',
  id,
  'aria-describedby': ariaDescribedBy,
}: DateFieldProps) {
  const ids = useFieldIds(id, hint, error, ariaDescribedBy);
  const labelId = `${ids.controlId}-label`;
  const valueId = `${ids.controlId}-value`;
  const shown = value ? DateTime.fromISO(value).setLocale('en-GB').toFormat('ccc d LLL yyyy') : placeholder;
  return (
    <Field htmlFor={ids.controlId} labelId={labelId} label={label} hint={hint} error={error} required={required} className={className} hintId={ids.hintId} errorId={ids.errorId}>
      <Popover className="relative">
        <PopoverButton
          id={ids.controlId}
          // Named by the label and the day shown ("Due date Wed 25 Nov 2026").
          aria-labelledby={`${labelId} ${valueId}`}
          aria-describedby={ids.describedBy}
          aria-invalid={error ? true : undefined}
          className={`flex h-11 w-full items-center justify-between gap-2 rounded-control border bg-surface px-3 text-left text-base sm:text-sm ${borderFor(error)}`}
        >
          <span id={valueId} className={value ? 'text-text' : 'text-muted'}>
            {shown}
          </span>
          <CalendarIcon className="size-4 shrink-0 text-muted" />
        </PopoverButton>
        {/* Rendered in place, not portalled: a portalled panel adds hidden focus guards that
            assistive technology reports as focusable hidden content. */}
        <PopoverPanel className="absolute left-0 top-full z-50 mt-2 rounded-card border border-border bg-surface p-3 shadow-xl">
          {({ close }) => (
            <div>
              <DatePicker
                label={label}
                value={value}
                min={min}
                max={max}
                dropdowns={dropdowns}
                focusOnMount
                onChange={(next) => {
                  onChange(next);
                  if (next) close();
                }}
              />
              {value && !required ? (
                <div className="mt-2 flex justify-end">
                  <CloseButton
                    onClick={() => onChange(null)}
                    className="h-8 rounded-control px-3 text-sm font-medium text-muted hover:bg-surfaceMuted hover:text-text"
                  >
                    Clear date
                  </CloseButton>
                </div>
              ) : null}
            </div>
          )}
        </PopoverPanel>
      </Popover>
    </Field>
  );
}

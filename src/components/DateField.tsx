'use client';
// A form field that opens the DatePicker (single mode) in a popover: the button shows the chosen
// day, Escape or a pick closes it and focus returns to the button.
import { CloseButton, Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useId } from 'react';
import { DateTime } from 'luxon';
import type { ISODate } from '@/lib/date-picker';
import { DatePicker } from './DatePicker';

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
}

export function DateField({ label, value, onChange, placeholder = 'Pick a date', required, hint, error, min, max, dropdowns = true, className = '' }: DateFieldProps) {
  const id = useId();
  const shown = value ? DateTime.fromISO(value).setLocale('en-GB').toFormat('ccc d LLL yyyy') : placeholder;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
        {required ? (
          <span className="text-danger" aria-hidden>
            {' '}
            *
          </span>
        ) : null}
      </span>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <Popover className="relative">
        <PopoverButton
          aria-labelledby={`${id}-label ${id}-value`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={`flex h-11 w-full items-center justify-between gap-2 rounded-control border bg-surface px-3 text-left text-base sm:text-sm ${error ? 'border-danger' : 'border-border hover:border-muted/60'}`}
        >
          <span id={`${id}-value`} className={value ? 'text-text' : 'text-muted'}>
            {shown}
          </span>
          <CalendarIcon />
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
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden className="size-4 shrink-0 text-muted">
      <rect x="3" y="4.5" width="14" height="12.5" rx="2" />
      <path d="M3 8.5h14M7 2.75v3.5M13 2.75v3.5" />
    </svg>
  );
}

'use client';
// Time picker (hours 0-23, minutes 0-59) as two spin buttons: type the digits
// (two hour digits move on to the minutes), or use ArrowUp/ArrowDown (wrapping like a clock),
// PageUp/PageDown (6 hours / 10 minutes), Home/End. Rules in src/lib/time-picker.ts.
// Hand-written on purpose: with its rules it is 2.2 kB gzip minified (rolldown --minify, React
// external), two native number fields' worth of code; the time fields of the well-kept libraries
// (react-aria's TimeField, MUI X) bring a date system and locale data of their own for what two
// spin buttons in 24-hour time do here.
import { useRef, useState, type KeyboardEvent } from 'react';
import { Field, useFieldIds } from './FieldFrame';
import { TIME_PART_MAX, formatTimePart, parseTimePart, stepTimePart, type TimePart, type TimeValue } from '@/lib/time-picker';

export interface TimePickerProps {
  value: TimeValue | null;
  onChange: (value: TimeValue) => void;
  label?: string;
  hint?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
  id?: string;
  /** More text that describes the field (a message shown elsewhere in the form). */
  'aria-describedby'?: string;
}

const PART_LABEL: Record<TimePart, string> = { hour: 'Hours', minute: 'Minutes' };

export function TimePicker({ value, onChange, label = 'Time', hint, error, required, disabled, className = '', id, 'aria-describedby': ariaDescribedBy }: TimePickerProps) {
  const ids = useFieldIds(id, hint, error, ariaDescribedBy);
  const minuteRef = useRef<HTMLInputElement>(null);

  function update(part: TimePart, next: number) {
    const base = value ?? { hour: 0, minute: 0 };
    onChange({ ...base, [part]: next });
  }

  return (
    <Field
      group={{ describedBy: ids.describedBy, disabled }}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
      hintId={ids.hintId}
      errorId={ids.errorId}
    >
      <div
        className={`inline-flex h-11 w-fit items-center gap-0.5 rounded-control border bg-surface px-2 ${error ? 'border-danger' : 'border-border'} focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-accent`}
      >
        <TimeSpin part="hour" value={value?.hour ?? null} onChange={(next, complete) => {
          update('hour', next);
          if (complete) minuteRef.current?.focus();
        }} required={required} invalid={!!error} />
        <span aria-hidden className="text-muted">
          :
        </span>
        <TimeSpin ref={minuteRef} part="minute" value={value?.minute ?? null} onChange={(next) => update('minute', next)} required={required} invalid={!!error} />
      </div>
    </Field>
  );
}

function TimeSpin({
  part,
  value,
  onChange,
  required,
  invalid,
  ref,
}: {
  part: TimePart;
  value: number | null;
  onChange: (value: number, complete: boolean) => void;
  required?: boolean;
  invalid?: boolean;
  ref?: React.Ref<HTMLInputElement>;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (value === null ? '' : formatTimePart(value));

  function accept(text: string) {
    const parsed = parseTimePart(text, part);
    if (parsed === null) return false;
    // Two digits, or a first digit that cannot start a longer value (hours 3-9, minutes 6-9),
    // completes the part; a completed hour moves on to the minutes.
    const complete = text.length === 2 || parsed * 10 > TIME_PART_MAX[part];
    setDraft(complete ? null : text);
    onChange(parsed, complete && part === 'hour');
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Typing replaces the part (as in a clock's field) rather than appending past two digits.
      event.preventDefault();
      const appended = draft && draft.length < 2 ? draft + event.key : event.key;
      if (!accept(appended)) accept(event.key);
      return;
    }
    if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      setDraft((draft ?? shown).slice(0, -1));
      return;
    }
    const next = stepTimePart(value ?? (event.key === 'ArrowDown' ? 0 : -1), event.key, part);
    if (next === null) return;
    event.preventDefault();
    setDraft(null);
    onChange(next, false);
  }

  return (
    <input
      ref={ref}
      type="text"
      inputMode="numeric"
      role="spinbutton"
      aria-label={PART_LABEL[part]}
      aria-valuemin={0}
      aria-valuemax={TIME_PART_MAX[part]}
      aria-valuenow={value ?? undefined}
      aria-valuetext={value === null ? 'not set' : `${value} ${value === 1 ? part : `${part}s`}`}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      placeholder={part === 'hour' ? 'HH' : 'MM'}
      value={shown}
      onKeyDown={onKeyDown}
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => {
        // Pasted text, or a touch keyboard that sends no key codes: keep the last two digits.
        const text = event.target.value.replace(/\D/g, '').slice(-2);
        if (!accept(text)) setDraft(text);
      }}
      onBlur={() => setDraft(null)}
      className="tabular w-8 bg-transparent text-center text-base outline-none placeholder:text-muted sm:text-sm"
    />
  );
}

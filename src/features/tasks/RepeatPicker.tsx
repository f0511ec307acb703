'use client';
// The task form's "Repeat" choice: does not repeat, daily, every weekday, weekly on chosen
// days, monthly or yearly, every N of them, ending never, after N times or on a day. It builds
// an RRULE body (src/lib/recurrence-picker.ts) and says the rule back in words.
import { useId } from 'react';
import { DateField } from '@/components/DateField';
import { Input, Select } from '@/components/Field';
import type { ISODate } from '@/lib/date-picker';
import { describeRule, toRule, WEEKDAY_NAMES, WEEKDAYS, type RepeatEnd, type RepeatKind, type RepeatState } from '@/lib/recurrence-picker';

const KINDS: { value: RepeatKind; label: string }[] = [
  { value: 'none', label: 'Does not repeat' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekdays', label: 'Every weekday (Mon–Fri)' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly' },
];
const UNITS: Record<RepeatKind, string> = { none: '', daily: 'days', weekdays: '', weekly: 'weeks', monthly: 'months', yearly: 'years' };

export function RepeatPicker({ value, onChange }: { value: RepeatState; onChange: (next: RepeatState) => void }) {
  const id = useId();
  const set = (change: Partial<RepeatState>) => onChange({ ...value, ...change });
  const repeats = value.kind !== 'none';
  return (
    <div role="group" aria-label="Repeat" className="flex flex-col gap-3" aria-describedby={repeats ? `${id}-summary` : undefined}>
      <Select
        label="Repeat"
        value={value.kind}
        onChange={(event) => set({ kind: event.target.value as RepeatKind })}
        options={KINDS}
      />
      {repeats && value.kind !== 'weekdays' ? (
        <div className="flex items-end gap-2">
          <Input
            label="Every"
            type="number"
            inputMode="numeric"
            min={1}
            max={999}
            className="w-24"
            value={String(value.interval)}
            onChange={(event) => set({ interval: Math.min(999, Math.max(1, Number(event.target.value) || 1)) })}
          />
          <span className="pb-3 text-sm text-muted">{UNITS[value.kind]}</span>
        </div>
      ) : null}
      {value.kind === 'weekly' ? (
        <div role="group" aria-label="On these days" className="flex flex-wrap gap-1.5">
          {WEEKDAYS.map((day) => {
            const on = value.days.includes(day);
            return (
              <button
                key={day}
                type="button"
                aria-pressed={on}
                onClick={() => set({ days: on ? value.days.filter((d) => d !== day) : [...value.days, day] })}
                className={`h-9 min-w-10 rounded-control border px-2 text-sm font-medium ${on ? 'border-accent bg-accent text-white' : 'border-border bg-surface text-text hover:bg-surfaceMuted'}`}
              >
                <span aria-hidden>{WEEKDAY_NAMES[day].slice(0, 2)}</span>
                <span className="sr-only">{WEEKDAY_NAMES[day]}</span>
              </button>
            );
          })}
        </div>
      ) : null}
      {repeats ? (
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label="Ends"
            value={value.end}
            className="min-w-[10rem]"
            onChange={(event) => set({ end: event.target.value as RepeatEnd })}
            options={[
              { value: 'never', label: 'Never' },
              { value: 'count', label: 'After a number of times' },
              { value: 'until', label: 'On a day' },
            ]}
          />
          {value.end === 'count' ? (
            <Input
              label="Times"
              type="number"
              inputMode="numeric"
              min={1}
              max={1000}
              className="w-24"
              value={String(value.count)}
              onChange={(event) => set({ count: Math.min(1000, Math.max(1, Number(event.target.value) || 1)) })}
            />
          ) : null}
          {value.end === 'until' ? (
            <DateField label="Last day" className="min-w-[12rem]" value={value.until as ISODate | null} onChange={(until) => set({ until })} />
          ) : null}
        </div>
      ) : null}
      {repeats ? (
        <p id={`${id}-summary`} className="text-sm text-muted" aria-live="polite">
          {describeRule(toRule(value))}
        </p>
      ) : null}
    </div>
  );
}

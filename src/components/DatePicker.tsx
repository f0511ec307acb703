'use client';
// Calendar date picker on react-day-picker: single, multiple or range
// selection, optional month and year dropdowns, weeks from Sunday, and the WAI-ARIA grid
// keyboard (arrows by day and week, PageUp/PageDown by month, Shift by year, Home/End to the
// week's ends, Enter or Space to pick). The props speak ISO calendar dates ('2026-03-14'), as
// the forms do; the conversion to the library's local Date objects is here and nowhere else.
import { DayPicker, type DateRange as DayRange } from 'react-day-picker';
import { dateLabel, type DateRange, type ISODate } from '@/lib/date-picker';
import { Chevron } from './Chevron';

interface CommonProps {
  /** Accessible name of the calendar (e.g. 'Due date'). */
  label?: string;
  /** Earliest and latest days that can be picked. */
  min?: ISODate;
  max?: ISODate;
  /** Month and year dropdowns instead of a plain caption. */
  dropdowns?: boolean;
  fromYear?: number;
  toYear?: number;
  /** The month shown first when nothing is selected (default: today's). */
  defaultMonth?: ISODate;
  /** Put focus on the selected (or today's) day when the calendar appears, e.g. in a popover. */
  focusOnMount?: boolean;
  className?: string;
}

export type DatePickerProps = CommonProps &
  (
    | { mode?: 'single'; value: ISODate | null; onChange: (value: ISODate | null) => void; required?: boolean }
    | { mode: 'multiple'; value: ISODate[]; onChange: (value: ISODate[]) => void; maxSelections?: number }
    | { mode: 'range'; value: DateRange; onChange: (value: DateRange) => void }
  );

/** Midnight of the calendar day in the browser's zone (the library's calendar is local). */
function toDate(value: ISODate): Date {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

function toISO(value: Date): ISODate {
  return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;
}

const optional = (value: ISODate | null | undefined) => (value ? toDate(value) : undefined);

// Colours are set on the cell and inherited by its button, so one state's colour never fights another's.
// 36 px days under 640 px, so the month fits beside a dialog's margins on a 360 px screen.
const dayButton =
  'tabular inline-flex size-9 items-center justify-center rounded-control text-sm transition-colors sm:size-10 hover:bg-surfaceMuted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent';
const filledButton = '[&>button]:bg-accent [&>button]:font-semibold [&>button]:text-accentContrast [&>button]:hover:bg-accent';

// Tailwind classes for the library's parts (its own stylesheet is not loaded: the app's tokens
// give light and dark).
const classNames = {
  root: 'relative text-text',
  months: 'relative',
  // Previous, caption, next in one row, the grid under them.
  month: 'grid grid-cols-[2.25rem_1fr_2.25rem] items-center gap-y-3',
  button_previous:
    'inline-flex size-9 items-center justify-center rounded-control text-muted hover:bg-surfaceMuted hover:text-text aria-disabled:opacity-40 aria-disabled:hover:bg-transparent',
  button_next:
    'inline-flex size-9 items-center justify-center rounded-control text-muted hover:bg-surfaceMuted hover:text-text aria-disabled:opacity-40 aria-disabled:hover:bg-transparent',
  month_caption: 'flex h-9 items-center justify-center',
  caption_label: 'inline-flex items-center gap-1 text-sm font-semibold',
  dropdowns: 'flex items-center gap-2',
  // The library lays a transparent <select> over a label of its value (and a chevron).
  dropdown_root:
    'relative inline-flex h-9 items-center rounded-control border border-border bg-surface px-2.5 text-sm font-medium text-text hover:border-muted/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-accent',
  dropdown: 'absolute inset-0 z-10 w-full cursor-pointer appearance-none opacity-0',
  month_grid: 'col-span-3 w-full border-collapse',
  weekdays: '',
  weekday: 'pb-1 text-center text-xs font-medium text-muted',
  week: '',
  day: 'p-0.5 text-center',
  day_button: dayButton,
  today: '[&>button]:font-semibold [&>button]:ring-1 [&>button]:ring-inset [&>button]:ring-accent',
  outside: 'text-muted',
  disabled: 'text-muted/60 [&>button]:cursor-not-allowed [&>button]:line-through [&>button]:hover:bg-transparent',
  selected: filledButton,
  range_start: `rounded-l-control bg-accentSoft ${filledButton}`,
  range_end: `rounded-r-control bg-accentSoft ${filledButton}`,
  range_middle: 'bg-accentSoft',
  hidden: 'invisible',
};

// In range mode the ends are filled and the days between are shaded: `selected` alone adds nothing.
const rangeClassNames = { ...classNames, selected: '' };

const labels = {
  labelPrevious: () => 'Previous month',
  labelNext: () => 'Next month',
  labelMonthDropdown: () => 'Month',
  labelYearDropdown: () => 'Year',
  labelDayButton: (date: Date) => dateLabel(toISO(date)),
};

export function DatePicker(props: DatePickerProps) {
  const { label = 'Choose a date', min, max, dropdowns = false, className = '' } = props;
  const first = props.mode === 'multiple' ? props.value[0] : props.mode === 'range' ? props.value.from : props.value;
  const thisYear = new Date().getFullYear();
  const fromYear = props.fromYear ?? (min ? Number(min.slice(0, 4)) : thisYear - 5);
  const toYear = props.toYear ?? (max ? Number(max.slice(0, 4)) : thisYear + 10);
  const common = {
    captionLayout: dropdowns ? ('dropdown' as const) : ('label' as const),
    navLayout: 'around' as const,
    weekStartsOn: 0 as const,
    startMonth: min ? toDate(min) : new Date(fromYear, 0, 1),
    endMonth: max ? toDate(max) : new Date(toYear, 11, 1),
    defaultMonth: optional(first ?? props.defaultMonth),
    disabled: [...(min ? [{ before: toDate(min) }] : []), ...(max ? [{ after: toDate(max) }] : [])],
    autoFocus: props.focusOnMount,
    fixedWeeks: true,
    showOutsideDays: true,
    classNames,
    labels,
    components: { Chevron: DayPickerChevron },
  };
  let picker;
  if (props.mode === 'multiple') {
    const { value, onChange, maxSelections } = props;
    picker = <DayPicker {...common} mode="multiple" max={maxSelections} selected={value.map(toDate)} onSelect={(next) => onChange((next ?? []).map(toISO).sort())} />;
  } else if (props.mode === 'range') {
    const { value, onChange } = props;
    const selected: DayRange | undefined = value.from ? { from: toDate(value.from), to: optional(value.to) } : undefined;
    picker = (
      <DayPicker
        {...common}
        classNames={rangeClassNames}
        mode="range"
        selected={selected}
        onSelect={(next) => onChange({ from: next?.from ? toISO(next.from) : null, to: next?.to ? toISO(next.to) : null })}
      />
    );
  } else {
    const { value, onChange, required = false } = props;
    picker = required ? (
      <DayPicker {...common} mode="single" required selected={optional(value)} onSelect={(next) => onChange(toISO(next))} />
    ) : (
      <DayPicker {...common} mode="single" selected={optional(value)} onSelect={(next) => onChange(next ? toISO(next) : null)} />
    );
  }
  return (
    <div className={`inline-block w-full max-w-[20rem] select-none ${className}`} role="group" aria-label={label}>
      {picker}
    </div>
  );
}

function DayPickerChevron({ orientation }: { orientation?: 'up' | 'down' | 'left' | 'right' }) {
  return <Chevron direction={orientation === 'left' || orientation === 'right' ? orientation : 'down'} className={orientation === 'down' ? 'size-3.5 text-muted' : 'size-4'} />;
}

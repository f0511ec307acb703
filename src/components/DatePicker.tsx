'use client';
// Calendar date picker (spec section 2): single, multiple or range selection, optional month and
// year dropdowns, weeks from Sunday, and the full WAI-ARIA grid keyboard: arrows by day and week,
// PageUp/PageDown by month (Shift: year), Home/End to the week's ends, Enter or Space to pick.
// Days are ISO calendar dates ('2026-03-14'); the rules live in src/lib/date-picker.ts.
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import {
  MONTH_NAMES,
  WEEKDAYS,
  addMonths,
  clampDate,
  dateLabel,
  isOutside,
  isSelected,
  monthGrid,
  monthOf,
  moveFocus,
  rangePosition,
  selectMultiple,
  selectRange,
  selectSingle,
  todayISO,
  yearOptions,
  type DateRange,
  type ISODate,
} from '@/lib/date-picker';

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

function firstSelected(props: DatePickerProps): ISODate | null {
  if (props.mode === 'multiple') return props.value[0] ?? null;
  if (props.mode === 'range') return props.value.from;
  return props.value;
}

const navButton =
  'inline-flex size-9 items-center justify-center rounded-control text-muted hover:bg-surfaceMuted hover:text-text disabled:opacity-40 disabled:hover:bg-transparent';
const dropdown =
  'h-9 appearance-none rounded-control border border-border bg-surface px-2.5 text-sm font-medium text-text hover:border-muted/60';

export function DatePicker(props: DatePickerProps) {
  const { label = 'Choose a date', min, max, dropdowns = false, className = '' } = props;
  const mode = props.mode ?? 'single';
  const captionId = useId();
  const today = useToday();
  const [focused, setFocused] = useState<ISODate>(() => clampDate(firstSelected(props) ?? props.defaultMonth ?? todayISO(), min, max));
  const [{ year, month }, setView] = useState(() => monthOf(focused));
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocusToGrid = useRef(!!props.focusOnMount);

  useEffect(() => {
    if (!moveFocusToGrid.current) return;
    moveFocusToGrid.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  }, [focused, year, month]);

  const weeks = useMemo(() => monthGrid(year, month), [year, month]);
  const thisYear = Number((today ?? todayISO()).slice(0, 4));
  const years = yearOptions(props.fromYear ?? (min ? Number(min.slice(0, 4)) : thisYear - 5), props.toYear ?? (max ? Number(max.slice(0, 4)) : thisYear + 10));

  function showMonth(next: { year: number; month: number }) {
    setView(next);
    const day = Math.min(Number(focused.slice(8, 10)), 28);
    setFocused(clampDate(`${next.year}-${String(next.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, min, max));
  }

  function shift(months: number) {
    showMonth(monthOf(addMonths(`${year}-${String(month).padStart(2, '0')}-01`, months)));
  }

  function pick(date: ISODate) {
    if (isOutside(date, min, max)) return;
    setFocused(date);
    const view = monthOf(date);
    if (view.year !== year || view.month !== month) setView(view);
    if (props.mode === 'multiple') props.onChange(selectMultiple(props.value, date, props.maxSelections));
    else if (props.mode === 'range') props.onChange(selectRange(props.value, date));
    else props.onChange(selectSingle(props.value, date, props.required));
  }

  function onGridKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const next = moveFocus(focused, event, min, max);
    if (next === null) return;
    event.preventDefault();
    moveFocusToGrid.current = true;
    setFocused(next);
    const view = monthOf(next);
    if (view.year !== year || view.month !== month) setView(view);
  }

  const prevDisabled = !!min && `${year}-${String(month).padStart(2, '0')}-01` <= min;
  const nextDisabled = !!max && addMonths(`${year}-${String(month).padStart(2, '0')}-01`, 1) > max;
  const caption = `${MONTH_NAMES[month - 1]} ${year}`;

  return (
    <div className={`inline-block w-full max-w-[20rem] select-none ${className}`} role="group" aria-label={label}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <button type="button" className={navButton} onClick={() => shift(-1)} disabled={prevDisabled} aria-label="Previous month">
          <Chevron direction="left" />
        </button>
        {dropdowns ? (
          <div className="flex items-center gap-2">
            <label className="sr-only" htmlFor={`${captionId}-month`}>
              Month
            </label>
            <select id={`${captionId}-month`} className={dropdown} value={month} onChange={(event) => showMonth({ year, month: Number(event.target.value) })}>
              {MONTH_NAMES.map((name, index) => (
                <option key={name} value={index + 1}>
                  {name}
                </option>
              ))}
            </select>
            <label className="sr-only" htmlFor={`${captionId}-year`}>
              Year
            </label>
            <select id={`${captionId}-year`} className={dropdown} value={year} onChange={(event) => showMonth({ year: Number(event.target.value), month })}>
              {(years.includes(year) ? years : [...years, year].sort()).map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
            <span id={captionId} className="sr-only" aria-live="polite">
              {caption}
            </span>
          </div>
        ) : (
          <p id={captionId} className="text-sm font-semibold" aria-live="polite">
            {caption}
          </p>
        )}
        <button type="button" className={navButton} onClick={() => shift(1)} disabled={nextDisabled} aria-label="Next month">
          <Chevron direction="right" />
        </button>
      </div>
      <table ref={gridRef} role="grid" aria-labelledby={captionId} aria-multiselectable={mode !== 'single' || undefined} className="w-full border-collapse" onKeyDown={onGridKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday.short} scope="col" abbr={weekday.long} className="pb-1 text-center text-xs font-medium text-muted">
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.date}>
              {week.map((cell) => {
                const selected = isSelected(mode, props.value, cell.date);
                const position = mode === 'range' ? rangePosition(props.value as DateRange, cell.date) : null;
                const disabled = isOutside(cell.date, min, max);
                const isToday = cell.date === today;
                const filled = selected && position !== 'middle';
                return (
                  <td
                    key={cell.date}
                    role="gridcell"
                    aria-selected={selected}
                    className={`p-0.5 text-center ${position === 'middle' ? 'bg-accentSoft' : ''} ${position === 'start' ? 'rounded-l-control bg-accentSoft' : ''} ${position === 'end' ? 'rounded-r-control bg-accentSoft' : ''}`}
                  >
                    <button
                      type="button"
                      data-date={cell.date}
                      tabIndex={cell.date === focused ? 0 : -1}
                      aria-label={dateLabel(cell.date)}
                      aria-current={isToday ? 'date' : undefined}
                      aria-disabled={disabled || undefined}
                      onClick={() => pick(cell.date)}
                      onFocus={() => setFocused(cell.date)}
                      className={`tabular relative inline-flex size-10 items-center justify-center rounded-control text-sm transition-colors ${
                        filled
                          ? 'bg-accent font-semibold text-accentContrast'
                          : disabled
                            ? 'cursor-not-allowed text-muted/60 line-through'
                            : cell.inMonth
                              ? 'text-text hover:bg-surfaceMuted'
                              : 'text-muted hover:bg-surfaceMuted'
                      } ${isToday && !filled ? 'font-semibold ring-1 ring-inset ring-accent' : ''}`}
                    >
                      {cell.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const noSubscription = () => () => {};

/** Today in the browser's zone; null while rendering on the server (its zone may differ). */
function useToday(): ISODate | null {
  return useSyncExternalStore(noSubscription, () => todayISO(), () => null);
}

export function Chevron({ direction, className = 'size-4' }: { direction: 'left' | 'right' | 'down'; className?: string }) {
  const d = direction === 'left' ? 'M12.5 5l-5 5 5 5' : direction === 'right' ? 'M7.5 5l5 5-5 5' : 'M5 7.5l5 5 5-5';
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden className={className}>
      <path d={d} />
    </svg>
  );
}

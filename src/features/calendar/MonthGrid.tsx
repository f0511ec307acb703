'use client';
// The month view: six weeks, Sunday first, as an ARIA grid with one tab stop (the selected
// day); arrow keys move a day or a week, PageUp/PageDown a month, Home/End to the week's ends.
// Each cell shows up to two tasks and a '+N more' count; the side panel lists them all.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { dueTimeLabel, monthCell, visibleDays } from '@/lib/calendar';
import { dateLabel, monthOf, moveFocus, WEEKDAYS, type ISODate } from '@/lib/date-picker';
import type { TTaskOutput } from '@/lib/schemas/task';
import { TaskChip } from './TaskChip';

export function MonthGrid({
  selected,
  today,
  byDay,
  zone,
  onSelect,
  onOpenTask,
}: {
  selected: ISODate;
  today: ISODate;
  byDay: Map<ISODate, TTaskOutput[]>;
  zone: string;
  onSelect: (date: ISODate) => void;
  onOpenTask: (task: TTaskOutput) => void;
}) {
  const days = visibleDays('month', selected);
  const { month } = monthOf(selected);
  const weeks = Array.from({ length: 6 }, (_, week) => days.slice(week * 7, week * 7 + 7));
  const gridRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  // After a key moved the selection, focus follows it (the cell may be in a new month).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${selected}"]`)?.focus();
  }, [selected]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.target instanceof HTMLElement && event.target.getAttribute('role') !== 'gridcell') return;
    const next = moveFocus(selected, event);
    if (next) {
      event.preventDefault();
      moved.current = true;
      onSelect(next);
    }
  }

  return (
    <div ref={gridRef} role="grid" aria-label="Month" aria-readonly onKeyDown={onKeyDown} className="overflow-hidden rounded-card border border-border bg-surface">
      <div role="row" className="grid grid-cols-7 border-b border-border bg-surfaceMuted/60">
        {WEEKDAYS.map((weekday) => (
          <div key={weekday.long} role="columnheader" aria-label={weekday.long} className="px-2 py-2 text-center text-xs font-medium text-muted">
            {weekday.long.slice(0, 3)}
          </div>
        ))}
      </div>
      {weeks.map((week, index) => (
        <div key={week[0]} role="row" className={`grid grid-cols-7 ${index > 0 ? 'border-t border-border' : ''}`}>
          {week.map((date, column) => {
            const tasks = byDay.get(date) ?? [];
            const { shown, more } = monthCell(tasks);
            const inMonth = monthOf(date).month === month;
            const isSelected = date === selected;
            const isToday = date === today;
            const dayNumber = Number(date.slice(8));
            return (
              <div
                key={date}
                role="gridcell"
                data-date={date}
                tabIndex={isSelected ? 0 : -1}
                aria-selected={isSelected}
                aria-current={isToday ? 'date' : undefined}
                onClick={() => onSelect(date)}
                className={`relative flex min-h-[6.5rem] cursor-pointer flex-col gap-1 p-1.5 outline-none transition-colors focus-visible:z-10 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent ${
                  column > 0 ? 'border-l border-border' : ''
                } ${isSelected ? 'bg-accentSoft/60' : inMonth ? 'hover:bg-surfaceMuted/70' : 'bg-surfaceMuted/40 hover:bg-surfaceMuted/70'}`}
                data-testid="month-cell"
              >
                <span className="sr-only">
                  {`${dateLabel(date)}${isToday ? ', today' : ''}, ${tasks.length === 0 ? 'no tasks' : tasks.length === 1 ? '1 task' : `${tasks.length} tasks`}`}
                </span>
                <span
                  aria-hidden
                  className={`inline-flex size-7 items-center justify-center self-start rounded-full text-sm tabular ${
                    isToday ? 'bg-accent font-semibold text-accentContrast' : inMonth ? 'text-text' : 'text-muted'
                  }`}
                >
                  {dayNumber}
                </span>
                {shown.map((task) => (
                  <TaskChip key={task.id} task={task} time={dueTimeLabel(task, zone)} onOpen={() => onOpenTask(task)} tabIndex={-1} />
                ))}
                {more > 0 ? (
                  <span className="px-1.5 text-xs font-medium text-muted" data-testid="month-more">
                    +{more} more
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

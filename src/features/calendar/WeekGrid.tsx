'use client';
// The week view: seven day columns (Sunday first) over 24 hour rows. Placement follows
// weekLayout in src/lib/calendar.ts (the product's literal rule: a task sits in its hour cell only
// when its due minutes are 15 or more, its height proportional to those minutes); tasks due in
// an hour's first minutes are listed under their day's heading instead, so none disappears.
// A click on an hour slot creates a task due at that hour; a click on a task opens it.
import { useEffect, useRef } from 'react';
import { dueTimeLabel, hourLabel, weekLayout, visibleDays } from '@/lib/calendar';
import { dateLabel, type ISODate } from '@/lib/date-picker';
import { WEEKDAY_NAMES, weekdayOf } from '@/lib/zoned';
import type { TTaskOutput } from '@/lib/schemas/task';
import { dayBlocks, eventTimeLabel, eventTitle, type CalendarEventItem } from '@/lib/calendar-events';
import { TaskChip, taskStyle } from './TaskChip';

const HOUR_PX = 64;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const FIRST_VISIBLE_HOUR = 7;

export function WeekGrid({
  selected,
  today,
  tasks,
  eventDays,
  zone,
  onSelect,
  onOpenTask,
  onCreateAt,
}: {
  selected: ISODate;
  today: ISODate;
  tasks: TTaskOutput[];
  /** The subscribed calendars' events by day: busy blocks beside the tasks. */
  eventDays: Map<ISODate, CalendarEventItem[]>;
  zone: string;
  onSelect: (date: ISODate) => void;
  onOpenTask: (task: TTaskOutput) => void;
  onCreateAt: (date: ISODate, hour: number) => void;
}) {
  const days = visibleDays('week', selected);
  const { placed, unplaced } = weekLayout(tasks, days, zone);
  const scrollRef = useRef<HTMLDivElement>(null);
  const weekKey = days[0];

  // Open the week at the morning, or earlier when a task sits before it.
  useEffect(() => {
    const earliest = Math.min(FIRST_VISIBLE_HOUR, ...placed.map((placement) => placement.hour));
    scrollRef.current?.scrollTo({ top: earliest * HOUR_PX - 8 });
    // Only when the week changes, not on every data refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [weekKey]);

  return (
    <div className="overflow-hidden rounded-card border border-border bg-surface">
      <div className="grid grid-cols-[3.5rem_repeat(7,minmax(0,1fr))] border-b border-border">
        <div aria-hidden />
        {days.map((date) => {
          const isSelected = date === selected;
          const isToday = date === today;
          const early = unplaced.get(date) ?? [];
          return (
            <div key={date} className={`flex min-w-0 flex-col gap-1 border-l border-border p-1.5 ${isSelected ? 'bg-accentSoft/60' : ''}`}>
              <button
                type="button"
                onClick={() => onSelect(date)}
                aria-pressed={isSelected}
                className="flex items-baseline justify-center gap-1.5 rounded-control py-1 text-sm hover:bg-surfaceMuted"
              >
                <span className="sr-only">{`${dateLabel(date)}${isToday ? ', today' : ''}`}</span>
                <span aria-hidden className="text-xs font-medium text-muted">
                  {WEEKDAY_NAMES[weekdayOf(date)]!.slice(0, 3)}
                </span>
                <span
                  aria-hidden
                  className={`inline-flex size-7 items-center justify-center rounded-full tabular ${isToday ? 'bg-accent font-semibold text-accentContrast' : ''}`}
                >
                  {Number(date.slice(8, 10))}
                </span>
              </button>
              {(eventDays.get(date) ?? [])
                .filter((event) => event.allDay)
                .map((event) => (
                  <p
                    key={`${event.calendarId}:${event.uid}:${event.occurrence}`}
                    className={`truncate rounded-[4px] border border-dashed border-border px-1.5 py-0.5 text-[11px] ${event.busy ? 'bg-surfaceMuted text-text' : 'text-muted'}`}
                    title={`${eventTitle(event)} · ${eventTimeLabel(event, zone)}`}
                    data-testid="week-allday-event"
                  >
                    {eventTitle(event)}
                  </p>
                ))}
              {early.map((task) => (
                <TaskChip key={task.id} task={task} time={dueTimeLabel(task, zone)} onOpen={() => onOpenTask(task)} />
              ))}
            </div>
          );
        })}
      </div>
      <div ref={scrollRef} className="max-h-[36rem] overflow-y-auto" data-testid="week-scroll">
        <div className="grid grid-cols-[3.5rem_repeat(7,minmax(0,1fr))]">
          <div aria-hidden>
            {HOURS.map((hour) => (
              <div key={hour} style={{ height: HOUR_PX }} className="relative pr-2 text-right text-[11px] text-muted">
                <span className="relative -top-2">{hour === 0 ? '' : hourLabel(hour)}</span>
              </div>
            ))}
          </div>
          {days.map((date) => (
            <div key={date} className="relative border-l border-border" data-testid="week-day" data-date={date}>
              {HOURS.map((hour) => (
                <button
                  key={hour}
                  type="button"
                  tabIndex={-1}
                  onClick={() => onCreateAt(date, hour)}
                  aria-label={`Create a task on ${dateLabel(date)} at ${hourLabel(hour)}`}
                  style={{ height: HOUR_PX }}
                  className={`block w-full hover:bg-surfaceMuted/70 focus-visible:outline-2 focus-visible:-outline-offset-2 ${hour > 0 ? 'border-t border-border/70' : ''}`}
                  data-hour={hour}
                />
              ))}
              {dayBlocks(eventDays.get(date) ?? [], date, zone).map(({ event, top, minutes }) => (
                <div
                  key={`${event.calendarId}:${event.uid}:${event.occurrence}`}
                  style={{ top: (top / 60) * HOUR_PX + 1, height: Math.max((minutes / 60) * HOUR_PX - 2, 12) }}
                  className={`busy-block pointer-events-none absolute inset-x-0.5 overflow-hidden rounded-[4px] border border-dashed px-1.5 text-[11px] leading-[14px] ${
                    event.busy ? 'border-muted/60 text-text' : 'border-border text-muted'
                  }`}
                  data-testid="week-busy-block"
                  data-busy={event.busy}
                >
                  <span className="block truncate font-medium">{eventTitle(event)}</span>
                  <span className="sr-only">{`, ${eventTimeLabel(event, zone)}${event.busy ? ', busy' : ', free'}`}</span>
                  {minutes >= 30 ? (
                    <span aria-hidden className="block truncate text-muted">
                      {eventTimeLabel(event, zone)}
                    </span>
                  ) : null}
                </div>
              ))}
              {placed
                .filter((placement) => placement.day === date)
                .map((placement) => {
                  const { task } = placement;
                  const time = dueTimeLabel(task, zone);
                  return (
                    <button
                      key={task.id}
                      type="button"
                      onClick={() => onOpenTask(task)}
                      title={`${task.title} · ${time}`}
                      style={{
                        ...taskStyle(task),
                        top: placement.hour * HOUR_PX + 1,
                        height: placement.heightFraction * HOUR_PX - 2,
                        left: `calc(${(placement.column / placement.columns) * 100}% + 2px)`,
                        width: `calc(${100 / placement.columns}% - 4px)`,
                      }}
                      className={`absolute overflow-hidden rounded-[4px] border-l-[3px] px-1.5 text-left text-[11px] leading-[14px] text-text hover:brightness-95 dark:hover:brightness-125 ${
                        task.completed ? 'line-through decoration-muted' : ''
                      }`}
                      data-testid="week-task"
                      data-minutes={placement.minutes}
                    >
                      <span className="block truncate font-medium">
                        {task.title}
                        <span className="sr-only">{`, due ${time}${task.completed ? ', done' : ''}`}</span>
                      </span>
                      {placement.minutes >= 30 ? (
                        <span aria-hidden className="block truncate text-muted">
                          {time}
                        </span>
                      ) : null}
                    </button>
                  );
                })}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

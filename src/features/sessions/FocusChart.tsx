'use client';
// The four-week picture at the top of /sessions (an extra): focused minutes and completed
// tasks per day, drawn by hand as two quiet bar rows in SVG (no chart library). The SVG is one
// image with a spoken summary; the exact figures are a real table behind "Show the figures",
// for screen readers and for anyone who would rather read numbers.
import { useId } from 'react';
import { formatMinutes } from '@/lib/minutes';
import { niceMax, totals, type DayStats } from '@/lib/session-stats';
import { dayLabel } from './format';

const BAR_GAP = 0.28;

function BarRow({ values, max, label, className }: { values: number[]; max: number; label: string; className: string }) {
  const width = values.length;
  return (
    <svg viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" className="h-full w-full overflow-visible" aria-hidden focusable="false">
      <line x1={0} x2={width} y1={100} y2={100} className="stroke-border" strokeWidth={1} vectorEffect="non-scaling-stroke" />
      {values.map((value, index) => {
        const height = value > 0 ? Math.max(3, (value / max) * 100) : 0;
        return (
          <rect
            key={index}
            x={index + BAR_GAP / 2}
            width={1 - BAR_GAP}
            y={100 - height}
            height={height}
            rx={0.12}
            className={className}
            data-chart={label}
          />
        );
      })}
    </svg>
  );
}

export function FocusChart({ stats }: { stats: DayStats[] }) {
  const headingId = useId();
  const sum = totals(stats);
  const minutesMax = niceMax(Math.max(...stats.map((day) => day.minutes)), 30);
  const tasksMax = niceMax(Math.max(...stats.map((day) => day.completed)), 2);
  const first = stats[0]?.date;
  const middle = stats[Math.floor(stats.length / 2)]?.date;
  const summary =
    `Last 4 weeks: ${formatMinutes(sum.minutes)} focused and ${sum.completed} ${sum.completed === 1 ? 'task' : 'tasks'} completed, ` +
    `on ${sum.activeDays} of ${stats.length} days.`;

  return (
    <section aria-labelledby={headingId} className="rounded-card border border-border bg-surface p-5 sm:p-6">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id={headingId} className="text-base font-semibold">
          Last 4 weeks
        </h2>
        <p className="text-sm text-muted" data-testid="focus-summary">
          <span className="font-medium text-text tabular">{formatMinutes(sum.minutes)}</span> focused ·{' '}
          <span className="font-medium text-text tabular">{sum.completed}</span> {sum.completed === 1 ? 'task' : 'tasks'} completed
        </p>
      </div>

      <div role="img" aria-label={summary} className="mt-5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-3">
        <div className="flex flex-col justify-between text-right text-xs text-muted" aria-hidden>
          <span className="tabular">{minutesMax} min</span>
          <span className="flex items-center justify-end gap-1.5">
            <span className="inline-block size-2.5 rounded-sm bg-accent" />
            Focus
          </span>
        </div>
        <div className="h-20">
          <BarRow values={stats.map((day) => day.minutes)} max={minutesMax} label="minutes" className="fill-accent" />
        </div>
        <div className="flex flex-col justify-between text-right text-xs text-muted" aria-hidden>
          <span className="tabular">{tasksMax} {tasksMax === 1 ? 'task' : 'tasks'}</span>
          <span className="flex items-center justify-end gap-1.5">
            <span className="inline-block size-2.5 rounded-sm bg-muted" />
            Tasks
          </span>
        </div>
        <div className="h-12">
          <BarRow values={stats.map((day) => day.completed)} max={tasksMax} label="tasks" className="fill-muted" />
        </div>
        <span aria-hidden />
        <div className="flex justify-between text-xs text-muted" aria-hidden>
          <span>{first ? dayLabel(first) : ''}</span>
          <span>{middle ? dayLabel(middle) : ''}</span>
          <span>Today</span>
        </div>
      </div>

      <details className="group mt-4 text-sm">
        <summary className="cursor-pointer rounded-control text-muted hover:text-text">Show the figures</summary>
        <div className="mt-3 max-h-72 overflow-y-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Focused time and completed tasks per day, last 4 weeks</caption>
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  Day
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Focused
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Tasks completed
                </th>
              </tr>
            </thead>
            <tbody>
              {[...stats].reverse().map((day) => (
                <tr key={day.date} className="border-t border-border">
                  <th scope="row" className="py-1 font-normal">
                    {dayLabel(day.date, true)}
                  </th>
                  <td className="py-1 text-right tabular">{formatMinutes(day.minutes)}</td>
                  <td className="py-1 text-right tabular">{day.completed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

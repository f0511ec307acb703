'use client';
// Estimates against real focus, per week (the last 8, Monday to Sunday on the person's clock):
// paired bars of the minutes estimated for the tasks finished that week and the minutes
// actually focused on them, with the person's typical over/under-run factor in words. The
// figures are a real table behind "Show as a table".
import { useId, useState } from 'react';
import { describeFactor, type WeekEstimate } from '@/lib/estimates';
import { formatMinutes } from '@/lib/minutes';
import { niceMax } from '@/lib/session-stats';
import { dayLabel } from './format';

export function EstimateChart({ weeks, factor }: { weeks: WeekEstimate[]; factor: number | null }) {
  const headingId = useId();
  const [asTable, setAsTable] = useState(false);
  const max = niceMax(Math.max(...weeks.flatMap((week) => [week.estimated, week.actual])), 30);
  const estimated = weeks.reduce((sum, week) => sum + week.estimated, 0);
  const actual = weeks.reduce((sum, week) => sum + week.actual, 0);
  const summary = `Last ${weeks.length} weeks: ${formatMinutes(estimated)} estimated and ${formatMinutes(actual)} focused on the tasks finished. ${describeFactor(factor)}`;

  return (
    <section aria-labelledby={headingId} className="rounded-card border border-border bg-surface p-5 sm:p-6" data-testid="estimate-chart">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-baseline sm:justify-between">
        <h2 id={headingId} className="text-base font-semibold">
          Estimates against real focus
        </h2>
        <button type="button" aria-pressed={asTable} onClick={() => setAsTable((value) => !value)} className="self-start rounded-control text-sm text-muted underline-offset-2 hover:text-text hover:underline">
          {asTable ? 'Show as a chart' : 'Show as a table'}
        </button>
      </div>
      <p className="mt-1 text-sm text-text" data-testid="overrun-factor">
        {describeFactor(factor)}
      </p>

      {asTable ? (
        <table className="mt-4 w-full text-left text-sm">
          <caption className="sr-only">Estimated and focused minutes of finished tasks, per week</caption>
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Week of
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Tasks
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Estimated
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Focused
              </th>
            </tr>
          </thead>
          <tbody>
            {[...weeks].reverse().map((week) => (
              <tr key={week.weekStart} className="border-t border-border">
                <th scope="row" className="py-1 font-normal">
                  {dayLabel(week.weekStart)}
                </th>
                <td className="py-1 text-right tabular">{week.tasks}</td>
                <td className="py-1 text-right tabular">{formatMinutes(week.estimated)}</td>
                <td className="py-1 text-right tabular">{formatMinutes(week.actual)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div role="img" aria-label={summary} className="mt-5">
          <div className="grid h-36 grid-cols-[repeat(var(--weeks),minmax(0,1fr))] items-end gap-2 border-b border-border" style={{ ['--weeks' as string]: weeks.length }}>
            {weeks.map((week) => (
              <div key={week.weekStart} className="flex h-full items-end justify-center gap-0.5" data-week={week.weekStart}>
                <span className="w-1/3 max-w-4 rounded-t-sm bg-muted/50" style={{ height: `${week.estimated ? Math.max(2, (week.estimated / max) * 100) : 0}%` }} />
                <span className="w-1/3 max-w-4 rounded-t-sm bg-accent" style={{ height: `${week.actual ? Math.max(2, (week.actual / max) * 100) : 0}%` }} />
              </div>
            ))}
          </div>
          <div className="mt-1 grid grid-cols-[repeat(var(--weeks),minmax(0,1fr))] gap-2 whitespace-nowrap text-center text-xs text-muted" style={{ ['--weeks' as string]: weeks.length }} aria-hidden>
            {weeks.map((week, index) => (
              <span key={week.weekStart}>{index % 2 === weeks.length % 2 ? dayLabel(week.weekStart) : ''}</span>
            ))}
          </div>
          <div className="mt-3 flex flex-wrap gap-4 text-xs text-muted" aria-hidden>
            <span className="flex items-center gap-1.5">
              <span className="inline-block size-2.5 rounded-sm bg-muted/50" />
              Estimated
            </span>
            <span className="flex items-center gap-1.5">
              <span className="inline-block size-2.5 rounded-sm bg-accent" />
              Focused
            </span>
            <span className="ml-auto tabular">up to {formatMinutes(max)}</span>
          </div>
        </div>
      )}
    </section>
  );
}

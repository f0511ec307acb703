// The Today panel's words — the sentence ("Today: 3 h 10 min planned, about 2 h 40 min free"),
// what is carried over, the day's figures and its line — light enough for the dashboard's first
// load: the server draws them into the page's HTML from its own read of `today.get` (the sentence
// is the dashboard's largest paint), and the panel (./TodayPanel, fetched after the dashboard has
// painted) adds its choices under the same words, so nothing moves when it arrives.
import { AppLink } from '@/components/AppLink';
import { freeUntilLabel } from '@/lib/free-time';
import { formatMinutes } from '@/lib/minutes';
import type { TTodayOutput } from '@/lib/schemas/today';

/** The sentence at the top of the panel. */
function todaySentence(day: Pick<TTodayOutput, 'plannedMinutes' | 'freeMinutes' | 'overMinutes' | 'window'>, now = Date.now()): string {
  const planned = day.plannedMinutes > 0 ? `${formatMinutes(day.plannedMinutes)} planned` : 'nothing planned';
  if (!day.window) return `Today: ${planned}, a day off`;
  if (now >= Date.parse(day.window.end) && day.plannedMinutes === 0) return `Today: ${planned}, the working day is done`;
  if (day.overMinutes > 0) return `Today: ${planned}, about ${formatMinutes(day.overMinutes)} more than the time left`;
  return `Today: ${planned}, about ${formatMinutes(day.freeMinutes)} free`;
}

/** `showLine`: the day's line (hidden while the evening ritual asks for it). `timeZone`: the account's. */
export function TodaySummary({ day, timeZone, showLine = true }: { day: TTodayOutput; timeZone?: string; showLine?: boolean }) {
  const extras = [
    day.focusedMinutes > 0 ? `${formatMinutes(day.focusedMinutes)} focused` : null,
    day.busyMinutes > 0 ? `${formatMinutes(day.busyMinutes)} busy` : null,
    // With a calendar subscribed: the stretch until the next event ("free until 18:00: 2 h 40 min").
    day.busyMinutes > 0 && day.freeUntil ? freeUntilLabel(day.freeUntil, timeZone) : null,
    day.today.length > 0 ? `${day.today.length} due today` : null,
  ].filter(Boolean);
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        {/* The sentence reads the time ("the working day is done"): the server's and the browser's may differ by the minute it turns. */}
        <h2 id="today-title" className="text-base font-semibold" suppressHydrationWarning>
          {todaySentence(day)}
        </h2>
        {day.carriedOver.length > 0 ? (
          <p className="text-sm text-muted">
            {day.carriedOver.length} carried over ·{' '}
            <AppLink href="/fresh-start" className="font-medium text-text underline underline-offset-2">
              Fresh start
            </AppLink>
          </p>
        ) : null}
      </div>
      {extras.length > 0 ? <p className="mt-1 text-sm text-muted">{extras.join(' · ')}</p> : null}
      {day.line && showLine ? (
        <p className="mt-1 text-sm text-muted">
          Today in a line: <q>{day.line}</q>
        </p>
      ) : null}
    </>
  );
}

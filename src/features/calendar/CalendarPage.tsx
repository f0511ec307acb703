'use client';
// /calendar: Month and Week views with weeks starting on Sunday, a single-day
// view with previous, Today and next below 768 px, and the selected day's side panel. One
// state, the selected day, drives everything: the views show the month or week around it,
// previous/next move it by the view's step, and only the visible range is fetched (task.list
// with from/to on the due date). Days and times are the account's zone (useLayoutZone). Creating and editing use the
// shared task dialog; the private ICS link is offered in the header.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { useLayoutZone } from '@/features/auth/AccountZone';
import { Button } from '@/components/ButtonCore';
import { Chevron } from '@/components/Chevron';
import { PageHeader } from '@/components/shell/AppShell';
import { Spinner } from '@/components/Spinner';
import { DeleteTaskDialog, TaskFormDialog, useTaskMutations } from '@/features/tasks';
import { useRequireSignIn } from '@/features/sessions/useRequireSignIn';
import { defaultDueForDay, hourIn, rangeTitle, shiftAnchor, tasksByDay, viewForWidth, visibleRange, type CalendarView } from '@/lib/calendar';
import { MOBILE_BREAKPOINT_PX } from '@/lib/constants';
import { todayISO, type ISODate } from '@/lib/date-picker';
import { displayTimeZone } from '@/lib/time-zone';
import type { TTaskOutput } from '@/lib/schemas/task';
import { useTRPC } from '@/trpc/react';
import { taskItems } from '@/lib/tasks';
import { eventsByDay } from '@/lib/calendar-events';
import { useCalendarEvents } from './CalendarEvents';
import { DayPanel } from './DayPanel';
import { MonthGrid } from './MonthGrid';
import { SubscribePopover } from './SubscribePopover';
import { WeekGrid } from './WeekGrid';

type WideView = Exclude<CalendarView, 'day'>;

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
function subscribeWidth(onChange: () => void) {
  const media = window.matchMedia(mobileQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}
/** `hint`: what the server guessed from the request (a phone's browser says so), for the server's HTML and hydration. */
function useIsMobile(hint: boolean): boolean {
  return useSyncExternalStore(subscribeWidth, () => window.matchMedia(mobileQuery).matches, () => hint);
}



type Editor = { kind: 'create'; date: ISODate; hour: number | null } | { kind: 'edit'; task: TTaskOutput } | null;

/**
 * `mobileHint`: the server's guess that this is a phone (src/app/(app)/calendar/page.tsx), so that
 * the server's HTML already has the phone's day view and its title: the title is the page's
 * largest text on a phone, and drawn only after hydration it made Lighthouse's largest paint wait
 * for all of the page's JavaScript (2.9 s on its simulated phone).
 */
export function CalendarPage({ mobileHint = false }: { mobileHint?: boolean }) {
  const trpc = useTRPC();
  const { user, ready } = useRequireSignIn();
  const isMobile = useIsMobile(mobileHint);
  // The account's zone from the server's first render on (src/features/auth/AccountZone.tsx); its
  // days and times come from the server's offsets, so hydration makes no date formatter.
  const accountZone = useLayoutZone();
  const zone = useMemo(() => user?.timeZone ?? accountZone ?? displayTimeZone(), [user?.timeZone, accountZone]);
  const today = todayISO(zone);
  const [chosen, setChosen] = useState<WideView>('month');
  const [selected, setSelected] = useState<ISODate>(today);
  const [editor, setEditor] = useState<Editor>(null);
  const [deleting, setDeleting] = useState<TTaskOutput | null>(null);
  const mutations = useTaskMutations();

  const view = viewForWidth(chosen, isMobile ? 0 : MOBILE_BREAKPOINT_PX, MOBILE_BREAKPOINT_PX);
  const range = visibleRange(view, selected, zone);
  const enabled = ready && !!user?.emailVerified;
  const tasks = useQuery(trpc.task.list.queryOptions(range, { enabled, placeholderData: keepPreviousData, select: taskItems }));
  // Repeating tasks store one occurrence; the later ones in view are computed, not stored (the
  // rrule code loads only when there is a repeating task).
  const open = useQuery(trpc.task.list.queryOptions({ status: 'open' }, { enabled, select: taskItems }));
  const repeating = useMemo(() => (open.data ?? []).filter((task) => task.recurrence && task.dueDate && !task.parentTaskId), [open.data]);
  const upcoming = useQuery({
    queryKey: ['calendar-occurrences', zone, range.from, range.to, repeating.map((task) => `${task.id}:${task.recurrence}:${task.dueDate}`)],
    enabled: repeating.length > 0,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { occurrencesBetween } = await import('@/lib/recurrence');
      const from = new Date(range.from);
      const to = new Date(range.to);
      return repeating.flatMap((task) =>
        occurrencesBetween(task.recurrence!, new Date(task.dueDate!), zone, from, to).map((date) => ({ ...task, dueDate: date.toISOString() })),
      );
    },
  });
  const byDay = useMemo(() => tasksByDay([...(tasks.data ?? []), ...(repeating.length ? (upcoming.data ?? []) : [])], zone), [tasks.data, upcoming.data, repeating.length, zone]);
  const dayTasks = byDay.get(selected) ?? [];
  // The subscribed calendars' events, from the server's cache.
  const events = useCalendarEvents(range, enabled);
  const eventDays = useMemo(() => eventsByDay(events.data ?? [], zone), [events.data, zone]);
  const dayEvents = eventDays.get(selected) ?? [];
  const loading = !ready || (enabled && tasks.isPending);

  const arrow = (direction: 'left' | 'right', rounded: string) => (
    <button
      type="button"
      onClick={() => setSelected(shiftAnchor(view, selected, direction === 'left' ? -1 : 1))}
      aria-label={`${direction === 'left' ? 'Previous' : 'Next'} ${view}`}
      className={`inline-flex size-8 items-center justify-center border border-border bg-surface hover:bg-surfaceMuted ${rounded}`}
    >
      <Chevron direction={direction} />
    </button>
  );
  const title = (
    <h2 className={`font-semibold ${view === 'day' ? 'w-full text-base' : 'ml-1 text-lg'}`} aria-live="polite" data-testid="calendar-title">
      {rangeTitle(view, selected)}
    </h2>
  );
  const todayButton = (
    <Button variant="secondary" size="sm" onClick={() => setSelected(today)}>
      Today
    </Button>
  );
  // Day view (small screens): previous, Today and next in the product's order, the date under them.
  const nav =
    view === 'day' ? (
      <div className="flex w-full flex-col gap-3">
        <div className="flex items-center gap-2">
          {arrow('left', 'rounded-control')}
          {todayButton}
          {arrow('right', 'rounded-control')}
          {tasks.isFetching && !loading ? <Spinner className="size-4 text-muted" label="Updating" /> : null}
        </div>
        {title}
      </div>
    ) : (
      <div className="flex items-center gap-2">
        {todayButton}
        <div className="flex">
          {arrow('left', 'rounded-l-control')}
          {arrow('right', '-ml-px rounded-r-control')}
        </div>
        {title}
        {tasks.isFetching && !loading ? <Spinner className="size-4 text-muted" label="Updating" /> : null}
      </div>
    );

  const viewSwitch = isMobile ? null : (
    <div role="group" aria-label="View" className="inline-flex rounded-control border border-border bg-surface p-0.5">
      {(['month', 'week'] as const).map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={chosen === option}
          onClick={() => setChosen(option)}
          className={`h-7 rounded-[6px] px-3 text-sm font-medium ${chosen === option ? 'bg-accentSoft text-text' : 'text-muted hover:text-text'}`}
        >
          {option === 'month' ? 'Month' : 'Week'}
        </button>
      ))}
    </div>
  );

  const openTask = (task: TTaskOutput) => setEditor({ kind: 'edit', task });
  const panel = (
    <DayPanel
      date={selected}
      tasks={dayTasks}
      zone={zone}
      loading={loading}
      events={dayEvents}
      onCreate={() => setEditor({ kind: 'create', date: selected, hour: hourIn(defaultDueForDay(selected, zone), zone) })}
      onOpenTask={openTask}
    />
  );

  let body;
  if (ready && !user?.emailVerified) {
    body = <p className="text-muted">Verify your e-mail address to see your calendar. The link is in the e-mail we sent you.</p>;
  } else if (tasks.isError) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-muted">Your tasks could not be loaded.</p>
        <Button variant="secondary" onClick={() => tasks.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (view === 'day') {
    body = (
      <DayPanel
        date={selected}
        tasks={dayTasks}
        zone={zone}
        loading={loading}
        events={dayEvents}
        title="Tasks"
        onCreate={() => setEditor({ kind: 'create', date: selected, hour: hourIn(defaultDueForDay(selected, zone), zone) })}
        onOpenTask={openTask}
      />
    );
  } else {
    body = (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          {view === 'month' ? (
            <MonthGrid selected={selected} today={today} byDay={byDay} zone={zone} onSelect={setSelected} onOpenTask={openTask} />
          ) : (
            <WeekGrid
              selected={selected}
              today={today}
              tasks={tasks.data ?? []}
              eventDays={eventDays}
              zone={zone}
              onSelect={setSelected}
              onOpenTask={openTask}
              onCreateAt={(date, hour) => {
                setSelected(date);
                setEditor({ kind: 'create', date, hour });
              }}
            />
          )}
        </div>
        <aside aria-label="Selected day" className="min-w-0">
          {panel}
        </aside>
      </div>
    );
  }

  return (
    <>
      <PageHeader title="Calendar" actions={enabled ? <SubscribePopover /> : undefined} />
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        {nav}
        {viewSwitch}
      </div>
      {body}
      <TaskFormDialog
        open={editor !== null}
        onClose={() => setEditor(null)}
        task={editor?.kind === 'edit' ? editor.task : null}
        defaultDate={editor?.kind === 'create' ? editor.date : null}
        defaultHour={editor?.kind === 'create' ? editor.hour : null}
        onDelete={(task) => {
          setEditor(null);
          setDeleting(task);
        }}
      />
      <DeleteTaskDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) mutations.remove(deleting);
          setDeleting(null);
        }}
      />
    </>
  );
}

'use client';
// Events of the subscribed calendars in the Calendar page: the list under the selected day (with
// "Hide this event", "Hide the series" and "Treat as free" per event), and the query of the
// visible range (from the server's cache, never a remote calendar).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ButtonCore';
import { useToast } from '@/components/Toast';
import { eventTimeLabel, eventTitle, type CalendarEventItem } from '@/lib/calendar-events';
import { useTRPC } from '@/trpc/react';

/** The visible range's events (none until a calendar is subscribed). */
export function useCalendarEvents(range: { from: string; to: string }, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery(trpc.calendar.events.queryOptions(range, { enabled, placeholderData: keepPreviousData, staleTime: 60_000 }));
}

export function DayEvents({ events, zone }: { events: CalendarEventItem[]; zone: string }) {
  if (events.length === 0) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="day-events">
      <div role="separator" className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-muted">
        <span>From your calendars</span>
        <span aria-hidden className="h-px flex-1 bg-border" />
      </div>
      <ul aria-label="Calendar events" className="flex flex-col gap-2">
        {events.map((event) => (
          <EventRow key={`${event.calendarId}:${event.uid}:${event.occurrence}`} event={event} zone={zone} />
        ))}
      </ul>
    </div>
  );
}

function EventRow({ event, zone }: { event: CalendarEventItem; zone: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const rule = useMutation(
    trpc.calendar.setEventRule.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.calendar.events.pathKey() }),
      onError: (error) => toast({ title: 'Failed to change the event', description: error.message, variant: 'destructive' }),
    }),
  );
  const apply = (action: 'hide' | 'free', series: boolean, on = true) => {
    rule.mutate({ id: event.calendarId, uid: event.uid, occurrence: series ? null : event.occurrence, action, on });
    setOpen(false);
  };
  const title = eventTitle(event);
  return (
    <li className="rounded-control border border-dashed border-border bg-surfaceMuted/60 px-3 py-2.5" data-testid="day-event">
      <div className="flex items-center gap-3">
        <span aria-hidden className={`h-8 w-1 shrink-0 rounded-full ${event.busy ? 'bg-muted' : 'bg-border'}`} />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="break-words text-sm font-medium">{title}</span>
          <span className="text-xs text-muted tabular">
            {eventTimeLabel(event, zone)}
            {event.busy ? '' : ' · free'}
          </span>
        </span>
        <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen(!open)} aria-label={`Options for ${title}`}>
          Options
        </Button>
      </div>
      {open ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => apply('hide', false)}>
            Hide This Event
          </Button>
          {event.recurring ? (
            <Button variant="secondary" size="sm" onClick={() => apply('hide', true)}>
              Hide the Series
            </Button>
          ) : null}
          {event.busy ? (
            <>
              <Button variant="secondary" size="sm" onClick={() => apply('free', false)}>
                Treat as Free
              </Button>
              {event.recurring ? (
                <Button variant="secondary" size="sm" onClick={() => apply('free', true)}>
                  Treat the Series as Free
                </Button>
              ) : null}
            </>
          ) : (
            <Button variant="secondary" size="sm" onClick={() => {
              // Undo either choice: this occurrence's and the series'.
              apply('free', false, false);
              apply('free', true, false);
            }}>
              Count as Busy
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}

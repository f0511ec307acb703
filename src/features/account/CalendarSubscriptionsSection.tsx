'use client';
// Your calendars: read-only subscriptions whose events show as busy time beside your tasks. The
// paste box reads the address as it is typed (src/lib/calendar-url.ts, the same rules as the
// server's) and says which address to copy when a calendar's web page was pasted; each
// subscription shows how fresh it is ("Last updated 4 min ago") or exactly why it failed, with
// Sync now, Busy only and Remove.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/Badge';
import { Button } from '@/components/ButtonCore';
import { Input, Switch } from '@/components/Field';
import { Spinner } from '@/components/Spinner';
import { useToast } from '@/components/Toast';
import { checkCalendarUrl } from '@/lib/calendar-url';
import { lastUpdatedLabel } from '@/lib/calendar-events';
import { CALENDAR_LIMITS } from '@/lib/constants';
import type { TCalendarOutput } from '@/lib/schemas/calendar';
import type { TUser } from '@/lib/schemas/user';
import { useTRPC } from '@/trpc/react';
import { Notice, Section } from './Section';

export function CalendarSubscriptionsSection({ me }: { me: TUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const verified = me.emailVerified;
  const list = useQuery(trpc.calendar.list.queryOptions(undefined, { enabled: verified, refetchInterval: 60_000 }));
  const listKey = trpc.calendar.list.queryKey();
  const [url, setUrl] = useState('');
  const [busyOnly, setBusyOnly] = useState(false);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const check = url.trim() ? checkCalendarUrl(url) : null;
  const limit = CALENDAR_LIMITS[me.subscriptionTier];
  const count = list.data?.length ?? 0;
  const full = count >= limit;

  const refreshAll = () => {
    void queryClient.invalidateQueries({ queryKey: listKey });
    void queryClient.invalidateQueries({ queryKey: trpc.calendar.events.pathKey() });
  };

  const add = useMutation(
    trpc.calendar.create.mutationOptions({
      onSuccess: (created) => {
        setUrl('');
        setTouched(false);
        setServerError(null);
        refreshAll();
        toast({ title: `${created.name} added`, description: `${created.eventCount} events read.` });
      },
      onError: (error) => setServerError(error.message),
    }),
  );
  const update = useMutation(trpc.calendar.update.mutationOptions({ onSuccess: refreshAll, onError: (error) => toast({ title: 'Failed to update the calendar', description: error.message, variant: 'destructive' }) }));
  const sync = useMutation(
    trpc.calendar.refresh.mutationOptions({
      onSuccess: (answer) => {
        refreshAll();
        toast(answer.status === 'ok' ? { title: `${answer.name} is up to date` } : { title: `${answer.name} could not be updated`, description: answer.error ?? undefined, variant: 'destructive' });
      },
      onError: (error) => toast({ title: 'Sync failed', description: error.message, variant: 'destructive' }),
    }),
  );
  const remove = useMutation(
    trpc.calendar.delete.mutationOptions({
      onSuccess: () => {
        refreshAll();
        toast({ title: 'Calendar removed' });
      },
      onError: (error) => toast({ title: 'Failed to remove the calendar', description: error.message, variant: 'destructive' }),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(null);
    if (!check?.ok) return;
    add.mutate({ url: check.url, busyOnly });
  };

  const hint = check && !check.ok ? check.message : null;
  const error = touched || (check && !check.ok) ? (serverError ?? hint) : serverError;

  return (
    <Section
      id="calendars"
      title="Your calendars"
      description="Subscribe to a calendar (Google, Outlook, iCloud, Proton, Nextcloud, Fastmail, a school timetable) to see its events as busy time beside your tasks. Onething only reads it."
    >
      {!verified ? (
        <Notice>Verify your e-mail address to add calendars.</Notice>
      ) : (
        <div className="flex flex-col gap-6">
          {/* Kept (hidden) once the list is here, the list added after it: nothing is removed from
              the page as this browser-only read comes back (./CalendarFeedSection.tsx says why). */}
          <Spinner label="Loading your calendars" hidden={!list.isPending} />
          {list.isPending ? null : list.isError ? (
            <Notice>Your calendars could not be loaded. Please try again later.</Notice>
          ) : list.data.length > 0 ? (
            <ul aria-label="Subscribed calendars" className="flex flex-col gap-3">
              {list.data.map((calendar) => (
                <CalendarRow
                  key={calendar.id}
                  calendar={calendar}
                  syncing={sync.isPending && sync.variables?.id === calendar.id}
                  removing={remove.isPending && remove.variables?.id === calendar.id}
                  onSync={() => sync.mutate({ id: calendar.id })}
                  onBusyOnly={(value) => update.mutate({ id: calendar.id, busyOnly: value })}
                  onRemove={() => remove.mutate({ id: calendar.id })}
                />
              ))}
            </ul>
          ) : null}
          {full ? (
            <Notice>
              {me.subscriptionTier === 'plus'
                ? `You have ${limit} calendars, the most the Plus plan has.`
                : `The Free plan has ${limit} calendar. Upgrade to Plus for up to ${CALENDAR_LIMITS.plus}.`}
            </Notice>
          ) : (
            <form onSubmit={submit} className="flex flex-col gap-3" noValidate aria-label="Add a calendar">
              <Input
                label="Calendar address"
                hint="Paste the calendar’s address: it usually ends in .ics (webcal: works too)."
                value={url}
                onChange={(event) => {
                  setUrl(event.target.value);
                  setServerError(null);
                }}
                onBlur={() => setTouched(url.trim() !== '')}
                error={error ?? undefined}
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
                data-testid="calendar-url"
              />
              {check && !check.ok && check.suggestion ? (
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="text-muted">Or use this address:</span>
                  <Button variant="secondary" size="sm" onClick={() => setUrl(check.suggestion!)}>
                    Use the .ics address
                  </Button>
                </div>
              ) : null}
              <Switch label="Busy only" hint="Keep only when you are busy: event titles are never shown." checked={busyOnly} onChange={(event) => setBusyOnly(event.target.checked)} />
              <div>
                <Button type="submit" pending={add.isPending} disabled={!check?.ok}>
                  Add Calendar
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
    </Section>
  );
}

function CalendarRow({
  calendar,
  syncing,
  removing,
  onSync,
  onBusyOnly,
  onRemove,
}: {
  calendar: TCalendarOutput;
  syncing: boolean;
  removing: boolean;
  onSync: () => void;
  onBusyOnly: (value: boolean) => void;
  onRemove: () => void;
}) {
  const failed = calendar.status === 'error';
  return (
    <li className="flex flex-col gap-3 rounded-control border border-border p-4" data-testid="calendar-subscription">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-medium">{calendar.name}</p>
          <p className="break-all font-mono text-xs text-muted">{calendar.urlHint}</p>
        </div>
        {failed ? <Badge variant="warning">Not updated</Badge> : <Badge variant="success">{`${calendar.eventCount} events`}</Badge>}
      </div>
      <p className="text-sm" role="status" data-testid="calendar-freshness">
        {failed ? <span>{calendar.error}</span> : <span className="text-muted">{lastUpdatedLabel(calendar.lastSyncedAt)}</span>}
        {failed && calendar.lastSyncedAt ? <span className="text-muted">{` ${lastUpdatedLabel(calendar.lastSyncedAt)}.`}</span> : null}
      </p>
      {calendar.skippedEvents > 0 ? (
        <p className="text-sm text-muted">{`${calendar.skippedEvents} ${calendar.skippedEvents === 1 ? 'event' : 'events'} in this calendar could not be read; the rest are shown.`}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" pending={syncing} onClick={onSync}>
          Sync Now
        </Button>
        <Switch label="Busy only" checked={calendar.busyOnly} onChange={(event) => onBusyOnly(event.target.checked)} />
        <Button variant="ghost" size="sm" pending={removing} onClick={onRemove} aria-label={`Remove ${calendar.name}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}

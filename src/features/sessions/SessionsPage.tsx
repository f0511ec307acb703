'use client';
// /sessions: past sessions newest first by start time, each with its actions,
// New Session through the shared type chooser (AI Session or Manual Session), and an empty state. Every card shows
// its focused time and completed tasks, and the page opens with the four-week chart. One
// session.list and one task.list query feed it all (no request per card).
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ButtonCore';
import { PageHeader } from '@/components/shell/AppShell';
import { Spinner } from '@/components/Spinner';
import { displayTimeZone } from '@/lib/time-zone';
import type { TFocusSession } from '@/lib/schemas/session';
import { completedBySession, dailyStats, focusedMinutes, sortSessionsNewestFirst } from '@/lib/session-stats';
import { StartSession } from '@/features/session-setup';
import { useTRPC } from '@/trpc/react';
import { taskItems } from '@/lib/tasks';
import { overrunFactor, weeklyEstimates } from '@/lib/estimates';
import { EstimateChart } from './EstimateChart';
import { FocusChart } from './FocusChart';
import { SessionCard } from './SessionCard';
import { DeleteSessionDialog, SessionDetailsDialog } from './SessionDialogs';
import { useRequireSignIn } from './useRequireSignIn';

export function SessionsPage() {
  const trpc = useTRPC();
  const { user, ready } = useRequireSignIn();
  const enabled = ready && !!user?.emailVerified;
  const sessions = useQuery(trpc.session.list.queryOptions(undefined, { enabled }));
  const tasks = useQuery(trpc.task.list.queryOptions(undefined, { enabled, select: taskItems }));
  const [details, setDetails] = useState<TFocusSession | null>(null);
  const [deleting, setDeleting] = useState<TFocusSession | null>(null);
  const [choosing, setChoosing] = useState(false);

  const view = useMemo(() => {
    const list = sortSessionsNewestFirst(sessions.data ?? []);
    const bySession = completedBySession(tasks.data ?? []);
    const zone = user?.timeZone ?? displayTimeZone();
    return {
      zone,
      list,
      bySession,
      stats: dailyStats(list, tasks.data ?? [], zone),
      weeks: weeklyEstimates(tasks.data ?? [], zone),
      factor: overrunFactor(tasks.data ?? []),
      focused: new Map(list.map((session) => [session.id, focusedMinutes(session, bySession.get(session.id) ?? [])])),
    };
  }, [sessions.data, tasks.data, user?.timeZone]);

  const newSession = (
    <Button onClick={() => setChoosing(true)}>
      <PlusIcon />
      New Session
    </Button>
  );

  let body;
  if (!ready || (enabled && (sessions.isPending || tasks.isPending))) {
    body = (
      <div className="flex justify-center py-16 text-muted">
        <Spinner className="size-6" label="Loading sessions" />
      </div>
    );
  } else if (!user?.emailVerified) {
    body = <p className="text-muted">Verify your e-mail address to see your sessions. The link is in the e-mail we sent you.</p>;
  } else if (sessions.isError) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-muted">Your sessions could not be loaded.</p>
        <Button variant="secondary" onClick={() => sessions.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (view.list.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-border px-6 py-16 text-center">
        <h2 className="text-lg font-semibold">No sessions yet</h2>
        <p className="max-w-sm text-muted">Start a focus session and it will appear here, with the tasks you finished in it.</p>
        <Button onClick={() => setChoosing(true)}>Start Session</Button>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-8">
        <FocusChart stats={view.stats} />
        <EstimateChart weeks={view.weeks} factor={view.factor} />
        <section aria-labelledby="sessions-list-heading">
          <h2 id="sessions-list-heading" className="sr-only">
            All sessions, newest first
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {view.list.map((session) => (
              <SessionCard
                key={session.id}
                session={session}
                zone={view.zone}
                focused={view.focused.get(session.id) ?? 0}
                completed={view.bySession.get(session.id)?.length ?? 0}
                onDetails={() => setDetails(session)}
                onDelete={() => setDeleting(session)}
              />
            ))}
          </ul>
        </section>
      </div>
    );
  }

  return (
    <>
      <PageHeader title="Sessions" description="Your focus sessions, newest first." actions={enabled ? newSession : undefined} />
      {body}
      <SessionDetailsDialog session={details} focused={details ? (view.focused.get(details.id) ?? 0) : 0} onClose={() => setDetails(null)} />
      <DeleteSessionDialog session={deleting} onClose={() => setDeleting(null)} />
      <StartSession open={choosing} onClose={() => setChoosing(false)} />
    </>
  );
}

function PlusIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" aria-hidden className="size-4">
      <path d="M10 4.5v11M4.5 10h11" />
    </svg>
  );
}

'use client';
// The focus session screen: which session it shows, and reading it. /session shows the tab's
// current session (its id in session storage; without one, the dashboard); /sessions/{id} makes
// that session the current one. A session that cannot be read goes to the dashboard (a 401 is
// AuthSync's: the tab goes to sign in and comes back). What the screen shows is ./FocusView.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { LoadingOverlay } from '@/components/Spinner';
import { useHydratedInTransition } from '@/components/useHydrated';
import { prepareDateFormatting } from '@/lib/local-format';
import { errorStatus } from '@/features/auth/errors';
import { openTasksOptions } from '@/features/dashboard/queries';
import { useOfflineCopies } from '@/features/offline/offline-copies';
import { clearCurrentSession, currentSessionId, setCurrentSession } from '@/features/session-setup/current-session';
import { useTRPC } from '@/trpc/react';
import { FirstFrame } from './FirstFrame';
import type { FirstFrameData } from './first-frame-data';
import { FocusView } from './FocusView';
import { useTaskList } from './useTaskList';

const Opening = () => <LoadingOverlay label="Opening your session…" />;

/**
 * The page: /session (sessionId omitted: the current session) or /sessions/{id}. `firstFrame`:
 * the server's first frame of the clock (./FirstFrame.tsx), what the server and the hydration
 * render show: the clock reads the browser's storage and time, so the screen draws in the browser only.
 */
export function SessionPage({ sessionId, firstFrame }: { sessionId?: string; firstFrame?: FirstFrameData }) {
  // The screen's first render shows times (the clock, the tasks' due dates): the platform's date
  // formatting is set up before it, in a task of its own (src/lib/local-format.ts).
  const isClient = useHydratedInTransition(prepareDateFormatting);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // /sessions/{id} makes its session the tab's current one as the page hydrates, with the
  // server's reading of it, not only once the screen (drawn in a transition after) has read it:
  // a person who goes on to /session at once finds it there.
  useEffect(() => {
    const read = sessionId ? queryClient.getQueryData(trpc.session.get.queryKey({ id: sessionId })) : undefined;
    if (read) setCurrentSession(read);
  }, [sessionId, queryClient, trpc]);
  if (!isClient) return firstFrame ? <FirstFrame data={firstFrame} /> : <Opening />;
  return sessionId ? <SessionByIdScreen sessionId={sessionId} /> : <CurrentSessionScreen />;
}

/** /session: the current session from session storage; without one, back to the dashboard. */
function CurrentSessionScreen() {
  const router = useRouter();
  const id = currentSessionId();
  useEffect(() => {
    if (!id) router.replace('/dashboard');
  }, [id, router]);
  if (!id) return <Opening />;
  return <SessionScreen sessionId={id} />;
}

/** /sessions/{id}: makes that session the current one and shows it. */
function SessionByIdScreen({ sessionId }: { sessionId: string }) {
  return <SessionScreen sessionId={sessionId} makeCurrent />;
}

/** The screen's reads, kept for opening it offline (src/features/offline/offline-copies.ts). */
function SessionScreen(props: { sessionId: string; makeCurrent?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The account's writes still queued, shown over the tasks kept (as AuthSync does for later reads).
  const showQueued = () => import('@/features/offline/queued-lists').then((module) => module.showQueuedWrites(queryClient, trpc.task.list.pathKey()));
  const ready = useOfflineCopies([
    { name: `session:${props.sessionId}`, queryKey: trpc.session.get.queryKey({ id: props.sessionId }) },
    { name: 'open-tasks', queryKey: openTasksOptions(trpc).queryKey },
  ], showQueued);
  if (!ready) return <Opening />;
  return <SessionScreenView {...props} />;
}

function SessionScreenView({ sessionId, makeCurrent }: { sessionId: string; makeCurrent?: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  // Not tried twice: a session that is not there (404) sends the person on at once.
  const { data: session, error } = useQuery(trpc.session.get.queryOptions({ id: sessionId }, { retry: false }));
  // The tasks load beside the session, not after it.
  const taskList = useTaskList();

  useEffect(() => {
    if (session && makeCurrent) setCurrentSession(session);
  }, [session, makeCurrent]);
  useEffect(() => {
    // Offline (no answer at all), the screen stays on what it had.
    if (!error || errorStatus(error) === 401 || (session && errorStatus(error) === undefined)) return;
    if (!makeCurrent) clearCurrentSession();
    router.replace('/dashboard');
  }, [error, session, makeCurrent, router]);

  if (!session) return <Opening />;
  return <FocusView key={session.id} session={session} taskList={taskList} />;
}

// /sessions/{id}: the product rule gives two readings of where a session opens (/session and
// /sessions/{id}); both work. This one makes the session the tab's current one and shows the same
// screen, its session and open tasks read on the server with the very query options the screen
// uses, so that the island finds them in its cache, and the clock's first frame drawn into the HTML.
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { openTasksOptions } from '@/features/dashboard/queries';
import { firstFrameData } from '@/features/session/first-frame-data';
import { SessionIsland } from '@/features/session/SessionIsland';
import type { TFocusSession } from '@/lib/schemas/session';
import type { TTaskOutput } from '@/lib/schemas/task';
import { taskItems } from '@/lib/tasks';
import { NONCE_HEADER } from '@/server/http/content-security-policy';
import { pageAccount } from '@/server/inbound/page-session';
import { prefetchedState } from '@/trpc/server';

export const metadata: Metadata = { title: 'Focus session' };

export default async function SessionByIdPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const read: { session?: TFocusSession; tasks?: TTaskOutput[] } = {};
  const requestHeaders = await headers();
  const [account, state] = await Promise.all([pageAccount(requestHeaders), prefetchedState((trpc, queryClient) => [
    queryClient.prefetchQuery(trpc.session.get.queryOptions({ id })).then(() => {
      read.session = queryClient.getQueryData(trpc.session.get.queryKey({ id }));
    }),
    queryClient.prefetchQuery(openTasksOptions(trpc)).then(() => {
      read.tasks = taskItems<TTaskOutput>(queryClient.getQueryData(openTasksOptions(trpc).queryKey));
    }),
  ])]);
  // The first frame is in the HTML (src/features/session/FirstFrame.tsx, from src/features/session/first-frame-data.ts): the clock, drawn before the
  // screen's code runs, and the current task's card from these open tasks (the account's zone for its due dates).
  return <SessionIsland sessionId={id} state={state} firstFrame={read.session ? firstFrameData({ session: read.session, checkCurrent: false, tasks: read.tasks, zone: account?.timeZone ?? null, nonce: requestHeaders.get(NONCE_HEADER) ?? undefined }) : undefined} />;
}

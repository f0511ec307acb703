// /session: the tab's current focus session (its id in session storage), an island hydrated after
// the page has loaded (src/features/session/SessionIsland.tsx says why).
//
// The tab's session storage is out of the server's sight, but the tab's current session is nearly
// always the account's newest one (the dashboard has just started it): the server reads that one
// and the open tasks with the screen's own query keys, so the island finds them in its cache and
// draws the clock as it hydrates, without a round trip first (on Lighthouse's slow 4G that request
// came after the page's scripts and put /session's largest paint, the clock, past 3 s). Another
// session in the tab's storage is asked for by the screen, as before.
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

export default async function CurrentSessionPage() {
  const read: { newest?: TFocusSession; tasks?: TTaskOutput[] } = {};
  const requestHeaders = await headers();
  const [account, state] = await Promise.all([pageAccount(requestHeaders), prefetchedState((trpc, queryClient) => [
    queryClient.fetchQuery(trpc.session.list.queryOptions()).then(
      (sessions) => {
        // The newest by start time, under the key the screen reads it by; the list itself stays here.
        const [newest] = sessions;
        read.newest = newest;
        if (newest) queryClient.setQueryData(trpc.session.get.queryKey({ id: newest.id }), newest);
        queryClient.removeQueries({ queryKey: trpc.session.list.queryKey() });
      },
      () => undefined,
    ),
    queryClient.prefetchQuery(openTasksOptions(trpc)).then(() => {
      read.tasks = taskItems<TTaskOutput>(queryClient.getQueryData(openTasksOptions(trpc).queryKey));
    }),
  ])]);
  // The first frame is in the HTML (src/features/session/FirstFrame.tsx, from src/features/session/first-frame-data.ts): the clock, drawn before the
  // screen's code runs if the tab's current session is this newest one, and the current task's card
  // from these open tasks (the account's zone for its due dates).
  return <SessionIsland state={state} firstFrame={read.newest ? firstFrameData({ session: read.newest, checkCurrent: true, tasks: read.tasks, zone: account?.timeZone ?? null, nonce: requestHeaders.get(NONCE_HEADER) ?? undefined }) : undefined} />;
}

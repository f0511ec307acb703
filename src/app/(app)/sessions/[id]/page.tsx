// /sessions/{id}: the product rule gives two readings of where a session opens (/session and
// /sessions/{id}); both work. This one makes the session the tab's current one and shows the same
// screen, its session and open tasks read on the server with the very query options the screen
// uses, so that the island finds them in its cache.
import type { Metadata } from 'next';
import { openTasksOptions } from '@/features/dashboard/queries';
import { SessionIsland } from '@/features/session/SessionIsland';
import { prefetchedState } from '@/trpc/server';

export const metadata: Metadata = { title: 'Focus session' };

export default async function SessionByIdPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const state = await prefetchedState((trpc, queryClient) => [
    queryClient.prefetchQuery(trpc.session.get.queryOptions({ id })),
    queryClient.prefetchQuery(openTasksOptions(trpc)),
  ]);
  return <SessionIsland sessionId={id} state={state} />;
}

// The browser's small tRPC client (./client.ts) against the real libraries it stands in for:
// the same query and mutation keys as @trpc/tanstack-react-query (the server prefetches with
// those, src/trpc/server.ts), and over the app's real tRPC door (real router, real database)
// the same requests, answers and errors as @trpc/client's httpBatchLink.
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError as LibraryClientError, type TRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { describe, expect, it } from 'vitest';
import { completedHistoryOptions, openTasksOptions, taskCountsOptions } from '@/features/dashboard/queries';
import type { AppRouter } from '@/server/api/root';
import { serveTrpcRequest } from '@/server/api/trpc-http';
import { createBatchTransport, createClientProxy, createOptionsProxy, TRPCClientError } from './client';

type Sent = { method: string; url: string; body: string | null };

/** A fetch that hands the request to the app's tRPC door in-process and records what was sent. */
function doorFetch(sent: Sent[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(new URL(String(input), 'http://localhost:3000'), init);
    sent.push({ method: request.method, url: request.url.replace('http://localhost:3000', ''), body: request.method === 'GET' ? null : await request.clone().text() });
    return serveTrpcRequest(request);
  };
}

function both() {
  const ours: Sent[] = [];
  const theirs: Sent[] = [];
  const request = createBatchTransport({ url: '/api/trpc', fetch: doorFetch(ours) });
  const library = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: 'http://localhost:3000/api/trpc', fetch: doorFetch(theirs) })] });
  return { ours, theirs, client: createClientProxy<TRPCClient<AppRouter>>(request), library };
}

async function settle<T>(promise: Promise<T>) {
  try {
    return { data: await promise };
  } catch (error) {
    return { error: error as { name: string; message: string; data?: unknown; shape?: unknown } };
  }
}

describe('the keys', () => {
  const queryClient = new QueryClient();
  const library = createTRPCOptionsProxy<AppRouter>({ client: createTRPCClient<AppRouter>({ links: [] }), queryClient });
  const ours = createOptionsProxy<TRPCOptionsProxy<AppRouter>>(createBatchTransport({ url: '/api/trpc' }));

  it('are the library\'s for the queries the server prefetches, so the page\'s data is found in the cache', () => {
    for (const options of [openTasksOptions, taskCountsOptions, completedHistoryOptions]) {
      expect(options(ours).queryKey).toEqual(options(library).queryKey);
    }
    expect(ours.auth.me.queryOptions().queryKey).toEqual(library.auth.me.queryOptions().queryKey);
    expect(ours.session.list.queryOptions().queryKey).toEqual(library.session.list.queryOptions().queryKey);
    expect(ours.task.list.queryOptions({ status: 'open' }).trpc).toEqual({ path: 'task.list' });
    expect(completedHistoryOptions(ours).initialPageParam).toEqual(completedHistoryOptions(library).initialPageParam);
  });

  it('are the library\'s for invalidation and mutations', () => {
    expect(ours.task.list.pathKey()).toEqual(library.task.list.pathKey());
    expect(ours.task.list.queryKey({ status: 'completed' })).toEqual(library.task.list.queryKey({ status: 'completed' }));
    expect(ours.task.counts.queryFilter()).toEqual(library.task.counts.queryFilter());
    expect(ours.task.list.pathFilter()).toEqual(library.task.list.pathFilter());
    expect(ours.task.list.infiniteQueryKey({ status: 'completed', limit: 20 })).toEqual(library.task.list.infiniteQueryKey({ status: 'completed', limit: 20 }));
    expect(ours.task.complete.mutationOptions().mutationKey).toEqual(library.task.complete.mutationOptions().mutationKey);
    expect(ours.task.complete.mutationKey()).toEqual(library.task.complete.mutationKey());
  });
});

describe('over the app\'s tRPC door', () => {
  it('sends calls of one tick as one batched request, as httpBatchLink does, with the same answers', async () => {
    const { ours, theirs, client, library } = both();
    const mine = await Promise.all([settle(client.health.check.query()), settle(client.auth.me.query())]);
    const reference = await Promise.all([settle(library.health.check.query()), settle(library.auth.me.query())]);

    expect(ours).toEqual(theirs);
    expect(ours).toEqual([{ method: 'GET', url: `/api/trpc/health.check,auth.me?batch=1&input=${encodeURIComponent('{}')}`, body: null }]);
    // The health answer carries the time it was made: everything else must match.
    const withoutTime = ({ data }: { data?: unknown }) => ({ ...(data as object), time: undefined });
    expect(withoutTime(mine[0])).toEqual(withoutTime(reference[0]));
    expect(mine[0].data).toMatchObject({ status: 'ok', database: 'ok' });
    expect(mine[1].error?.message).toBe(reference[1].error?.message);
    expect(mine[1].error?.data).toEqual(reference[1].error?.data);
  });

  it('fails a call with the server\'s message, code and status, as TRPCClientError does', async () => {
    const { client, library } = both();
    const mine = await settle(client.auth.me.query());
    const reference = await settle(library.auth.me.query());

    expect(mine.error).toBeInstanceOf(TRPCClientError);
    expect(reference.error).toBeInstanceOf(LibraryClientError);
    expect(mine.error?.name).toBe('TRPCClientError');
    expect(mine.error?.message).toBe(reference.error?.message);
    expect(mine.error?.data).toEqual(reference.error?.data);
    expect(mine.error?.shape).toEqual(reference.error?.shape);
    expect(mine.error?.data).toMatchObject({ httpStatus: 401 });
  });

  it('posts mutations with the batch body and answers a validation failure with its issues', async () => {
    const { ours, theirs, client, library } = both();
    const input = { name: '', email: 'not an address', message: '' } as never;
    const mine = await settle(client.contact.send.mutate(input));
    const reference = await settle(library.contact.send.mutate(input));

    expect(ours).toEqual(theirs);
    expect(ours[0]).toMatchObject({ method: 'POST', url: '/api/trpc/contact.send?batch=1', body: JSON.stringify({ 0: input }) });
    expect(mine.error?.message).toBe(reference.error?.message);
    expect(mine.error?.data).toEqual(reference.error?.data);
    expect(mine.error?.data).toMatchObject({ httpStatus: 400 });
    expect((mine.error?.data as { issues?: unknown[] }).issues?.length).toBeGreaterThan(0);
  });

  it('sends a call that can be cancelled on its own, and cancelling it rejects it', async () => {
    const { ours, client } = both();
    const controller = new AbortController();
    const cancelled = settle(client.auth.me.query(undefined, { signal: controller.signal }));
    const other = settle(client.health.check.query());
    controller.abort();
    expect((await cancelled).error?.name).toBe('TRPCClientError');
    expect((await other).data).toMatchObject({ status: 'ok' });
    expect(ours.map((sent) => sent.url.split('?')[0])).toEqual(['/api/trpc/auth.me', '/api/trpc/health.check']);
  });

  it('turns a network failure into a TRPCClientError with the browser\'s message', async () => {
    const request = createBatchTransport({
      url: '/api/trpc',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const failed = await settle(createClientProxy<TRPCClient<AppRouter>>(request).health.check.query());
    expect(failed.error).toBeInstanceOf(TRPCClientError);
    expect(failed.error?.message).toBe('Failed to fetch');
    expect(failed.error?.data).toBeUndefined();
  });
});

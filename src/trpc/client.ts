// The browser's tRPC client, small enough for every page's first load. It speaks the wire format
// of @trpc/client's httpBatchLink (calls made in the same tick go as one request:
// GET /api/trpc/a,b?batch=1&input={"0":…,"1":…} for queries, POST with that JSON body for
// mutations; the answer is one entry per call) and hands TanStack Query the options and keys of
// @trpc/tanstack-react-query (the same keys the server uses when it prefetches a page's data,
// src/trpc/server.ts, so the prefetched cache entries are found). Only the parts the app uses:
// queryOptions, queryKey, queryFilter, pathKey, pathFilter, infiniteQueryOptions,
// infiniteQueryKey, mutationOptions, mutationKey, and the plain client's query and mutate.
// Why not the libraries themselves: @trpc/client with @trpc/tanstack-react-query (and the parts
// of @trpc/server they pull in) were about 10 kB gzip in the first load of every page. Their
// types are still used, so the app's calls are checked against the router as before.
import { infiniteQueryOptions, queryOptions, skipToken, type QueryFunctionContext } from '@tanstack/react-query';

type ProcedureType = 'query' | 'mutation';

/** The error shape of a failed call, as the server's errorFormatter writes it. */
type ErrorShape = { message: string; code: number; data?: Record<string, unknown> };
type BatchEntry = { result: { data?: unknown } } | { error: ErrorShape };

/** A failed call: `message` is the server's, `data` its code, httpStatus and issues (as TRPCClientError). */
export class TRPCClientError extends Error {
  readonly shape: ErrorShape | undefined;
  readonly data: Record<string, unknown> | undefined;
  constructor(message: string, options?: { shape?: ErrorShape; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.name = 'TRPCClientError';
    this.shape = options?.shape;
    this.data = options?.shape?.data;
  }
}

function clientError(cause: unknown): TRPCClientError {
  if (cause instanceof TRPCClientError) return cause;
  const message = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : 'Unknown error';
  return new TRPCClientError(message, { cause });
}

type Call = { path: string; input: unknown; resolve: (data: unknown) => void; reject: (error: TRPCClientError) => void };

export type ClientOptions = { url: string; fetch?: typeof fetch };

/** Sends calls the way httpBatchLink does: one request per type and tick, entries in call order. */
export function createBatchTransport({ url, fetch: fetchImpl = (...args) => fetch(...args) }: ClientOptions) {
  const queues: Record<ProcedureType, Call[]> = { query: [], mutation: [] };

  async function send(type: ProcedureType, calls: Call[], signal?: AbortSignal) {
    // As httpBatchLink: the inputs as {"0": …, "1": …} (an undefined input is left out by JSON).
    const input = JSON.stringify(Object.fromEntries(calls.map((call, index) => [index, call.input])));
    const address = `${url.replace(/\/$/, '')}/${calls.map((call) => call.path).join(',')}?batch=1${type === 'query' ? `&input=${encodeURIComponent(input)}` : ''}`;
    try {
      const response = await fetchImpl(address, {
        method: type === 'query' ? 'GET' : 'POST',
        headers: type === 'query' ? {} : { 'content-type': 'application/json' },
        body: type === 'query' ? undefined : input,
        signal,
        credentials: 'include',
      });
      const entries = (await response.json()) as BatchEntry[] | BatchEntry;
      // A failure before the procedures ran (e.g. a malformed request) answers one entry, not a list.
      calls.forEach((call, index) => {
        const entry = Array.isArray(entries) ? entries[index] : entries;
        if (entry && 'error' in entry) call.reject(new TRPCClientError(entry.error.message, { shape: entry.error }));
        else if (entry && 'result' in entry) call.resolve(entry.result.data);
        else call.reject(new TRPCClientError('Unable to transform response from server'));
      });
    } catch (cause) {
      for (const call of calls) call.reject(clientError(cause));
    }
  }

  return function request(type: ProcedureType, path: string, input: unknown, signal?: AbortSignal | null): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const call: Call = { path, input, resolve, reject };
      // A call that can be cancelled goes alone, so that cancelling it cancels nothing else.
      if (signal) {
        void send(type, [call], signal);
        return;
      }
      const queue = queues[type];
      queue.push(call);
      if (queue.length === 1) {
        setTimeout(() => {
          const calls = queue.splice(0);
          void send(type, calls);
        });
      }
    });
  };
}

export type Request = ReturnType<typeof createBatchTransport>;

// ------------------------------------------------------------------ keys, as tRPC makes them

type KeyType = 'query' | 'infinite' | 'any';

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** [path segments, { input?, type? }], or [path segments] for a whole procedure (pathKey). */
export function queryKeyOf(path: string[], input: unknown, type: KeyType): unknown[] {
  const split = path.flatMap((part) => part.split('.'));
  if (input === undefined && type === 'any') return split.length ? [split] : [];
  if (type === 'infinite' && isObject(input) && ('direction' in input || 'cursor' in input)) {
    const { cursor: _cursor, direction: _direction, ...rest } = input;
    return [split, { input: rest, type: 'infinite' }];
  }
  return [split, { ...(input !== undefined && input !== skipToken ? { input } : {}), ...(type !== 'any' ? { type } : {}) }];
}

function inputOfKey(queryKey: readonly unknown[]): unknown {
  const args = queryKey[1] as { input?: unknown } | undefined;
  return args?.input;
}

type TrpcOptions = { trpc?: { abortOnUnmount?: boolean } } & Record<string, unknown>;

// The signal is passed only when asked for (abortOnUnmount), as tRPC does: cancelling a query
// otherwise leaves its request running and ignores the answer.
const signalOf = (opts: TrpcOptions | undefined, context: QueryFunctionContext) => (opts?.trpc?.abortOnUnmount ? context.signal : null);

function optionsProxy(request: Request, path: string[]): unknown {
  return new Proxy(() => {}, {
    get(_target, key) {
      if (typeof key !== 'string' || key === 'then') return undefined;
      return optionsProxy(request, [...path, key]);
    },
    apply(_target, _this, args: unknown[]) {
      const procedurePath = path.slice(0, -1);
      const util = path.at(-1);
      const name = procedurePath.join('.');
      const [arg1, arg2] = args as [unknown, TrpcOptions | undefined];
      const trpc = { path: name };
      switch (util) {
        case 'queryOptions': {
          const opts = arg2;
          return Object.assign(
            queryOptions({
              ...opts,
              queryKey: queryKeyOf(procedurePath, arg1, 'query'),
              queryFn:
                arg1 === skipToken ? skipToken : (context: QueryFunctionContext) => request('query', name, inputOfKey(context.queryKey), signalOf(opts, context)),
            }),
            { trpc },
          );
        }
        case 'queryKey':
          return queryKeyOf(procedurePath, arg1, 'query');
        case 'queryFilter':
          return { ...arg2, queryKey: queryKeyOf(procedurePath, arg1, 'query') };
        case 'pathKey':
          return queryKeyOf(procedurePath, undefined, 'any');
        case 'pathFilter':
          return { ...(arg1 as object), queryKey: queryKeyOf(procedurePath, undefined, 'any') };
        case 'infiniteQueryKey':
          return queryKeyOf(procedurePath, arg1, 'infinite');
        case 'infiniteQueryOptions': {
          const opts = arg2 as (TrpcOptions & { initialCursor?: unknown }) | undefined;
          const queryKey = queryKeyOf(procedurePath, arg1, 'infinite');
          return Object.assign(
            infiniteQueryOptions({
              ...(opts as object),
              queryKey,
              queryFn:
                arg1 === skipToken
                  ? skipToken
                  : (context: QueryFunctionContext<readonly unknown[], unknown>) =>
                      request(
                        'query',
                        name,
                        {
                          ...((inputOfKey(queryKey) as object | undefined) ?? {}),
                          ...(context.pageParam !== undefined ? { cursor: context.pageParam } : {}),
                          direction: context.direction,
                        },
                        signalOf(opts, context),
                      ),
              initialPageParam: opts?.initialCursor ?? (arg1 as { cursor?: unknown } | undefined)?.cursor,
            } as unknown as Parameters<typeof infiniteQueryOptions>[0]),
            { trpc },
          );
        }
        case 'mutationKey':
          return [procedurePath.flatMap((part) => part.split('.'))];
        case 'mutationOptions': {
          const opts = arg1 as TrpcOptions | undefined;
          return {
            ...opts,
            mutationKey: [procedurePath.flatMap((part) => part.split('.'))],
            mutationFn: (input: unknown) => request('mutation', name, input),
            trpc,
          };
        }
        default:
          throw new Error(`trpc.${path.join('.')} is not supported by the app's client (src/trpc/client.ts)`);
      }
    },
  });
}

/** `trpc.a.b.queryOptions(input)` and the rest: see the list at the top. */
export function createOptionsProxy<T>(request: Request): T {
  return optionsProxy(request, []) as T;
}

function clientProxy(request: Request, path: string[]): unknown {
  return new Proxy(() => {}, {
    get(_target, key) {
      if (typeof key !== 'string' || key === 'then') return undefined;
      return clientProxy(request, [...path, key]);
    },
    apply(_target, _this, [input, opts]: [unknown, { signal?: AbortSignal } | undefined]) {
      const method = path.at(-1);
      const name = path.slice(0, -1).join('.');
      if (method === 'query') return request('query', name, input, opts?.signal);
      if (method === 'mutate') return request('mutation', name, input, opts?.signal);
      throw new Error(`client.${path.join('.')} is not supported by the app's client (src/trpc/client.ts)`);
    },
  });
}

/** `client.a.b.query(input, { signal })` and `client.a.b.mutate(input, { signal })`. */
export function createClientProxy<T>(request: Request): T {
  return clientProxy(request, []) as T;
}

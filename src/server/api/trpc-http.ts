// The tRPC door's one path from an HTTP request to the router, for both ways a request reaches
// it: the production and development server (src/server/inbound/door.ts) and Next's route handler
// (src/app/api/trpc/[trpc]/route.ts, used when the door is off).
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { TRPC_MAX_BATCH } from '@/lib/constants';
import { appRouter } from '@/server/api/root';
import { createContext } from '@/server/api/trpc';
import { reportError } from '@/server/error-report';

const TRPC_ENDPOINT = '/api/trpc';

/** Answers one tRPC request (a single call or a batch); `remoteAddress` is the peer's socket address when known. */
export async function serveTrpcRequest(req: Request, remoteAddress?: string): Promise<Response> {
  const tooMany = refuseLargeBatch(req);
  if (tooMany) return tooMany;
  return fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req,
    router: appRouter,
    createContext: ({ resHeaders }) => createContext({ headers: req.headers, resHeaders, remoteAddress }),
    responseMeta: () => ({ headers: { 'cache-control': 'no-store' } }),
    // Procedures report their own unexpected errors (src/server/api/trpc.ts); this catches the
    // rest (a failing context, e.g. the database gone while reading the session). reportError
    // reports each error object once.
    onError: ({ error, path, type }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') reportError('procedure failed', error.cause ?? error, { path, type });
    },
  });
}

/**
 * A batch of more than TRPC_MAX_BATCH calls is refused as a whole (413), before any call runs: one
 * request must not carry hundreds of expensive calls. The app's client never sends more.
 */
function refuseLargeBatch(req: Request): Response | null {
  const url = new URL(req.url);
  if (url.searchParams.get('batch') !== '1') return null;
  const calls = url.pathname.slice(url.pathname.lastIndexOf('/') + 1).split(',').length;
  if (calls <= TRPC_MAX_BATCH) return null;
  return Response.json(
    { message: `A batch may hold at most ${TRPC_MAX_BATCH} calls (this one has ${calls})`, code: 'PAYLOAD_TOO_LARGE' },
    { status: 413, headers: { 'cache-control': 'no-store' } },
  );
}

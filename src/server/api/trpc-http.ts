// The tRPC door's one path from an HTTP request to the router, for both ways a request reaches
// it: the production and development server (src/server/inbound/door.ts) and Next's route handler
// (src/app/api/trpc/[trpc]/route.ts, used when the door is off).
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/api/root';
import { createContext } from '@/server/api/trpc';
import { reportError } from '@/server/error-report';

const TRPC_ENDPOINT = '/api/trpc';

/** Answers one tRPC request (a single call or a batch); `remoteAddress` is the peer's socket address when known. */
export function serveTrpcRequest(req: Request, remoteAddress?: string): Promise<Response> {
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

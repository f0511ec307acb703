// tRPC door: the browser app's typed client talks to the same router here.
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/api/root';
import { createContext } from '@/server/api/trpc';
import { reportError } from '@/server/error-report';
import { withRequestScope } from '@/server/http/request-scope';

export const dynamic = 'force-dynamic';

function serve(req: Request) {
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: ({ resHeaders }) => createContext({ headers: req.headers, resHeaders }),
    responseMeta: () => ({ headers: { 'cache-control': 'no-store' } }),
    // Procedures report their own unexpected errors (src/server/api/trpc.ts); this catches the
    // rest (a failing context, e.g. the database gone while reading the session). reportError
    // reports each error object once.
    onError: ({ error, path, type }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') reportError('procedure failed', error.cause ?? error, { path, type });
    },
  });
}

const handler = withRequestScope(serve, 'trpc');

export { handler as GET, handler as POST };

// tRPC door: the browser app's typed client talks to the same router here.
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/api/root';
import { createContext } from '@/server/api/trpc';

export const dynamic = 'force-dynamic';

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req,
    router: appRouter,
    createContext: ({ resHeaders }) => createContext({ headers: req.headers, resHeaders }),
    responseMeta: () => ({ headers: { 'cache-control': 'no-store' } }),
  });
}

export { handler as GET, handler as POST };

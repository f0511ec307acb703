// The tRPC door: the router at /api/trpc through @trpc/server's official Fastify adapter, inside
// the app's front (src/server/inbound/front.ts). Besides the adapter it holds one rule: a batch
// of more than TRPC_MAX_BATCH calls is refused as a whole (413), before any call runs (one request
// must not carry hundreds of expensive calls; the app's client never sends more).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { TRPC_MAX_BATCH } from '@/lib/constants';
import { appRouter, type AppRouter } from '@/server/api/root';
import { createContext } from '@/server/api/trpc';
import { reportError } from '@/server/error-report';
import { API_DISPOSITION } from '@/server/http/api-disposition';

export type TrpcOptions = {
  /** The request's headers as procedures should see them (src/server/inbound/front.ts). */
  headersOf: (request: FastifyRequest) => Headers;
};

/** The tRPC door as a Fastify plugin, mounted at /api/trpc by the front. */
export const trpcDoor: FastifyPluginAsync<TrpcOptions> = async (app, options) => {
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const query = url.indexOf('?');
    if (query < 0 || !/[?&]batch=1(?:&|$)/.test(url.slice(query))) return done();
    const path = url.slice(0, query);
    const calls = path.slice(path.lastIndexOf('/') + 1).split(',').length;
    if (calls <= TRPC_MAX_BATCH) return done();
    reply
      .code(413)
      .header('cache-control', 'no-store')
      .header('content-disposition', API_DISPOSITION)
      .type('application/json')
      .send(JSON.stringify({ message: `A batch may hold at most ${TRPC_MAX_BATCH} calls (this one has ${calls})`, code: 'PAYLOAD_TOO_LARGE' }));
  });
  await app.register(fastifyTRPCPlugin, {
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createContext({ headers: options.headersOf(req), resHeaders: new Headers(), remoteAddress: req.socket.remoteAddress }),
      // Set-Cookie (and any other header) a procedure set on its context, onto the answer.
      responseMeta: ({ ctx }) => {
        const headers: Record<string, string | string[]> = { 'cache-control': 'no-store', 'content-disposition': API_DISPOSITION };
        const resHeaders = ctx?.resHeaders;
        resHeaders?.forEach((value, key) => {
          if (key !== 'set-cookie') headers[key] = value;
        });
        const cookies = resHeaders?.getSetCookie() ?? [];
        if (cookies.length) headers['set-cookie'] = cookies;
        return { headers };
      },
      // Procedures report their own unexpected errors (src/server/api/trpc.ts); this catches the
      // rest (a failing context, e.g. the database gone while reading the session). reportError
      // reports each error object once.
      onError: ({ error, path, type }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') reportError('procedure failed', error.cause ?? error, { path, type });
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
};

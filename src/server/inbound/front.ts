// The app's HTTP front: one Fastify server for `npm start`, `npm run dev` and every instance of
// the cluster (scripts/server.mjs builds it from the server bundle, scripts/build-server.mjs).
// - /api/trpc: the tRPC door (@trpc/server's Fastify adapter, src/server/api/trpc-http.ts);
// - /api/*: the REST door (trpc-to-openapi's Fastify adapter, src/server/api/rest.ts);
// - everything else — pages, _next, next-auth's own routes, and the API routes Next serves from
//   route files of their own (the Stripe webhook, the calendar feed, /api/mcp, the OpenAPI
//   document, ...) — goes to Next's request handler, Node's request and response handed over
//   untouched (`reply.hijack()`, the body not read).
// Fastify does the routing, body limit, compression, request id and error answers; the hooks
// here only add the app's headers and its JSON error body (with the API's Content-Disposition,
// src/server/http/api-disposition.ts, which the doors set on their own answers). docs/architecture.md says why.
import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { errorCodeFor, MAX_BODY_BYTES, restDoor, BAD_JSON, TOO_LARGE, type RestOptions } from '@/server/api/rest';
import { trpcDoor } from '@/server/api/trpc-http';
import { INTERNAL_MESSAGE, type ApiErrorBody } from '@/server/errors';
import { reportError } from '@/server/error-report';
import { API_DISPOSITION } from '@/server/http/api-disposition';
import { isAcceptableRouterState, ROUTER_STATE_HEADER } from '@/server/http/router-state';
import { NEXT_AUTH_ROUTES } from '@/server/inbound/next-auth-routes';
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestId } from '@/server/request-context';

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export type FrontOptions = {
  /** Next's request handler (`next({...}).getRequestHandler()`). */
  next: NodeHandler;
  /** Next's app routes (the keys of the build's app-paths-manifest.json, e.g. `/api/stripe/webhook/route`). */
  appRoutes: string[];
  /** The headers next.config.js gives every path and every API path, for the answers Fastify writes. */
  headers: Record<string, string>;
  /** Test hook (src/test/front.ts): see RestOptions. */
  sessionFor?: RestOptions['sessionFor'];
};

/** The methods the app answers; anything else is a 405 before Next sees it (Next answered TRACE with an HTML 500). */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const API_ALLOW = METHODS.join(', ');
const PAGE_ALLOW = 'GET, HEAD';
/** Catch-all segments of Next's route paths (handled by next-auth's own list, or Fastify's `*`). */
const NEXT_AUTH_ROUTE = '/api/auth/[...nextauth]';

/**
 * The API paths Next answers from route files of their own, in Fastify's syntax
 * (`/api/calendar/[userId]/[file]` → `/api/calendar/:userId/:file`): a route file wins over the
 * REST door's `/api/*`, as it does in Next.
 */
export function nextApiPaths(appRoutes: string[]): string[] {
  return appRoutes
    // Route groups, e.g. (app), are not part of the path.
    .map((route) => route.split('/').filter((segment) => !/^\(.+\)$/.test(segment)).join('/'))
    .filter((route) => route.startsWith('/api/') && route.endsWith('/route'))
    .map((route) => route.slice(0, -'/route'.length))
    .filter((route) => route !== NEXT_AUTH_ROUTE && route !== '/api/trpc/[trpc]' && route !== '/api/[...rest]')
    .map((route) =>
      route
        .split('/')
        .map((segment) => (/^\[\[?\.\.\./.test(segment) ? '*' : /^\[.+\]$/.test(segment) ? `:${segment.slice(1, -1)}` : segment))
        .join('/'),
    );
}

/** The request's headers as a procedure sees them (Next fills in the X-Forwarded-* set, so does the front). */
function procedureHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  const incoming = request.headers;
  for (const key in incoming) {
    const value = incoming[key];
    if (key.startsWith(':') || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else headers.append(key, value);
  }
  const https = headers.get('x-forwarded-proto') === 'https';
  if (!headers.has('x-forwarded-host') && headers.has('host')) headers.set('x-forwarded-host', headers.get('host')!);
  if (!headers.has('x-forwarded-port')) headers.set('x-forwarded-port', String(request.socket.localPort ?? (https ? 443 : 80)));
  if (!headers.has('x-forwarded-proto')) headers.set('x-forwarded-proto', 'http');
  if (!headers.has('x-forwarded-for') && request.socket.remoteAddress) headers.set('x-forwarded-for', request.socket.remoteAddress);
  return headers;
}

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Fastify's own failures (body limit, bad JSON, content type) and unexpected ones, as the API's JSON error. */
function errorAnswer(error: FastifyError): { status: number; body: ApiErrorBody } {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (status === 413) return { status, body: TOO_LARGE };
  if (status >= 500) return { status: 500, body: { message: INTERNAL_MESSAGE, code: 'INTERNAL_SERVER_ERROR' } };
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return { status: 400, body: BAD_JSON };
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { status, body: { message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' } };
  return { status, body: { message: error.message, code: errorCodeFor(status) } };
}

/** An error answer in the API's JSON body, as the doors send theirs. */
function sendJson(reply: FastifyReply, body: ApiErrorBody): FastifyReply {
  return reply.header('cache-control', 'no-store').header('content-disposition', API_DISPOSITION).type('application/json').send(JSON.stringify(body));
}

/** A method the app does not answer (TRACE, PROPFIND, ...): 405 with Allow, JSON under /api. */
function refuseMethod(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // The request's body (if any) is not read: the connection closes after the answer.
  reply.code(405).header('allow', isApi(request.url) ? API_ALLOW : PAGE_ALLOW).header('connection', 'close');
  if (isApi(request.url)) return sendJson(reply, { message: `The ${request.method} method is not allowed here`, code: 'METHOD_NOT_SUPPORTED' });
  return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Method Not Allowed\n');
}

/** The app's front, ready to serve: `front.routing` is its node:http request listener. */
export async function createFront(options: FrontOptions): Promise<FastifyInstance> {
  const base = Object.fromEntries(Object.entries(options.headers).map(([key, value]) => [key.toLowerCase(), value]));
  const app = Fastify({
    bodyLimit: MAX_BODY_BYTES,
    // The inbound X-Request-Id when it is short and plain (set by a trusted proxy), else a new one.
    requestIdHeader: false,
    genReqId: (req) => {
      const inbound = req.headers[REQUEST_ID_HEADER];
      return requestIdFrom(Array.isArray(inbound) ? inbound[0] : inbound);
    },
    // The app logs through src/server/log.ts (errors through reportError), with the request id.
    logger: false,
    // A tRPC batch names its calls in the path (/api/trpc/task.list,session.list,...).
    routerOptions: { maxParamLength: 16_384 },
  });

  // Every request runs in its id's scope (log lines and error reports carry it), and every answer
  // names it. Next gets it in the request's header too (its proxy, src/proxy.ts, keeps it).
  app.addHook('onRequest', (request, reply, done) => {
    request.raw.headers[REQUEST_ID_HEADER] = request.id;
    reply.headers(base).header(REQUEST_ID_HEADER, request.id);
    if (!METHODS.includes(request.method)) return void refuseMethod(request, reply);
    runWithRequestId(request.id, done);
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = errorAnswer(error);
    if (answer.status >= 500) reportError('request failed', error, { method: request.method });
    return sendJson(reply.code(answer.status), answer.body);
  });
  // Every path has a route for the app's methods; only others get here (the hook below answers them first).
  app.setNotFoundHandler((request, reply) => refuseMethod(request, reply));

  // Answers of 1 kB and more are compressed for clients that accept it (as Next does).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip'] });

  // No API call answers OPTIONS (no CORS: the API is same-origin or Bearer-token only).
  app.options('/api/*', (request, reply) => {
    return sendJson(reply.code(405).header('allow', 'GET, HEAD, POST, PUT, PATCH, DELETE'), { message: 'The OPTIONS method is not allowed here', code: 'METHOD_NOT_SUPPORTED' });
  });
  await app.register(trpcDoor, { prefix: '/api/trpc', headersOf: procedureHeaders });
  await app.register(restDoor, { headersOf: procedureHeaders, sessionFor: options.sessionFor });

  await app.register(async (nextScope) => {
    // Next reads the body itself (the Stripe webhook checks its raw bytes).
    nextScope.removeAllContentTypeParsers();
    nextScope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // Next strips this header before its proxy (src/proxy.ts) could check it, and a malformed
    // one made every dynamic page throw while rendering.
    nextScope.addHook('onRequest', async (request, reply) => {
      const routerState = request.headers[ROUTER_STATE_HEADER];
      if (routerState === undefined) return;
      if (isAcceptableRouterState(Array.isArray(routerState) ? routerState.join(',') : routerState)) return;
      return reply.code(400).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Bad Request: malformed Next-Router-State-Tree header\n');
    });
    const toNext = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      return options.next(request.raw, reply.raw);
    };
    nextScope.route({ method: METHODS, url: '/*', handler: toNext });
    nextScope.route({ method: METHODS, url: '/', handler: toNext });
    for (const url of nextApiPaths(options.appRoutes)) nextScope.route({ method: METHODS, url, handler: toNext });
    if (options.appRoutes.includes(`${NEXT_AUTH_ROUTE}/route`)) {
      for (const { method, url } of NEXT_AUTH_ROUTES) nextScope.route({ method, url, handler: toNext });
    }
  });

  await app.ready();
  return app;
}

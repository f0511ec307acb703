// The lean door of the app's server (scripts/server.mjs, in production and in development): one
// node:http server in which the REST calls of the router (and the tRPC door) are answered
// directly — the same core as the Next route handlers (src/server/api/rest.ts,
// src/server/api/trpc-http.ts) on node's req/res, without Next's request handling in between —
// and every other request goes to Next (pages, _next, next-auth's own routes, the Stripe
// webhook, the calendar feed, the OpenAPI document, /docs, and any API route the app has as a
// file of its own). It is compiled into Next's server build through src/instrumentation.ts,
// which hands createDoor to the server.
//
// Which requests the door answers is decided from the build's list of app routes, so a route
// file added later is served by Next as before. Anything unusual (a trailing slash, which Next
// redirects; dot segments; an absolute-form URL) goes to Next, which then behaves as without the door.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { INTERNAL_MESSAGE } from '@/server/errors';
import { headersFromNode, MAX_BODY_BYTES, restRequestFromNode, serveRest } from '@/server/api/rest';
import { serveTrpcRequest } from '@/server/api/trpc-http';
import { isRestRoute } from '@/server/inbound/rest-routes';
import { reportError } from '@/server/error-report';
import { API_DISPOSITION, needsApiDisposition } from '@/server/http/api-disposition';
import { isAcceptableRouterState, ROUTER_STATE_HEADER } from '@/server/http/router-state';
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestId } from '@/server/request-context';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

export type DoorOptions = {
  /** Next's request handler (`next({...}).getRequestHandler()`). */
  next: NodeHandler;
  /** The app's routes as Next lists them (keys of app-paths-manifest.json, e.g. `/api/stripe/webhook/route`). */
  appRoutes: string[];
  /** Headers Next adds to every response (next.config.js `headers()`), sent on the door's answers too. */
  headers: Record<string, string>;
  /** The server's port (for X-Forwarded-Port, as Next sets it). */
  port?: number;
};

export type Route = 'rest' | 'auth' | 'trpc' | 'next';

const REST_CATCH_ALL = '/api/[...rest]';
const NEXT_AUTH = '/api/auth/[...nextauth]';
const TRPC = '/api/trpc/[trpc]';
// The methods src/app/api/[...rest]/route.ts and src/app/api/auth/[...nextauth]/route.ts export.
const REST_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']);
const AUTH_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

function escape(segment: string): string {
  return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A RegExp for an app route path like /api/calendar/[userId]/[file] or /api/auth/[...nextauth]. */
function routePattern(route: string): RegExp {
  const source = route
    .split('/')
    .map((segment) => {
      if (/^\[\[\.\.\.[^\]]+\]\]$/.test(segment)) return '(?:/.*)?';
      if (/^\[\.\.\.[^\]]+\]$/.test(segment)) return '/.+';
      if (/^\[[^\]]+\]$/.test(segment)) return '/[^/]+';
      return segment ? `/${escape(segment)}` : '';
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** Decides, from the app's routes, who answers a method and path. */
export function createRouter(appRoutes: string[]): (method: string, pathname: string) => Route {
  const api = appRoutes
    .filter((route) => route.endsWith('/route'))
    .map((route) => route.slice(0, -'/route'.length))
    .filter((route) => route.startsWith('/api/'));
  const hasRestCatchAll = api.includes(REST_CATCH_ALL);
  // Routes of their own (static or dynamic) win over the REST catch-all, as in Next.
  const own = api.filter((route) => route !== REST_CATCH_ALL).map((route) => ({ route, pattern: routePattern(route) }));
  return (method, pathname) => {
    if (!hasRestCatchAll || !pathname.startsWith('/api/')) return 'next';
    // Next redirects a trailing slash and normalises odd paths: leave those to it.
    if (pathname.endsWith('/') || pathname.includes('//') || /\/\.\.?(\/|$)/.test(pathname) || pathname.includes('%')) return 'next';
    const match = own.find(({ pattern }) => pattern.test(pathname));
    // Methods a route file does not export (OPTIONS, ...) get Next's own answer.
    if (!match) return REST_METHODS.has(method) ? 'rest' : 'next';
    if (match.route === NEXT_AUTH) {
      if (!AUTH_METHODS.has(method)) return 'next';
      // src/app/api/auth/[...nextauth]/route.ts: REST calls first, next-auth's own routes after.
      if (isRestRoute(method, pathname)) return 'auth';
      return method === 'GET' || method === 'POST' ? 'next' : 'rest';
    }
    if (match.route === TRPC) return method === 'GET' || method === 'POST' ? 'trpc' : 'next';
    return 'next';
  }
}

/**
 * The methods the app answers at all. Anything else (TRACE, TRACK, CONNECT, PROPFIND, ...) is
 * refused here with 405 and `Allow`, before Next sees it: Next turns a request into a fetch
 * Request, which throws for TRACE, and answered an HTML 500.
 */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const API_ALLOW = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const PAGE_ALLOW = 'GET, HEAD';

async function refuseUnknownMethod(req: IncomingMessage, res: ServerResponse, pathname: string, extra: Out): Promise<void> {
  // The request's body (if any) is not read: the connection closes after the answer.
  const api = pathname === '/api' || pathname.startsWith('/api/');
  const body = api
    ? JSON.stringify({ message: `The ${req.method} method is not allowed here`, code: 'METHOD_NOT_SUPPORTED' })
    : 'Method Not Allowed\n';
  await send(req, res, 405, {
    ...extra,
    allow: api ? API_ALLOW : PAGE_ALLOW,
    'content-type': api ? 'application/json' : 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'close',
  }, body);
}

/** The request's headers as a Next route handler sees them (Next fills in the X-Forwarded-* set). */
function requestHeaders(req: IncomingMessage, port: number | undefined): Headers {
  const headers = headersFromNode(req.headers);
  const https = headers.has('x-forwarded-proto') ? headers.get('x-forwarded-proto') === 'https' : false;
  if (!headers.has('x-forwarded-host') && headers.has('host')) headers.set('x-forwarded-host', headers.get('host')!);
  if (!headers.has('x-forwarded-port')) headers.set('x-forwarded-port', port ? String(port) : https ? '443' : '80');
  if (!headers.has('x-forwarded-proto')) headers.set('x-forwarded-proto', 'http');
  if (!headers.has('x-forwarded-for') && req.socket?.remoteAddress) headers.set('x-forwarded-for', req.socket.remoteAddress);
  return headers;
}

const gzipAsync = promisify(gzip);
/** Next compresses answers of 1 kB and more for clients that accept gzip; so does the door. */
const COMPRESS_FROM_BYTES = 1024;

type Out = Record<string, string | string[]>;

async function send(req: IncomingMessage, res: ServerResponse, status: number, headers: Out, body: string | Buffer | null): Promise<void> {
  const out: Out = { ...headers, vary: 'Accept-Encoding' };
  if (needsApiDisposition(out['content-type'] as string | undefined, out['content-disposition'] as string | undefined)) out['content-disposition'] = API_DISPOSITION;
  let payload = typeof body === 'string' ? Buffer.from(body) : body;
  const accepts = req.headers['accept-encoding'];
  if (payload && payload.byteLength >= COMPRESS_FROM_BYTES && typeof accepts === 'string' && /\bgzip\b/.test(accepts)) {
    payload = await gzipAsync(payload);
    out['content-encoding'] = 'gzip';
  }
  if (payload) out['content-length'] = String(payload.byteLength);
  res.writeHead(status, out);
  res.end(req.method === 'HEAD' ? undefined : (payload ?? undefined));
}

async function serveTrpc(req: IncomingMessage, res: ServerResponse, headers: Headers, extra: Out): Promise<void> {
  let body: Buffer | undefined;
  if (req.method === 'POST') {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).byteLength;
      // The same 1 MB bound as the REST door: a bigger batch is refused before it is buffered.
      if (size > MAX_BODY_BYTES) {
        const tooLarge = JSON.stringify({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
        await send(req, res, 413, { ...extra, 'content-type': 'application/json', 'cache-control': 'no-store', connection: 'close' }, tooLarge);
        return;
      }
      chunks.push(chunk as Buffer);
    }
    body = Buffer.concat(chunks);
  }
  const request = new Request(`http://${headers.get('host') ?? 'localhost'}${req.url}`, { method: req.method, headers, body: body as unknown as BodyInit | undefined });
  const response = await serveTrpcRequest(request, req.socket?.remoteAddress);
  const out: Out = { ...extra };
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') out[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) out['set-cookie'] = cookies;
  await send(req, res, response.status, out, Buffer.from(await response.arrayBuffer()));
}

async function serveRestCall(req: IncomingMessage, res: ServerResponse, headers: Headers, extra: Out, dropBody = false): Promise<void> {
  const answer = await serveRest(restRequestFromNode(req, headers, { dropBody }));
  await send(req, res, answer.status, { ...extra, ...answer.headers }, answer.body);
}

function failed(res: ServerResponse, extra: Record<string, string>, error: unknown): void {
  reportError('request failed in the door', error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify({ message: INTERNAL_MESSAGE, code: 'INTERNAL_SERVER_ERROR' });
  res.writeHead(500, { ...extra, 'content-type': 'application/json', 'cache-control': 'no-store', 'content-disposition': API_DISPOSITION, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/** The production server's request listener. */
export function createDoor(options: DoorOptions): NodeHandler {
  const route = createRouter(options.appRoutes);
  const base = Object.fromEntries(Object.entries(options.headers).map(([key, value]) => [key.toLowerCase(), value]));
  return (req, res) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const pathname = query < 0 ? url : url.slice(0, query);
    const method = req.method ?? 'GET';
    const target = url.startsWith('/') ? route(method, pathname) : 'next';
    const inbound = req.headers[REQUEST_ID_HEADER];
    const requestId = requestIdFrom(Array.isArray(inbound) ? inbound[0] : inbound);
    if (!KNOWN_METHODS.has(method)) return refuseUnknownMethod(req, res, pathname, { ...base, [REQUEST_ID_HEADER]: requestId });
    // Next strips this header before its proxy (src/proxy.ts) runs, so it is checked here.
    const routerState = req.headers[ROUTER_STATE_HEADER];
    if (routerState !== undefined && !isAcceptableRouterState(Array.isArray(routerState) ? routerState.join(',') : routerState)) {
      return send(req, res, 400, { ...base, [REQUEST_ID_HEADER]: requestId, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, 'Bad Request: malformed Next-Router-State-Tree header\n');
    }
    if (target === 'next') {
      // Pages and Next's own routes get the id too: Next's proxy (src/proxy.ts) keeps it and
      // answers with it, and whatever Next runs for this request (server components included)
      // logs inside this scope, so their log lines carry it.
      req.headers[REQUEST_ID_HEADER] = requestId;
      return runWithRequestId(requestId, () => options.next(req, res));
    }

    const extra = { ...base, [REQUEST_ID_HEADER]: requestId };
    return runWithRequestId(requestId, async () => {
      try {
        const headers = requestHeaders(req, options.port);
        if (target === 'trpc') return await serveTrpc(req, res, headers, extra);
        // next-auth's client signOut() posts a form; our sign-out takes no payload.
        if (target === 'auth' && pathname === '/api/auth/signout' && !headers.get('content-type')?.includes('application/json')) {
          headers.delete('content-type');
          headers.delete('content-length');
          return await serveRestCall(req, res, headers, extra, true);
        }
        return await serveRestCall(req, res, headers, extra);
      } catch (error) {
        failed(res, extra, error);
      }
    });
  };
}

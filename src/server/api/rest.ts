// The REST door: the router's procedures with OpenAPI metadata at the contract's /api/* paths
// (docs/api-contract.md), served by trpc-to-openapi's node handler (its route matching, input,
// coercion and error shape) on one Fastify route inside the app's front
// (src/server/inbound/front.ts). trpc-to-openapi's own Fastify adapter is not used: it handed
// tRPC a Fastify reply as if it were Node's response, which aborted every answered call, answered
// from an async handler without returning the reply (empty compressed bodies), and built a fetch
// Request per call for an abort signal (the door's p99: src/server/compat/trpc-to-openapi.ts).
// What this module adds, as Fastify hooks and options of its own scope, and nothing else:
// - empty bodies count as `{}` (the web client sends no body when there is no payload), a body
//   that is not a JSON object is a 400, and a DELETE's JSON body joins its query (the handler
//   reads a DELETE's input from the query only; the account password of DELETE /api/user must
//   not travel in a URL);
// - the error body of the contract, exactly `{ message, code, reason?, issues? }`;
// - 201 for the creations whose contract says so, and Set-Cookie (and any other header) a
//   procedure set on its context's `resHeaders`.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { openApiRequestView } from '@/server/compat/trpc-to-openapi';
import { isErrorReason } from '@/lib/error-reasons';
import { INTERNAL_MESSAGE, type ApiErrorBody } from '@/server/errors';
import { API_DISPOSITION } from '@/server/http/api-disposition';
import type { AuthSession } from '@/server/auth/session';
import { isJsonObject, NOT_AN_OBJECT } from './rest-input';
import { appRouter } from './root';
import { createContext } from './trpc';

export const MAX_BODY_BYTES = 1_000_000;

/** Creations whose contract answers 201 (the tRPC door answers them 200, as all its calls). */
const CREATED = new Set(['POST /api/user/push-subscriptions', 'POST /api/calendars']);

export const TOO_LARGE: ApiErrorBody = { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' };
export const BAD_JSON: ApiErrorBody = { message: 'The request body is not valid JSON', code: 'BAD_REQUEST' };

const ERROR_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** The code of the error body for a status without one of its own. */
export function errorCodeFor(status: number): string {
  return ERROR_CODES[status] ?? 'INTERNAL_SERVER_ERROR';
}

/** Rewrites the adapter's error body (tRPC's error shape) to exactly `{ message, code, reason?, issues? }`. */
function normaliseError(status: number, text: string): { status: number; body: ApiErrorBody } {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // not JSON: fall back to the status
  }
  const data = (raw.data ?? {}) as Record<string, unknown>;
  const body: ApiErrorBody = {
    message: status >= 500 && status !== 503 ? INTERNAL_MESSAGE : String(data.message ?? raw.message ?? 'Request failed'),
    code: String(data.code ?? raw.code ?? errorCodeFor(status)),
  };
  // The reason the errorFormatter put in tRPC's `data` (errorBody): what a client decides by.
  if (status < 500 && isErrorReason(data.reason)) body.reason = data.reason;
  const issues = data.issues;
  if (Array.isArray(issues) && issues.length) body.issues = issues as ApiErrorBody['issues'];
  return { status, body };
}

/** What a REST request carries between the hooks and the context. */
type Scope = { resHeaders: Headers; path: string };
const SCOPE = Symbol('rest scope');
type ScopedRequest = FastifyRequest & { [SCOPE]?: Scope };

export type RestOptions = {
  /** Test hook (src/test/front.ts): the session to serve a request as, cookie or not; undefined reads the cookie. */
  sessionFor?: (request: FastifyRequest) => AuthSession | null | undefined;
  /** The request's headers as procedures should see them (src/server/inbound/front.ts). */
  headersOf: (request: FastifyRequest) => Headers;
};

/** The REST door as a Fastify plugin, mounted at /api by the front. */
export const restDoor: FastifyPluginAsync<RestOptions> = async (app, options) => {
  // An empty body is `{}`; anything else must be a JSON object (parsed by Fastify's own parser).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((body as string).trim() === '') return done(null, {});
    parseJson(request, body as string, done);
  });
  // next-auth's client signOut() posts a form; the sign-out procedure takes no payload, and any
  // other call refuses a form as an unsupported content type (the node handler's own check).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

  app.addHook('preValidation', (request: ScopedRequest, reply, done) => {
    const path = request.url.split('?')[0]!;
    request[SCOPE] = { resHeaders: new Headers(), path };
    const method = request.method;
    const type = request.headers['content-type'];
    const refuse = () => void reply.code(400).type('application/json').send(JSON.stringify(NOT_AN_OBJECT));
    if (method === 'DELETE') {
      if (request.body !== undefined && !isJsonObject(request.body)) return refuse();
      if (isJsonObject(request.body)) {
        const query = request.query as Record<string, unknown>;
        for (const key of Object.keys(request.body)) query[key] = request.body[key];
      }
    } else if (method !== 'GET' && method !== 'HEAD') {
      if (request.body === undefined && (type === undefined || (type.startsWith('application/x-www-form-urlencoded') && path === '/api/auth/signout'))) {
        // No body (or next-auth's sign-out form): the call's payload is `{}`.
        request.headers['content-type'] = 'application/json';
        request.body = {};
      } else if (request.body !== undefined && !isJsonObject(request.body)) return refuse();
    }
    done();
  });

  app.addHook('onSend', (request: ScopedRequest, reply, payload, done) => {
    const scope = request[SCOPE];
    if (scope) {
      scope.resHeaders.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = scope.resHeaders.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
    }
    reply.header('cache-control', 'no-store').header('content-disposition', API_DISPOSITION);
    if (reply.statusCode >= 400 && typeof payload === 'string') return done(null, JSON.stringify(normaliseError(reply.statusCode, payload).body));
    if (reply.statusCode === 200 && scope && CREATED.has(`${request.method} ${scope.path}`)) reply.code(201);
    done(null, payload);
  });

  // trpc-to-openapi's node handler (its route matching, input and coercion, errors), given a
  // request view instead of Fastify's request (src/server/compat/trpc-to-openapi.ts: no fetch
  // Request per call) and answering through the reply, so the hooks above and compression apply.
  const handle = createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext: async ({ req }: { req: RestCall }) => {
      const request = req[FASTIFY];
      const scope = request[SCOPE] ?? { resHeaders: new Headers(), path: '' };
      const context = await createContext({ headers: req.headers, resHeaders: scope.resHeaders, remoteAddress: request.socket.remoteAddress });
      const as = options.sessionFor?.(request);
      return as === undefined ? context : { ...context, session: as };
    },
  } as unknown as Parameters<typeof createOpenApiNodeHttpHandler>[0]) as unknown as (req: RestCall, res: NodeResponseView) => Promise<void>;

  app.route({
    method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    url: `${BASE_PATH}/*`,
    handler: async (request: ScopedRequest, reply) => {
      const call = openApiRequestView(
        { method: request.method, url: request.url.slice(BASE_PATH.length), headers: options.headersOf(request), body: request.body, query: request.query },
        { [FASTIFY]: request },
      );
      await handle(call, new NodeResponseView(reply));
      return reply;
    },
  });
};

const BASE_PATH = '/api';
const FASTIFY = Symbol('fastify request');
type RestCall = ReturnType<typeof openApiRequestView<{ [FASTIFY]: ScopedRequest }>>;

/**
 * What the node handler writes to: Node's response, answered through Fastify's reply. A class,
 * not an object literal with a getter and setter: V8 gives each such literal property storage of
 * its own outside the young generation, whose pointers to the call's closures kept every call's
 * request and reply alive through young-generation collections (the tail the adapter's
 * `Object.defineProperty` on each reply caused; docs/architecture.md, "The REST door's tail").
 */
class NodeResponseView {
  constructor(private readonly reply: FastifyReply) {}

  get statusCode(): number {
    return this.reply.statusCode;
  }

  set statusCode(code: number) {
    this.reply.code(code);
  }

  setHeader(name: string, value: string): void {
    this.reply.header(name, value);
  }

  end(body?: string): void {
    if (!this.reply.sent) void this.reply.send(body);
  }
}

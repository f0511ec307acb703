// The REST door: the same router served at /api/* by trpc-to-openapi, with the error body of
// docs/api-contract.md (`{ message, code, issues? }`), a body size limit, Set-Cookie from procedures, and
// empty bodies accepted as `{}` (the web client sends no body when there is no payload).
//
// One implementation, two front ends:
// - `serveRest` (the core) takes a plain request (method, path, Headers, body chunks) and gives
//   back status, headers and body text. It holds every rule of the door.
// - `handleRest` (fetch Request → Response) is the Next route handler's front end
//   (src/app/api/[...rest]/route.ts, used by `npm run dev` and the tests);
//   `restRequestFromNode` (node req) is the lean production door's (src/server/inbound/door.ts), which
//   answers REST calls without going through Next's request handling.
// The adapter's node handler is built once (its fetch wrapper would rebuild the route table, and
// outside production regenerate the whole OpenAPI document, on every request); each request is
// handed to it as a light view with the JSON body already parsed.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { adapterRequest, withMergedInputs } from '@/server/compat/trpc-to-openapi';
import { API_DISPOSITION } from '@/server/http/api-disposition';
import { isErrorReason } from '@/lib/error-reasons';
import { INTERNAL_MESSAGE, type ApiErrorBody } from '@/server/errors';
import { isJsonObject, NOT_AN_OBJECT, queryOf } from './rest-input';
import { appRouter } from './root';
import type { AuthSession } from '@/server/auth/session';
import { createContext } from './trpc';
import { processSingleton } from '@/server/process-singleton';

export const MAX_BODY_BYTES = 1_000_000;

/** A request as the core sees it; `url` is the path and query, starting with /api. */
export type RestRequest = {
  method: string;
  url: string;
  headers: Headers;
  /** The body's chunks (a node request or a fetch body stream), or null when there is none. */
  body: AsyncIterable<Uint8Array> | null;
  /** The socket's peer address when the front end can see it (per-IP limits, TRUSTED_PROXIES). */
  remoteAddress?: string;
};

/** Header names are lower case; `set-cookie` may repeat. */
/** Creations whose contract answers 201 (the tRPC door answers them 200, as all its calls). */
const CREATED = new Set(['POST /user/push-subscriptions', 'POST /calendars']);

export type RestResponse = { status: number; headers: Record<string, string | string[]>; body: string | null };

const TOO_LARGE: ApiErrorBody = { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' };
const BAD_JSON: ApiErrorBody = { message: 'The request body is not valid JSON', code: 'BAD_REQUEST' };

function jsonHeaders(): Record<string, string | string[]> {
  return { 'content-type': 'application/json', 'cache-control': 'no-store', 'content-disposition': API_DISPOSITION };
}

function errorResponse(status: number, body: ApiErrorBody): RestResponse {
  return { status, headers: jsonHeaders(), body: JSON.stringify(body) };
}

/** A JSON error as a fetch Response (for Next route handlers beside the REST door). */
export function jsonError(status: number, body: ApiErrorBody, headers?: HeadersInit): Response {
  const response = new Response(JSON.stringify(body), { status, headers: jsonHeaders() as Record<string, string> });
  new Headers(headers).forEach((value, key) => response.headers.set(key, value));
  return response;
}

async function readBody(req: RestRequest): Promise<string | RestResponse> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) return errorResponse(413, TOO_LARGE);
  if (!req.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body) {
    size += chunk.byteLength;
    // Leaving the loop early cancels a fetch body; a node request's rest is discarded by node.
    if (size > MAX_BODY_BYTES) return errorResponse(413, TOO_LARGE);
    chunks.push(chunk);
  }
  if (chunks.length === 0) return '';
  return chunks.length === 1 ? Buffer.from(chunks[0]!.buffer, chunks[0]!.byteOffset, chunks[0]!.byteLength).toString('utf8') : Buffer.concat(chunks).toString('utf8');
}

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

/** Rewrites the adapter's error body to exactly `{ message, code, reason?, issues? }`. */
function normaliseError(status: number, text: string | null): { status: number; body: ApiErrorBody } {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // not JSON: fall back to the status
  }
  const data = (raw.data ?? {}) as Record<string, unknown>;
  const body: ApiErrorBody = {
    message:
      status >= 500 && status !== 503
        ? INTERNAL_MESSAGE
        : String(data.message ?? raw.message ?? 'Request failed'),
    code: String(data.code ?? raw.code ?? ERROR_CODES[status] ?? 'INTERNAL_SERVER_ERROR'),
  };
  if (raw.code === 'PARSE_ERROR') {
    body.message = BAD_JSON.message;
    body.code = BAD_JSON.code;
  }
  // The reason the errorFormatter put in tRPC's `data` (errorBody): what a client decides by.
  if (status < 500 && isErrorReason(data.reason)) body.reason = data.reason;
  const issues = data.issues;
  if (Array.isArray(issues) && issues.length) body.issues = issues as ApiErrorBody['issues'];
  return { status: status === 500 && raw.code === 'PARSE_ERROR' ? 400 : status, body };
}

type Scope = { headers: Headers; resHeaders: Headers; remoteAddress?: string; as?: { session: AuthSession | null } };

const SCOPE = Symbol('rest scope');

type AdapterRes = { statusCode: number; setHeader(key: string, value: string | string[]): void; end(chunk?: string): void };
type NodeHandler = (req: unknown, res: AdapterRes) => Promise<void>;
/**
 * One adapter per copy of the router, never one shared by every copy: Next evaluates this module
 * in more than one bundle, and tRPC and zod tell their errors apart with `instanceof` within one
 * copy only. A process-wide handler built from another bundle's router answered 500 for what
 * should be a 401 (GET /api/sessions/%01 through Next's route handler, e2e/security.spec.ts).
 */
const handlers = processSingleton('restNodeHandlers', () => new WeakMap<object, NodeHandler>());

function openApiHandler(): NodeHandler {
  const existing = handlers.get(appRouter);
  if (existing) return existing;
  const created = createOpenApiNodeHttpHandler({
    // Each procedure's inputs merged once, not on every request (see withMergedInputs).
    router: withMergedInputs(appRouter),
    createContext: async ({ req }: { req: { [SCOPE]?: Scope } }) => {
      const scope = req[SCOPE];
      if (!scope) throw new Error('REST request without a scope');
      const context = await createContext({ headers: scope.headers, resHeaders: scope.resHeaders, remoteAddress: scope.remoteAddress });
      return scope.as ? { ...context, session: scope.as.session } : context;
    },
  } as unknown as Parameters<typeof createOpenApiNodeHttpHandler>[0]) as unknown as NodeHandler;
  handlers.set(appRouter, created);
  return created;
}

/**
 * Runs the adapter on a view of the request (src/server/compat/trpc-to-openapi.ts): the url
 * without the /api prefix, the body already parsed.
 */
function runAdapter(method: string, url: string, headers: Headers, body: unknown, scope: Scope): Promise<{ status: number; type: string | undefined; text: string | null }> {
  // A null-prototype query map (src/server/api/rest-input.ts): `?constructor=` is just unknown.
  const query = queryOf(new URL(url, 'http://localhost'));
  // The adapter reads a DELETE's input from the query string only; a DELETE's JSON body (the
  // account password of DELETE /api/user, which must not travel in a URL) joins it here.
  if (method === 'DELETE' && isJsonObject(body)) for (const key of Object.keys(body)) query[key] = [body[key] as string];
  const view = adapterRequest({ method, url, headers, body: method === 'DELETE' ? undefined : body, query }, { [SCOPE]: scope });
  return new Promise((resolve, reject) => {
    let type: string | undefined;
    const res: AdapterRes = {
      statusCode: 200,
      setHeader(key, value) {
        // The adapter sets only Content-Type (no responseMeta is configured).
        if (key.toLowerCase() === 'content-type') type = String(value);
      },
      end(chunk) {
        resolve({ status: res.statusCode, type, text: chunk ?? null });
      },
    };
    openApiHandler()(view, res).catch(reject);
  });
}

/** The REST door's core: every rule of it, on a plain request. */
export async function serveRest(req: RestRequest, as?: { session: AuthSession | null }): Promise<RestResponse> {
  const text = await readBody(req);
  if (typeof text !== 'string') return text;
  const method = req.method;
  let headers = req.headers;
  let body: unknown;
  if (method === 'DELETE') {
    if (text.trim() !== '' && (headers.get('content-type') ?? '').startsWith('application/json')) {
      try {
        body = JSON.parse(text);
      } catch {
        return errorResponse(400, BAD_JSON);
      }
      if (!isJsonObject(body)) return errorResponse(400, NOT_AN_OBJECT);
    }
  } else if (method !== 'GET' && method !== 'HEAD') {
    if (text.trim() === '') {
      body = {};
      headers = new Headers(headers);
      headers.set('content-type', 'application/json');
    } else if ((headers.get('content-type') ?? '').startsWith('application/json')) {
      try {
        body = JSON.parse(text);
      } catch {
        return errorResponse(400, BAD_JSON);
      }
      if (!isJsonObject(body)) return errorResponse(400, NOT_AN_OBJECT);
    }
  }
  const url = req.url.replace(/^\/api(?=[/?#]|$)/, '') || '/';
  const resHeaders = new Headers();
  const answer = await runAdapter(method, url.startsWith('/') ? url : `/${url}`, headers, body, { headers: req.headers, resHeaders, remoteAddress: req.remoteAddress, as });
  let response: RestResponse;
  if (answer.status >= 400) {
    const error = normaliseError(answer.status, answer.text);
    response = errorResponse(error.status, error.body);
  } else {
    const out = jsonHeaders();
    if (answer.type !== undefined) out['content-type'] = answer.type;
    response = { status: answer.status, headers: out, body: answer.status === 204 ? null : answer.text };
    if (response.status === 200 && CREATED.has(`${method} ${url.split('?')[0]}`)) response.status = 201;
  }
  resHeaders.forEach((value, key) => {
    if (key === 'set-cookie') return;
    response.headers[key] = value;
  });
  const cookies = resHeaders.getSetCookie();
  if (cookies.length) response.headers['set-cookie'] = cookies;
  return response;
}

function toResponse(answer: RestResponse): Response {
  const headers = new Headers();
  for (const [key, value] of Object.entries(answer.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else headers.set(key, value);
  }
  return new Response(answer.body, { status: answer.status, headers });
}

function fromRequest(req: Request): RestRequest {
  const url = new URL(req.url);
  // Node's web streams are async iterable (the DOM typings do not say so).
  return { method: req.method, url: url.pathname + url.search, headers: req.headers, body: req.body as unknown as AsyncIterable<Uint8Array> | null };
}

/** The REST door for a fetch Request (the Next route handler, tests). */
export async function handleRest(req: Request): Promise<Response> {
  return toResponse(await serveRest(fromRequest(req)));
}

/** Test hook (src/test/factories.ts `restAs`): serves the request as `session`, cookie or not. */
export async function handleRestAs(req: Request, session: AuthSession | null): Promise<Response> {
  return toResponse(await serveRest(fromRequest(req), { session }));
}

/** Node's request headers as fetch Headers (repeated headers joined as fetch does). */
export function headersFromNode(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const key in incoming) {
    const value = incoming[key];
    if (key.startsWith(':') || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    else headers.append(key, value);
  }
  return headers;
}

/** Whether a node request carries a body (by HTTP/1.1 framing). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * A node request as the core's request (the lean production door, src/server/inbound/door.ts).
 * `headers` are the request's headers as the procedures should see them.
 */
export function restRequestFromNode(req: IncomingMessage, headers: Headers, options: { dropBody?: boolean } = {}): RestRequest {
  return { method: req.method ?? 'GET', url: req.url ?? '/', headers, body: !options.dropBody && hasBody(req) ? req : null, remoteAddress: req.socket?.remoteAddress };
}

// The REST door: the same router served at /api/* by trpc-to-openapi, with the error body of
// api.md (`{ message, code, issues? }`), a body size limit, Set-Cookie from procedures, and
// empty bodies accepted as `{}` (the spec's client sends no body when there is no payload).
// The adapter's node handler is built once (its fetch wrapper would rebuild the route table, and
// outside production regenerate the whole OpenAPI document, on every request); each request is
// handed to it as a view of the fetch Request with the JSON body already parsed.
import { createOpenApiNodeHttpHandler } from 'trpc-to-openapi';
import { INTERNAL_MESSAGE, type ApiErrorBody } from './errors';
import { isJsonObject, NOT_AN_OBJECT, queryOf } from './rest-input';
import { appRouter } from './root';
import type { AuthSession } from '@/server/auth/session';
import { createContext } from './trpc';

export const MAX_BODY_BYTES = 1_000_000;

const JSON_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store' } as const;

export function jsonError(status: number, body: ApiErrorBody, headers?: HeadersInit): Response {
  const response = new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
  new Headers(headers).forEach((value, key) => response.headers.set(key, value));
  return response;
}

async function readBody(req: Request): Promise<string | Response> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) {
    return jsonError(413, { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  }
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return jsonError(413, { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
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

/** Rewrites the adapter's error body to exactly `{ message, code, issues? }`. */
async function normaliseError(response: Response): Promise<Response> {
  let raw: Record<string, unknown> = {};
  try {
    raw = (await response.json()) as Record<string, unknown>;
  } catch {
    // not JSON: fall back to the status
  }
  const data = (raw.data ?? {}) as Record<string, unknown>;
  const status = response.status;
  const body: ApiErrorBody = {
    message:
      status >= 500 && status !== 503
        ? INTERNAL_MESSAGE
        : String(data.message ?? raw.message ?? 'Request failed'),
    code: String(data.code ?? raw.code ?? ERROR_CODES[status] ?? 'INTERNAL_SERVER_ERROR'),
  };
  if (raw.code === 'PARSE_ERROR') {
    body.message = 'The request body is not valid JSON';
    body.code = 'BAD_REQUEST';
  }
  const issues = data.issues;
  if (Array.isArray(issues) && issues.length) body.issues = issues as ApiErrorBody['issues'];
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return jsonError(status === 500 && raw.code === 'PARSE_ERROR' ? 400 : status, body, headers);
}

export function handleRest(req: Request): Promise<Response> {
  return serveRest(req);
}

/** Test hook (src/test/factories.ts `restAs`): serves the request as `session`, cookie or not. */
export function handleRestAs(req: Request, session: AuthSession | null): Promise<Response> {
  return serveRest(req, { session });
}

type RequestScope = { headers: Headers; resHeaders: Headers; as?: { session: AuthSession | null } };

const scopes = new WeakMap<object, RequestScope>();

type NodeHandler = (req: unknown, res: unknown) => Promise<void>;
let nodeHandler: NodeHandler | undefined;

function openApiHandler(): NodeHandler {
  nodeHandler ??= createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext: async ({ req }: { req: object }) => {
      const scope = scopes.get(req);
      if (!scope) throw new Error('REST request without a scope');
      const context = await createContext({ headers: scope.headers, resHeaders: scope.resHeaders });
      return scope.as ? { ...context, session: scope.as.session } : context;
    },
  } as unknown as Parameters<typeof createOpenApiNodeHttpHandler>[0]) as unknown as NodeHandler;
  return nodeHandler;
}

/** Runs the adapter on a view of `req` whose url drops the /api prefix and whose body is parsed. */
function runAdapter(req: Request, apiUrl: string, headers: Headers, body: unknown, scope: RequestScope): Promise<Response> {
  const view = new Proxy(req, {
    get(target, property) {
      if (property === 'url') return apiUrl;
      if (property === 'body') return body;
      if (property === 'headers') return headers;
      if (property === 'query') return queryOf(new URL(apiUrl));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  scopes.set(view, scope);
  return new Promise<Response>((resolve, reject) => {
    const responseHeaders = new Headers();
    let statusCode = 200;
    const res = {
      setHeader(key: string, value: string | string[]) {
        if (typeof value === 'string') responseHeaders.set(key, value);
        else for (const item of value) responseHeaders.append(key, item);
      },
      get statusCode() {
        return statusCode;
      },
      set statusCode(code: number) {
        statusCode = code;
      },
      end(chunk?: string) {
        resolve(new Response(statusCode === 204 ? null : chunk, { status: statusCode, headers: responseHeaders }));
      },
    };
    openApiHandler()(view, res).catch(reject);
  });
}

async function serveRest(req: Request, as?: { session: AuthSession | null }): Promise<Response> {
  const text = await readBody(req);
  if (text instanceof Response) return text;
  const headers = new Headers(req.headers);
  let body: unknown;
  if (!['GET', 'HEAD', 'DELETE'].includes(req.method)) {
    if (text.trim() === '') {
      body = {};
      headers.set('content-type', 'application/json');
    } else if ((headers.get('content-type') ?? '').startsWith('application/json')) {
      try {
        body = JSON.parse(text);
      } catch {
        return jsonError(400, { message: 'The request body is not valid JSON', code: 'BAD_REQUEST' });
      }
      if (!isJsonObject(body)) return jsonError(400, NOT_AN_OBJECT);
    }
  }
  const url = new URL(req.url);
  url.pathname = url.pathname.replace(/^\/api(?=\/|$)/, '') || '/';
  const resHeaders = new Headers();
  let response = await runAdapter(req, url.toString(), headers, body, { headers: req.headers, resHeaders, as });
  if (response.status >= 400) response = await normaliseError(response);
  else response.headers.set('cache-control', 'no-store');
  resHeaders.forEach((value, key) => {
    if (key.toLowerCase() === 'set-cookie') response.headers.append(key, value);
    else response.headers.set(key, value);
  });
  return response;
}

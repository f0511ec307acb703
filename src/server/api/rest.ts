// The REST door: the same router served at /api/* by trpc-to-openapi, with the error body of
// api.md (`{ message, code, issues? }`), a body size limit, Set-Cookie from procedures, and
// empty bodies accepted as `{}` (the spec's client sends no body when there is no payload).
import { createOpenApiFetchHandler } from 'trpc-to-openapi';
import { INTERNAL_MESSAGE, type ApiErrorBody } from './errors';
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

async function serveRest(req: Request, as?: { session: AuthSession | null }): Promise<Response> {
  const bodyOrError = await readBody(req);
  if (bodyOrError instanceof Response) return bodyOrError;
  const headers = new Headers(req.headers);
  let body: string | undefined;
  if (!['GET', 'HEAD', 'DELETE'].includes(req.method)) {
    body = bodyOrError.trim() === '' ? '{}' : bodyOrError;
    if (bodyOrError.trim() === '') headers.set('content-type', 'application/json');
  }
  const request = new Request(req.url, { method: req.method, headers, body });
  const resHeaders = new Headers();
  let response = await createOpenApiFetchHandler({
    endpoint: '/api',
    router: appRouter,
    req: request,
    createContext: async () => {
      const context = await createContext({ headers: req.headers, resHeaders });
      return as ? { ...context, session: as.session } : context;
    },
  });
  if (response.status >= 400) response = await normaliseError(response);
  else response.headers.set('cache-control', 'no-store');
  resHeaders.forEach((value, key) => {
    if (key.toLowerCase() === 'set-cookie') response.headers.append(key, value);
    else response.headers.set(key, value);
  });
  return response;
}

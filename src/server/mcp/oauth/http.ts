// The wire format of the MCP connector's authorization server: JSON answers that are never cached,
// OAuth errors as `{ error, error_description }` with their status (RFC 6749 section 5.2), CORS
// open to any origin (the endpoints take no cookies, so a browser-based MCP client may call them),
// and the bodies they read: a bounded JSON body or a bounded form.
import { OAuthError } from '@/server/services/oauth/oauth-error';
import { isDatabaseUnavailable, DATABASE_RETRY_AFTER_SECONDS } from '@/server/errors';

/** A registration or token request is a few hundred bytes; anything near this is not one. */
const MAX_BODY_BYTES = 16_384;

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version',
  'access-control-max-age': '86400',
};

/** A JSON answer, never cached unless `headers` says otherwise (the metadata documents). */
export function oauthJson(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const cache: Record<string, string> = headers['cache-control'] ? {} : { 'cache-control': 'no-store', pragma: 'no-cache' };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...cache, ...CORS, ...headers },
  });
}

/** Answers a CORS preflight. */
export function preflight(): Response {
  return new Response(null, { status: 204, headers: CORS });
}

export function methodNotAllowed(method: string, allow: string): Response {
  return oauthJson(405, { error: 'invalid_request', error_description: `The ${method.slice(0, 20)} method is not allowed here` }, { allow });
}

/** An OAuthError as RFC 6749 writes it; a database that is away is a 503 the client can retry. */
export function oauthFailure(error: unknown): Response {
  if (error instanceof OAuthError) {
    const headers: Record<string, string> = {};
    if (error.retryAfterSeconds) headers['retry-after'] = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
    return oauthJson(error.status, { error: error.error, error_description: error.description }, headers);
  }
  if (isDatabaseUnavailable(error)) {
    return oauthJson(
      503,
      { error: 'temporarily_unavailable', error_description: 'Onething is briefly unavailable. Please try again in a moment.' },
      { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    );
  }
  throw error;
}

async function boundedText(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new OAuthError('invalid_request', 'The request body is too large');
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw new OAuthError('invalid_request', 'The request body is too large');
  return text;
}

function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The JSON object of a registration request. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  if (mediaType(request) !== 'application/json') throw new OAuthError('invalid_client_metadata', 'Send the client metadata as application/json');
  let body: unknown;
  try {
    body = JSON.parse(await boundedText(request));
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    throw new OAuthError('invalid_client_metadata', 'The body is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new OAuthError('invalid_client_metadata', 'The body must be a JSON object');
  // PostgreSQL cannot store a NUL character in text.
  if (JSON.stringify(body).includes('\\u0000')) throw new OAuthError('invalid_client_metadata', 'The metadata has a NUL character');
  return body as Record<string, unknown>;
}

/** The fields of an application/x-www-form-urlencoded request, each given at most once (OAuth 2.1 section 3.2). */
export async function readForm(request: Request): Promise<Record<string, string>> {
  if (mediaType(request) !== 'application/x-www-form-urlencoded') {
    throw new OAuthError('invalid_request', 'Send the parameters as application/x-www-form-urlencoded');
  }
  const form: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(await boundedText(request))) {
    if (Object.hasOwn(form, name)) throw new OAuthError('invalid_request', `The ${name.slice(0, 50)} parameter is repeated`);
    if (value.includes('\u0000')) throw new OAuthError('invalid_request', `The ${name.slice(0, 50)} parameter has a NUL character`);
    form[name] = value;
  }
  return form;
}

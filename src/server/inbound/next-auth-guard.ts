// Requests to next-auth's own routes (/api/auth/session, /csrf, /providers, /callback/*, its
// sign-in redirect, ...) that next-auth itself answers with a 500 although only the request is
// wrong. Each is refused here with a 4xx JSON error before next-auth sees it:
// - a JSON body that is not JSON (next-auth parses it and throws);
// - a `callbackUrl` (query, form body or next-auth's callback-url cookie) that is neither a path
//   on this site nor an http(s) URL (next-auth answers INVALID_CALLBACK_URL_ERROR with a 500 page);
// - GET on a callback: the only provider is credentials, whose callback is a POST.
import type { ApiErrorBody } from '@/server/errors';

/** A JSON error as a fetch Response, in the API's error body. */
function jsonError(status: number, body: ApiErrorBody, headers?: HeadersInit): Response {
  const response = Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
  new Headers(headers).forEach((value, key) => response.headers.set(key, value));
  return response;
}

const BAD_REQUEST = (message: string) => jsonError(400, { message, code: 'BAD_REQUEST' });

/** A callback URL next-auth accepts: a path on this site, or an absolute http(s) URL. */
export function isAcceptableCallbackUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function callbackCookie(req: Request): string | undefined {
  const cookies = req.headers.get('cookie') ?? '';
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'next-auth.callback-url' || name === '__Secure-next-auth.callback-url') {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return rest.join('=');
      }
    }
  }
  return undefined;
}

/** The 4xx answer for a request next-auth would fail on, or null to let next-auth answer it. */
export async function refuseMalformedAuthRequest(req: Request): Promise<Response | null> {
  const url = new URL(req.url);
  const action = url.pathname.replace(/^\/api\/auth\/?/, '').replace(/\/$/, '');
  if (req.method === 'GET' && action.startsWith('callback')) {
    return jsonError(405, { message: 'Sign in with POST /api/auth/signin', code: 'METHOD_NOT_SUPPORTED' }, { allow: 'POST' });
  }
  const callbackUrls = url.searchParams.getAll('callbackUrl');
  const cookie = callbackCookie(req);
  if (cookie !== undefined) callbackUrls.push(cookie);
  if (req.method === 'POST') {
    const type = req.headers.get('content-type') ?? '';
    const text = await req.clone().text();
    if (type.includes('application/json')) {
      let body: unknown;
      try {
        body = text.trim() === '' ? {} : JSON.parse(text);
      } catch {
        return BAD_REQUEST('The request body is not valid JSON');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return BAD_REQUEST('The request body must be a JSON object');
      const value = (body as Record<string, unknown>).callbackUrl;
      if (value !== undefined) callbackUrls.push(typeof value === 'string' ? value : '');
    } else if (type.includes('application/x-www-form-urlencoded')) {
      callbackUrls.push(...new URLSearchParams(text).getAll('callbackUrl'));
    }
  }
  if (callbackUrls.some((value) => !isAcceptableCallbackUrl(value))) return BAD_REQUEST('The callback URL must be a page of this site');
  return null;
}

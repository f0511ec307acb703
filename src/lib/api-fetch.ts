// The typed REST helper: plain `fetch` to the REST door (docs/api-contract.md) for the few calls
// that need what the tRPC client does not give (an AbortSignal on a long AI call, a keepalive
// request, a page whose first load carries no tRPC client). Every failure is the one ApiError
// (./api-error), raised with the spec's texts (section 8): a request's 'Request failed: {status}
// {statusText} - {response body text}', a query's 'status: statusText' from 500 up and
// 'status: response body text' below. The server's readable sentence is the error's `detail`;
// its status, code and reason are on the error too. A network failure rejects as fetch does.
import { ApiError, type ApiErrorData } from './api-error';
import { isErrorReason } from './error-reasons';

type Options = { signal?: AbortSignal; keepalive?: boolean; headers?: Record<string, string> };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function send(method: Method, path: string, body: unknown, options: Options): Promise<{ response: Response; text: string }> {
  // Same origin: the page's own (a relative URL, resolved against the page where there is one).
  const response = await fetch(new URL(`/api${path}`, globalThis.location?.origin), {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
    keepalive: options.keepalive,
  });
  return { response, text: await response.text() };
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The error body's parts, or only the status when the answer was not the API's JSON (a proxy's page). */
function failure(response: Response, text: string, message: string): ApiError {
  const body = parse(text) as { message?: unknown; code?: unknown; reason?: unknown; issues?: unknown } | null;
  const data: ApiErrorData = { code: typeof body?.code === 'string' ? body.code : 'UNKNOWN', httpStatus: response.status };
  if (isErrorReason(body?.reason)) data.reason = body.reason;
  if (Array.isArray(body?.issues)) data.issues = body.issues as ApiErrorData['issues'];
  return new ApiError(message, { data, detail: typeof body?.message === 'string' && body.message ? body.message : message });
}

/** The spec's text for a failed request (a mutation through the helper). */
function requestFailedMessage(response: Pick<Response, 'status' | 'statusText'>, text: string): string {
  return `Request failed: ${response.status} ${response.statusText} - ${text}`;
}

/** The spec's text for a failed query: the status text from 500 up, else the answer's text. */
function queryFailedMessage(response: Pick<Response, 'status' | 'statusText'>, text: string): string {
  return `${response.status}: ${response.status >= 500 ? response.statusText : text}`;
}

/** A call that changes something. Answers the body; a non-OK answer raises ApiError('Request failed: …'). */
export async function apiRequest<T>(method: Exclude<Method, 'GET'>, path: string, body?: unknown, options: Options = {}): Promise<T> {
  const { response, text } = await send(method, path, body, options);
  if (!response.ok) throw failure(response, text, requestFailedMessage(response, text));
  return parse(text) as T;
}

/** A read. Answers the body; a non-OK answer raises ApiError('status: …'). */
export async function apiQuery<T>(path: string, options: Options = {}): Promise<T> {
  const { response, text } = await send('GET', path, undefined, options);
  if (!response.ok) throw failure(response, text, queryFailedMessage(response, text));
  return parse(text) as T;
}

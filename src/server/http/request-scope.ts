// One wrapper for every route handler Next serves under /api: it opens the request-id scope of
// src/server/request-context.ts (so every log line and error report of the request carries the
// id), answers with the id in X-Request-Id, and turns an exception that escaped the handler
// into a logged, reported 500 with the API's JSON error body instead of Next's HTML page.
import { INTERNAL_MESSAGE } from '@/server/errors';
import { reportError } from '@/server/error-report';
import { REQUEST_ID_HEADER, requestIdFrom, runWithRequestId } from '@/server/request-context';
import { API_DISPOSITION, needsApiDisposition } from './api-disposition';

type Handler<Req extends Request, Rest extends unknown[]> = (req: Req, ...rest: Rest) => Response | Promise<Response>;

/**
 * Sets X-Request-Id (and, on JSON answers, the API's Content-Disposition: api-disposition.ts),
 * copying the response when its headers are immutable (Response.redirect, fetch).
 */
function withRequestIdHeader(response: Response, requestId: string): Response {
  const disposition = needsApiDisposition(response.headers.get('content-type'), response.headers.get('content-disposition'));
  // Copied first: after a refused set() on immutable headers they no longer read back whole
  // (request-scope.test.ts › a redirect still gets its id).
  const headers = new Headers(response.headers);
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    if (disposition) response.headers.set('content-disposition', API_DISPOSITION);
    return response;
  } catch {
    headers.set(REQUEST_ID_HEADER, requestId);
    if (disposition) headers.set('content-disposition', API_DISPOSITION);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

export function withRequestScope<Req extends Request, Rest extends unknown[]>(
  handler: Handler<Req, Rest>,
  route: string,
): (req: Req, ...rest: Rest) => Promise<Response> {
  return (req, ...rest) => {
    const requestId = requestIdFrom(req.headers.get(REQUEST_ID_HEADER));
    return runWithRequestId(requestId, async () => {
      let response: Response;
      try {
        response = await handler(req, ...rest);
      } catch (error) {
        reportError('request failed', error, { route, method: req.method });
        response = new Response(JSON.stringify({ message: INTERNAL_MESSAGE, code: 'INTERNAL_SERVER_ERROR' }), {
          status: 500,
          headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
        });
      }
      return withRequestIdHeader(response, requestId);
    });
  };
}

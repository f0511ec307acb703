// Tells server components which page is being rendered: a layout cannot see its own URL, and
// the signed-in guard in src/app/(app)/layout.tsx needs it to send a signed-out visitor to
// /signin?next=<this page> and back again. Only the path and query travel (the header is
// always overwritten here, so a client cannot plant its own); the guard still checks it as a
// same-origin path before using it. It also gives every page request an id (X-Request-Id) and
// its Content-Security-Policy with a fresh script nonce (src/server/http/content-security-policy.ts).
import { NextResponse, type NextRequest } from 'next/server';
import { PATH_HEADER } from '@/features/auth/next-path';
import { newNonce, NONCE_HEADER, pageContentSecurityPolicy } from '@/server/http/content-security-policy';
import { REQUEST_ID_HEADER, requestIdFrom } from '@/server/request-context';

export function proxy(request: NextRequest) {
  const url = request.nextUrl;
  const search = new URLSearchParams(url.search);
  search.delete('_rsc'); // the router's own cache-busting parameter on client navigations
  const query = search.toString();
  const headers = new Headers(request.headers);
  headers.set(PATH_HEADER, `${url.pathname}${query ? `?${query}` : ''}`);
  // The page's request id: server components and Next's onRequestError (src/instrumentation.ts)
  // read it from the request, and the browser gets it back for a support request.
  const requestId = requestIdFrom(request.headers.get(REQUEST_ID_HEADER));
  headers.set(REQUEST_ID_HEADER, requestId);
  const nonce = newNonce();
  const policy = pageContentSecurityPolicy(nonce, process.env.NODE_ENV !== 'production');
  headers.set(NONCE_HEADER, nonce);
  headers.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set(REQUEST_ID_HEADER, requestId);
  response.headers.set('content-security-policy', policy);
  return response;
}

export const config = {
  // Pages only: not the API, Next's own files, static assets or the service worker's script
  // (its own policy comes with it: src/app/sw.js/route.ts).
  matcher: ['/((?!api/|_next/|favicon\\.ico|icon\\.svg|robots\\.txt|sitemap\\.xml|sw\\.js).*)'],
};

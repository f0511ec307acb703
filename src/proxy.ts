// Tells server components which page is being rendered: a layout cannot see its own URL, and
// the signed-in guard in src/app/(app)/layout.tsx needs it to send a signed-out visitor to
// /signin?next=<this page> and back again. Only the path and query travel (the header is
// always overwritten here, so a client cannot plant its own); the guard still checks it as a
// same-origin path before using it.
import { NextResponse, type NextRequest } from 'next/server';
import { PATH_HEADER } from '@/features/auth/next-path';

export function proxy(request: NextRequest) {
  const url = request.nextUrl;
  const search = new URLSearchParams(url.search);
  search.delete('_rsc'); // the router's own cache-busting parameter on client navigations
  const query = search.toString();
  const headers = new Headers(request.headers);
  headers.set(PATH_HEADER, `${url.pathname}${query ? `?${query}` : ''}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages only: not the API, Next's own files or static assets.
  matcher: ['/((?!api/|_next/|favicon\\.ico|icon\\.svg|robots\\.txt|sitemap\\.xml).*)'],
};

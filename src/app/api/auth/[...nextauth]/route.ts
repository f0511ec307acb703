// /api/auth/*: one dispatcher for two owners. A path and method that a REST procedure answers
// (signin, signup, signout, me, forgot-password, reset-password, verify-email,
// resend-verification) goes to the REST door; everything else is next-auth's (session, csrf,
// providers, callback/credentials, its sign-in redirect to /signin), after the requests it would
// answer with a 500 are refused (src/server/inbound/next-auth-guard.ts).
import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { handleRest } from '@/server/api/rest';
import { authOptions } from '@/server/inbound/next-auth';
import { refuseMalformedAuthRequest } from '@/server/inbound/next-auth-guard';
import { isRestRoute } from '@/server/inbound/rest-routes';
import { withRequestScope } from '@/server/http/request-scope';
import { processSingleton } from '@/server/process-singleton';

export const dynamic = 'force-dynamic';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

const shared = processSingleton('nextAuthHandler', () => ({ nextAuth: undefined as ((req: NextRequest, ctx: RouteContext) => Promise<Response>) | undefined }));

async function dispatch(req: NextRequest, ctx: RouteContext): Promise<Response> {
  const { pathname } = new URL(req.url);
  if (isRestRoute(req.method, pathname)) {
    // next-auth's client signOut() posts a form; our sign-out takes no payload.
    if (pathname.replace(/\/$/, '') === '/api/auth/signout' && !req.headers.get('content-type')?.includes('application/json')) {
      const headers = new Headers(req.headers);
      headers.delete('content-type');
      headers.delete('content-length');
      return handleRest(new Request(req.url, { method: req.method, headers }));
    }
    return handleRest(req);
  }
  if (req.method !== 'GET' && req.method !== 'POST') return handleRest(req);
  const refused = await refuseMalformedAuthRequest(req);
  if (refused) return refused;
  const authHandler = (shared.nextAuth ??= NextAuth(authOptions()));
  return authHandler(req, ctx);
}

const handler = withRequestScope(dispatch, 'auth');

export { handler as GET, handler as POST, handler as PUT, handler as PATCH, handler as DELETE };

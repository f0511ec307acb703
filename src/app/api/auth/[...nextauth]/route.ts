// next-auth's own routes under /api/auth (session, csrf, providers, callback/*, its sign-in
// redirect to /signin, ...: src/server/inbound/next-auth-routes.ts lists them for the front). The
// REST calls under /api/auth (signin, signup, signout, me, ...) never reach this file: the front
// (src/server/inbound/front.ts) serves them. Requests next-auth would answer with a 500 are
// refused first (src/server/inbound/next-auth-guard.ts).
import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { authOptions } from '@/server/inbound/next-auth';
import { refuseMalformedAuthRequest } from '@/server/inbound/next-auth-guard';
import { withRequestScope } from '@/server/http/request-scope';
import { processSingleton } from '@/server/process-singleton';

export const dynamic = 'force-dynamic';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

const shared = processSingleton('nextAuthHandler', () => ({ nextAuth: undefined as ((req: NextRequest, ctx: RouteContext) => Promise<Response>) | undefined }));

async function dispatch(req: NextRequest, ctx: RouteContext): Promise<Response> {
  const refused = await refuseMalformedAuthRequest(req);
  if (refused) return refused;
  const authHandler = (shared.nextAuth ??= NextAuth(authOptions()));
  return authHandler(req, ctx);
}

const handler = withRequestScope(dispatch, 'auth');

export { handler as GET, handler as POST };

// What the consent page (src/app/(public)/oauth/authorize) shows for an authorization request:
// an error on the page for an unknown app or an unregistered redirect URI (never redirected), an
// OAuth error sent back to the app for any other mistake, sign-in first for a visitor without a
// browser session, else the consent screen with the app as it registered itself and the account
// it would reach.
import { getAuthSession } from '@/server/auth/session';
import { db } from '@/server/db';
import { mcpResourceUrl, publicOrigin } from '@/server/http/public-origin';
import { checkAuthorizationRequest, type AuthorizationParams, type AuthorizationRequest } from '@/server/services/oauth/authorization.service';

type ConsentAccount = { name: string; email: string; emailVerified: boolean };

export type ConsentPage =
  | { kind: 'invalid'; message: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'signin' }
  | { kind: 'consent'; request: AuthorizationRequest; account: ConsentAccount };

export async function consentPage(params: AuthorizationParams, headers: Headers): Promise<ConsentPage> {
  const origin = publicOrigin(headers);
  const check = await checkAuthorizationRequest(db, params, { issuer: origin, resource: mcpResourceUrl(origin) });
  if (check.kind !== 'ok') return check;
  const session = await getAuthSession(headers, db);
  // Only the person at this browser can consent: never a token.
  if (!session || session.via !== 'cookie') return { kind: 'signin' };
  const user = await db.user.findUnique({ where: { id: session.userId }, select: { name: true, email: true, emailVerified: true } });
  if (!user) return { kind: 'signin' };
  return { kind: 'consent', request: check.request, account: user };
}

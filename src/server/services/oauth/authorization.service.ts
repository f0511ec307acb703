// The authorization endpoint's rules (OAuth 2.1 section 4.1, as the MCP authorization spec uses
// it): who asks (a registered client), where the answer goes (one of its redirect URIs, matched
// exactly), PKCE with S256 only, the scopes, and the resource (RFC 8707: the MCP connector at this
// origin). A request whose client or redirect URI is wrong is shown as an error on the page and
// never redirected (no open redirect); any other mistake is answered to the verified redirect URI
// as OAuth says (RFC 6749 section 4.1.2.1). The person's answer on the consent screen comes back
// through decideAuthorization, which checks the whole request again.
import { isLoopbackHost, OAUTH_CODE_SECONDS, redirectHostOf } from '@/lib/oauth';
import { TOKEN_SCOPES, type TokenScope } from '@/lib/schemas/user';
import { randomSecret, sha256 } from '@/server/auth/secrets';
import type { Db } from '@/server/db';
import { appError } from '@/server/errors';
import { findClient } from './client.service';

/** The query of an authorization request as a page gets it (a repeated parameter is an array). */
export type AuthorizationParams = Record<string, string | string[] | undefined>;

/** Where this server is: the issuer (for `iss`, RFC 9207) and the MCP connector's URL (the only resource). */
export type AuthorizationServer = { issuer: string; resource: string };

export type AuthorizationRequest = {
  client: { id: string; name: string };
  redirectUri: string;
  /** The host the person goes back to (shown on the consent screen). */
  redirectHost: string;
  /** The answer goes to an app on the person's own device (localhost): said on the consent screen. */
  loopback: boolean;
  scopes: TokenScope[];
  state: string | null;
  codeChallenge: string;
  resource: string;
};

export type AuthorizationCheck =
  | { kind: 'invalid'; message: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'ok'; request: AuthorizationRequest };

export const AUTHORIZATION_CODE_PREFIX = 'otc_';
const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
const STATE_MAX = 1000;

/** The one value of a parameter; `undefined` when absent, `null` when repeated (OAuth forbids that). */
function single(params: AuthorizationParams, name: string): string | undefined | null {
  const value = params[name];
  if (Array.isArray(value)) return value.length === 1 ? value[0] : null;
  return value;
}

/** The redirect URI with OAuth's answer in its query (and `iss`, so the client can tell which server answered). */
function redirectWith(redirectUri: string, answer: Record<string, string | null | undefined>, issuer: string): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(answer)) if (value) url.searchParams.set(name, value);
  url.searchParams.set('iss', issuer);
  return url.href;
}

/** A resource indicator compared as RFC 8707 and the MCP spec say: scheme and host without case, no trailing slash. */
function sameResource(given: string, expected: string): boolean {
  try {
    const url = new URL(given);
    if (url.hash || url.search) return false;
    const path = url.pathname.replace(/\/+$/, '');
    return `${url.protocol}//${url.host}${path}` === expected;
  } catch {
    return false;
  }
}

/** The requested scopes (all when none is named), or null when one is unknown. */
export function parseRequestedScopes(raw: string | undefined): TokenScope[] | null {
  const names = (raw ?? '').split(' ').filter(Boolean);
  if (names.some((name) => !(TOKEN_SCOPES as readonly string[]).includes(name))) return null;
  const scopes = TOKEN_SCOPES.filter((scope) => names.includes(scope));
  return scopes.length > 0 ? scopes : [...TOKEN_SCOPES];
}

/** Checks an authorization request (see the module header for what goes where). */
export async function checkAuthorizationRequest(db: Db, params: AuthorizationParams, server: AuthorizationServer): Promise<AuthorizationCheck> {
  const clientId = single(params, 'client_id');
  if (!clientId) return { kind: 'invalid', message: 'The app did not say who it is (client_id is missing or repeated).' };
  const client = await findClient(db, clientId);
  if (!client) return { kind: 'invalid', message: 'This app is not registered with Onething, or its registration has expired.' };
  const redirectUri = single(params, 'redirect_uri');
  if (!redirectUri) return { kind: 'invalid', message: 'The app did not say where to return to (redirect_uri is missing or repeated).' };
  if (!client.redirectUris.includes(redirectUri)) {
    return { kind: 'invalid', message: 'The app asked to return to an address it did not register, so Onething will not send you there.' };
  }

  const state = single(params, 'state');
  const fail = (error: string, description: string): AuthorizationCheck => ({
    kind: 'redirect',
    to: redirectWith(redirectUri, { error, error_description: description, state: typeof state === 'string' ? state.slice(0, STATE_MAX) : undefined }, server.issuer),
  });
  const repeated = Object.entries(params).find(([, value]) => Array.isArray(value) && value.length > 1);
  if (repeated) return fail('invalid_request', `The ${repeated[0].slice(0, 50)} parameter is repeated`);
  if (typeof state === 'string' && state.length > STATE_MAX) return fail('invalid_request', `state is at most ${STATE_MAX} characters`);
  const responseType = single(params, 'response_type');
  if (responseType !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported');
  const challenge = single(params, 'code_challenge');
  if (!challenge) return fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256');
  if (single(params, 'code_challenge_method') !== 'S256') return fail('invalid_request', 'Only the S256 code_challenge_method is supported');
  if (!PKCE_CHALLENGE.test(challenge)) return fail('invalid_request', 'code_challenge must be the 43-character base64url SHA-256 of the verifier');
  const scopes = parseRequestedScopes(single(params, 'scope') ?? undefined);
  if (!scopes) return fail('invalid_scope', 'Unknown scope: read and write exist');
  const resource = single(params, 'resource');
  if (resource !== undefined && resource !== null && !sameResource(resource, server.resource)) {
    return fail('invalid_target', `Tokens here are only for ${server.resource}`);
  }
  const url = new URL(redirectUri);
  return {
    kind: 'ok',
    request: {
      client: { id: client.id, name: client.clientName },
      redirectUri,
      redirectHost: redirectHostOf(redirectUri),
      loopback: (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname),
      scopes,
      state: typeof state === 'string' ? state : null,
      codeChallenge: challenge,
      resource: server.resource,
    },
  };
}

export type AuthorizationDecision = { allow: boolean; scopes?: TokenScope[] };

/**
 * The person's answer on the consent screen: Deny sends `access_denied` back; Allow (e-mail
 * verified, at least one of the requested scopes) records the connection and sends a code. A new
 * consent replaces the app's earlier one: its earlier codes and tokens stop working, so what
 * Connected apps shows is what the app can do.
 */
export async function decideAuthorization(
  db: Db,
  user: { userId: string; emailVerified: boolean },
  params: AuthorizationParams,
  server: AuthorizationServer,
  decision: AuthorizationDecision,
  now = new Date(),
): Promise<{ redirectTo: string }> {
  const check = await checkAuthorizationRequest(db, params, server);
  if (check.kind === 'invalid') throw appError('BAD_REQUEST', check.message);
  if (check.kind === 'redirect') return { redirectTo: check.to };
  const request = check.request;
  if (!decision.allow) {
    return { redirectTo: redirectWith(request.redirectUri, { error: 'access_denied', error_description: 'The person declined', state: request.state }, server.issuer) };
  }
  if (!user.emailVerified) throw appError('FORBIDDEN', 'Please verify your email address to continue', undefined, 'email_unverified');
  const granted = request.scopes.filter((scope) => (decision.scopes ?? request.scopes).includes(scope));
  if (granted.length === 0) throw appError('BAD_REQUEST', 'Choose at least one thing the app may do, or Deny');
  const code = `${AUTHORIZATION_CODE_PREFIX}${randomSecret()}`;
  await db.$transaction(async (tx) => {
    const grant = await tx.oAuthGrant.upsert({
      where: { userId_clientId: { userId: user.userId, clientId: request.client.id } },
      create: { userId: user.userId, clientId: request.client.id, scopes: granted, createdAt: now },
      update: { scopes: granted, createdAt: now },
      select: { id: true },
    });
    await tx.oAuthToken.deleteMany({ where: { grantId: grant.id } });
    await tx.oAuthAuthorizationCode.deleteMany({ where: { grantId: grant.id } });
    await tx.oAuthAuthorizationCode.create({
      data: {
        codeHash: sha256(code),
        grantId: grant.id,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        scopes: granted,
        resource: request.resource,
        expiresAt: new Date(now.getTime() + OAUTH_CODE_SECONDS * 1000),
        createdAt: now,
      },
    });
    await tx.oAuthClient.update({ where: { id: request.client.id }, data: { lastUsedAt: now } });
  });
  return { redirectTo: redirectWith(request.redirectUri, { code, state: request.state }, server.issuer) };
}

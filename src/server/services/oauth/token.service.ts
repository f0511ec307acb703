// The token endpoint's rules (OAuth 2.1 sections 4.1.3 and 4.3), revocation (RFC 7009) and the
// check of an access token at the MCP connector.
// - authorization_code: the code is single use, minutes long, stored hashed, and bound to the
//   client, the redirect URI, the PKCE challenge (S256 of the verifier) and the resource. A second
//   use of a code revokes what the first got.
// - refresh_token: rotation. Each refresh answers a new refresh token and retires the old one; the
//   old one presented again means one of the two copies was stolen, so the whole family (every
//   token descending from the same code) is revoked. Except within a minute of its rotation: a
//   client's parallel requests all meet the expired access token together and refresh at once
//   (the SDK's background stream and a tool call do), and revoking then would sign out every
//   honest assistant; those get a pair of their own in the same family.
// - Access tokens live an hour, are stored hashed with their scopes and audience (the resource),
//   and are accepted only at the MCP connector of that resource.
// Failures are OAuthErrors (`invalid_grant`, ...), answered as RFC 6749 JSON by the endpoint.
import { createHash } from 'node:crypto';
import { OAUTH_ACCESS_TOKEN_SECONDS, OAUTH_REFRESH_TOKEN_DAYS } from '@/lib/oauth';
import type { TokenScope } from '@/lib/schemas/user';
import { randomSecret, sha256 } from '@/server/auth/secrets';
import type { AuthSession } from '@/server/auth/session';
import { parseScopes } from '@/server/auth/token-scopes';
import type { Db } from '@/server/db';
import { log } from '@/server/log';
import { consumeRateLimit, RATE_LIMITS, rateLimitKey } from '../rate-limit.service';
import { AUTHORIZATION_CODE_PREFIX, parseRequestedScopes } from './authorization.service';
import { findClient } from './client.service';
import { OAuthError } from './oauth-error';

export const OAUTH_ACCESS_TOKEN_PREFIX = 'ota_';
const REFRESH_TOKEN_PREFIX = 'otr_';
const DAY_MS = 24 * 60 * 60 * 1000;
/** lastUsedAt of a connection is written at most once a minute. */
const TOUCH_MS = 60_000;
const PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** A rotated refresh token presented again within this long is a parallel refresh, not a theft. */
const REUSE_LEEWAY_MS = 60_000;

/** The token endpoint's form fields (application/x-www-form-urlencoded), each given once. */
export type TokenForm = Record<string, string>;

export type TokenResponse = {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
};

function field(form: TokenForm, name: string): string | undefined {
  const value = form[name];
  return value === undefined || value === '' ? undefined : value;
}

function required(form: TokenForm, name: string): string {
  const value = field(form, name);
  if (!value) throw new OAuthError('invalid_request', `${name} is required`);
  if (value.length > 2000) throw new OAuthError('invalid_request', `${name} is too long`);
  return value;
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Deletes every token of a family (the code's descendants): the answer to a replayed code or refresh token. */
async function revokeFamily(db: Db, familyId: string, why: string): Promise<void> {
  const { count } = await db.oAuthToken.deleteMany({ where: { familyId } });
  log.warn('oauth token family revoked', { why, tokens: count });
}

async function checkRate(db: Db, ip: string, clientId: string, now: Date): Promise<void> {
  for (const rule of [
    { key: rateLimitKey('oauth-token:ip', ip), ...RATE_LIMITS.oauthTokenPerIp },
    { key: rateLimitKey('oauth-token:client', clientId), ...RATE_LIMITS.oauthTokenPerClient },
  ]) {
    const result = await consumeRateLimit(db, rule, now);
    if (!result.ok) throw new OAuthError('slow_down', 'Too many token requests. Please try again later.', result.retryAfterSeconds);
  }
}

/** The client named by `client_id` (public clients authenticate by nothing else: PKCE and the redirect URI prove the rest). */
async function publicClient(db: Db, form: TokenForm) {
  if (field(form, 'client_secret')) throw new OAuthError('invalid_client', 'Clients here are public: send client_id and no client_secret');
  const client = await findClient(db, required(form, 'client_id'));
  if (!client) throw new OAuthError('invalid_client', 'Unknown client_id: register the client again');
  return client;
}

/** A `resource` sent to the token endpoint must be the one the grant was made for. */
function checkResource(form: TokenForm, bound: string): void {
  const resource = field(form, 'resource');
  if (resource !== undefined && resource.replace(/\/+$/, '') !== bound) {
    throw new OAuthError('invalid_target', `This grant is for ${bound}`);
  }
}

type Issue = { grantId: string; familyId: string; scopes: TokenScope[]; resource: string; withRefresh: boolean };

async function issueTokens(tx: Pick<Db, 'oAuthToken'>, issue: Issue, now: Date): Promise<TokenResponse> {
  const access = `${OAUTH_ACCESS_TOKEN_PREFIX}${randomSecret()}`;
  const base = { grantId: issue.grantId, familyId: issue.familyId, scopes: issue.scopes, resource: issue.resource, createdAt: now };
  await tx.oAuthToken.create({
    data: { ...base, tokenHash: sha256(access), kind: 'access', expiresAt: new Date(now.getTime() + OAUTH_ACCESS_TOKEN_SECONDS * 1000) },
  });
  let refresh: string | undefined;
  if (issue.withRefresh) {
    refresh = `${REFRESH_TOKEN_PREFIX}${randomSecret()}`;
    await tx.oAuthToken.create({
      data: { ...base, tokenHash: sha256(refresh), kind: 'refresh', expiresAt: new Date(now.getTime() + OAUTH_REFRESH_TOKEN_DAYS * DAY_MS) },
    });
  }
  return {
    access_token: access,
    token_type: 'Bearer',
    expires_in: OAUTH_ACCESS_TOKEN_SECONDS,
    ...(refresh ? { refresh_token: refresh } : {}),
    scope: issue.scopes.join(' '),
  };
}

async function exchangeCode(db: Db, form: TokenForm, now: Date): Promise<TokenResponse> {
  const client = await publicClient(db, form);
  const code = required(form, 'code');
  const verifier = required(form, 'code_verifier');
  const redirectUri = required(form, 'redirect_uri');
  if (!code.startsWith(AUTHORIZATION_CODE_PREFIX)) throw new OAuthError('invalid_grant', 'The authorization code is not valid');
  const row = await db.oAuthAuthorizationCode.findUnique({
    where: { codeHash: sha256(code) },
    include: { grant: { select: { clientId: true } } },
  });
  if (!row) throw new OAuthError('invalid_grant', 'The authorization code is not valid (unknown, used or revoked)');
  if (row.usedAt) {
    await revokeFamily(db, row.id, 'authorization code used twice');
    throw new OAuthError('invalid_grant', 'The authorization code was already used; the tokens it gave are revoked');
  }
  if (row.expiresAt.getTime() <= now.getTime()) throw new OAuthError('invalid_grant', 'The authorization code has expired: authorize again');
  if (row.grant.clientId !== client.id) throw new OAuthError('invalid_grant', 'The authorization code was issued to another client');
  if (row.redirectUri !== redirectUri) throw new OAuthError('invalid_grant', 'redirect_uri differs from the one in the authorization request');
  if (!PKCE_VERIFIER.test(verifier) || s256(verifier) !== row.codeChallenge) {
    throw new OAuthError('invalid_grant', 'The PKCE code_verifier does not match the code_challenge');
  }
  checkResource(form, row.resource);
  return db.$transaction(async (tx) => {
    // Single use even under a race: only the update that sees it unused may go on.
    const claimed = await tx.oAuthAuthorizationCode.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
    if (claimed.count !== 1) throw new OAuthError('invalid_grant', 'The authorization code was already used');
    await tx.oAuthClient.update({ where: { id: client.id }, data: { lastUsedAt: now } });
    return issueTokens(
      tx,
      { grantId: row.grantId, familyId: row.id, scopes: parseScopes(row.scopes), resource: row.resource, withRefresh: client.grantTypes.includes('refresh_token') },
      now,
    );
  });
}

async function refresh(db: Db, form: TokenForm, now: Date): Promise<TokenResponse> {
  const client = await publicClient(db, form);
  const token = required(form, 'refresh_token');
  if (!client.grantTypes.includes('refresh_token')) throw new OAuthError('unauthorized_client', 'This client did not register the refresh_token grant');
  if (!token.startsWith(REFRESH_TOKEN_PREFIX)) throw new OAuthError('invalid_grant', 'The refresh token is not valid');
  const row = await db.oAuthToken.findUnique({ where: { tokenHash: sha256(token) }, include: { grant: { select: { clientId: true } } } });
  if (!row || row.kind !== 'refresh') throw new OAuthError('invalid_grant', 'The refresh token is not valid (unknown or revoked)');
  if (row.grant.clientId !== client.id) throw new OAuthError('invalid_grant', 'The refresh token was issued to another client');
  const parallel = (rotatedAt: Date) => now.getTime() - rotatedAt.getTime() <= REUSE_LEEWAY_MS;
  if (row.rotatedAt && !parallel(row.rotatedAt)) {
    await revokeFamily(db, row.familyId, 'refresh token reused');
    throw new OAuthError('invalid_grant', 'The refresh token was already used; every token of this sign-in is revoked');
  }
  if (row.expiresAt.getTime() <= now.getTime()) throw new OAuthError('invalid_grant', 'The refresh token has expired: authorize again');
  checkResource(form, row.resource);
  const held = parseScopes(row.scopes);
  const asked = field(form, 'scope');
  const requested = asked === undefined ? held : parseRequestedScopes(asked);
  if (!requested || requested.some((scope) => !held.includes(scope))) {
    throw new OAuthError('invalid_scope', `This grant holds only: ${held.join(' ')}`);
  }
  return db.$transaction(async (tx) => {
    const rotated = await tx.oAuthToken.updateMany({ where: { id: row.id, rotatedAt: null }, data: { rotatedAt: now } });
    if (rotated.count !== 1) {
      // Rotated meanwhile by a parallel request: answered alike within the leeway.
      const current = await tx.oAuthToken.findUnique({ where: { id: row.id }, select: { rotatedAt: true } });
      if (!current?.rotatedAt || !parallel(current.rotatedAt)) throw new OAuthError('invalid_grant', 'The refresh token was already used');
    }
    // The family's expired rows go. Access tokens live out their hour (a parallel request may
    // still be using one); rotated refresh tokens stay until they expire, for reuse detection.
    await tx.oAuthToken.deleteMany({ where: { familyId: row.familyId, expiresAt: { lte: now } } });
    await tx.oAuthClient.update({ where: { id: client.id }, data: { lastUsedAt: now } });
    return issueTokens(tx, { grantId: row.grantId, familyId: row.familyId, scopes: requested, resource: row.resource, withRefresh: true }, now);
  });
}

/** The token endpoint: `grant_type` authorization_code or refresh_token, rate limited per address and per client. */
export async function exchangeToken(db: Db, form: TokenForm, ip: string, now = new Date()): Promise<TokenResponse> {
  const grantType = required(form, 'grant_type');
  await checkRate(db, ip, field(form, 'client_id') ?? 'none', now);
  if (grantType === 'authorization_code') return exchangeCode(db, form, now);
  if (grantType === 'refresh_token') return refresh(db, form, now);
  throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
}

/**
 * Revocation (RFC 7009): an access or refresh token ends its whole family (the sign-in it came
 * from). An unknown or already revoked token is not an error; a token of another client is left
 * alone and answered the same way (nothing is revealed).
 */
export async function revokeOAuthToken(db: Db, form: TokenForm): Promise<void> {
  const token = required(form, 'token');
  // `token_type_hint` is not needed: the prefix says which kind it is (RFC 7009 lets a server ignore it).
  if (!token.startsWith(OAUTH_ACCESS_TOKEN_PREFIX) && !token.startsWith(REFRESH_TOKEN_PREFIX)) return;
  const row = await db.oAuthToken.findUnique({ where: { tokenHash: sha256(token) }, select: { familyId: true, grant: { select: { clientId: true } } } });
  if (!row) return;
  const clientId = field(form, 'client_id');
  if (clientId !== undefined && clientId !== row.grant.clientId) return;
  await db.oAuthToken.deleteMany({ where: { familyId: row.familyId } });
}

/**
 * The caller behind an OAuth access token at the MCP connector, or null (unknown, expired,
 * revoked, or issued for another resource: the 401 of the MCP spec). The connection's last use
 * is written at most once a minute.
 */
export async function oauthAccessSession(db: Db, token: string, resource: string, now = new Date()): Promise<AuthSession | null> {
  if (!token.startsWith(OAUTH_ACCESS_TOKEN_PREFIX) || token.length > 200) return null;
  const row = await db.oAuthToken.findUnique({
    where: { tokenHash: sha256(token) },
    select: {
      kind: true,
      scopes: true,
      resource: true,
      expiresAt: true,
      grant: { select: { id: true, clientId: true, userId: true, lastUsedAt: true, user: { select: { emailVerified: true } } } },
    },
  });
  if (!row || row.kind !== 'access') return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    log.debug('oauth access token refused', { reason: 'expired' });
    return null;
  }
  if (row.resource !== resource) {
    log.debug('oauth access token refused', { reason: 'audience' });
    return null;
  }
  const grant = row.grant;
  if (!grant.lastUsedAt || now.getTime() - grant.lastUsedAt.getTime() > TOUCH_MS) {
    await db.oAuthGrant.updateMany({
      where: { id: grant.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(now.getTime() - TOUCH_MS) } }] },
      data: { lastUsedAt: now },
    });
  }
  return {
    userId: grant.userId,
    emailVerified: grant.user.emailVerified,
    via: 'token',
    oauthClientId: grant.clientId,
    scopes: parseScopes(row.scopes),
  };
}

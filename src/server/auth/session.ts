// Resolves who is calling from the request headers: the next-auth session cookie or an
// `Authorization: Bearer` personal access token.
//
// Revocation: a JWT cannot be revoked by itself, so the token carries the user's session
// version (`sv`) and every request compares it with `User.sessionVersion` in one indexed query
// (which also reads emailVerified, so a verification takes effect at once). Bumping the version
// ends sessions: sign out everywhere and a reset by mail end every cookie session of the user, a
// password change ends the others and re-issues the current one, and a deleted user has no row
// left. Signing out on one device ends only that session: its id (`sid`) is kept in
// EndedSession until the token would have expired, checked in the same query. And no session
// outlives 30 days from its sign-in (`st`), however often it is re-issued. Personal access tokens are separate credentials: they
// survive sign-out and password changes, are revoked one by one (or with the account, or all at
// once by a password reset by mail), stop at their `expiresAt`, and carry their scopes
// (src/server/auth/token-scopes.ts) to the procedure ladder.
import { poolOf, type Db } from '@/server/db';
import { apiTokenRow, sessionUserRow, touchApiToken } from '@/server/db/sql';
import { log } from '@/server/log';
import { decodeSessionToken, readCookie, sessionCookieName, sessionSecondsLeft } from './cookie';
import { sha256 } from './secrets';
import { parseScopes, type TokenScope } from './token-scopes';

export type AuthSession = {
  userId: string;
  emailVerified: boolean;
  /** How the caller proved who they are. */
  via: 'cookie' | 'token';
  /** Cookie sessions: when the session token was issued (seconds since the epoch). */
  issuedAt?: number;
  /** Cookie sessions: when this session signed in (seconds since the epoch). */
  signedInAt?: number;
  /** Cookie sessions: this session's id (absent on tokens issued before session ids). */
  sessionId?: string;
  /** Token sessions: the personal access token's id. */
  tokenId?: string;
  /** OAuth sessions (the MCP connector only): the connected app's client id. */
  oauthClientId?: string;
  /** Token sessions: what the token may do (absent for a cookie session, which may do all). */
  scopes?: TokenScope[];
};

export const API_TOKEN_PREFIX = 'ot_';
/** lastUsedAt of an API token is written at most once a minute. */
const TOKEN_TOUCH_MS = 60_000;

export async function getAuthSession(headers: Headers, db: Db): Promise<AuthSession | null> {
  const authorization = headers.get('authorization');
  const bearer = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  if (bearer) return tokenSession(bearer, db);

  const cookie = readCookie(headers, sessionCookieName());
  if (!cookie) return null;
  // A refused cookie is routine (signed out elsewhere, expired), so it is a debug line: with the
  // request id it tells support why a device was signed out, and nothing about the person.
  const claims = await decodeSessionToken(cookie);
  if (!claims) return refused('unreadable');
  const signedInAt = claims.st ?? claims.iat;
  if (signedInAt === undefined || sessionSecondsLeft(signedInAt) <= 0) return refused('expired');
  const user = await sessionUser(db, claims.sub, claims.sid ?? '');
  if (!user || user.sessionVersion !== claims.sv || user.ended) return refused('ended');
  return { userId: claims.sub, emailVerified: user.emailVerified, via: 'cookie', issuedAt: claims.iat, signedInAt, sessionId: claims.sid };
}

function refused(reason: 'unreadable' | 'expired' | 'ended'): null {
  log.debug('session cookie refused', { reason });
  return null;
}

/**
 * The one query every signed-in request makes, a prepared statement of the hot paths' SQL
 * (src/server/db/sql.ts): through Prisma it allocated ~35 kB per request (query plan,
 * interpreter, result mapping; sampled heap profile), and on the hot path those allocations are
 * garbage-collection pauses in the latency tail.
 */
function sessionUser(db: Db, userId: string, sessionId: string) {
  return sessionUserRow(poolOf(db), userId, sessionId);
}

async function tokenSession(token: string, db: Db): Promise<AuthSession | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
  // A prepared statement of the hot paths (src/server/db/sql.ts), like the cookie check.
  const pool = poolOf(db);
  const row = await apiTokenRow(pool, sha256(token));
  if (!row) return null;
  const now = new Date();
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
    log.debug('api token refused', { reason: 'expired' });
    return null;
  }
  // lastUsedAt to the minute: one write a minute per token, not one per request.
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOKEN_TOUCH_MS) {
    await touchApiToken(pool, row.id, now, new Date(now.getTime() - TOKEN_TOUCH_MS));
  }
  return { userId: row.userId, emailVerified: row.emailVerified, via: 'token', tokenId: row.id, scopes: parseScopes(row.scopes) };
}

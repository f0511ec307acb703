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
// survive sign-out and password changes and are revoked one by one (or with the account).
import { poolOf, type Db } from '@/server/db';
import { sessionUserRow } from '@/server/db/sql';
import { log } from '@/server/log';
import { decodeSessionToken, readCookie, sessionCookieName, sessionSecondsLeft } from './cookie';
import { sha256 } from './secrets';

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

type TokenRow = { id: string; userId: string; lastUsedAt: Date | null; emailVerified: boolean };

async function tokenSession(token: string, db: Db): Promise<AuthSession | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
  const rows = await db.$queryRaw<TokenRow[]>`
    SELECT t."id", t."userId", t."lastUsedAt", u."emailVerified"
    FROM "ApiToken" t JOIN "User" u ON u."id" = t."userId"
    WHERE t."tokenHash" = ${sha256(token)}`;
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > TOKEN_TOUCH_MS) {
    await db.apiToken.updateMany({ where: { id: row.id }, data: { lastUsedAt: new Date(now) } });
  }
  return { userId: row.userId, emailVerified: row.emailVerified, via: 'token', tokenId: row.id };
}

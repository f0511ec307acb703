// Resolves who is calling from the request headers: the next-auth session cookie or an
// `Authorization: Bearer` personal access token. Owned by the accounts issue.
//
// Revocation: a JWT cannot be revoked by itself, so the token carries the user's session
// version (`sv`) and every request compares it with `User.sessionVersion` in one indexed query
// (which also reads emailVerified, so a verification takes effect at once). Bumping the version
// ends sessions: sign-out ends every cookie session of the user (sign out everywhere: there is
// no per-device session table), a password change ends the others and re-issues the current
// one, and a deleted user has no row left. Personal access tokens are separate credentials: they
// survive sign-out and password changes and are revoked one by one (or with the account).
import { poolOf, type Db } from '@/server/db';
import { decodeSessionToken, readCookie, sessionCookieName } from './cookie';
import { sha256 } from './secrets';

export type AuthSession = {
  userId: string;
  emailVerified: boolean;
  /** How the caller proved who they are. */
  via: 'cookie' | 'token';
  /** Cookie sessions: when the session token was issued (seconds since the epoch). */
  issuedAt?: number;
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
  const claims = await decodeSessionToken(cookie);
  if (!claims) return null;
  const user = await sessionUser(db, claims.sub);
  if (!user || user.sessionVersion !== claims.sv) return null;
  return { userId: claims.sub, emailVerified: user.emailVerified, via: 'cookie', issuedAt: claims.iat };
}

type SessionUserRow = { emailVerified: boolean; sessionVersion: number };

/**
 * The one query every signed-in request makes. Through node-postgres as a prepared statement
 * when the client has its pool (src/server/db.ts `poolOf`): through Prisma it allocated ~35 kB
 * per request (query plan, interpreter, result mapping; sampled heap profile, issue 10), and on
 * the hot path those allocations are garbage-collection pauses in the latency tail. Same row
 * either way (session.test.ts).
 */
async function sessionUser(db: Db, userId: string): Promise<SessionUserRow | null> {
  const pool = poolOf(db);
  if (!pool) return db.user.findUnique({ where: { id: userId }, select: { emailVerified: true, sessionVersion: true } });
  const { rows } = await pool.query<SessionUserRow>({
    name: 'onething-session-user',
    text: 'SELECT "emailVerified", "sessionVersion" FROM "User" WHERE "id" = $1',
    values: [userId],
  });
  return rows[0] ?? null;
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

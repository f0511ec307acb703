// Personal access tokens (an extra of this server) for REST clients: `Authorization: Bearer ot_...`.
// The token is shown once; only its SHA-256 hash and its first 8 characters are kept. Another
// user's token id is a 404, like any missing one.
import type { TApiToken, TCreateApiTokenInput, TListedApiToken } from '@/lib/schemas/user';
import { DEFAULT_TOKEN_EXPIRY_DAYS, TOKEN_SCOPES, ZCreateApiTokenInput } from '@/lib/schemas/user';
import { parseScopes } from '@/server/auth/token-scopes';
import { appError } from '@/server/errors';
import { randomSecret, sha256 } from '@/server/auth/secrets';
import { API_TOKEN_PREFIX } from '@/server/auth/session';
import type { Db } from '@/server/db';
import { recentAgentWrites } from './agent-write.service';

/** A person needs a handful; the cap keeps a leaked session from minting thousands. */
const MAX_API_TOKENS = 25;
const PREFIX_LENGTH = 8;

const DAY_MS = 24 * 60 * 60 * 1000;

const TOKEN_SELECT = { id: true, name: true, prefix: true, scopes: true, expiresAt: true, createdAt: true, lastUsedAt: true } as const;

type TokenRow = { id: string; name: string; prefix: string; scopes: string[]; expiresAt: Date | null; createdAt: Date; lastUsedAt: Date | null };

export function toApiTokenOutput(row: TokenRow): TApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: parseScopes(row.scopes),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

export async function listTokens(db: Db, userId: string): Promise<TListedApiToken[]> {
  // Two queries whatever the number of tokens: the tokens, and every token's latest writes at once.
  const [rows, writes] = await Promise.all([
    db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, select: TOKEN_SELECT }),
    recentAgentWrites(db, userId, 'tokenId'),
  ]);
  return rows.map((row) => ({ ...toApiTokenOutput(row), recentWrites: writes.get(row.id) ?? [] }));
}

export async function createToken(db: Db, userId: string, input: TCreateApiTokenInput): Promise<TApiToken & { token: string }> {
  const data = ZCreateApiTokenInput.parse(input);
  // Kept in the order of TOKEN_SCOPES whatever order they were sent in.
  const scopes = parseScopes(data.scopes ?? TOKEN_SCOPES);
  const days = data.expiresInDays === undefined ? DEFAULT_TOKEN_EXPIRY_DAYS : data.expiresInDays;
  const expiresAt = days === null ? null : new Date(Date.now() + days * DAY_MS);
  const token = `${API_TOKEN_PREFIX}${randomSecret()}`;
  const row = await db.$transaction(async (tx) => {
    // Serialise creations per user so the cap holds under parallel requests.
    await tx.$executeRaw`SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtext(${`api-token:${userId}`}))) AS locked`;
    const count = await tx.apiToken.count({ where: { userId } });
    if (count >= MAX_API_TOKENS) {
      throw appError('BAD_REQUEST', `You can have at most ${MAX_API_TOKENS} API tokens. Revoke one you no longer use first.`);
    }
    return tx.apiToken.create({
      data: { userId, name: data.name, tokenHash: sha256(token), prefix: token.slice(0, PREFIX_LENGTH), scopes, expiresAt },
      select: TOKEN_SELECT,
    });
  });
  return { ...toApiTokenOutput(row), token };
}

/** The token stops working at once; the push subscriptions registered with it go with it (FK cascade). */
export async function revokeToken(db: Db, userId: string, tokenId: string): Promise<void> {
  const deleted = await db.apiToken.deleteMany({ where: { id: tokenId, userId } });
  if (deleted.count === 0) throw appError('NOT_FOUND', 'API token not found');
}

// Personal access tokens (an extra of this server) for REST clients: `Authorization: Bearer ot_...`.
// The token is shown once; only its SHA-256 hash and its first 8 characters are kept. Another
// user's token id is a 404, like any missing one.
import type { TApiToken, TCreateApiTokenInput } from '@/lib/schemas/user';
import { ZCreateApiTokenInput } from '@/lib/schemas/user';
import { appError } from '@/server/errors';
import { randomSecret, sha256 } from '@/server/auth/secrets';
import { API_TOKEN_PREFIX } from '@/server/auth/session';
import type { Db } from '@/server/db';

/** A person needs a handful; the cap keeps a leaked session from minting thousands. */
const MAX_API_TOKENS = 25;
const PREFIX_LENGTH = 8;

const TOKEN_SELECT = { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true } as const;

function toOutput(row: { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null }): TApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

export async function listTokens(db: Db, userId: string): Promise<TApiToken[]> {
  const rows = await db.apiToken.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, select: TOKEN_SELECT });
  return rows.map(toOutput);
}

export async function createToken(db: Db, userId: string, input: TCreateApiTokenInput): Promise<TApiToken & { token: string }> {
  const data = ZCreateApiTokenInput.parse(input);
  const token = `${API_TOKEN_PREFIX}${randomSecret()}`;
  const row = await db.$transaction(async (tx) => {
    // Serialise creations per user so the cap holds under parallel requests.
    await tx.$executeRaw`SELECT 1 FROM (SELECT pg_advisory_xact_lock(hashtext(${`api-token:${userId}`}))) AS locked`;
    const count = await tx.apiToken.count({ where: { userId } });
    if (count >= MAX_API_TOKENS) {
      throw appError('BAD_REQUEST', `You can have at most ${MAX_API_TOKENS} API tokens. Revoke one you no longer use first.`);
    }
    return tx.apiToken.create({
      data: { userId, name: data.name, tokenHash: sha256(token), prefix: token.slice(0, PREFIX_LENGTH) },
      select: TOKEN_SELECT,
    });
  });
  return { ...toOutput(row), token };
}

export async function revokeToken(db: Db, userId: string, tokenId: string): Promise<void> {
  const deleted = await db.apiToken.deleteMany({ where: { id: tokenId, userId } });
  if (deleted.count === 0) throw appError('NOT_FOUND', 'API token not found');
}

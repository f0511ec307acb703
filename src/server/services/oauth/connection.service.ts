// Account > Connected apps, for the apps connected through OAuth: each connection (one app the
// person allowed) with what it may do, when it was connected, its last use and what it changed;
// revoking one deletes its codes and tokens at once, so the app is refused on its next call.
import type { TOAuthConnection } from '@/lib/schemas/user';
import { redirectHostOf } from '@/lib/oauth';
import { parseScopes } from '@/server/auth/token-scopes';
import type { Db } from '@/server/db';
import { appError } from '@/server/errors';
import { recentAgentWrites } from '../agent-write.service';

/** The person's connected apps, most recently connected first. */
export async function listConnections(db: Db, userId: string): Promise<TOAuthConnection[]> {
  // Two queries whatever the number of apps: the connections, and every app's latest writes.
  const [rows, writes] = await Promise.all([
    db.oAuthGrant.findMany({
      where: { userId },
      orderBy: { createdAt: 'desc' },
      select: {
        id: true,
        scopes: true,
        createdAt: true,
        lastUsedAt: true,
        client: { select: { id: true, clientName: true, redirectUris: true } },
      },
    }),
    recentAgentWrites(db, userId, 'oauthClientId'),
  ]);
  return rows.map((row) => ({
    id: row.id,
    clientId: row.client.id,
    clientName: row.client.clientName,
    redirectHosts: [...new Set(row.client.redirectUris.map(redirectHostOf))],
    scopes: parseScopes(row.scopes),
    connectedAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    recentWrites: writes.get(row.client.id) ?? [],
  }));
}

/** Disconnects the app: every code and token of the connection stops working at once. Another user's id is a 404. */
export async function revokeConnection(db: Db, userId: string, connectionId: string): Promise<void> {
  const deleted = await db.oAuthGrant.deleteMany({ where: { id: connectionId, userId } });
  if (deleted.count === 0) throw appError('NOT_FOUND', 'Connected app not found');
}

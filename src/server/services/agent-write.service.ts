// What assistants did: every write an MCP tool makes with a personal access token or an OAuth
// connected app's token is recorded (which token or app, which tool, what, when) and listed under
// Account > Connected apps.
import type { Db } from "@/server/db";

/** How many recent writes the Account page shows per token. */
const RECENT_AGENT_WRITES = 5;

export type AgentWriteRecord = {
  tool: string;
  summary: string;
  targetId?: string | null;
};

/** Who made a write: a personal access token, or an app connected through OAuth. */
export type AgentWriter = { tokenId: string } | { oauthClientId: string };

/** The writer's current name, kept with the record (it outlives a revoked token). */
async function writerName(db: Db, userId: string, writer: AgentWriter): Promise<string> {
  if ("tokenId" in writer) {
    const token = await db.apiToken.findFirst({
      where: { id: writer.tokenId, userId },
      select: { name: true },
    });
    return token?.name ?? "Revoked token";
  }
  const client = await db.oAuthClient.findUnique({
    where: { id: writer.oauthClientId },
    select: { clientName: true },
  });
  return client?.clientName ?? "Disconnected app";
}

/** Records one write made by `writer` (its current name is kept with the record). */
export async function recordAgentWrite(
  db: Db,
  userId: string,
  writer: AgentWriter,
  write: AgentWriteRecord,
): Promise<void> {
  await db.agentWrite.create({
    data: {
      userId,
      tokenId: "tokenId" in writer ? writer.tokenId : null,
      oauthClientId: "oauthClientId" in writer ? writer.oauthClientId : null,
      tokenName: await writerName(db, userId, writer),
      tool: write.tool,
      summary: write.summary.slice(0, 300),
      targetId: write.targetId ?? null,
    },
  });
}

export type RecentAgentWrite = {
  id: string;
  tool: string;
  summary: string;
  targetId: string | null;
  createdAt: string;
};

/** The latest writes of each of the user's tokens, newest first (RECENT_AGENT_WRITES each). */
export function recentAgentWrites(
  db: Db,
  userId: string,
  tokenIds: readonly string[],
): Promise<Map<string, RecentAgentWrite[]>> {
  return recentWritesBy(db, userId, "tokenId", tokenIds);
}

/** The latest writes of each of the user's OAuth connected apps (by client id), newest first. */
export function recentAgentWritesOfClients(
  db: Db,
  userId: string,
  clientIds: readonly string[],
): Promise<Map<string, RecentAgentWrite[]>> {
  return recentWritesBy(db, userId, "oauthClientId", clientIds);
}

async function recentWritesBy(
  db: Db,
  userId: string,
  by: "tokenId" | "oauthClientId",
  tokenIds: readonly string[],
): Promise<Map<string, RecentAgentWrite[]>> {
  const byToken = new Map<string, RecentAgentWrite[]>(
    tokenIds.map((id) => [id, []]),
  );
  if (tokenIds.length === 0) return byToken;
  const rows = await Promise.all(
    tokenIds.map((id) =>
      db.agentWrite.findMany({
        where: { userId, [by]: id },
        orderBy: { createdAt: "desc" },
        take: RECENT_AGENT_WRITES,
        select: {
          id: true,
          tool: true,
          summary: true,
          targetId: true,
          createdAt: true,
        },
      }),
    ),
  );
  tokenIds.forEach((tokenId, index) => {
    byToken.set(
      tokenId,
      rows[index]!.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
      })),
    );
  });
  return byToken;
}

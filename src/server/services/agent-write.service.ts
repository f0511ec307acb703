// What assistants did: every write an MCP tool makes with a personal access token is recorded
// (which token, which tool, what, when) and listed under Account > Connected apps.
import type { Db } from "@/server/db";

/** How many recent writes the Account page shows per token. */
const RECENT_AGENT_WRITES = 5;

export type AgentWriteRecord = {
  tool: string;
  summary: string;
  targetId?: string | null;
};

/** Records one write made with the token `tokenId` (its current name is kept with the record). */
export async function recordAgentWrite(
  db: Db,
  userId: string,
  tokenId: string,
  write: AgentWriteRecord,
): Promise<void> {
  const token = await db.apiToken.findFirst({
    where: { id: tokenId, userId },
    select: { name: true },
  });
  await db.agentWrite.create({
    data: {
      userId,
      tokenId,
      tokenName: token?.name ?? "Revoked token",
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
export async function recentAgentWrites(
  db: Db,
  userId: string,
  tokenIds: readonly string[],
): Promise<Map<string, RecentAgentWrite[]>> {
  const byToken = new Map<string, RecentAgentWrite[]>(
    tokenIds.map((id) => [id, []]),
  );
  if (tokenIds.length === 0) return byToken;
  const rows = await Promise.all(
    tokenIds.map((tokenId) =>
      db.agentWrite.findMany({
        where: { userId, tokenId },
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

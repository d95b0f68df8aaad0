import { db } from "../db/client.ts";
import { agentDto } from "./agent-dto.ts";
import { findOwnedAgent } from "./get-agent.ts";
import { WITH_MCP_SERVERS } from "./serialize.ts";

/** Signs an agent's bot out: the stored browser session is deleted; the bot joins as a guest again. */
export async function removeBotSession(userId: string, id: string) {
  const stored = await findOwnedAgent(userId, id);
  const agent = await db.agent.update({
    where: { id: stored.id },
    data: { botSessionProvider: null, botSessionLabel: null, botSessionEnc: null, botSessionUploadedAt: null, botSessionExpiresAt: null, botSessionRejectedAt: null },
    include: WITH_MCP_SERVERS,
  });
  return agentDto(userId, agent);
}

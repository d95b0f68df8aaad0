import { encryptSecret } from "../crypto/secrets.ts";
import { db } from "../db/client.ts";
import { agentDto } from "./agent-dto.ts";
import { findOwnedAgent } from "./get-agent.ts";
import type { BotSessionProvider } from "./bot-session-scope.ts";
import { parseBotSession } from "./parse-bot-session.ts";
import { WITH_MCP_SERVERS } from "./serialize.ts";

/**
 * Signs an agent's bot in (issue 27): stores the provider's part of an uploaded browser session,
 * encrypted like provider keys, replacing any earlier one. Only the provider, label and dates are
 * ever returned.
 */
export async function setBotSession(userId: string, id: string, input: { provider: BotSessionProvider; label: string; state: string }) {
  const stored = await findOwnedAgent(userId, id);
  const { state, expiresAt } = parseBotSession(input.provider, input.state);
  const agent = await db.agent.update({
    where: { id: stored.id },
    data: {
      botSessionProvider: input.provider,
      botSessionLabel: input.label,
      botSessionEnc: encryptSecret(JSON.stringify(state)),
      botSessionUploadedAt: new Date(),
      botSessionExpiresAt: expiresAt,
      botSessionRejectedAt: null,
    },
    include: WITH_MCP_SERVERS,
  });
  return agentDto(userId, agent);
}

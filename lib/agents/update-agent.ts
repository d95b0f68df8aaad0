import { db } from "../db/client.ts";
import { agentColumns } from "./agent-columns.ts";
import { agentDto } from "./agent-dto.ts";
import { findOwnedAgent } from "./get-agent.ts";
import { markChangedKeysUnchecked } from "./key-checks.ts";
import { recordProvenKeys } from "./key-proof.ts";
import { saveMcpServers } from "../tools/save-mcp-servers.ts";
import { WITH_MCP_SERVERS } from "./serialize.ts";
import { validateAgent } from "./validate-agent.ts";

/**
 * Updates the fields the body names (omitted fields, keys and tool servers stay); the result is
 * validated whole. A meeting already running keeps the tools it started with.
 */
export async function updateAgent(userId: string, id: string, body: unknown) {
  const stored = await findOwnedAgent(userId, id);
  const input = await validateAgent(body, stored);
  const agent = await db.$transaction(async (tx) => {
    const saved = await tx.agent.update({ where: { id: stored.id }, data: agentColumns(input, stored) });
    if (input.mcpServers) await saveMcpServers(tx, stored.id, input.mcpServers);
    // A new key (or provider) is unknown again: what was said about the old one no longer holds.
    await markChangedKeysUnchecked(tx, stored, saved, saved.id);
    await recordProvenKeys(tx, userId, saved.id, input);
    return tx.agent.findUniqueOrThrow({ where: { id: stored.id }, include: WITH_MCP_SERVERS });
  });
  return agentDto(userId, agent);
}

import { db } from "../db/client.ts";
import { saveMcpServers } from "../tools/save-mcp-servers.ts";
import { agentColumns } from "./agent-columns.ts";
import { agentDto } from "./agent-dto.ts";
import { recordProvenKeys } from "./key-proof.ts";
import { WITH_MCP_SERVERS } from "./serialize.ts";
import { validateAgent } from "./validate-agent.ts";

/** Registers an agent (status active) with its tool servers. Invalid input is one 400 and nothing is saved. */
export async function createAgent(userId: string, body: unknown) {
  const input = await validateAgent(body);
  const agent = await db.$transaction(async (tx) => {
    const created = await tx.agent.create({ data: { userId, ...agentColumns(input) } });
    await saveMcpServers(tx, created.id, input.mcpServers ?? []);
    await recordProvenKeys(tx, userId, created.id, input);
    return tx.agent.findUniqueOrThrow({ where: { id: created.id }, include: WITH_MCP_SERVERS });
  });
  return agentDto(userId, agent);
}

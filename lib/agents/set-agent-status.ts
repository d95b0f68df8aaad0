import { db } from "../db/client.ts";
import type { AgentStatus } from "../generated/prisma/client.ts";
import { agentDto } from "./agent-dto.ts";
import { findOwnedAgent } from "./get-agent.ts";
import { WITH_MCP_SERVERS } from "./serialize.ts";

/** Pauses or resumes an agent. A paused agent keeps its meetings; the bot runtime does not start it. */
export async function setAgentStatus(userId: string, id: string, status: AgentStatus) {
  const stored = await findOwnedAgent(userId, id);
  const agent = await db.agent.update({ where: { id: stored.id }, data: { status }, include: WITH_MCP_SERVERS });
  return agentDto(userId, agent);
}

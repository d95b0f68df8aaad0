import type { Agent, AgentMcpServer } from "../generated/prisma/client.ts";
import { keyStandings } from "./key-checks.ts";
import { meetingSummary } from "./meeting-summary.ts";
import { serializeAgent } from "./serialize.ts";

/** One agent as the API returns it, with its meetings and any key a provider refused. */
export async function agentDto(userId: string, agent: Agent & { mcpServers: AgentMcpServer[] }) {
  const [meetings, keys] = await Promise.all([meetingSummary(userId, agent.id), keyStandings(userId, [agent])]);
  return serializeAgent(agent, meetings, keys.get(agent.id));
}

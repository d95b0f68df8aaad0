import type { Agent, AgentMcpServer } from "../generated/prisma/client.ts";
import { keyProblems } from "./key-checks.ts";
import { meetingSummary } from "./meeting-summary.ts";
import { serializeAgent } from "./serialize.ts";

/** One agent as the API returns it, with its meetings and any key a provider refused. */
export async function agentDto(userId: string, agent: Agent & { mcpServers: AgentMcpServer[] }) {
  const [meetings, problems] = await Promise.all([meetingSummary(userId, agent.id), keyProblems(userId, [agent])]);
  return serializeAgent(agent, meetings, problems.get(agent.id));
}

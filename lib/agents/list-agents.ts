import { db } from "../db/client.ts";
import { keyStandings } from "./key-checks.ts";
import { meetingSummaries } from "./meeting-summary.ts";
import { serializeAgent, WITH_MCP_SERVERS } from "./serialize.ts";

/** The user's agents, oldest first, each with its next meeting and open-meeting count. */
export async function listAgents(userId: string) {
  const agents = await db.agent.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: WITH_MCP_SERVERS });
  const [summaries, keys] = await Promise.all([meetingSummaries(userId, agents.map((a) => a.id)), keyStandings(userId, agents)]);
  return agents.map((a) => serializeAgent(a, summaries.get(a.id), keys.get(a.id)));
}

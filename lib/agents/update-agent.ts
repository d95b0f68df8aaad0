import { db } from "../db/client.ts";
import { agentColumns } from "./agent-columns.ts";
import { findOwnedAgent } from "./get-agent.ts";
import { meetingSummary } from "./meeting-summary.ts";
import { serializeAgent } from "./serialize.ts";
import { validateAgent } from "./validate-agent.ts";

/** Updates the fields the body names (omitted fields and keys stay); the result is validated whole. */
export async function updateAgent(userId: string, id: string, body: unknown) {
  const stored = await findOwnedAgent(userId, id);
  const input = await validateAgent(body, stored);
  const agent = await db.agent.update({ where: { id: stored.id }, data: agentColumns(input, stored) });
  return serializeAgent(agent, await meetingSummary(userId, id));
}

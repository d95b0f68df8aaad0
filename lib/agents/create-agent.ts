import { db } from "../db/client.ts";
import { agentColumns } from "./agent-columns.ts";
import { serializeAgent } from "./serialize.ts";
import { validateAgent } from "./validate-agent.ts";

/** Registers an agent (status active). Invalid input is one 400 and nothing is saved. */
export async function createAgent(userId: string, body: unknown) {
  const input = await validateAgent(body);
  const agent = await db.agent.create({ data: { userId, ...agentColumns(input) } });
  return serializeAgent(agent);
}

import { db } from "../db/client.ts";
import { agentColumns } from "./agent-columns.ts";
import { agentDto } from "./agent-dto.ts";
import { findOwnedAgent } from "./get-agent.ts";
import { markChangedKeysUnchecked } from "./key-checks.ts";
import { validateAgent } from "./validate-agent.ts";

/** Updates the fields the body names (omitted fields and keys stay); the result is validated whole. */
export async function updateAgent(userId: string, id: string, body: unknown) {
  const stored = await findOwnedAgent(userId, id);
  const input = await validateAgent(body, stored);
  const agent = await db.$transaction(async (tx) => {
    const saved = await tx.agent.update({ where: { id: stored.id }, data: agentColumns(input, stored) });
    // A new key (or provider) is unknown again: what was said about the old one no longer holds.
    await markChangedKeysUnchecked(tx, stored, saved, saved.id);
    return saved;
  });
  return agentDto(userId, agent);
}

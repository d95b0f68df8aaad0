import { canStartAgent } from "../../billing/usage.ts";
import { db } from "../../db/client.ts";
import type { Agent } from "../../generated/prisma/client.ts";
import { missingKeys } from "../../providers/missing-keys.ts";
import type { End } from "./run-end.ts";

/**
 * The meeting's agent, if the bot may set off with it: the agent must exist and be active, have every
 * provider key (keys removed after the meeting was scheduled are said so, rather than failing on the
 * first request), and its owner must have credit. Otherwise why not, as the bot's end.
 */
export async function agentForRun(meeting: { agentId: string | null; userId: string }): Promise<{ agent: Agent } | { refused: End }> {
  const agent = meeting.agentId ? await db.agent.findUnique({ where: { id: meeting.agentId } }) : null;
  if (!agent) return { refused: { kind: "failed", reason: "agent_deleted" } };
  if (agent.status === "paused") return { refused: { kind: "cancelled", reason: "agent_paused" } };
  const missing = missingKeys(agent);
  if (missing.length > 0) return { refused: { kind: "failed", reason: "needs_keys", data: { kinds: missing } } };
  if (!(await canStartAgent(meeting.userId))) return { refused: { kind: "failed", reason: "out_of_credits" } };
  return { agent };
}

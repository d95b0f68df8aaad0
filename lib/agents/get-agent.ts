import { db } from "../db/client.ts";
import type { Agent } from "../generated/prisma/client.ts";
import { AppError } from "../errors/app-error.ts";
import { agentDto } from "./agent-dto.ts";
import { WITH_MCP_SERVERS } from "./serialize.ts";

/** The user's agent; another user's agent is simply not found (404, never 403). */
export async function findOwnedAgent(userId: string, id: string): Promise<Agent> {
  const agent = await db.agent.findFirst({ where: { id, userId } });
  if (!agent) throw new AppError("not_found", "Agent not found");
  return agent;
}

export async function getAgent(userId: string, id: string) {
  const agent = await db.agent.findFirst({ where: { id, userId }, include: WITH_MCP_SERVERS });
  if (!agent) throw new AppError("not_found", "Agent not found");
  return agentDto(userId, agent);
}

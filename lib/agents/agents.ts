import { db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { agentColumns } from "./agent-data.ts";
import { agentInputSchema, type AgentInput } from "./schema.ts";
import { serializeAgent } from "./serialize.ts";
import { validateAgainstCatalogue } from "./validate-agent.ts";
import { parseWith } from "../http/parse.ts";

// Agent operations, every one scoped by the owner: another user's agent is simply not found (404).
const OPEN_STATUSES = ["scheduled", "joining", "waiting_room", "in_progress"] as const;
const notFound = () => new AppError("not_found", "Agent not found");

async function owned(userId: string, id: string) {
  const agent = await db.agent.findFirst({ where: { id, userId } });
  if (!agent) throw notFound();
  return agent;
}

async function parse(body: unknown): Promise<AgentInput> {
  const input = parseWith(agentInputSchema, body);
  await validateAgainstCatalogue(input);
  return input;
}

export async function listAgents(userId: string) {
  const agents = await db.agent.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
  const next = await db.meeting.findMany({
    where: { userId, status: "scheduled", scheduledStart: { gte: new Date() } },
    orderBy: { scheduledStart: "asc" },
    distinct: ["agentId"],
    select: { id: true, title: true, scheduledStart: true, agentId: true },
  });
  const byAgent = new Map(next.map((m) => [m.agentId!, { id: m.id, title: m.title, scheduledStart: m.scheduledStart }]));
  return agents.map((a) => serializeAgent(a, byAgent.get(a.id) ?? null));
}

export async function getAgent(userId: string, id: string) {
  return serializeAgent(await owned(userId, id));
}

export async function createAgent(userId: string, body: unknown) {
  const input = await parse(body);
  const agent = await db.agent.create({ data: { userId, ...(agentColumns(input) as object) } as never });
  return serializeAgent(agent);
}

export async function updateAgent(userId: string, id: string, body: unknown) {
  const existing = await owned(userId, id);
  const input = await parse(body);
  const agent = await db.agent.update({ where: { id: existing.id }, data: agentColumns(input, existing) as never });
  return serializeAgent(agent);
}

export async function setAgentStatus(userId: string, id: string, status: "active" | "paused") {
  const existing = await owned(userId, id);
  return serializeAgent(await db.agent.update({ where: { id: existing.id }, data: { status } }));
}

/** How many meetings deleting this agent would cancel (for the confirmation dialog). */
export async function openMeetingCount(userId: string, id: string) {
  await owned(userId, id);
  return db.meeting.count({ where: { agentId: id, userId, status: { in: [...OPEN_STATUSES] } } });
}

/** Cancels the agent's scheduled and running meetings (with an event each), then deletes it. */
export async function deleteAgent(userId: string, id: string) {
  await owned(userId, id);
  return db.$transaction(async (tx) => {
    const open = await tx.meeting.findMany({ where: { agentId: id, userId, status: { in: [...OPEN_STATUSES] } }, select: { id: true, status: true } });
    for (const m of open) {
      await tx.meetingEvent.create({ data: { meetingId: m.id, fromStatus: m.status, toStatus: "cancelled", reason: "agent_deleted" } });
    }
    await tx.meeting.updateMany({ where: { id: { in: open.map((m) => m.id) } }, data: { status: "cancelled", statusReason: "agent_deleted", endedAt: new Date() } });
    await tx.agent.delete({ where: { id } });
    return { deleted: true, cancelledMeetings: open.length };
  });
}

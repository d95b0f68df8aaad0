import { canStartAgent } from "../billing/usage.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { AppError } from "../errors/app-error.ts";
import { missingKeys, missingKeysMessage } from "../providers/missing-keys.ts";

export const PAUSED_MESSAGE = "This agent is paused. Resume it before sending it to a meeting.";
export const NO_CREDIT_MESSAGE = "Your credit balance is empty. Top up to send an agent to a meeting.";

/** What the readiness checks read of an agent. */
export const READY_SELECT = {
  status: true, sttProviderId: true, sttApiKeyEnc: true, aiProviderId: true, aiApiKeyEnc: true, ttsProviderId: true, ttsApiKeyEnc: true,
} as const;
type ReadyAgent = Prisma.AgentGetPayload<{ select: typeof READY_SELECT }>;

/**
 * An active agent with the keys its providers need, and a positive balance: what every "join now"
 * and every scheduled join needs (read in the caller's transaction).
 */
export async function assertReady(tx: Prisma.TransactionClient, userId: string, agent: ReadyAgent): Promise<void> {
  if (agent.status === "paused") throw new AppError("conflict", PAUSED_MESSAGE);
  const missing = missingKeys(agent);
  if (missing.length > 0) throw new AppError("conflict", missingKeysMessage(agent, missing));
  if (!(await canStartAgent(userId, tx))) throw new AppError("payment_required", NO_CREDIT_MESSAGE);
}

/** The meeting's agent still exists and is ready (start, restart). */
export async function assertAgentCanJoin(tx: Prisma.TransactionClient, userId: string, agentId: string | null): Promise<void> {
  const agent = agentId ? await tx.agent.findFirst({ where: { id: agentId, userId }, select: READY_SELECT }) : null;
  if (!agent) throw new AppError("conflict", "The agent of this meeting no longer exists.");
  await assertReady(tx, userId, agent);
}

/** Wakes the worker running this meeting (stop, restart, activation) instead of waiting for its next heartbeat. */
export async function notifyWorker(tx: Prisma.TransactionClient, meetingId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify('meeting_control', ${meetingId})`;
}

import { db } from "../db/client.ts";

/**
 * A meeting found the agent's stored session no longer signed in (the platform asked the bot to sign
 * in although it carried the session): noted on the agent, whose form then says "Sign in again".
 * Only the session that was used is marked (a replaced one since is left alone).
 */
export async function rejectBotSession(agentId: string, uploadedAt: Date): Promise<void> {
  await db.agent.updateMany({ where: { id: agentId, botSessionUploadedAt: uploadedAt }, data: { botSessionRejectedAt: new Date() } });
}

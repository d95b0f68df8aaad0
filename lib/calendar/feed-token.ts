import { randomToken, sha256 } from "../auth/random-token.ts";
import { appUrl } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";

// Feed addresses carry a random token; only its SHA-256 is stored (Agent.calendarTokenHash,
// User.calendarFeedTokenHash), so the token is shown once, when it is made. Making a new one
// replaces the hash: the old address stops working at once.

export function feedUrl(token: string): string {
  return `${appUrl()}/api/feeds/${token}.ics`;
}

/** POST /api/agents/{agentId}/calendar/regenerate-token → {token, feedUrl} of the agent's meetings. */
export async function regenerateAgentToken(userId: string, agentId: string) {
  const token = randomToken();
  const { count } = await db.agent.updateMany({ where: { id: agentId, userId }, data: { calendarTokenHash: sha256(token) } });
  if (count === 0) throw new AppError("not_found", "Agent not found");
  return { token, feedUrl: feedUrl(token) };
}

/** POST /api/calendars/regenerate-token → {token, feedUrl} of all the user's meetings. */
export async function regenerateUserToken(userId: string) {
  const token = randomToken();
  await db.user.update({ where: { id: userId }, data: { calendarFeedTokenHash: sha256(token) } });
  return { token, feedUrl: feedUrl(token) };
}

import { z } from "zod";
import { randomToken, sha256 } from "../crypto/random-token.ts";
import { appUrl } from "../config.ts";
import type { Sent } from "../contract/sent.ts";
import { decryptSecret, encryptSecret } from "../crypto/secrets.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";

// Feed addresses carry a random token. Its SHA-256 finds the feed (Agent.calendarTokenHash,
// User.calendarFeedTokenHash); the token itself is kept encrypted like provider keys
// (calendarTokenEnc, calendarFeedTokenEnc), so its owner can see the address again instead of
// breaking every subscription to get it back. Making a new one replaces both: the old address
// stops working at once. Addresses made before the encrypted copy was kept cannot be shown
// (feedUrl null while hasToken is true) until the next new one. docs/calendars.md, "Feeds".

export const feedTokenResponse = z.object({ token: z.string(), feedUrl: z.string() }).meta({ id: "FeedToken" });
export const feedAddressResponse = z
  .object({ feedUrl: z.string().nullable().meta({ description: "Null when there is no address to show (none made yet)" }) })
  .meta({ id: "FeedAddress" });

export function feedUrl(token: string): string {
  return `${appUrl()}/api/feeds/${token}.ics`;
}

const newToken = () => {
  const token = randomToken();
  return { token, hash: sha256(token), enc: encryptSecret(token) };
};

/** POST /api/agents/{agentId}/calendar/regenerate-token → {token, feedUrl} of the agent's meetings. */
export async function regenerateAgentToken(userId: string, agentId: string) {
  const { token, hash, enc } = newToken();
  const { count } = await db.agent.updateMany({ where: { id: agentId, userId }, data: { calendarTokenHash: hash, calendarTokenEnc: enc } });
  if (count === 0) throw new AppError("not_found", "Agent not found");
  return { token, feedUrl: feedUrl(token) } satisfies Sent<typeof feedTokenResponse>;
}

/** POST /api/calendars/regenerate-token → {token, feedUrl} of all the user's meetings. */
export async function regenerateUserToken(userId: string) {
  const { token, hash, enc } = newToken();
  await db.user.update({ where: { id: userId }, data: { calendarFeedTokenHash: hash, calendarFeedTokenEnc: enc } });
  return { token, feedUrl: feedUrl(token) } satisfies Sent<typeof feedTokenResponse>;
}

const shown = (enc: string | null) => ({ feedUrl: enc ? feedUrl(decryptSecret(enc)) : null }) satisfies Sent<typeof feedAddressResponse>;

/** GET /api/agents/{agentId}/calendar/feed → {feedUrl} of the agent's current address (null: none that can be shown). */
export async function showAgentFeed(userId: string, agentId: string) {
  const agent = await db.agent.findFirst({ where: { id: agentId, userId }, select: { calendarTokenEnc: true } });
  if (!agent) throw new AppError("not_found", "Agent not found");
  return shown(agent.calendarTokenEnc);
}

/** GET /api/calendars/feed → {feedUrl} of the user's current address for all meetings (null: none that can be shown). */
export async function showUserFeed(userId: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { calendarFeedTokenEnc: true } });
  return shown(user.calendarFeedTokenEnc);
}

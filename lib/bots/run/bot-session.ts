import type { Agent } from "../../generated/prisma/client.ts";
import { keepProviderOnly, providerForPlatform, type BotStorageState } from "../../agents/bot-session-scope.ts";
import { decryptSecret } from "../../crypto/secrets.ts";
import type { BotSession } from "../browser.ts";
import type { JoinResult } from "../platforms/types.ts";

/** The session a run carries into the meeting, and which upload it was (to mark it if refused). */
export interface RunBotSession extends BotSession {
  uploadedAt: Date;
  /** The account's name as meetings show it (the owner's label): the bot's own name in the roster and chat. */
  label: string;
}

/**
 * The agent's signed-in bot session for a meeting on `platform`: decrypted here in the worker, only
 * when its provider runs that platform (Google for Meet, Microsoft for Teams), only the provider's
 * cookies and origins. Null otherwise: the bot joins as a guest.
 */
export function botSessionFor(agent: Pick<Agent, "botSessionProvider" | "botSessionLabel" | "botSessionEnc" | "botSessionUploadedAt">, platform: string): RunBotSession | null {
  const provider = providerForPlatform(platform);
  if (!provider || agent.botSessionProvider !== provider || !agent.botSessionEnc || !agent.botSessionUploadedAt) return null;
  const state = JSON.parse(decryptSecret(agent.botSessionEnc)) as BotStorageState;
  return { provider, state: keepProviderOnly(provider, state), uploadedAt: agent.botSessionUploadedAt, label: agent.botSessionLabel ?? "" };
}

/**
 * A join the platform refused for want of a sign-in although the bot carried a session: the session
 * has expired or was signed out (the provider ended it, a password change, a challenge), which the
 * status reason says so the owner signs the bot in again.
 */
export function signInExpired(result: JoinResult, session: RunBotSession | null): JoinResult {
  if (result.kind !== "failed" || result.reason !== "login_required" || !session) return result;
  return { ...result, reason: "bot_sign_in_expired", detail: `the bot carried its signed-in session, and the platform still asked it to sign in${result.detail ? ` (${result.detail})` : ""}` };
}

import { db } from "../db/client.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { deviceSessionEnded } from "./device-sessions.ts";
import { revokeAllForUser } from "./refresh-tokens.ts";

// Ending a user's sessions: cookie sessions and access tokens are stateless (signed JWTs), so each
// carries the user's session generation (`sv`) from when it was issued. Raising the generation ends
// every one of them at its next request: requireUser() compares it on the user read it already
// does, the proxy and next-auth's session read compare it for pages. Tokens from before the
// generation existed carry none, which counts as 0 (the column's default).

export function isCurrentVersion(claimed: unknown, current: number): boolean {
  return (typeof claimed === "number" ? claimed : 0) === current;
}

/**
 * Whether a session issued to this user under generation `claimed` is still valid. While the database
 * cannot be reached the signed session is taken at its word: ending it then would sign everyone out
 * for an outage (next-auth clears the cookie when this check throws), and nothing can be read or
 * changed without the database anyway; every request checks again once it is back.
 */
export async function sessionIsCurrent(userId: string, claimed: unknown, sid?: unknown): Promise<boolean> {
  return (await sessionState(userId, claimed, sid)) !== "ended";
}

/**
 * The same check, saying when the database could not be asked (the proxy then answers 503). A cookie
 * naming its device (`sid`) also ends when that device was signed out (device-sessions.ts).
 */
export async function sessionState(userId: string, claimed: unknown, sid?: unknown): Promise<"current" | "ended" | "unavailable"> {
  try {
    const [user, deviceEnded] = await Promise.all([db.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } }), deviceSessionEnded(userId, sid)]);
    return user !== null && isCurrentVersion(claimed, user.sessionVersion) && !deviceEnded ? "current" : "ended";
  } catch (err) {
    if (isDatabaseUnavailable(err)) return "unavailable";
    throw err;
  }
}

export async function sessionVersionOf(userId: string): Promise<number> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { sessionVersion: true } });
  return user.sessionVersion;
}

/**
 * Ends every session of the user: browser sessions and access tokens issued so far stop working, and
 * every refresh token is revoked. Returns the new generation, under which the caller may issue the
 * one session it keeps (a password change keeps the browser that made it signed in).
 */
export async function endAllSessions(userId: string, alsoSet: Prisma.UserUpdateInput = {}): Promise<number> {
  // `alsoSet` (a new password) changes in the same statement, so no window leaves it half done.
  const { sessionVersion } = await db.user.update({
    where: { id: userId },
    data: { ...alsoSet, sessionVersion: { increment: 1 } },
    select: { sessionVersion: true },
  });
  await revokeAllForUser(userId);
  return sessionVersion;
}

import { db } from "../db/client.ts";
import { LIVE_STATUSES } from "../meetings/status.ts";
import { pendingEmailChange } from "./change-email.ts";

/**
 * What the Account page shows besides the profile: how the user signs in, an open e-mail change, and
 * how many agents are in a meeting now (the account cannot be deleted then).
 */
export async function getAccountSettings(userId: string) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, passwordHash: true, createdAt: true, accounts: { select: { provider: true } } },
  });
  return {
    email: user.email,
    hasPassword: user.passwordHash !== null,
    google: user.accounts.some((a) => a.provider === "google"),
    pendingEmail: await pendingEmailChange(userId),
    liveMeetings: await db.meeting.count({ where: { userId, status: { in: [...LIVE_STATUSES] } } }),
    createdAt: user.createdAt.toISOString(),
  };
}

import { db } from "../db/client.ts";
import { pendingEmailChange } from "./change-email.ts";

/** What the Account page shows besides the profile: how the user signs in and an open e-mail change. */
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
    createdAt: user.createdAt.toISOString(),
  };
}

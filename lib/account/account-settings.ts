import { z } from "zod";
import { time } from "../contract/fields.ts";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { LIVE_STATUSES } from "../meetings/status.ts";
import { pendingEmailChange } from "./change-email.ts";

export const accountSettingsResponse = z
  .object({
    email: z.string(),
    hasPassword: z.boolean(),
    google: z.boolean().meta({ description: "Google sign-in is linked" }),
    pendingEmail: z.string().nullable().meta({ description: "A new address waiting for its confirmation link" }),
    liveMeetings: z.int().meta({ description: "Agents in a meeting now (the account cannot be deleted then)" }),
    createdAt: time,
    recordingRetentionDays: z.int().nullable().meta({ description: "Recordings are deleted this many days after they are ready; null: kept until deleted" }),
  })
  .meta({ id: "AccountSettings" });

/**
 * What the Account page shows besides the profile: how the user signs in, an open e-mail change, and
 * how many agents are in a meeting now (the account cannot be deleted then).
 */
export async function getAccountSettings(userId: string) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, passwordHash: true, createdAt: true, recordingRetentionDays: true, accounts: { select: { provider: true } } },
  });
  return {
    email: user.email,
    hasPassword: user.passwordHash !== null,
    google: user.accounts.some((a) => a.provider === "google"),
    pendingEmail: await pendingEmailChange(userId),
    liveMeetings: await db.meeting.count({ where: { userId, status: { in: [...LIVE_STATUSES] } } }),
    createdAt: user.createdAt.toISOString(),
    recordingRetentionDays: user.recordingRetentionDays,
  } satisfies Sent<typeof accountSettingsResponse>;
}

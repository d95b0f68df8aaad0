import { createEmailToken } from "../auth/email-tokens.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { LIMITS, enforce } from "../rate-limit/rate-limit.ts";
import { sendMail, sendNotice } from "../mail/send.ts";
import { alreadyRegisteredMail, confirmNewEmailMail, emailChangeRequestedMail } from "../mail/templates.ts";
import { checkCurrentPassword } from "./current-password.ts";

/**
 * Starts a change of the account's e-mail (the current password required): the new address gets a
 * confirmation link and becomes the account's only when it is followed; the current address is told.
 * An address that already has an account gets the same answer (and a "someone tried" e-mail), so
 * this reveals nothing about other accounts.
 */
export async function requestEmailChange(userId: string, input: { email: string; currentPassword: string }): Promise<void> {
  const user = await checkCurrentPassword(userId, input.currentPassword);
  if (input.email === user.email) {
    const message = "This is already your e-mail address";
    throw new AppError("validation_error", message, { issues: [{ path: "email", message }] });
  }
  await enforce(`email-change:${userId}`, LIMITS.verificationMailPerAddress());
  const taken = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (taken) {
    await sendMail(alreadyRegisteredMail(input.email));
    return;
  }
  const token = await createEmailToken(userId, "change_email", input.email);
  await sendMail(confirmNewEmailMail(input.email, user.firstName, token));
  await sendNotice(emailChangeRequestedMail(user.email, user.firstName, input.email));
}

/** The address waiting for confirmation, if a change link is still open. */
export async function pendingEmailChange(userId: string): Promise<string | null> {
  const token = await db.emailToken.findFirst({
    where: { userId, purpose: "change_email", usedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    select: { newEmail: true },
  });
  return token?.newEmail ?? null;
}

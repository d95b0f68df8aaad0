import { hashPassword, assertHardToGuess, verifyPassword } from "../auth/passwords.ts";
import { endAllSessions } from "../auth/session-version.ts";
import { AppError } from "../errors/app-error.ts";
import { sendNotice } from "../mail/send.ts";
import { passwordChangedMail } from "../mail/templates.ts";
import { checkCurrentPassword } from "./current-password.ts";

/**
 * Sets a new password while signed in (the current one required) and ends every session, the
 * caller's included; returns the new session generation so the caller can keep its own browser
 * signed in. The account's address is told, in case it was not its owner.
 */
export async function changePassword(userId: string, input: { currentPassword: string; newPassword: string }): Promise<number> {
  const user = await checkCurrentPassword(userId, input.currentPassword);
  if (await verifyPassword(user.passwordHash, input.newPassword)) {
    const message = "The new password is the same as the current one";
    throw new AppError("validation_error", message, { issues: [{ path: "newPassword", message }] });
  }
  assertHardToGuess(input.newPassword, [user.firstName, user.lastName, user.email], "newPassword");
  const sessionVersion = await endAllSessions(userId, { passwordHash: await hashPassword(input.newPassword) });
  await sendNotice(passwordChangedMail(user.email, user.firstName));
  return sessionVersion;
}

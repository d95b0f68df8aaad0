import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { LIMITS, assertUnder, hit, reset } from "../rate-limit/rate-limit.ts";
import { verifyPassword } from "../auth/passwords.ts";

export const NO_PASSWORD_MESSAGE = "Your account signs in with Google and has no password yet. Set one with the e-mailed link first.";

/**
 * Account changes that a stolen session must not make on its own (password, e-mail, deletion) ask
 * for the current password. Wrong guesses count towards the same per-account lock as sign-in.
 */
export async function checkCurrentPassword(userId: string, password: string, field = "currentPassword") {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  if (!user.passwordHash) throw new AppError("bad_request", NO_PASSWORD_MESSAGE);
  const failureKey = `login-failures:${user.email}`;
  const limit = LIMITS.failedLoginPerAccount();
  await assertUnder(failureKey, limit);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await hit(failureKey, limit);
    const message = "The current password is not correct";
    throw new AppError("validation_error", message, { issues: [{ path: field, message }] });
  }
  await reset(failureKey);
  return user;
}

import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { LIMITS, assertUnder, enforce, hit, reset } from "../rate-limit/rate-limit.ts";
import { sendMail } from "../mail/send.ts";
import { alreadyRegisteredMail, resetPasswordMail, verifyEmailMail } from "../mail/templates.ts";
import { consumeEmailToken, createEmailToken, emailTokenOwner, usedEmailToken } from "./email-tokens.ts";
import { assertHardToGuess, hashPassword, verifyPassword } from "./passwords.ts";
import { endAllSessions } from "./session-version.ts";

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Creates an unverified account and mails a verification link. An address that already has an
 * account gets a different e-mail and the caller sees the same result, so sign-up does not reveal
 * which addresses are registered.
 */
export async function signUp(input: SignUpInput): Promise<void> {
  const existing = await db.user.findUnique({ where: { email: input.email } });
  if (existing) {
    if (!existing.emailVerified && existing.passwordHash) {
      // A second sign-up before verifying: send a fresh verification link instead.
      const token = await createEmailToken(existing.id, "verify_email");
      await sendMail(verifyEmailMail(existing.email, existing.firstName, token));
      return;
    }
    await sendMail(alreadyRegisteredMail(existing.email));
    return;
  }
  const passwordHash = await hashPassword(input.password);
  let userId: string;
  try {
    const user = await db.user.create({
      data: { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName },
    });
    userId = user.id;
  } catch (err) {
    // Two sign-ups for the same address at once: the loser behaves like "already registered".
    if ((err as { code?: string }).code === "P2002") {
      await sendMail(alreadyRegisteredMail(input.email));
      return;
    }
    throw err;
  }
  const token = await createEmailToken(userId, "verify_email");
  await sendMail(verifyEmailMail(input.email, input.firstName, token));
}

/**
 * "Send the link again": a fresh verification link for an account that is not confirmed yet. Limited
 * per address (counted whether or not it has an account, so the limit reveals nothing) on top of the
 * per-IP limit; unknown and already confirmed addresses get no e-mail and the same answer.
 */
export async function resendVerification(email: string): Promise<void> {
  await enforce(`verification-mail:${email}`, LIMITS.verificationMailPerAddress());
  const user = await db.user.findUnique({ where: { email } });
  if (!user || user.emailVerified || !user.passwordHash) return;
  const token = await createEmailToken(user.id, "verify_email");
  await sendMail(verifyEmailMail(user.email, user.firstName, token));
}

/**
 * Confirms the address behind a verification link. A link that was already used for an address
 * that is confirmed (clicked twice, the page reloaded) says so instead of "invalid".
 */
export async function verifyEmail(token: string): Promise<{ status: "confirmed" | "already_confirmed"; email: string }> {
  try {
    const { userId } = await consumeEmailToken(token, "verify_email");
    const { email } = await db.user.update({ where: { id: userId }, data: { emailVerified: new Date() }, select: { email: true } });
    return { status: "confirmed", email };
  } catch (err) {
    const used = await usedEmailToken(token, "verify_email");
    if (used?.user.emailVerified) return { status: "already_confirmed", email: used.user.email };
    throw err;
  }
}

export async function requestPasswordReset(email: string): Promise<void> {
  const user = await db.user.findUnique({ where: { email } });
  if (!user) return;
  const token = await createEmailToken(user.id, "reset_password");
  await sendMail(resetPasswordMail(user.email, token));
}

/**
 * Sets a new password and ends every session of the user: browser sessions, access tokens and
 * refresh tokens (lib/auth/session-version.ts), and revokes every API key. Whoever held the old
 * password is signed out.
 */
export async function resetPassword(token: string, password: string): Promise<void> {
  const owner = await emailTokenOwner(token, "reset_password");
  assertHardToGuess(password, [owner.firstName, owner.lastName, owner.email]);
  const { userId } = await consumeEmailToken(token, "reset_password");
  const passwordHash = await hashPassword(password);
  // Following the e-mailed link proves control of the address, so it also counts as verification.
  await endAllSessions(userId, { passwordHash, ...(owner.emailVerified ? {} : { emailVerified: new Date() }) });
  // A reset means the old password may be known to someone else, who may have made keys with it:
  // every API key is revoked too (docs/auth.md). A change of password or "sign out other sessions" keeps them.
  await db.apiKey.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
  await reset(`login-failures:${owner.email}`);
}

/**
 * Checks e-mail + password for any sign-in path (API password grant, next-auth credentials).
 * Failed attempts are counted per account; past the limit the account is locked for the window.
 */
export async function authenticate(email: string, password: string): Promise<{ id: string; email: string; name: string; sessionVersion: number }> {
  const failureKey = `login-failures:${email}`;
  const limit = LIMITS.failedLoginPerAccount();
  await assertUnder(failureKey, limit);
  const user = await db.user.findUnique({ where: { email } });
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) {
    await hit(failureKey, limit);
    throw new AppError("invalid_grant", "Incorrect e-mail or password");
  }
  if (!user.emailVerified) {
    throw new AppError("email_not_verified", "Please confirm your e-mail address first. We sent you a link when you signed up.");
  }
  await reset(failureKey);
  return { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), sessionVersion: user.sessionVersion };
}

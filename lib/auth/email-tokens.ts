import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { randomToken, sha256 } from "../crypto/random-token.ts";

export type EmailTokenPurpose = "verify_email" | "reset_password" | "change_email";

const TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 3600 * 1000,
  reset_password: 3600 * 1000,
  change_email: 24 * 3600 * 1000,
};

const INVALID: Record<EmailTokenPurpose, string> = {
  verify_email: "This verification link is invalid, expired or already used. Request a new one on the sign-in page.",
  reset_password: "This password reset link is invalid, expired or already used. Request a new one.",
  change_email: "This confirmation link is invalid or expired. Change your e-mail again in your account settings.",
};

/** Creates a single-use token and returns the raw value for the e-mail link. */
export async function createEmailToken(userId: string, purpose: EmailTokenPurpose, newEmail?: string): Promise<string> {
  const raw = randomToken();
  await db.emailToken.create({
    data: { userId, purpose, tokenHash: sha256(raw), newEmail, expiresAt: new Date(Date.now() + TTL_MS[purpose]) },
  });
  return raw;
}

/**
 * A token that was already used, with its account: a confirmation link followed twice (a second
 * click, a reload) is answered "already confirmed" instead of "invalid".
 */
export async function usedEmailToken(raw: string, purpose: EmailTokenPurpose) {
  return db.emailToken.findFirst({
    where: { tokenHash: sha256(raw), purpose, usedAt: { not: null } },
    select: { newEmail: true, user: { select: { email: true, emailVerified: true } } },
  });
}

/** The account a usable token belongs to, without using it up (to check input before consuming). */
export async function emailTokenOwner(raw: string, purpose: EmailTokenPurpose) {
  const row = await db.emailToken.findFirst({
    where: { tokenHash: sha256(raw), purpose, usedAt: null, expiresAt: { gt: new Date() } },
    select: { user: { select: { email: true, firstName: true, lastName: true, emailVerified: true } } },
  });
  if (!row) throw new AppError("bad_request", INVALID[purpose]);
  return row.user;
}

/**
 * Marks the token used and returns its user. One conditional UPDATE, so two requests racing with
 * the same link cannot both succeed.
 */
export async function consumeEmailToken(raw: string, purpose: EmailTokenPurpose): Promise<{ userId: string; newEmail: string | null }> {
  const rows = await db.$queryRaw<{ userId: string; newEmail: string | null }[]>`
    UPDATE "EmailToken" SET "usedAt" = now()
    WHERE "tokenHash" = ${sha256(raw)} AND "purpose" = ${purpose}::"EmailTokenPurpose"
      AND "usedAt" IS NULL AND "expiresAt" > now()
    RETURNING "userId", "newEmail"`;
  if (rows.length === 0) throw new AppError("bad_request", INVALID[purpose]);
  return rows[0];
}

import { db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { randomToken, sha256 } from "./random-token.ts";

export type EmailTokenPurpose = "verify_email" | "reset_password";

const TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 3600 * 1000,
  reset_password: 3600 * 1000,
};

const INVALID: Record<EmailTokenPurpose, string> = {
  verify_email: "This verification link is invalid, expired or already used. Request a new one on the sign-in page.",
  reset_password: "This password reset link is invalid, expired or already used. Request a new one.",
};

/** Creates a single-use token and returns the raw value for the e-mail link. */
export async function createEmailToken(userId: string, purpose: EmailTokenPurpose): Promise<string> {
  const raw = randomToken();
  await db.emailToken.create({
    data: { userId, purpose, tokenHash: sha256(raw), expiresAt: new Date(Date.now() + TTL_MS[purpose]) },
  });
  return raw;
}

/**
 * Marks the token used and returns its user. One conditional UPDATE, so two requests racing with
 * the same link cannot both succeed.
 */
export async function consumeEmailToken(raw: string, purpose: EmailTokenPurpose): Promise<string> {
  const rows = await db.$queryRaw<{ userId: string }[]>`
    UPDATE "EmailToken" SET "usedAt" = now()
    WHERE "tokenHash" = ${sha256(raw)} AND "purpose" = ${purpose}::"EmailTokenPurpose"
      AND "usedAt" IS NULL AND "expiresAt" > now()
    RETURNING "userId"`;
  if (rows.length === 0) throw new AppError("bad_request", INVALID[purpose]);
  return rows[0].userId;
}

import { consumeEmailToken, usedEmailToken } from "../auth/email-tokens.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { sendNotice } from "../mail/send.ts";
import { emailChangedMail } from "../mail/templates.ts";

/**
 * Follows the link sent to a new address: it becomes the account's (and counts as verified), and the
 * old address is told. A link followed again once it worked answers "already confirmed".
 */
export async function confirmEmailChange(token: string): Promise<{ status: "confirmed" | "already_confirmed"; email: string }> {
  let claimed: { userId: string; newEmail: string | null };
  try {
    claimed = await consumeEmailToken(token, "change_email");
  } catch (err) {
    const used = await usedEmailToken(token, "change_email");
    if (used && used.newEmail === used.user.email) return { status: "already_confirmed", email: used.user.email };
    throw err;
  }
  const email = claimed.newEmail!;
  const before = await db.user.findUniqueOrThrow({ where: { id: claimed.userId }, select: { email: true, firstName: true } });
  try {
    await db.user.update({ where: { id: claimed.userId }, data: { email, emailVerified: new Date() } });
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") {
      throw new AppError("conflict", "This address has been taken by another account since you asked. Choose another one in your account settings.");
    }
    throw err;
  }
  await sendNotice(emailChangedMail(before.email, before.firstName, email));
  return { status: "confirmed", email };
}

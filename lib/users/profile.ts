import { db } from "../db/client.ts";
import { CREDIT_SELECT, toCreditSummary } from "../billing/account.ts";

/** Spec §3 server profile (GET/PUT /api/me) plus the identity fields the client shows; one query. */
export async function getProfile(userId: string) {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      firstName: true,
      lastName: true,
      image: true,
      creditAccount: { select: CREDIT_SELECT },
    },
  });
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    photoURL: user.image,
    ...toCreditSummary(user.creditAccount),
  };
}

export async function updateProfile(userId: string, input: { firstName: string; lastName: string }) {
  await db.user.update({ where: { id: userId }, data: { firstName: input.firstName, lastName: input.lastName } });
  return getProfile(userId);
}

/** "First Last" for forms that ask for a name (empty when the user set none). */
export async function displayName(userId: string): Promise<string> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { firstName: true, lastName: true } });
  return user ? `${user.firstName} ${user.lastName}`.trim() : "";
}

import { z } from "zod";
import { requireUserRow, type UserRow } from "../auth/require-user.ts";
import { creditSummaryResponse, toCreditSummary, type CreditRow } from "../billing/account.ts";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";

/** The user's row and their credit account's columns (all null when they have none yet). */
interface ProfileRow extends UserRow, CreditRow {}

// GET /api/me is the API's most frequent call (every client asks who it is). The user and their
// credit account in one statement, also the one requireUser checks the session against: Prisma would
// read the relation with a second statement (docs/api.md, "Performance").
async function readProfileRow(userId: string): Promise<ProfileRow | null> {
  const rows = await db.$queryRaw<ProfileRow[]>`
    SELECT u.id, u.email, u."firstName", u."lastName", u.image, u."sessionVersion",
           c."balanceMicros", c."autoRefillEnabled", c."autoRefillAmountMicros", c."stripeCustomerId"
    FROM "User" u LEFT JOIN "CreditAccount" c ON c."userId" = u.id
    WHERE u.id = ${userId}`;
  return rows[0] ?? null;
}

export const profileResponse = z
  .object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string(), photoURL: z.string().nullable(), ...creditSummaryResponse.shape })
  .meta({ id: "Profile" });

/** Spec §3 server profile (GET/PUT /api/me) plus the identity fields the client shows. */
function toProfile(row: ProfileRow) {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    photoURL: row.image,
    ...toCreditSummary(row),
  } satisfies Sent<typeof profileResponse>;
}

export async function getProfile(userId: string) {
  const row = await readProfileRow(userId);
  if (!row) throw new AppError("not_found", "Not found");
  return toProfile(row);
}

/** GET /api/me: the signed-in check and the profile are one statement. */
export async function getOwnProfile(request: Request) {
  return toProfile((await requireUserRow(request, readProfileRow)).row);
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

import { randomUUID } from "node:crypto";
import { db } from "../lib/db/client.ts";
import { issueAccessToken } from "../lib/auth/access-token.ts";
import { hashPassword } from "../lib/auth/passwords.ts";

export const TEST_PASSWORD = "correct horse battery";

// One hash of the shared test password per process, given to every test user: argon2 is slow on
// purpose (tens of milliseconds of CPU a hash), and a sign-in still verifies it for real.
let passwordHash: Promise<string> | undefined;
const testPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

export function uniqueEmail(tag = "user"): string {
  return `${tag}-${randomUUID().slice(0, 8)}@example.test`;
}

/** A verified user straight in the database, with a bearer token for API calls. */
export async function createUser(opts: { email?: string; firstName?: string; lastName?: string; verified?: boolean } = {}) {
  const user = await db.user.create({
    data: {
      email: opts.email ?? uniqueEmail(),
      passwordHash: await testPasswordHash(),
      firstName: opts.firstName ?? "Ada",
      lastName: opts.lastName ?? "Lovelace",
      emailVerified: opts.verified === false ? null : new Date(),
    },
  });
  const { token } = issueAccessToken(user.id);
  return { user, token, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } };
}

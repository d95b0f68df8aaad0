import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { GET as getMe, PUT as putMe } from "@/app/api/me/route";
import { issueAccessToken } from "@/lib/auth/access-token";
import { db } from "@/lib/db/client";
import { call } from "@/test/http";
import { createUser } from "@/test/users";

// GET /api/me reads the user and the credit account in the statement that also checks the session
// (lib/users/profile.ts): every field of the profile, with an account and without one.
describe("GET /api/me", () => {
  it("the identity and the credit account's fields; zeros before the user has an account", async () => {
    const { user, headers } = await createUser({ firstName: "Grace", lastName: "Hopper" });
    const before = await call(getMe, { headers });
    expect(before).toMatchObject({ status: 200 });
    expect(before.body).toEqual({
      id: user.id,
      email: user.email,
      firstName: "Grace",
      lastName: "Hopper",
      photoURL: null,
      creditBalanceUsd: 0,
      autoRefillEnabled: false,
      autoRefillAmount: 0,
      stripeCustomerId: null,
    });

    await db.user.update({ where: { id: user.id }, data: { image: "https://example.test/grace.png" } });
    await db.creditAccount.create({
      data: { userId: user.id, balanceMicros: 12_345_678n, autoRefillEnabled: true, autoRefillAmountMicros: 20_000_000n, stripeCustomerId: `cus_${user.id}` },
    });
    const cookie = `next-auth.session-token=${await encode({ token: { sub: user.id, sv: 0 }, secret: process.env.NEXTAUTH_SECRET! })}`;
    for (const auth of [headers, { cookie }]) {
      const after = await call(getMe, { headers: auth });
      expect(after.body).toEqual({
        ...before.body,
        photoURL: "https://example.test/grace.png",
        creditBalanceUsd: 12.345678,
        autoRefillEnabled: true,
        autoRefillAmount: 20,
        stripeCustomerId: `cus_${user.id}`,
      });
    }
    // PUT answers the same profile.
    const put = await call(putMe, { method: "PUT", headers, body: { firstName: "Amazing", lastName: "Grace" } });
    expect(put.body).toEqual({ ...(await call(getMe, { headers })).body, firstName: "Amazing", lastName: "Grace" });
  });

  it("a token of a user who no longer exists, or of an older session generation, is 401 and shows nothing", async () => {
    const { user, headers } = await createUser();
    await db.user.update({ where: { id: user.id }, data: { sessionVersion: 1 } });
    expect(await call(getMe, { headers })).toMatchObject({ status: 401, body: { error: "unauthorized", message: "The access token is invalid or has expired" } });
    expect((await call(getMe, { headers: { authorization: `Bearer ${issueAccessToken(user.id, 1).token}` } })).status).toBe(200);
    await db.user.delete({ where: { id: user.id } });
    expect(await call(getMe, { headers: { authorization: `Bearer ${issueAccessToken(user.id, 1).token}` } })).toMatchObject({ status: 401, body: { error: "unauthorized" } });
    expect(await call(getMe)).toMatchObject({ status: 401, body: { error: "unauthorized", message: "Authentication required" } });
  });
});

import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { POST as forgot } from "@/app/api/account/forgot-password/route";
import { POST as resetPassword } from "@/app/api/account/reset-password/route";
import { GET as getMe } from "@/app/api/me/route";
import { POST as token } from "@/app/api/token/route";
import { authOptions } from "@/lib/auth/next-auth";
import { call, freshClientAddress } from "@/test/http";
import { captureMailForFile, tokenFrom } from "@/test/support/smtp";
import { createUser, TEST_PASSWORD } from "@/test/users";

const ip = freshClientAddress(9);

const smtp = captureMailForFile();

/** A browser's next-auth session cookie, as next-auth issues it at sign-in. */
async function sessionCookie(claims: Record<string, unknown>) {
  const value = await encode({ token: claims, secret: process.env.NEXTAUTH_SECRET! });
  return { cookie: `next-auth.session-token=${value}` };
}

async function resetByMail(email: string, password: string) {
  const before = smtp.to(email).length;
  expect((await call(forgot, { body: { email }, headers: ip() })).status).toBe(202);
  const [mail] = (await smtp.arrived(email, before + 1)).slice(before);
  expect((await call(resetPassword, { body: { token: tokenFrom(mail), password }, headers: ip() })).status).toBe(200);
}

describe("a password reset ends every session", () => {
  it("browser sessions, access tokens and refresh tokens issued before it answer 401; new ones work", async () => {
    const { user } = await createUser();
    const browser = await sessionCookie({ sub: user.id, sv: 0 });
    const api = (await call(token, { body: { grant_type: "password", email: user.email, password: TEST_PASSWORD }, headers: ip() })).body;
    const bearer = { authorization: `Bearer ${api.access_token}` };
    expect((await call(getMe, { headers: browser })).status).toBe(200);
    expect((await call(getMe, { headers: bearer })).status).toBe(200);

    await resetByMail(user.email, "a-brand-new-password");

    expect(await call(getMe, { headers: browser })).toMatchObject({ status: 401, body: { error: "unauthorized" } });
    expect(await call(getMe, { headers: bearer })).toMatchObject({ status: 401, body: { message: "The access token is invalid or has expired" } });
    expect((await call(token, { body: { grant_type: "refresh_token", refresh_token: api.refresh_token }, headers: ip() })).status).toBe(401);

    const fresh = (await call(token, { body: { grant_type: "password", email: user.email, password: "a-brand-new-password" }, headers: ip() })).body;
    expect((await call(getMe, { headers: { authorization: `Bearer ${fresh.access_token}` } })).status).toBe(200);
    // A refreshed access token carries the new generation too.
    const rotated = (await call(token, { body: { grant_type: "refresh_token", refresh_token: fresh.refresh_token }, headers: ip() })).body;
    expect((await call(getMe, { headers: { authorization: `Bearer ${rotated.access_token}` } })).status).toBe(200);
  });

  it("a session cookie from before session generations existed (no sv) works until sessions are ended", async () => {
    const { user } = await createUser();
    const old = await sessionCookie({ sub: user.id });
    expect((await call(getMe, { headers: old })).status).toBe(200);
    await resetByMail(user.email, "a-brand-new-password");
    expect((await call(getMe, { headers: old })).status).toBe(401);
  });

  it("next-auth's session read refuses an ended session (the cookie is then cleared) and keeps a current one", async () => {
    const { user } = await createUser();
    const jwt = authOptions().callbacks!.jwt!;
    const read = (sv: number) => jwt({ token: { sub: user.id, sv }, user: undefined as never, account: null, trigger: undefined });
    await expect(read(0)).resolves.toMatchObject({ sub: user.id, sv: 0 });
    await resetByMail(user.email, "a-brand-new-password");
    await expect(read(0)).rejects.toThrow("session_ended");
    await expect(read(1)).resolves.toMatchObject({ sub: user.id, sv: 1 });
  });
});

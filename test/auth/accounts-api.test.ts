import { describe, expect, it } from "vitest";
import { POST as signup } from "@/app/api/account/signup/route";
import { POST as verify } from "@/app/api/account/verify-email/route";
import { POST as forgot } from "@/app/api/account/forgot-password/route";
import { POST as resetPassword } from "@/app/api/account/reset-password/route";
import { POST as resend } from "@/app/api/account/resend-verification/route";
import { POST as token } from "@/app/api/token/route";
import { POST as revoke } from "@/app/api/token/revoke/route";
import { GET as getMe, PUT as putMe } from "@/app/api/me/route";
import { db } from "@/lib/db/client";
import { call, freshClientAddress } from "@/test/http";
import { captureMailForFile, tokenFrom } from "@/test/support/smtp";
import { uniqueEmail } from "@/test/users";

// Each test uses its own client address so per-IP limits never interfere between tests.
const ip = freshClientAddress(0);

const smtp = captureMailForFile();


async function signUpAndVerify(email = uniqueEmail(), password = "a-good-password") {
  expect((await call(signup, { body: { email, password, firstName: "Ada", lastName: "Lovelace" }, headers: ip() })).status).toBe(201);
  const [mail] = await smtp.arrived(email, 1);
  expect((await call(verify, { body: { token: tokenFrom(mail) }, headers: ip() })).status).toBe(200);
  return { email, password };
}

describe("sign-up and e-mail verification", () => {
  it("creates an unverified account and e-mails a verification link built from APP_URL", async () => {
    const email = uniqueEmail();
    const res = await call(signup, { body: { email: email.toUpperCase(), password: "a-good-password", firstName: " Ada ", lastName: "Lovelace" }, headers: ip() });
    expect(res.status).toBe(201);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({ firstName: "Ada", lastName: "Lovelace", emailVerified: null });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const [mail] = await smtp.arrived(email, 1);
    expect(mail.subject).toBe("Confirm your e-mail for Cohost");
    expect(mail.text).toContain("http://localhost:3000/signin?mode=verify-email&token=");
  });

  it("does not reveal an existing address: same response, a different e-mail, nothing changed", async () => {
    const { email } = await signUpAndVerify();
    const before = await db.user.findUniqueOrThrow({ where: { email } });
    const res = await call(signup, { body: { email, password: "another-password", firstName: "Eve", lastName: "X" }, headers: ip() });
    expect(res.status).toBe(201);
    const mails = await smtp.arrived(email, 2);
    expect(mails[1].subject).toBe("Someone tried to sign up with your e-mail");
    expect(await db.user.findUniqueOrThrow({ where: { email } })).toEqual(before);
  });

  it("rejects bad input with field messages and creates nothing", async () => {
    const email = uniqueEmail();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "not-an-email", password: "a-good-password", firstName: "A", lastName: "B" }, "Enter a valid e-mail address"],
      [{ email, password: "short", firstName: "A", lastName: "B" }, "Password must be at least 8 characters"],
      [{ email, password: "password", firstName: "A", lastName: "B" }, "This password is one of the most common ones. Choose one that is harder to guess."],
      [{ email, password: "Password123!", firstName: "A", lastName: "B" }, "This password is one of the most common ones. Choose one that is harder to guess."],
      [{ email, password: "Lovelace1815", firstName: "Ada", lastName: "Lovelace" }, "This password is built from your name or e-mail. Choose one that is harder to guess."],
      [{ email, password: "a-good-password", firstName: "  ", lastName: "B" }, "First name is required"],
    ];
    for (const [body, message] of cases) {
      const res = await call(signup, { body, headers: ip() });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "validation_error", message });
    }
    expect(await db.user.findUnique({ where: { email } })).toBeNull();
  });

  it("verify: a bad or used token is a 400 with a clear message", async () => {
    expect(await call(verify, { body: { token: "nope" }, headers: ip() })).toMatchObject({
      status: 400,
      body: { error: "bad_request", message: "This verification link is invalid, expired or already used. Request a new one on the sign-in page." },
    });
    const email = uniqueEmail();
    await call(signup, { body: { email, password: "a-good-password", firstName: "A", lastName: "B" }, headers: ip() });
    const t = tokenFrom((await smtp.arrived(email, 1))[0]);
    expect(await call(verify, { body: { token: t }, headers: ip() })).toMatchObject({ status: 200, body: { status: "confirmed" } });
    // Used once it worked (a second click, a reload of the page): "already confirmed", not an error.
    expect(await call(verify, { body: { token: t }, headers: ip() })).toMatchObject({
      status: 200,
      body: { status: "already_confirmed", message: "Your e-mail is already confirmed. You can sign in." },
    });
  });

  it("verify: an old link of an address that is still unconfirmed stays a 400", async () => {
    const email = uniqueEmail();
    await call(signup, { body: { email, password: "a-good-password", firstName: "A", lastName: "B" }, headers: ip() });
    const t = tokenFrom((await smtp.arrived(email, 1))[0]);
    await db.emailToken.updateMany({ where: { user: { email } }, data: { usedAt: new Date() } });
    expect((await call(verify, { body: { token: t }, headers: ip() })).status).toBe(400);
  });
});

describe("send the confirmation link again", () => {
  const SAME = "If this e-mail belongs to an account that is not confirmed yet, we sent a new confirmation link.";

  it("e-mails a fresh working link to an unconfirmed account, with the same answer as for any other address", async () => {
    const email = uniqueEmail();
    await call(signup, { body: { email, password: "a-good-password", firstName: "Ada", lastName: "Lovelace" }, headers: ip() });
    await smtp.arrived(email, 1);
    const res = await call(resend, { body: { email: ` ${email.toUpperCase()} ` }, headers: ip() });
    expect(res).toMatchObject({ status: 202, body: { message: SAME } });
    const [, again] = await smtp.arrived(email, 2);
    expect(again.subject).toBe("Confirm your e-mail for Cohost");
    expect((await call(verify, { body: { token: tokenFrom(again) }, headers: ip() })).status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).emailVerified).not.toBeNull();
  });

  it("unknown and already confirmed addresses get the same answer and no e-mail", async () => {
    const unknown = uniqueEmail();
    const { email: confirmed } = await signUpAndVerify();
    for (const email of [unknown, confirmed]) {
      expect(await call(resend, { body: { email }, headers: ip() })).toMatchObject({ status: 202, body: { message: SAME } });
    }
    // A fence: a sign-up's mail, sent after those requests, must arrive; none of theirs came before it.
    const fence = uniqueEmail();
    await call(signup, { body: { email: fence, password: "a-good-password", firstName: "Fen", lastName: "Ce" }, headers: ip() });
    await smtp.arrived(fence, 1);
    const beforeFence = smtp.mails.slice(0, smtp.mails.findIndex((m) => m.to.includes(fence)));
    expect(beforeFence.filter((m) => m.to.includes(unknown))).toHaveLength(0);
    expect(beforeFence.filter((m) => m.to.includes(confirmed))).toHaveLength(1); // only the original confirmation
  });

  it("is limited per address whether or not it has an account (429 with Retry-After), and validates input", async () => {
    process.env.RATE_LIMIT_VERIFICATION_MAIL = "2/900";
    try {
      for (const email of [uniqueEmail(), (await signUpAndVerify()).email]) {
        for (let i = 0; i < 2; i++) expect((await call(resend, { body: { email }, headers: ip() })).status).toBe(202);
        const limited = await call(resend, { body: { email }, headers: ip() });
        expect(limited).toMatchObject({ status: 429, body: { error: "rate_limited" } });
        expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    } finally {
      delete process.env.RATE_LIMIT_VERIFICATION_MAIL;
    }
    expect(await call(resend, { body: { email: "not-an-email" }, headers: ip() })).toMatchObject({ status: 400, body: { message: "Enter a valid e-mail address" } });
    expect(await call(resend, { body: {}, headers: ip() })).toMatchObject({ status: 400, body: { message: "E-mail is required" } });
  });

  it("counts towards the per-IP limit of the account endpoints", async () => {
    process.env.RATE_LIMIT_AUTH_IP = "2/60";
    try {
      const headers = { "x-forwarded-for": "192.0.2.91" };
      for (let i = 0; i < 2; i++) expect((await call(resend, { body: { email: uniqueEmail() }, headers })).status).toBe(202);
      expect((await call(resend, { body: { email: uniqueEmail() }, headers })).status).toBe(429);
    } finally {
      delete process.env.RATE_LIMIT_AUTH_IP;
    }
  });
});

describe("tokens", () => {
  it("refuses sign-in before verification (403) and with a wrong password (401)", async () => {
    const email = uniqueEmail();
    await call(signup, { body: { email, password: "a-good-password", firstName: "A", lastName: "B" }, headers: ip() });
    expect(await call(token, { body: { grant_type: "password", email, password: "a-good-password" }, headers: ip() })).toMatchObject({
      status: 403,
      body: { error: "email_not_verified" },
    });
    const verified = await signUpAndVerify();
    const wrong = await call(token, { body: { grant_type: "password", email: verified.email, password: "wrong-password" }, headers: ip() });
    expect(wrong).toMatchObject({ status: 401, body: { error: "invalid_grant", message: "Incorrect e-mail or password" } });
    const unknown = await call(token, { body: { grant_type: "password", email: uniqueEmail(), password: "whatever1" }, headers: ip() });
    expect(unknown).toMatchObject({ status: 401, body: { error: "invalid_grant", message: "Incorrect e-mail or password" } });
  });

  it("issues a bearer session that reaches /api/me, rotates refresh tokens and detects reuse", async () => {
    const { email, password } = await signUpAndVerify();
    const issuedFrom = Math.floor(Date.now() / 1000);
    const first = await call(token, { body: { grant_type: "password", email, password }, headers: ip() });
    const issuedBy = Math.floor(Date.now() / 1000);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.body).toMatchObject({ token_type: "bearer", expires_in: 900 });
    // Issued during the request: the second may have turned while it ran.
    expect(first.body.expires_at).toBeGreaterThanOrEqual(issuedFrom + 900);
    expect(first.body.expires_at).toBeLessThanOrEqual(issuedBy + 900);
    const me = await call(getMe, { headers: { authorization: `Bearer ${first.body.access_token}` } });
    expect(me.body).toMatchObject({ email, firstName: "Ada", lastName: "Lovelace", creditBalanceUsd: 0, autoRefillEnabled: false, autoRefillAmount: 0 });

    const second = await call(token, { body: { grant_type: "refresh_token", refresh_token: first.body.refresh_token }, headers: ip() });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);

    // Replaying the rotated token revokes the whole family, including the newest token.
    const replay = await call(token, { body: { grant_type: "refresh_token", refresh_token: first.body.refresh_token }, headers: ip() });
    expect(replay).toMatchObject({ status: 401, body: { error: "invalid_grant" } });
    const afterReplay = await call(token, { body: { grant_type: "refresh_token", refresh_token: second.body.refresh_token }, headers: ip() });
    expect(afterReplay.status).toBe(401);
  });

  it("revoke ends a refresh token; unknown tokens are fine; bad grant types are 400", async () => {
    const { email, password } = await signUpAndVerify();
    const tokens = (await call(token, { body: { grant_type: "password", email, password }, headers: ip() })).body;
    expect((await call(revoke, { body: { refresh_token: tokens.refresh_token }, headers: ip() })).status).toBe(200);
    expect((await call(token, { body: { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, headers: ip() })).status).toBe(401);
    expect((await call(revoke, { body: { refresh_token: "unknown" }, headers: ip() })).status).toBe(200);
    expect((await call(token, { body: { grant_type: "client_credentials" }, headers: ip() })).status).toBe(400);
  });
});

describe("password reset", () => {
  it("always answers 202, e-mails only existing accounts", async () => {
    const unknown = uniqueEmail();
    expect((await call(forgot, { body: { email: unknown }, headers: ip() })).status).toBe(202);
    const { email } = await signUpAndVerify();
    expect((await call(forgot, { body: { email }, headers: ip() })).status).toBe(202);
    const mails = await smtp.arrived(email, 2);
    expect(mails[1].subject).toBe("Reset your Cohost password");
    expect(mails[1].text).toContain("http://localhost:3000/signin?mode=reset-password&token=");
    expect(smtp.to(unknown)).toHaveLength(0);
  });

  it("sets the new password, revokes every refresh token, and the link works once", async () => {
    const { email, password } = await signUpAndVerify();
    const tokens = (await call(token, { body: { grant_type: "password", email, password }, headers: ip() })).body;
    await call(forgot, { body: { email }, headers: ip() });
    const resetToken = tokenFrom((await smtp.arrived(email, 2))[1]);
    expect((await call(resetPassword, { body: { token: resetToken, password: "short" }, headers: ip() })).status).toBe(400);
    // A common password is refused before the link is used up: the same link still works.
    expect(await call(resetPassword, { body: { token: resetToken, password: "iloveyou2" }, headers: ip() })).toMatchObject({
      status: 400,
      body: { error: "validation_error", message: "This password is one of the most common ones. Choose one that is harder to guess." },
    });
    expect((await call(resetPassword, { body: { token: resetToken, password: "brand-new-password" }, headers: ip() })).status).toBe(200);
    expect((await call(resetPassword, { body: { token: resetToken, password: "third-password" }, headers: ip() })).status).toBe(400);
    expect((await call(token, { body: { grant_type: "refresh_token", refresh_token: tokens.refresh_token }, headers: ip() })).status).toBe(401);
    expect((await call(token, { body: { grant_type: "password", email, password }, headers: ip() })).status).toBe(401);
    expect((await call(token, { body: { grant_type: "password", email, password: "brand-new-password" }, headers: ip() })).status).toBe(200);
  });
});

describe("/api/me", () => {
  it("needs authentication (JSON 401) and updates the names with validation", async () => {
    expect(await call(getMe)).toMatchObject({ status: 401, body: { error: "unauthorized" } });
    const { email, password } = await signUpAndVerify();
    const { access_token } = (await call(token, { body: { grant_type: "password", email, password }, headers: ip() })).body;
    const headers = { authorization: `Bearer ${access_token}` };
    const bad = await call(putMe, { method: "PUT", body: { firstName: " ", lastName: "X" }, headers });
    expect(bad).toMatchObject({ status: 400, body: { message: "First name is required" } });
    const ok = await call(putMe, { method: "PUT", body: { firstName: "Grace", lastName: "Brewster Hopper" }, headers });
    expect(ok).toMatchObject({ status: 200, body: { firstName: "Grace", lastName: "Brewster Hopper", email } });
    expect((await call(getMe, { headers })).body.lastName).toBe("Brewster Hopper");
  });
});

describe("rate limits", () => {
  it("limits requests per IP with 429 and Retry-After", async () => {
    process.env.RATE_LIMIT_AUTH_IP = "3/60";
    try {
      const headers = { "x-forwarded-for": "192.0.2.77" };
      for (let i = 0; i < 3; i++) expect((await call(forgot, { body: { email: uniqueEmail() }, headers })).status).toBe(202);
      const limited = await call(forgot, { body: { email: uniqueEmail() }, headers });
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe("rate_limited");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      delete process.env.RATE_LIMIT_AUTH_IP;
    }
  });

  it("locks an account after repeated failed passwords, even with the right one", async () => {
    process.env.RATE_LIMIT_LOGIN_FAILURES = "3/60";
    try {
      const { email, password } = await signUpAndVerify();
      for (let i = 0; i < 3; i++) {
        expect((await call(token, { body: { grant_type: "password", email, password: "wrong-one" }, headers: ip() })).status).toBe(401);
      }
      const locked = await call(token, { body: { grant_type: "password", email, password }, headers: ip() });
      expect(locked.status).toBe(429);
      expect(locked.headers.get("retry-after")).toBeTruthy();
    } finally {
      delete process.env.RATE_LIMIT_LOGIN_FAILURES;
    }
  });
});

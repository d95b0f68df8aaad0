import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { GET as getAccount } from "@/app/api/account/route";
import { POST as changePassword } from "@/app/api/account/password/route";
import { POST as changeEmail } from "@/app/api/account/email/route";
import { POST as confirmEmail } from "@/app/api/account/email/confirm/route";
import { POST as signOutOthers } from "@/app/api/account/sign-out-others/route";
import { GET as exportData } from "@/app/api/account/export/route";
import { POST as deleteAccount } from "@/app/api/account/delete/route";
import { POST as token } from "@/app/api/token/route";
import { GET as getMe } from "@/app/api/me/route";
import { createAgent } from "@/lib/agents/create-agent";
import { db } from "@/lib/db/client";
import { AI_KEY, STT_KEY, TTS_KEY, validAgent } from "@/test/agents/fixtures";
import { startFakeStripe } from "@/test/fakes/stripe/server";
import { call, freshClientAddress } from "@/test/http";
import { credit } from "@/test/meetings/fixtures";
import { captureMailForFile, tokenFrom } from "@/test/support/smtp";
import { createUser, TEST_PASSWORD, uniqueEmail } from "@/test/users";

const ip = freshClientAddress(11);

const smtp = captureMailForFile();


/** A browser signed in as the user: next-auth's session cookie under the user's current generation. */
async function browser(userId: string) {
  const { sessionVersion } = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const value = await encode({ token: { sub: userId, sv: sessionVersion }, secret: process.env.NEXTAUTH_SECRET! });
  return { cookie: `next-auth.session-token=${value}`, origin: "http://localhost:3000", host: "localhost:3000" };
}

const cookieFrom = (res: { headers: Headers }) => /next-auth\.session-token=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1];

describe("change password", () => {
  it("needs the current password, refuses weak and unchanged ones, and changes nothing then", async () => {
    const { user, headers } = await createUser();
    const before = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ currentPassword: "wrong-one", newPassword: "walnut-ferry-orbit" }, "currentPassword", "The current password is not correct"],
      [{ currentPassword: TEST_PASSWORD, newPassword: "password123" }, "newPassword", "This password is one of the most common ones. Choose one that is harder to guess."],
      [{ currentPassword: TEST_PASSWORD, newPassword: "Lovelace1815" }, "newPassword", "This password is built from your name or e-mail. Choose one that is harder to guess."],
      [{ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, "newPassword", "The new password is the same as the current one"],
      [{ currentPassword: TEST_PASSWORD, newPassword: "short" }, "newPassword", "Password must be at least 8 characters"],
      [{ newPassword: "walnut-ferry-orbit" }, "currentPassword", "Enter your current password"],
    ];
    for (const [body, path, message] of cases) {
      const res = await call(changePassword, { body, headers });
      expect(res, message).toMatchObject({ status: 400, body: { error: "validation_error", message, issues: [{ path, message }] } });
    }
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toEqual(before);
    expect((await call(getMe, { headers })).status).toBe(200);
  });

  it("from the browser: this browser stays signed in (new cookie), every other session ends, a notice is mailed", async () => {
    const { user } = await createUser();
    const here = await browser(user.id);
    const elsewhere = await browser(user.id);
    const api = (await call(token, { body: { grant_type: "password", email: user.email, password: TEST_PASSWORD }, headers: ip() })).body;

    const res = await call(changePassword, { body: { currentPassword: TEST_PASSWORD, newPassword: "walnut-ferry-orbit" }, headers: here });
    expect(res).toMatchObject({ status: 200, body: { message: "Your password was changed. Every other session was signed out." } });
    const renewed = cookieFrom(res);
    expect(renewed).toBeTruthy();
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax/);

    expect((await call(getMe, { headers: { cookie: `next-auth.session-token=${renewed}` } })).status).toBe(200);
    expect((await call(getMe, { headers: elsewhere })).status).toBe(401);
    expect((await call(getMe, { headers: here })).status).toBe(401); // the old cookie itself is over
    expect((await call(getMe, { headers: { authorization: `Bearer ${api.access_token}` } })).status).toBe(401);
    expect((await call(token, { body: { grant_type: "refresh_token", refresh_token: api.refresh_token }, headers: ip() })).status).toBe(401);
    expect((await call(token, { body: { grant_type: "password", email: user.email, password: "walnut-ferry-orbit" }, headers: ip() })).status).toBe(200);
    const [notice] = await smtp.arrived(user.email, 1);
    expect(notice.subject).toBe("Your Cohost password was changed");
  });

  it("from an API client: the answer carries a fresh token pair, the old token is over", async () => {
    const { headers } = await createUser();
    const res = await call(changePassword, { body: { currentPassword: TEST_PASSWORD, newPassword: "walnut-ferry-orbit" }, headers });
    expect(res.status).toBe(200);
    expect(res.body.tokens).toMatchObject({ token_type: "bearer" });
    expect((await call(getMe, { headers })).status).toBe(401);
    expect((await call(getMe, { headers: { authorization: `Bearer ${res.body.tokens.access_token}` } })).status).toBe(200);
  });

  it("an account that signs in with Google only has no current password to give", async () => {
    const { user, headers } = await createUser();
    await db.user.update({ where: { id: user.id }, data: { passwordHash: null } });
    expect(await call(changePassword, { body: { currentPassword: "anything", newPassword: "walnut-ferry-orbit" }, headers })).toMatchObject({
      status: 400,
      body: { message: "Your account signs in with Google and has no password yet. Set one with the e-mailed link first." },
    });
  });
});

describe("sign out other sessions", () => {
  it("ends every other browser and token; the browser that asked stays signed in", async () => {
    const { user, headers: bearer } = await createUser();
    const here = await browser(user.id);
    const elsewhere = await browser(user.id);
    const res = await call(signOutOthers, { method: "POST", headers: here });
    expect(res).toMatchObject({ status: 200, body: { message: "Every other session was signed out." } });
    expect((await call(getMe, { headers: { cookie: `next-auth.session-token=${cookieFrom(res)}` } })).status).toBe(200);
    expect((await call(getMe, { headers: elsewhere })).status).toBe(401);
    expect((await call(getMe, { headers: bearer })).status).toBe(401);
  });

  it("a cross-site request is refused and ends nothing", async () => {
    const { user } = await createUser();
    const here = await browser(user.id);
    const res = await call(signOutOthers, { method: "POST", headers: { ...here, origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect((await call(getMe, { headers: here })).status).toBe(200);
  });
});

describe("change e-mail", () => {
  it("mails a link to the new address; the address changes only when it is followed; both addresses are told", async () => {
    const { user, headers } = await createUser();
    const next = uniqueEmail("new");
    const res = await call(changeEmail, { body: { email: ` ${next.toUpperCase()} `, currentPassword: TEST_PASSWORD }, headers });
    expect(res).toMatchObject({ status: 202, body: { message: `We sent a confirmation link to ${next}. Your e-mail changes when you follow it.` } });
    const [link] = await smtp.arrived(next, 1);
    expect(link.subject).toBe("Confirm your new e-mail for Cohost");
    expect(link.text).toContain("http://localhost:3000/signin?mode=confirm-email&token=");
    const [requested] = await smtp.arrived(user.email, 1);
    expect(requested.subject).toBe("Your Cohost e-mail is about to change");
    expect(requested.text).toContain(next);

    expect((await call(getAccount, { headers })).body).toMatchObject({ email: user.email, pendingEmail: next, hasPassword: true, google: false });
    const confirmed = await call(confirmEmail, { body: { token: tokenFrom(link) }, headers: ip() });
    expect(confirmed).toMatchObject({ status: 200, body: { status: "confirmed", email: next, message: `Your e-mail is now ${next}. Use it to sign in.` } });
    expect((await call(getAccount, { headers })).body).toMatchObject({ email: next, pendingEmail: null });
    expect((await call(token, { body: { grant_type: "password", email: next, password: TEST_PASSWORD }, headers: ip() })).status).toBe(200);
    expect((await call(token, { body: { grant_type: "password", email: user.email, password: TEST_PASSWORD }, headers: ip() })).status).toBe(401);
    const [, changed] = await smtp.arrived(user.email, 2);
    expect(changed.subject).toBe("Your Cohost e-mail was changed");

    // Followed again (a second click, a reload): already confirmed, not "invalid".
    expect(await call(confirmEmail, { body: { token: tokenFrom(link) }, headers: ip() })).toMatchObject({ status: 200, body: { status: "already_confirmed", email: next } });
  });

  it("refuses a wrong password and the current address; changes nothing and mails nobody", async () => {
    const { user, headers } = await createUser();
    const next = uniqueEmail("new");
    expect(await call(changeEmail, { body: { email: next, currentPassword: "wrong-one" }, headers })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "currentPassword", message: "The current password is not correct" }] },
    });
    expect(await call(changeEmail, { body: { email: user.email, currentPassword: TEST_PASSWORD }, headers })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "email", message: "This is already your e-mail address" }] },
    });
    expect(await call(changeEmail, { body: { email: "not-an-email", currentPassword: TEST_PASSWORD }, headers })).toMatchObject({ status: 400, body: { message: "Enter a valid e-mail address" } });
    // A fence: a mail that must arrive, after which nothing else may have come.
    await call(changeEmail, { body: { email: uniqueEmail("fence"), currentPassword: TEST_PASSWORD }, headers });
    expect((await smtp.arrived(user.email, 1)).map((m) => m.subject)).toEqual(["Your Cohost e-mail is about to change"]);
    expect(smtp.to(next)).toHaveLength(0);
    expect((await db.emailToken.findMany({ where: { userId: user.id, purpose: "change_email" } })).map((t) => t.newEmail)).not.toContain(next);
  });

  it("an address with an account of its own gets the same answer, a 'someone tried' mail and no link", async () => {
    const { headers } = await createUser();
    const { user: other } = await createUser();
    expect((await call(changeEmail, { body: { email: other.email, currentPassword: TEST_PASSWORD }, headers })).status).toBe(202);
    const [mail] = await smtp.arrived(other.email, 1);
    expect(mail.subject).toBe("Someone tried to sign up with your e-mail");
    expect(mail.text).not.toContain("token=");
  });

  it("an address taken between the request and the link is refused when the link is followed", async () => {
    const { user, headers } = await createUser();
    const next = uniqueEmail("race");
    await call(changeEmail, { body: { email: next, currentPassword: TEST_PASSWORD }, headers });
    const [link] = await smtp.arrived(next, 1);
    await createUser({ email: next });
    expect(await call(confirmEmail, { body: { token: tokenFrom(link) }, headers: ip() })).toMatchObject({ status: 409, body: { error: "conflict" } });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });

  it("a broken link is a 400 with a clear message", async () => {
    expect(await call(confirmEmail, { body: { token: "nope" }, headers: ip() })).toMatchObject({
      status: 400,
      body: { message: "This confirmation link is invalid or expired. Change your e-mail again in your account settings." },
    });
  });
});

describe("export my data", () => {
  it("downloads the account's own data as JSON, money in USD, with no secret in it", async () => {
    const { user, headers } = await createUser();
    const { user: other } = await createUser();
    const agent = await createAgent(user.id, validAgent({ name: "Mine" }));
    await createAgent(other.id, validAgent({ name: "Not mine" }));
    await credit(user.id, 12.5);
    const meeting = await db.meeting.create({ data: { userId: user.id, agentId: agent.id, title: "Standup", meetingUrl: "https://zoom.us/j/1", platform: "zoom", scheduledStart: new Date() } });
    await db.transcriptSegment.create({ data: { meetingId: meeting.id, speaker: "Ada", text: "Hello there", startMs: 0, endMs: 900 } });

    const res = await call(exportData, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="cohost-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = JSON.stringify(res.body);
    expect(res.body.profile).toMatchObject({ email: user.email, firstName: "Ada", signInWith: ["password"] });
    expect(res.body.agents).toHaveLength(1);
    expect(res.body.agents[0]).toMatchObject({ name: "Mine", sttApiKeyStored: true, aiApiKeyStored: true, ttsApiKeyStored: true });
    expect(res.body.meetings[0]).toMatchObject({ title: "Standup", segments: [{ speaker: "Ada", text: "Hello there" }] });
    expect(res.body.credit).toMatchObject({ balanceUsd: 12.5 });
    expect(res.body.ledger[0]).toMatchObject({ type: "adjustment", amountUsd: 12.5, balanceAfterUsd: 12.5 });
    for (const secret of [STT_KEY, AI_KEY, TTS_KEY, "passwordHash", "ApiKeyEnc", "sessionVersion", "calendarTokenHash", "Not mine", other.email]) {
      expect(text, secret).not.toContain(secret);
    }
  });
});

describe("delete account", () => {
  it("needs the typed e-mail and the password; refuses while an agent is in a meeting; changes nothing then", async () => {
    const { user, headers } = await createUser();
    const agent = await createAgent(user.id, validAgent());
    expect(await call(deleteAccount, { body: { confirmation: "someone@else.test", currentPassword: TEST_PASSWORD }, headers })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "confirmation", message: "Type your e-mail address exactly to confirm" }] },
    });
    expect(await call(deleteAccount, { body: { confirmation: user.email, currentPassword: "wrong-one" }, headers })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "currentPassword" }] },
    });
    expect(await call(deleteAccount, { body: { confirmation: user.email }, headers })).toMatchObject({
      status: 400,
      body: { issues: [{ path: "currentPassword", message: "Enter your current password" }] },
    });
    const live = await db.meeting.create({ data: { userId: user.id, agentId: agent.id, meetingUrl: "https://zoom.us/j/1", platform: "zoom", scheduledStart: new Date(), status: "in_progress" } });
    expect(await call(deleteAccount, { body: { confirmation: user.email, currentPassword: TEST_PASSWORD }, headers })).toMatchObject({
      status: 409,
      body: { message: "An agent is still in a meeting. Stop it on the Meetings page first." },
    });
    expect(await db.user.findUnique({ where: { id: user.id } })).not.toBeNull();
    expect(await db.meeting.findUnique({ where: { id: live.id } })).not.toBeNull();
    // The route answers after its mail was handed over, so none here means none was sent.
    expect(smtp.to(user.email)).toHaveLength(0);
  });

  it("deletes the account and everything in it, ends the browser session and deletes the Stripe customer", async () => {
    const fake = await startFakeStripe();
    Object.assign(process.env, { STRIPE_SECRET_KEY: "sk_test_cohost", STRIPE_API_BASE: fake.url });
    try {
      const { user } = await createUser();
      const { user: other } = await createUser();
      const here = await browser(user.id);
      await createAgent(user.id, validAgent());
      const otherAgent = await createAgent(other.id, validAgent());
      await credit(user.id, 3);
      await db.creditAccount.update({ where: { userId: user.id }, data: { stripeCustomerId: "cus_deleteme" } });
      await db.meeting.create({ data: { userId: user.id, meetingUrl: "https://zoom.us/j/1", platform: "zoom", scheduledStart: new Date(Date.now() + 3600_000) } });

      const res = await call(deleteAccount, { body: { confirmation: ` ${user.email.toUpperCase()} `, currentPassword: TEST_PASSWORD }, headers: here });
      expect(res).toMatchObject({ status: 200, body: { message: "Your account and everything in it were deleted." } });
      expect(res.headers.get("set-cookie")).toMatch(/^next-auth\.session-token=; Path=\/; Expires=[^;]+; Max-Age=0; HttpOnly/);
      expect(await db.user.findUnique({ where: { id: user.id } })).toBeNull();
      for (const count of [db.agent.count({ where: { userId: user.id } }), db.meeting.count({ where: { userId: user.id } }), db.ledgerEntry.count({ where: { userId: user.id } })]) {
        expect(await count).toBe(0);
      }
      expect(fake.requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual(["/v1/customers/cus_deleteme"]);
      // An e-mail confirms it (issue 31), saying what went and whom to write if it was not them.
      const [confirmed] = await smtp.arrived(user.email, 1);
      expect(confirmed.subject).toBe("Your Cohost account was deleted");
      expect(confirmed.text).toContain("It cannot be restored");
      expect(confirmed.text).toContain("If this was not you, write to ");
      expect(await db.agent.findUnique({ where: { id: otherAgent.id } })).not.toBeNull();
      expect((await call(getMe, { headers: here })).status).toBe(401);
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      delete process.env.STRIPE_API_BASE;
      await fake.close();
    }
  });

  it("an account without a password is deleted with the typed e-mail alone", async () => {
    const { user, headers } = await createUser();
    await db.user.update({ where: { id: user.id }, data: { passwordHash: null } });
    expect((await call(deleteAccount, { body: { confirmation: user.email }, headers })).status).toBe(200);
    expect(await db.user.findUnique({ where: { id: user.id } })).toBeNull();
  });
});

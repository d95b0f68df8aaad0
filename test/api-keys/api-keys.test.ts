import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as listKeys, POST as createKey } from "@/app/api/api-keys/route";
import { DELETE as revokeKey } from "@/app/api/api-keys/[id]/route";
import { POST as removeKey } from "@/app/api/api-keys/[id]/remove/route";
import { GET as listAgents, POST as createAgentRoute } from "@/app/api/agents/route";
import { GET as getAgent } from "@/app/api/agents/[id]/route";
import { GET as me } from "@/app/api/me/route";
import { POST as changePassword } from "@/app/api/account/password/route";
import { POST as changeEmail } from "@/app/api/account/email/route";
import { POST as signOutOthers } from "@/app/api/account/sign-out-others/route";
import { POST as deleteAccount } from "@/app/api/account/delete/route";
import { GET as listWebhooks, POST as createWebhook } from "@/app/api/webhooks/route";
import { sha256 } from "@/lib/crypto/random-token";
import { db } from "@/lib/db/client";
import { POST as forgot } from "@/app/api/account/forgot-password/route";
import { POST as resetPassword } from "@/app/api/account/reset-password/route";
import { call, freshClientAddress } from "@/test/http";
import { captureMailForFile, tokenFrom } from "@/test/support/smtp";
import { createUser, TEST_PASSWORD } from "@/test/users";
import { validAgent } from "../agents/fixtures.ts";

async function keyFor(headers: Record<string, string>, body: Record<string, unknown> = { name: "CI", scope: "full" }) {
  const res = await call(createKey, { headers, body });
  expect(res.status).toBe(201);
  return { key: res.body.key as string, id: res.body.apiKey.id as string, auth: { authorization: `Bearer ${res.body.key}`, "content-type": "application/json" } };
}

const smtp = captureMailForFile();
const ip = freshClientAddress(23);

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("API keys", () => {
  it("are shown once, stored hashed, work as bearer tokens, record their last use and stop at once when revoked", async () => {
    const logged: string[] = [];
    for (const level of ["log", "info", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation((...args) => void logged.push(args.map(String).join(" ")));
    const { user, headers } = await createUser();

    const created = await call(createKey, { headers, body: { name: "  Deploy script ", scope: "full" } });
    expect(created.status).toBe(201);
    expect(created.headers.get("cache-control")).toBe("no-store");
    const key: string = created.body.key;
    expect(key).toMatch(/^ck_[A-Za-z0-9_-]{32}$/);
    expect(created.body.apiKey).toEqual({
      id: expect.any(String),
      name: "Deploy script",
      prefix: key.slice(0, 11),
      scope: "full",
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
      createdAt: expect.any(String),
    });
    const stored = await db.apiKey.findUniqueOrThrow({ where: { id: created.body.apiKey.id } });
    expect(stored.keyHash).toBe(sha256(key));
    expect(JSON.stringify(stored)).not.toContain(key);

    const auth = { authorization: `Bearer ${key}` };
    const profile = await call(me, { headers: auth });
    expect(profile.status).toBe(200);
    expect(profile.body.firstName).toBe("Ada");
    const listed = await call(listKeys, { headers });
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect(listed.body[0].lastUsedAt).not.toBeNull();

    const revoked = await call(revokeKey, { method: "DELETE", headers, params: { id: stored.id } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    const after = await call(me, { headers: auth });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: "unauthorized", message: "The API key has been revoked" });
    // Revoking again keeps the first time; the key stays listed as revoked.
    const again = await call(revokeKey, { method: "DELETE", headers, params: { id: stored.id } });
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    expect((await call(listKeys, { headers })).body.map((k: { revokedAt: string }) => k.revokedAt)).toEqual([revoked.body.revokedAt]);

    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(1);
    expect(logged.join("\n")).not.toContain(key);
    expect(logged.join("\n")).not.toContain(key.slice(11));
  });

  it("refuses unknown and malformed keys with 401", async () => {
    for (const authorization of ["Bearer ck_not-a-real-key", "Bearer ck_", `Bearer ck_${"x".repeat(32)}`]) {
      const res = await call(me, { headers: { authorization } });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("The API key is not valid");
    }
  });

  it("a read key reads but gets 403 on every write, and changes nothing", async () => {
    const { user, headers } = await createUser();
    const read = await keyFor(headers, { name: "Dashboard", scope: "read" });
    expect((await call(listAgents, { headers: read.auth })).status).toBe(200);
    const refused = await call(createAgentRoute, { headers: read.auth, body: validAgent() });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/can only read/);
    expect(await db.agent.count({ where: { userId: user.id } })).toBe(0);

    const full = await keyFor(headers);
    expect((await call(createAgentRoute, { headers: full.auth, body: validAgent() })).status).toBe(201);
  });

  it("cannot manage keys, webhooks or the account, even with full access", async () => {
    const { user, headers } = await createUser();
    const full = await keyFor(headers);
    for (const res of [
      await call(listKeys, { headers: full.auth }),
      await call(createKey, { headers: full.auth, body: { name: "More", scope: "full" } }),
      await call(revokeKey, { method: "DELETE", headers: full.auth, params: { id: full.id } }),
      await call(listWebhooks, { headers: full.auth }),
      await call(createWebhook, { headers: full.auth, body: { url: "https://example.com/hook", events: ["meeting.ended"] } }),
      await call(changePassword, { headers: full.auth, body: { currentPassword: TEST_PASSWORD, newPassword: "a much longer passphrase 42" } }),
      await call(changeEmail, { headers: full.auth, body: { email: "someone.else@example.test", currentPassword: TEST_PASSWORD } }),
      await call(signOutOthers, { headers: full.auth }),
      await call(deleteAccount, { headers: full.auth, body: { confirmation: user.email, currentPassword: TEST_PASSWORD } }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("API keys cannot manage API keys, webhooks or the account (password, e-mail, sessions, deletion). Sign in to do this.");
    }
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { email: true, passwordHash: true, sessionVersion: true } });
    expect(after).toMatchObject({ email: user.email, sessionVersion: 0 });
    expect(await db.apiKey.count({ where: { userId: user.id, revokedAt: null } })).toBe(1);
    expect(await db.webhookEndpoint.count({ where: { userId: user.id } })).toBe(0);
  });

  it("expire: a past expiry is refused at creation, and an expired key gets 401", async () => {
    const { user, headers } = await createUser();
    const past = await call(createKey, { headers, body: { name: "Old", scope: "full", expiresAt: "2020-01-01T00:00:00Z" } });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("expiresAt must be in the future");
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    const key = await keyFor(headers, { name: "Soon", scope: "read", expiresAt });
    expect((await call(listKeys, { headers })).body[0].expiresAt).toBe(expiresAt);
    expect((await call(me, { headers: key.auth })).status).toBe(200);

    // The hour has passed (set-up: moved in the database).
    await db.apiKey.update({ where: { id: key.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await call(me, { headers: key.auth });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("The API key has expired");
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(1);
  });

  it("validates name and scope and stores nothing on bad input", async () => {
    const { user, headers } = await createUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ scope: "full" }, "Name is required"],
      [{ name: "  ", scope: "full" }, "Name is required"],
      [{ name: "x".repeat(81), scope: "full" }, "Name must be at most 80 characters"],
      [{ name: "CI" }, "Scope must be read or full"],
      [{ name: "CI", scope: "admin" }, "Scope must be read or full"],
      [{ name: "CI", scope: "full", expiresAt: "tomorrow" }, "expiresAt must be an ISO date and time, e.g. 2027-01-31T00:00:00Z"],
    ];
    for (const [body, message] of cases) {
      const res = await call(createKey, { headers, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(0);
  });

  it("never reach another user's data (404), and another user's key cannot be revoked", async () => {
    const a = await createUser();
    const b = await createUser();
    const aKey = await keyFor(a.headers);
    const bKey = await keyFor(b.headers);
    const bAgent = await call(createAgentRoute, { headers: b.headers, body: validAgent() });
    expect((await call(getAgent, { headers: aKey.auth, params: { id: bAgent.body.id } })).status).toBe(404);
    expect((await call(listAgents, { headers: aKey.auth })).body).toEqual([]);
    expect((await call(revokeKey, { method: "DELETE", headers: a.headers, params: { id: bKey.id } })).status).toBe(404);
    expect((await call(me, { headers: bKey.auth })).status).toBe(200);
  });

  it("a revoked or expired key can be removed from the list; a working one must be revoked first; never another user's (issue 31)", async () => {
    const { headers } = await createUser();
    const other = await createUser();
    const live = await keyFor(headers, { name: "Live", scope: "read" });
    const revoked = await keyFor(headers, { name: "Revoked", scope: "read" });
    const expired = await keyFor(headers, { name: "Expired", scope: "read" });
    await db.apiKey.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await call(revokeKey, { method: "DELETE", headers, params: { id: revoked.id } });

    const refused = await call(removeKey, { method: "POST", headers, params: { id: live.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("Revoke the key before removing it");
    expect((await call(removeKey, { method: "POST", headers: other.headers, params: { id: revoked.id } })).status).toBe(404);
    expect((await call(removeKey, { method: "POST", headers: live.auth, params: { id: revoked.id } })).status).toBe(403);
    expect((await call(removeKey, { method: "POST", headers, params: { id: revoked.id } })).status).toBe(204);
    expect((await call(removeKey, { method: "POST", headers, params: { id: expired.id } })).status).toBe(204);
    expect((await call(listKeys, { headers })).body.map((k: { name: string }) => k.name)).toEqual(["Live"]);
    expect((await call(me, { headers: revoked.auth })).status).toBe(401);
  });

  it("are rate limited per key: 429 with Retry-After, other keys unaffected", async () => {
    vi.stubEnv("RATE_LIMIT_API_KEY", "3/60");
    const { headers } = await createUser();
    const busy = await keyFor(headers);
    const other = await keyFor(headers, { name: "Other", scope: "read" });
    for (let i = 0; i < 3; i++) expect((await call(me, { headers: busy.auth })).status).toBe(200);
    const limited = await call(me, { headers: busy.auth });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await call(me, { headers: other.auth })).status).toBe(200);
  });

  it("a new key is mailed to its owner; a password reset revokes every key, a password change and 'sign out others' keep them", async () => {
    const { user, headers } = await createUser();
    const kept = await keyFor(headers, { name: "Kept", scope: "read" });
    const [mail] = await smtp.arrived(user.email, 1);
    expect(mail.subject).toBe("A new Cohost API key was created");
    expect(mail.text).toContain(`An API key named "Kept" (${kept.key.slice(0, 11)}…, read only) was just created for your Cohost account.`);
    expect(mail.text).not.toContain(kept.key);

    const out = await call(signOutOthers, { headers });
    expect(out.status).toBe(200);
    const bearer = { authorization: `Bearer ${out.body.tokens.access_token}`, "content-type": "application/json" };
    expect((await call(changePassword, { headers: bearer, body: { currentPassword: TEST_PASSWORD, newPassword: "a much longer passphrase 42" } })).status).toBe(200);
    expect((await call(me, { headers: kept.auth })).status).toBe(200);

    await call(forgot, { body: { email: user.email }, headers: ip() });
    const reset = (await smtp.arrived(user.email, 3)).find((m) => m.subject === "Reset your Cohost password")!;
    expect((await call(resetPassword, { body: { token: tokenFrom(reset), password: "brand-new-password-7" }, headers: ip() })).status).toBe(200);
    expect(await call(me, { headers: kept.auth })).toMatchObject({ status: 401, body: { message: "The API key has been revoked" } });
    expect(await db.apiKey.count({ where: { userId: user.id, revokedAt: null } })).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { GET as list, POST as create } from "@/app/api/agents/route";
import { GET as getOne } from "@/app/api/agents/[id]/route";
import { DELETE as signOut, PUT as signIn } from "@/app/api/agents/[id]/bot-session/route";
import { exportAccountData } from "@/lib/account/export-data";
import { rejectBotSession } from "@/lib/agents/reject-bot-session";
import { decryptSecret } from "@/lib/crypto/secrets";
import { db } from "@/lib/db/client";
import { botSessionFor } from "@/lib/bots/run/bot-session";
import { call } from "@/test/http";
import { createUser } from "@/test/users";
import { validAgent } from "./fixtures";

// Signed-in bots (issue 27): the agent's browser session through the API — validated, only the
// provider's cookies and origins kept, encrypted at rest, never returned (only provider, label and
// dates), replaced and removed; the worker's reading of it; the data export (names and dates only).

const SECRET_COOKIE = "g-session-SECRET-9f3a7c";
const FOREIGN_COOKIE = "foreign-SECRET-1b2c";
const NOW_S = Math.floor(Date.now() / 1000);
const inDays = (d: number) => NOW_S + d * 86_400;

const googleState = (over: { expires?: number } = {}) => ({
  cookies: [
    { name: "SID", value: SECRET_COOKIE, domain: ".google.com", path: "/", expires: over.expires ?? inDays(300), httpOnly: true, secure: true, sameSite: "None" },
    { name: "OSID", value: "o", domain: "meet.google.com", path: "/", expires: over.expires ?? inDays(100), httpOnly: true, secure: true, sameSite: "Lax" },
    { name: "ads", value: FOREIGN_COOKIE, domain: ".doubleclick.net", path: "/", expires: inDays(900), httpOnly: false, secure: true, sameSite: "None" },
    { name: "phish", value: FOREIGN_COOKIE, domain: "google.com.evil.example", path: "/", expires: -1, httpOnly: false, secure: true, sameSite: "Lax" },
  ],
  origins: [
    { origin: "https://meet.google.com", localStorage: [{ name: "k", value: "v" }] },
    { origin: "https://www.youtube.com", localStorage: [{ name: "yt", value: FOREIGN_COOKIE }] },
  ],
});

async function agentOf() {
  const user = await createUser();
  const agent = (await call(create, { body: validAgent({ meetingPlatform: "meet" }), headers: user.headers })).body as { id: string };
  return { ...user, params: { id: agent.id } };
}

const upload = (a: { params: { id: string }; headers: Record<string, string> }, body: Record<string, unknown>) =>
  call(signIn, { method: "PUT", params: a.params, body: { provider: "google", label: "Cohost Bot", ...body }, headers: a.headers });

describe("an agent's signed-in bot session", () => {
  it("is stored encrypted with only the provider's part, answered with provider, label and dates, and never returned", async () => {
    const a = await agentOf();
    const res = await upload(a, { state: JSON.stringify(googleState()) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ botSession: { provider: "google", label: "Cohost Bot", signInAgain: false } });
    const sent = (res.body as { botSession: { expiresAt: string; uploadedAt: string } }).botSession;
    // The latest of the provider's cookies (the foreign one expires later but is not kept).
    expect(new Date(sent.expiresAt).getTime()).toBe(inDays(300) * 1000);

    const stored = await db.agent.findUniqueOrThrow({ where: { id: a.params.id } });
    expect(stored.botSessionEnc).toMatch(/^v1:/);
    expect(stored.botSessionEnc).not.toContain(SECRET_COOKIE);
    const kept = JSON.parse(decryptSecret(stored.botSessionEnc!)) as { cookies: { name: string }[]; origins: { origin: string }[] };
    expect(kept.cookies.map((c) => c.name)).toEqual(["SID", "OSID"]);
    expect(kept.origins.map((o) => o.origin)).toEqual(["https://meet.google.com"]);

    const answers = JSON.stringify([res.body, (await call(getOne, { params: a.params, headers: a.headers })).body, (await call(list, { headers: a.headers })).body]);
    for (const secret of [SECRET_COOKIE, FOREIGN_COOKIE, stored.botSessionEnc!]) expect(answers).not.toContain(secret);

    // The data export names it and its dates, never the session.
    const exported = JSON.stringify(await exportAccountData(a.user.id));
    expect(exported).toContain("Cohost Bot");
    expect(exported).toContain("botSessionUploadedAt");
    for (const secret of [SECRET_COOKIE, stored.botSessionEnc!]) expect(exported).not.toContain(secret);

    // The worker's reading: for Meet only, decrypted, with the account's name.
    expect(botSessionFor(stored, "meet")).toMatchObject({ provider: "google", label: "Cohost Bot", state: { cookies: [{ name: "SID", value: SECRET_COOKIE }, { name: "OSID" }] } });
    expect(botSessionFor(stored, "teams")).toBeNull();
    expect(botSessionFor(stored, "zoom")).toBeNull();
  });

  it.each([
    ["not JSON", "{cookies:", /not JSON/],
    ["not a storage state", JSON.stringify({ cookies: "all of them" }), /Playwright storage state/],
    ["no Google cookie", JSON.stringify({ cookies: [googleState().cookies[2]], origins: [] }), /no Google sign-in cookies/],
    ["an expired session", JSON.stringify(googleState({ expires: inDays(-1) })), /has expired/],
    ["a file too large", JSON.stringify({ ...googleState(), pad: "x".repeat(260_000) }), /too large/],
  ])("refuses %s, saying what is wrong at the file", async (_what, state, message) => {
    const a = await agentOf();
    const res = await upload(a, { state });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "validation_error", issues: [{ path: "state", message: expect.stringMatching(message) }] });
    expect((await db.agent.findUniqueOrThrow({ where: { id: a.params.id } })).botSessionEnc).toBeNull();
  });

  it("refuses a missing label or provider, and another user's agent is not found", async () => {
    const a = await agentOf();
    expect((await upload(a, { label: " ", state: JSON.stringify(googleState()) })).body).toMatchObject({ issues: [{ path: "label" }] });
    expect((await upload(a, { provider: "zoom", state: JSON.stringify(googleState()) })).body).toMatchObject({ issues: [{ path: "provider" }] });
    const other = await createUser();
    expect((await upload({ params: a.params, headers: other.headers }, { state: JSON.stringify(googleState()) })).status).toBe(404);
    expect((await call(signOut, { method: "DELETE", params: a.params, headers: other.headers })).status).toBe(404);
  });

  it("is replaced by a new upload, marked when a meeting found it signed out, and removed", async () => {
    const a = await agentOf();
    await upload(a, { state: JSON.stringify(googleState()) });
    const first = await db.agent.findUniqueOrThrow({ where: { id: a.params.id } });
    await rejectBotSession(a.params.id, first.botSessionUploadedAt!);
    expect((await call(getOne, { params: a.params, headers: a.headers })).body).toMatchObject({ botSession: { signInAgain: true } });

    const again = await upload(a, { label: "Team bot", state: JSON.stringify(googleState()) });
    expect(again.body).toMatchObject({ botSession: { label: "Team bot", signInAgain: false } });
    // A refusal of the old upload, arriving late, does not mark the new one.
    await rejectBotSession(a.params.id, first.botSessionUploadedAt!);
    expect((await call(getOne, { params: a.params, headers: a.headers })).body).toMatchObject({ botSession: { signInAgain: false } });

    const out = await call(signOut, { method: "DELETE", params: a.params, headers: a.headers });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ botSession: null });
    const row = await db.agent.findUniqueOrThrow({ where: { id: a.params.id } });
    expect([row.botSessionEnc, row.botSessionLabel, row.botSessionProvider, row.botSessionUploadedAt]).toEqual([null, null, null, null]);
  });
});

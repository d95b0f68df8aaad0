import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { GET as list, POST as create } from "@/app/api/agents/route";
import { DELETE as remove, GET as getOne, PUT as update } from "@/app/api/agents/[id]/route";
import { PATCH as setStatus } from "@/app/api/agents/[id]/status/route";
import { POST as verify } from "@/app/api/providers/[kind]/[providerId]/verify/route";
import { db } from "@/lib/db/client";
import { startFakeProviders } from "@/test/fakes/providers/server";
import { call } from "@/test/http";
import { createUser } from "@/test/users";
import { AI_KEY, STT_KEY, TTS_KEY, ZOOM_SECRET, validAgent } from "./fixtures";

let fake: Awaited<ReturnType<typeof startFakeProviders>>;
beforeAll(async () => {
  fake = await startFakeProviders();
  Object.assign(process.env, fake.env);
});
afterAll(() => fake.close());

it("no response and no console line ever contains a stored key or its ciphertext", async () => {
  const lines: string[] = [];
  const spies = (["log", "info", "warn", "error", "debug", "trace"] as const).map((m) =>
    vi.spyOn(console, m).mockImplementation((...args) => void lines.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === "string" ? a : JSON.stringify(a))).join(" "))),
  );
  const bodies: unknown[] = [];
  const record = async (res: Promise<{ status: number; body: unknown }>) => {
    const r = await res;
    bodies.push(r.body);
    return r;
  };
  let ciphertexts: string[] = [];
  try {
    const { headers } = await createUser();
    const agent = (await record(call(create, { body: validAgent({ zoomAppKey: "zk", zoomAppSecret: ZOOM_SECRET }), headers }))).body as { id: string };
    const params = { id: agent.id };
    const stored = await db.agent.findUniqueOrThrow({ where: { id: agent.id } });
    ciphertexts = [stored.sttApiKeyEnc!, stored.aiApiKeyEnc!, stored.ttsApiKeyEnc!, stored.zoomAppSecretEnc!];

    await record(call(list, { headers }));
    await record(call(getOne, { params, headers }));
    await record(call(update, { method: "PUT", params, body: { name: "Renamed" }, headers }));
    // Invalid updates, including one that carries the keys again.
    await record(call(update, { method: "PUT", params, body: validAgent({ name: "x".repeat(100), language: "xx" }), headers }));
    await record(call(update, { method: "PUT", params, body: { sttApiKey: 42 }, headers }));
    await record(call(setStatus, { method: "PATCH", params, body: { status: "paused" }, headers }));
    // Test key with the stored key, valid and rejected, and with a typed key.
    const checked = await record(call(verify, { params: { kind: "stt", providerId: "deepgram" }, body: { agentId: agent.id }, headers }));
    expect(checked.body).toMatchObject({ status: "invalid" });
    expect(fake.seen.at(-1)).toMatchObject({ provider: "deepgram", headers: { authorization: `Token ${STT_KEY}` } });
    await record(call(verify, { params: { kind: "ai", providerId: "openai" }, body: { apiKey: AI_KEY }, headers }));
    await record(call(remove, { method: "DELETE", params, headers }));
  } finally {
    spies.forEach((s) => s.mockRestore());
  }
  const responses = JSON.stringify(bodies);
  const logged = lines.join("\n");
  for (const secret of [STT_KEY, AI_KEY, TTS_KEY, ZOOM_SECRET, ...ciphertexts]) {
    expect(responses).not.toContain(secret);
    expect(logged).not.toContain(secret);
  }
  // The hints are there instead.
  expect(responses).toContain("dg-…1111");
});

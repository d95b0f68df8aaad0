import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as providers } from "@/app/api/providers/[kind]/route";
import { GET as defaults } from "@/app/api/providers/defaults/route";
import { POST as verify } from "@/app/api/providers/[kind]/[providerId]/verify/route";
import { db } from "@/lib/db/client";
import { call } from "@/test/http";
import { createUser } from "@/test/users";

const ids = (body: { id: string }[]) => body.map((p) => p.id);

describe("GET /api/providers/{kind} and /api/providers/defaults", () => {
  it("lists the active providers of each kind as a bare list, in catalogue order", async () => {
    const { headers } = await createUser();
    // A switched-off provider of our own, so the seeded rows other tests use stay untouched.
    const off = `off-${randomUUID().slice(0, 8)}`;
    await db.provider.create({ data: { kind: "ai", id: off, name: "Switched off", isActive: false, sortOrder: -1, docsUrl: "https://example.com" } });

    const ai = await call(providers, { params: { kind: "ai" }, headers });
    expect(ai.status).toBe(200);
    expect(ids(ai.body)).not.toContain(off);
    expect(ids(ai.body).slice(0, 5)).toEqual(["openai", "anthropic", "gemini", "groq", "openai-compatible"]);
    expect(ai.body[0]).toEqual({
      id: "openai",
      kind: "ai",
      name: "OpenAI",
      isActive: true,
      isDefault: true,
      defaultModel: "gpt-4o-mini",
      models: expect.arrayContaining(["gpt-4o-mini", "gpt-4o"]),
      voices: [],
      extraParams: expect.arrayContaining([{ name: "temperature", type: "number", default: 0.7, min: 0, max: 2, description: "Sampling temperature" }]),
      docsUrl: "https://platform.openai.com/docs/api-reference/chat",
      retirements: {},
      keyOptional: false,
    });
    expect(ai.body.find((p: { id: string }) => p.id === "openai-compatible").keyOptional).toBe(true);
    expect(ai.body.find((p: { id: string }) => p.id === "anthropic").retirements["claude-sonnet-4-5"]).toEqual({ retiresOn: "2026-11-30", replacement: "claude-sonnet-4-6" });
    expect(ids((await call(providers, { params: { kind: "stt" }, headers })).body).slice(0, 4)).toEqual(["deepgram", "assemblyai", "openai", "openai-compatible"]);
    const tts = (await call(providers, { params: { kind: "tts" }, headers })).body;
    expect(ids(tts).slice(0, 5)).toEqual(["elevenlabs", "cartesia", "deepgram", "openai", "openai-compatible"]);
    expect(tts.find((p: { id: string }) => p.id === "openai").voices).toContainEqual({ id: "alloy", name: "Alloy" });

    const unknown = await call(providers, { params: { kind: "video" }, headers });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "not_found", message: "Unknown provider kind" });
    // Test key refuses a switched-off provider as unknown.
    expect((await call(verify, { params: { kind: "ai", providerId: off }, body: { apiKey: "k" }, headers })).status).toBe(404);
  });

  it("gives the default provider and model of each kind", async () => {
    const { headers } = await createUser();
    const res = await call(defaults, { headers });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      stt: { providerId: "deepgram", model: "nova-3" },
      ai: { providerId: "openai", model: "gpt-4o-mini" },
      tts: { providerId: "elevenlabs", model: "eleven_flash_v2_5" },
    });
  });

  it("needs a signed-in user", async () => {
    for (const res of [
      await call(providers, { params: { kind: "stt" } }),
      await call(defaults),
      await call(verify, { params: { kind: "stt", providerId: "deepgram" }, body: { apiKey: "k" } }),
    ]) {
      expect(res.status).toBe(401);
    }
  });
});

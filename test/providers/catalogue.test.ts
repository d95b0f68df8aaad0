import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { PROVIDER_CATALOGUE, PROVIDER_KINDS, type CatalogueEntry } from "@/lib/providers/catalogue";
import { extraParamsErrors } from "@/lib/providers/extra-params";
import { seedProviders } from "@/lib/providers/seed";

describe("provider catalogue", () => {
  it("has the required providers of each kind and exactly one default per kind", () => {
    const ids = (kind: string) => PROVIDER_CATALOGUE.filter((p) => p.kind === kind).map((p) => p.id);
    expect(ids("stt")).toEqual(["deepgram", "assemblyai", "openai", "openai-compatible"]);
    expect(ids("ai")).toEqual(["openai", "anthropic", "gemini", "groq", "openai-compatible"]);
    expect(ids("tts")).toEqual(["elevenlabs", "cartesia", "deepgram", "openai", "openai-compatible"]);
    for (const kind of PROVIDER_KINDS) expect(PROVIDER_CATALOGUE.filter((p) => p.kind === kind && p.isDefault)).toHaveLength(1);
    expect(PROVIDER_CATALOGUE.find((p) => p.kind === "stt" && p.id === "openai")?.models).toEqual(["gpt-4o-transcribe", "gpt-4o-mini-transcribe", "whisper-1"]);
  });

  it("documents every entry: docs link, models with the default among them, typed params whose defaults pass their own rules", () => {
    for (const p of PROVIDER_CATALOGUE) {
      const label = `${p.kind}/${p.id}`;
      expect(p.docsUrl, label).toMatch(/^https:\/\//);
      if (p.defaultModel) expect(p.models, label).toContain(p.defaultModel);
      expect(p.baseUrl === null, label).toBe(p.id === "openai-compatible");
      if (p.id === "openai-compatible") expect(p.extraParams.find((s) => s.name === "baseUrl"), label).toMatchObject({ required: true, format: "url" });
      // Every default, plus a value for each required parameter, is a valid set of extra params.
      const defaults = Object.fromEntries(
        p.extraParams.flatMap((s) => (s.default !== undefined ? [[s.name, s.default]] : s.required ? [[s.name, s.format === "url" ? "https://llm.example.com/v1" : "some-model"]] : [])),
      );
      for (const s of p.extraParams) {
        expect(s.description, `${label} ${s.name}`).toBeTruthy();
        if (s.default !== undefined) expect(typeof s.default, `${label} ${s.name}`).toBe(s.type);
      }
      expect(extraParamsErrors(p.extraParams, defaults), label).toEqual([]);
      for (const v of p.voices ?? []) expect(v.id && v.name, label).toBeTruthy();
    }
  });

  it("seeding upserts entries and keeps an operator's isActive", async () => {
    const id = `test-${randomUUID().slice(0, 8)}`;
    const entry: CatalogueEntry = { kind: "tts", id, name: "Test TTS", defaultModel: "m1", models: ["m1"], extraParams: [], docsUrl: "https://example.com", baseUrl: "https://tts.example.com" };
    await seedProviders(db, [entry]);
    await db.provider.update({ where: { kind_id: { kind: "tts", id } }, data: { isActive: false } });
    await seedProviders(db, [{ ...entry, name: "Renamed TTS", models: ["m1", "m2"] }]);
    expect(await db.provider.findUniqueOrThrow({ where: { kind_id: { kind: "tts", id } } })).toMatchObject({ name: "Renamed TTS", models: ["m1", "m2"], isActive: false });
  });
});

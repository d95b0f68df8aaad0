import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { createUser } from "@/test/users";

// Data migrations that follow catalogue changes: stored agents must stay savable (no parameter the
// catalogue no longer declares) and keep everything else.
const sql = (name: string) => readFileSync(new URL(`../../prisma/migrations/${name}/migration.sql`, import.meta.url), "utf8");

type Params = Record<string, string | number | boolean>;
async function agent(userId: string, aiProviderId: string, aiExtraParams: Params, other: { sttProviderId?: string; sttExtraParams?: Params; ttsProviderId?: string; ttsExtraParams?: Params } = {}) {
  return db.agent.create({ data: { userId, name: "A", sttProviderId: "deepgram", aiProviderId, aiExtraParams, ttsProviderId: "elevenlabs", ...other } });
}
const stored = (id: string) => db.agent.findUniqueOrThrow({ where: { id } });

describe("catalogue data migrations", () => {
  it("20261125191752_anthropic_no_temperature drops temperature from Anthropic agents only", async () => {
    const { user } = await createUser();
    const anthropic = await agent(user.id, "anthropic", { temperature: 0.4, maxTokens: 200, model: "claude-sonnet-4-6" });
    const openai = await agent(user.id, "openai", { temperature: 0.4 });
    await db.$executeRawUnsafe(sql("20261125191752_anthropic_no_temperature"));
    expect((await db.agent.findUniqueOrThrow({ where: { id: anthropic.id } })).aiExtraParams).toEqual({ maxTokens: 200, model: "claude-sonnet-4-6" });
    expect((await db.agent.findUniqueOrThrow({ where: { id: openai.id } })).aiExtraParams).toEqual({ temperature: 0.4 });
  });

  it("20261125192237_provider_params_as_vendors_name_them renames STT params to the vendors' names and keeps Cartesia in range", async () => {
    const { user } = await createUser();
    const deepgram = await agent(user.id, "openai", {}, { sttExtraParams: { model: "nova-3", endpointing: 400, utteranceEndMs: 1500, interimResults: false, smartFormat: false, keyterms: "Cohost" } });
    const assembly = await agent(user.id, "openai", {}, { sttProviderId: "assemblyai", sttExtraParams: { endOfTurnConfidenceThreshold: 0.6, minEndOfTurnSilenceWhenConfident: 250, maxTurnSilence: 2000, formatTurns: false, keytermsPrompt: "A, B" } });
    const fast = await agent(user.id, "openai", {}, { ttsProviderId: "cartesia", ttsExtraParams: { model: "sonic-2", speed: 1.8, volume: 1.2 } });
    const fine = await agent(user.id, "openai", {}, { ttsProviderId: "cartesia", ttsExtraParams: { model: "sonic-3.5", speed: 1.2 } });
    // An ElevenLabs agent's own params are not Cartesia's.
    const eleven = await agent(user.id, "openai", {}, { ttsExtraParams: { speed: 1.2, model: "sonic-2" } });
    await db.$executeRawUnsafe(sql("20261125192237_provider_params_as_vendors_name_them"));
    expect((await stored(deepgram.id)).sttExtraParams).toEqual({ model: "nova-3", endpointing: 400, utterance_end_ms: 1500, interim_results: false, smart_format: false, keyterm: "Cohost" });
    expect((await stored(assembly.id)).sttExtraParams).toEqual({ end_of_turn_confidence_threshold: 0.6, min_turn_silence: 250, max_turn_silence: 2000, format_turns: false, keyterms_prompt: "A, B" });
    expect((await stored(fast.id)).ttsExtraParams).toEqual({ model: "sonic-3", speed: 1.5, volume: 1.2 });
    expect((await stored(fine.id)).ttsExtraParams).toEqual({ model: "sonic-3.5", speed: 1.2 });
    expect((await stored(eleven.id)).ttsExtraParams).toEqual({ speed: 1.2, model: "sonic-2" });
  });
});

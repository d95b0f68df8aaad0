import { describe, expect, it } from "vitest";
import { providerFailure } from "@/lib/bots/provider-failure";
import { agentRetirements, hasRetired, modelRetirement, retiresSoon } from "@/lib/providers/retirements";
import { createProviders } from "@/lib/voice/providers/create-providers";
import { ProviderError, type AgentVoiceConfig } from "@/lib/voice/types";
import { collect, providerConfig, useVoiceFakes } from "./support";

const ctx = useVoiceFakes();

function voiceWith(aiModel: string): AgentVoiceConfig {
  return {
    name: "A", instructions: "", language: "en", wakeWord: null, manualActivation: true,
    stt: providerConfig("stt", "deepgram", ctx.fakes.validKey),
    ai: providerConfig("ai", "anthropic", ctx.fakes.validKey, { model: aiModel }),
    tts: providerConfig("tts", "openai", ctx.fakes.validKey),
  };
}

async function chatError(voice: AgentVoiceConfig): Promise<ProviderError> {
  const { ai } = createProviders({ stt: voice.stt, ai: voice.ai, tts: voice.tts }, ctx.options);
  return collect(ai.chat([{ role: "user", content: "Hello?" }], new AbortController().signal)).then(
    () => {
      throw new Error("the chat should have failed");
    },
    (err: unknown) => err as ProviderError,
  );
}

describe("retired models", () => {
  it("a meeting whose model the provider refuses after its retirement date fails as model_retired, naming the replacement", async () => {
    ctx.fakes.set({ today: "2026-12-01" });
    const voice = voiceWith("claude-sonnet-4-5");
    const err = await chatError(voice);
    expect(err).toBeInstanceOf(ProviderError);
    expect(providerFailure(err, voice, new Date("2026-12-01T08:00:00Z"))).toEqual({
      reason: "model_retired",
      data: expect.objectContaining({ kind: "ai", provider: "anthropic", providerName: "Anthropic", model: "claude-sonnet-4-5", retiredOn: "2026-11-30", replacement: "claude-sonnet-4-6" }),
    });
  });

  it("an unknown model, or a refusal before the retirement date, stays an ordinary provider_error", async () => {
    const unknown = voiceWith("claude-nonexistent-1");
    expect(providerFailure(await chatError(unknown), unknown, new Date("2026-12-01T08:00:00Z")).reason).toBe("provider_error");
    const early = voiceWith("claude-sonnet-4-5");
    ctx.fakes.failNext("anthropic", { status: 404 }, 1, "chat");
    expect(providerFailure(await chatError(early), early, new Date("2026-11-25T08:00:00Z")).reason).toBe("provider_error");
  });

  it("warns 30 days ahead, counts the retirement day as retired, and lists an agent's retiring models soonest first", () => {
    const sonnet = modelRetirement("ai", "anthropic", "claude-sonnet-4-5")!;
    expect(sonnet).toMatchObject({ retiresOn: "2026-11-30", replacement: "claude-sonnet-4-6" });
    expect(modelRetirement("ai", "anthropic", "claude-haiku-4-5")).toBeNull();
    expect(retiresSoon(sonnet, new Date("2026-10-30T00:00:00Z"))).toBe(false);
    expect(retiresSoon(sonnet, new Date("2026-10-31T00:00:00Z"))).toBe(true);
    expect(hasRetired(sonnet, new Date("2026-11-29T23:59:59Z"))).toBe(false);
    expect(hasRetired(sonnet, new Date("2026-11-30T00:00:00Z"))).toBe(true);
    const agent = { sttProviderId: "deepgram", sttExtraParams: {}, aiProviderId: "anthropic", aiExtraParams: { model: "claude-opus-4-5" }, ttsProviderId: "elevenlabs", ttsExtraParams: {} };
    expect(agentRetirements(agent, new Date("2026-11-25T00:00:00Z"))).toEqual([]);
    expect(agentRetirements(agent, new Date("2027-01-01T00:00:00Z"))).toEqual([expect.objectContaining({ model: "claude-opus-4-5", retiresOn: "2027-01-22" })]);
    // The catalogue default counts when the agent sets no model.
    expect(agentRetirements({ ...agent, aiExtraParams: {} }, new Date("2027-01-01T00:00:00Z"))).toEqual([]);
  });
});

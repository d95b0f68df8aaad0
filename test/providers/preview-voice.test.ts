import { beforeEach, describe, expect, it } from "vitest";
import { POST as create } from "@/app/api/agents/route";
import { POST as preview } from "@/app/api/providers/[kind]/[providerId]/preview/route";
import { validAgent } from "@/test/agents/fixtures";
import { voiceFakesForFile } from "@/test/fakes/voice/for-file";
import { call } from "@/test/http";
import { createUser } from "@/test/users";

// POST /api/providers/tts/{providerId}/preview: a short sample of the step's voice, spoken by the
// provider through the same adapter a meeting uses (here the strict fakes), answered as WAV.

const fakes = voiceFakesForFile({ providersEnv: true });
let headers: Record<string, string>;
const sample = (providerId: string, body: Record<string, unknown>, h = headers, kind = "tts") => call(preview, { params: { kind, providerId }, body, headers: h });
const speech = (provider: string) => fakes.requests.filter((r) => r.provider === provider && r.surface === "speech");

/** The WAV header's sample rate and the number of 16-bit samples after it. */
function wav(bytes: Buffer): { rate: number; samples: number } {
  expect(bytes.toString("ascii", 0, 4)).toBe("RIFF");
  expect(bytes.toString("ascii", 8, 12)).toBe("WAVE");
  return { rate: bytes.readUInt32LE(24), samples: (bytes.length - 44) / 2 };
}

beforeEach(async () => {
  headers = (await createUser()).headers;
});

describe("POST /api/providers/tts/{providerId}/preview", () => {
  it("speaks the sample with each provider, model and voice, as a WAV of the provider's rate", async () => {
    // The fakes make 60 ms of "speech" per character of text.
    const english = "Hello! This is how I will sound in your meetings.";
    const eleven = await sample("elevenlabs", { apiKey: fakes.validKey, extraParams: { voiceId: "cL0n3dV01c3Xyz123456", model: "eleven_turbo_v2_5" } });
    expect(eleven.status).toBe(200);
    expect(eleven.headers.get("content-type")).toBe("audio/wav");
    expect(wav(eleven.bytes)).toEqual({ rate: 22_050, samples: Math.round((english.length * 60 * 22_050) / 1000) });
    expect(speech("elevenlabs")[0].path).toBe("/elevenlabs/v1/text-to-speech/cL0n3dV01c3Xyz123456/multi-stream-input");
    expect(speech("elevenlabs")[0].query).toMatchObject({ model_id: "eleven_turbo_v2_5" });
    for (const [id, extra] of [["cartesia", { speed: 1.2 }], ["deepgram", {}], ["openai", { voice: "nova" }], ["openai-compatible", { baseUrl: fakes.compatibleBaseUrl }]] as const) {
      const res = await sample(id, { apiKey: fakes.validKey, extraParams: extra });
      expect(res.status, id).toBe(200);
      expect(wav(res.bytes).rate, id).toBe(24_000);
      expect(wav(res.bytes).samples, id).toBeGreaterThan(24_000);
    }
  });

  it("speaks the agent's language, with the key the agent stores when none is typed", async () => {
    const agent = (await call(create, { body: validAgent({ language: "de", ttsApiKey: fakes.validKey }), headers })).body;
    const res = await sample("elevenlabs", { agentId: agent.id, language: "de" });
    expect(res.status).toBe(200);
    const texts = speech("elevenlabs")[0].messages.map((m) => (m as { text?: string }).text).join("");
    expect(texts).toContain("Hallo! So klinge ich in Ihren Meetings.");
    expect(speech("elevenlabs")[0].query).toMatchObject({ language_code: "de" });
    const stranger = await createUser();
    expect((await sample("elevenlabs", { agentId: agent.id }, stranger.headers)).status).toBe(404);
  });

  it("says what the provider refused, without the key; only text-to-speech providers speak", async () => {
    const refused = await sample("cartesia", { apiKey: "wrong-key-000000" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/Cartesia text-to-speech rejected the API key/);
    expect(refused.body.message).not.toContain("wrong-key-000000");
    const badVoice = await sample("openai", { apiKey: fakes.validKey, extraParams: { speed: 9 } });
    expect(badVoice.status).toBe(400);
    expect((await sample("openai", { apiKey: fakes.validKey }, headers, "stt")).status).toBe(404);
    expect((await sample("nope", { apiKey: fakes.validKey })).status).toBe(404);
    expect((await sample("elevenlabs", {})).body.issues).toEqual([{ path: "apiKey", message: "Enter a key to test" }]);
    expect((await sample("openai-compatible", { apiKey: "k" })).body.issues).toEqual([{ path: "extraParams.baseUrl", message: '"baseUrl" is required' }]);
  });
});

import { describe, expect, it } from "vitest";
import { initialValues, issuesByField, parseParams, requestBody } from "./form-values";

const defaults = { stt: { providerId: "deepgram", model: "nova-3" }, ai: { providerId: "openai", model: "gpt-4o-mini" }, tts: { providerId: "elevenlabs", model: "eleven_flash_v2_5" } };

describe("agent form values", () => {
  it("a new agent starts from the catalogue's default providers", () => {
    const v = initialValues(undefined, defaults);
    expect([v.stt.providerId, v.ai.providerId, v.tts.providerId]).toEqual(["deepgram", "openai", "elevenlabs"]);
    expect(v).toMatchObject({ language: "en", transcript: true, manualActivation: false, meetingPlatform: "meet" });
  });

  it("reads the params editor as a JSON object only", () => {
    expect(parseParams("")).toEqual({});
    expect(parseParams('{"temperature": 0.2}')).toEqual({ temperature: 0.2 });
    expect(parseParams("[1]")).toBeNull();
    expect(parseParams("null")).toBeNull();
    expect(parseParams("{oops")).toBeNull();
  });

  it("sends a key only when typed or cleared, and splits the e-mail list", () => {
    const v = initialValues(undefined, defaults);
    const body = requestBody({
      ...v,
      name: "A",
      wakeWord: "hey",
      whitelist: "a@example.com, b@example.com\nc@example.com",
      stt: { ...v.stt, apiKey: "dg-key" },
      ai: { ...v.ai, clearKey: true },
      tts: { ...v.tts, extraText: '{"voiceId": "x"}' },
    });
    expect(body).toMatchObject({ sttApiKey: "dg-key", aiApiKey: "", ttsExtraParams: { voiceId: "x" }, whitelistedEmails: ["a@example.com", "b@example.com", "c@example.com"] });
    expect(body).not.toHaveProperty("ttsApiKey");
    expect(body).not.toHaveProperty("zoomAppSecret");
  });

  it("files server issues under their form fields", () => {
    expect(
      issuesByField([
        { path: "name", message: "Name is required" },
        { path: "whitelistedEmails.1", message: "Invalid e-mail address: x" },
        { path: "aiExtraParams.temperature", message: "too hot" },
        { path: "aiExtraParams", message: "not an object" },
      ]),
    ).toEqual({ name: ["Name is required"], whitelistedEmails: ["Invalid e-mail address: x"], aiExtraParams: ["too hot", "not an object"] });
  });
});

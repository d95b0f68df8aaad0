import { describe, expect, it } from "vitest";
import type { Provider } from "@/lib/client/use-providers";
import { emailEntries, initialValues, invalidEmailEntries, issuesByField, parseParams, requestBody, splitParams, stepParams, visibleHint, voiceParam } from "./form-values";

const provider = (over: Partial<Provider>): Provider =>
  ({ id: "x", kind: "tts", name: "X", isActive: true, isDefault: false, defaultModel: null, models: [], voices: [], extraParams: [], docsUrl: null, ...over }) as Provider;
const elevenlabs = provider({
  id: "elevenlabs",
  models: ["eleven_flash_v2_5", "eleven_turbo_v2_5"],
  voices: [{ id: "pNInz6obpgDQGcFmaJgB", name: "Adam" }],
  extraParams: [{ name: "model", type: "string", description: "" }, { name: "voiceId", type: "string", description: "" }, { name: "speed", type: "number", description: "" }],
});

const defaults = { stt: { providerId: "deepgram", model: "nova-3" }, ai: { providerId: "openai", model: "gpt-4o-mini" }, tts: { providerId: "elevenlabs", model: "eleven_flash_v2_5" } };

describe("agent form values", () => {
  it("a server of the user's own keeps its voice in the Voice field though it lists no voices (issue 31)", () => {
    const own = provider({ id: "openai-compatible", extraParams: [{ name: "baseUrl", type: "string", description: "" }, { name: "voice", type: "string", description: "" }, { name: "speed", type: "number", description: "" }] });
    expect(voiceParam(own)).toBe("voice");
    expect(splitParams({ baseUrl: "https://tts.example.com/v1", voice: "af_bella", speed: 1.2 }, own)).toEqual({ picks: { baseUrl: "https://tts.example.com/v1", voice: "af_bella" }, rest: { speed: 1.2 } });
  });

  it("a new agent starts from the catalogue's default providers", () => {
    const v = initialValues(undefined, defaults);
    expect([v.stt.providerId, v.ai.providerId, v.tts.providerId]).toEqual(["deepgram", "openai", "elevenlabs"]);
    expect(v).toMatchObject({ language: "en", transcript: true, manualActivation: false, meetingPlatform: "meet" });
  });

  it("'Join before the start': the server's default is sent as null, a choice as its minutes, and read back", () => {
    const v = initialValues(undefined, defaults);
    expect(v.joinLeadMinutes).toBe("");
    expect(requestBody(v).joinLeadMinutes).toBeNull();
    expect(requestBody({ ...v, joinLeadMinutes: "0" }).joinLeadMinutes).toBe(0);
    expect(requestBody({ ...v, joinLeadMinutes: "15" }).joinLeadMinutes).toBe(15);
    const stored = { ...({} as Parameters<typeof initialValues>[0]), joinLeadMinutes: 0 } as NonNullable<Parameters<typeof initialValues>[0]>;
    expect(initialValues(stored, defaults).joinLeadMinutes).toBe("0");
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

  it("keeps what the Model and Voice pickers show out of the params editor, and sends both", () => {
    expect(splitParams({ model: "eleven_turbo_v2_5", voiceId: "pNInz6obpgDQGcFmaJgB", speed: 1.1 }, elevenlabs)).toEqual({
      picks: { model: "eleven_turbo_v2_5", voiceId: "pNInz6obpgDQGcFmaJgB" },
      rest: { speed: 1.1 },
    });
    // Any model id and any voice (a cloned one the catalogue does not know) have their fields too.
    expect(splitParams({ voiceId: "my-cloned-voice", model: "custom" }, elevenlabs)).toEqual({ picks: { voiceId: "my-cloned-voice", model: "custom" }, rest: {} });
    expect(splitParams({ model: "gpt-x", temperature: 1 }, undefined)).toEqual({ picks: { model: "gpt-x" }, rest: { temperature: 1 } });
    // An OpenAI-compatible server's base URL has a field of its own; a non-text value stays in the editor.
    const compatible = provider({ id: "openai-compatible", extraParams: [{ name: "baseUrl", type: "string", description: "" }, { name: "model", type: "string", description: "" }] });
    expect(splitParams({ baseUrl: "https://llm.example.com/v1", model: 7 }, compatible)).toEqual({ picks: { baseUrl: "https://llm.example.com/v1" }, rest: { model: 7 } });

    const agent = { ttsProviderId: "elevenlabs", ttsExtraParams: { voiceId: "pNInz6obpgDQGcFmaJgB", speed: 1.1 } } as unknown as Parameters<typeof initialValues>[0];
    const v = initialValues(agent, defaults, { stt: [], ai: [], tts: [elevenlabs] });
    expect(v.tts.picks).toEqual({ voiceId: "pNInz6obpgDQGcFmaJgB" });
    expect(JSON.parse(v.tts.extraText)).toEqual({ speed: 1.1 });
    expect(stepParams(v.tts)).toEqual({ speed: 1.1, voiceId: "pNInz6obpgDQGcFmaJgB" });
    expect(requestBody({ ...v, name: "A" }).ttsExtraParams).toEqual({ speed: 1.1, voiceId: "pNInz6obpgDQGcFmaJgB" });
    expect(stepParams({ ...v.tts, extraText: "{oops" })).toBeNull();
  });

  it("splits the organiser list on commas, semicolons and new lines only, and names each bad entry once", () => {
    expect(emailEntries(" boss@example.com, not an email\nlead@example.com;; not an email ")).toEqual([
      "boss@example.com",
      "not an email",
      "lead@example.com",
      "not an email",
    ]);
    expect(invalidEmailEntries("boss@example.com, not an email\nnot an email; x@y")).toEqual(["not an email", "x@y"]);
    expect(invalidEmailEntries("a@example.com\n\nb@example.com")).toEqual([]);
  });

  it("shows a stored key's hint only when it reveals something", () => {
    expect(visibleHint("sk-…9f2c")).toBe("sk-…9f2c");
    expect(visibleHint("…")).toBeNull();
    expect(visibleHint(null)).toBeNull();
  });

  it("files server issues under their form fields", () => {
    expect(
      issuesByField([
        { path: "name", message: "Name is required" },
        { path: "whitelistedEmails.1", message: "Invalid e-mail address: x" },
        { path: "aiExtraParams.temperature", message: "too hot" },
        { path: "aiExtraParams", message: "not an object" },
        { path: "aiExtraParams.model", message: '"model" is required' },
        { path: "sttExtraParams.baseUrl", message: '"baseUrl" is required' },
      ]),
    ).toEqual({
      name: ["Name is required"],
      whitelistedEmails: ["Invalid e-mail address: x"],
      aiExtraParams: ["too hot", "not an object"],
      "aiExtraParams.model": ['"model" is required'],
      "sttExtraParams.baseUrl": ['"baseUrl" is required'],
    });
  });
});

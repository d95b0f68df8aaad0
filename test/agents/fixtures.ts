// A complete, valid agent body and the keys it carries, shared by the agent API tests.
export const STT_KEY = "dg-secret-key-AAAA1111";
export const AI_KEY = "sk-proj-secret-BBBB2222";
export const TTS_KEY = "el-secret-key-CCCC3333";
export const ZOOM_SECRET = "zoom-secret-DDDD4444";

export const validAgent = (over: Record<string, unknown> = {}) => ({
  name: "Meeting helper",
  description: "Answers questions about the roadmap.",
  language: "en",
  wakeWord: "hey cohost",
  sttProviderId: "deepgram",
  sttApiKey: STT_KEY,
  sttExtraParams: { endpointing: 400 },
  aiProviderId: "openai",
  aiApiKey: AI_KEY,
  aiExtraParams: { temperature: 0.3 },
  ttsProviderId: "elevenlabs",
  ttsApiKey: TTS_KEY,
  meetingPlatform: "zoom",
  whitelistedEmails: ["Boss@Example.com", "boss@example.com", "team@example.com"],
  ...over,
});

// The provider catalogue (seeded reference data). Extended by the agents/providers capability.
export type ExtraParamSpec = {
  name: string;
  type: "string" | "number" | "boolean";
  default?: string | number | boolean;
  description: string;
};

export interface CatalogueEntry {
  kind: "stt" | "ai" | "tts";
  id: string;
  name: string;
  isDefault?: boolean;
  defaultModel?: string;
  models: string[];
  voices?: { id: string; name: string }[];
  extraParams: ExtraParamSpec[];
  docsUrl: string;
  baseUrl?: string;
}

export const PROVIDER_CATALOGUE: CatalogueEntry[] = [
  { kind: "stt", id: "deepgram", name: "Deepgram", isDefault: true, defaultModel: "nova-3", models: ["nova-3", "nova-2"], extraParams: [], docsUrl: "https://developers.deepgram.com/docs" },
  { kind: "ai", id: "openai", name: "OpenAI", isDefault: true, defaultModel: "gpt-4o-mini", models: ["gpt-4o-mini", "gpt-4o"], extraParams: [], docsUrl: "https://platform.openai.com/docs" },
  { kind: "tts", id: "elevenlabs", name: "ElevenLabs", isDefault: true, defaultModel: "eleven_flash_v2_5", models: ["eleven_flash_v2_5"], extraParams: [], docsUrl: "https://elevenlabs.io/docs" },
];

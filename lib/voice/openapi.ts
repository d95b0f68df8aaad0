import type { Operation } from "../contract/operation.ts";
import { previewSchema } from "./preview-voice.ts";

// The voice runtime over HTTP: "Play a sample" of a text-to-speech provider's voice.

export const VOICE_OPERATIONS: Operation[] = [
  { method: "post", path: "/api/providers/{kind}/{providerId}/preview", operationId: "previewVoice", tag: "Agents", summary: "Speak a short sample with a text-to-speech provider, voice and key", auth: "user", body: previewSchema, responses: { 200: { mediaTypes: ["audio/wav"], description: "The sample, 16-bit mono PCM in a WAV file" } } },
];

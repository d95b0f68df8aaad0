import { VAD_BLOCK_MS } from "../../lib/voice/audio/vad.ts";
import { SPEECH_END_BLOCKS } from "../../lib/voice/pipeline/tuning.ts";

// What the voice benchmarks tell the fakes to take, and what of it a reply must wait for, so that
// "overhead" (voice-to-voice minus the configured waits) means the same in bench:pipeline and
// bench:voice.

/** Fake provider delays in the range providers publish (research/voice-pipelines.md §3.1). */
export const FAKE_DELAYS = { sttFinalMs: 150, sttInterimEveryMs: 300, llmFirstTokenMs: 250, llmTokenMs: 0, ttsFirstAudioMs: 120, ttsChunkMs: 0 };

/** Our VAD's end of speech: this much silence after the last speech block. */
export const END_OF_SPEECH_MS = SPEECH_END_BLOCKS * VAD_BLOCK_MS;

/**
 * The waits on the critical path from the end of a person's speech to the agent's first audio: the
 * silence that ends the turn (the provider's own end of turn when it has one, else our VAD's) and the
 * STT's final after it, the LLM's first token, the TTS's first audio.
 * `sttEndsAfterMs`: silence after which the provider itself ends the turn, or null when it
 * transcribes only once our VAD hears the end.
 */
export function configuredWaits(sttEndsAfterMs: number | null) {
  const turnEnd = (sttEndsAfterMs ?? END_OF_SPEECH_MS) + FAKE_DELAYS.sttFinalMs;
  return {
    turn_end: turnEnd,
    llm_first_token: FAKE_DELAYS.llmFirstTokenMs,
    tts_first_audio: FAKE_DELAYS.ttsFirstAudioMs,
    total: turnEnd + FAKE_DELAYS.llmFirstTokenMs + FAKE_DELAYS.ttsFirstAudioMs,
  };
}

/** Nearest-rank percentile, rounded to a millisecond; null without values. */
export function percentileMs(values: number[], p: number): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]) : null;
}

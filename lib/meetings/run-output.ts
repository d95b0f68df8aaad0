// What a bot's voice session leaves on the meeting's record (lib/meetings/bot-runs.ts saves each):
// transcript lines, tool calls, provider usage and the latency of each reply.

export type ProviderUsage =
  | { kind: "stt"; providerId: string; model: string; audioMs: number }
  | { kind: "ai"; providerId: string; model: string; inputTokens: number; outputTokens: number }
  | { kind: "tts"; providerId: string; model: string; characters: number };

/** Latency of one agent reply, all in ms (null where the turn never got that far). */
export interface TurnMetrics {
  turnId: number;
  /** Our VAD's end of speech → the final transcript of the turn. */
  transcriptMs: number | null;
  /** LLM request sent → first token. */
  llmFirstTokenMs: number | null;
  /** First text sent to TTS → first audio back. */
  ttsFirstAudioMs: number | null;
  /** End of the person's speech → the agent's first audio handed to the output. */
  voiceToVoiceMs: number | null;
  /** On the session clock: the end of the person's speech (the turn's end), and the agent's first audio (null if none). */
  speechEndAt: number;
  firstAudioAt: number | null;
  interrupted: boolean;
  /** Tools the reply called, and the time it waited for their results (null without calls). */
  toolCalls: number;
  toolMs: number | null;
}

export interface TranscriptSegment {
  speaker: string;
  /** Participant id for people; null for the agent. */
  speakerId: string | null;
  isAgent: boolean;
  text: string;
  startMs: number;
  endMs: number;
  /** The agent was cut off: `text` is only what it actually said. */
  interrupted?: boolean;
  /** Typed in the meeting's chat (by a person or the agent), not spoken (docs/bots.md, "Chat"). */
  chat?: true;
}

/** One tool call of the agent, as the meeting's records keep it. */
export interface ToolCallRecord {
  turnId: number;
  name: string;
  /** The arguments the model gave (parsed; {} when they did not parse). */
  arguments: Record<string, unknown>;
  /** On the session clock. */
  startMs: number;
  durationMs: number;
  ok: boolean;
  /** Why it failed (timeout, the tool's own error), in short. */
  error?: string;
  /** The result was dropped: a person talked over the agent while the call ran. */
  abandoned?: boolean;
}

/**
 * Why a turn got no answer: no wake word in it (wake-word mode), manual activation is off, or the
 * agent fell behind the meeting's audio and skipped some of it to catch up (a turn was lost in it).
 */
export type UnansweredReason = "no_wake_word" | "not_activated" | "behind";

// How much of a transcript one summary request may carry, by the model's context window (docs/tools.md).

/** Context windows in tokens by provider, with model-specific exceptions; unknown models get the cautious default. */
const WINDOWS: Record<string, { tokens: number; models?: [RegExp, number][] }> = {
  openai: { tokens: 128_000, models: [[/^gpt-4\.1/, 1_000_000]] },
  anthropic: { tokens: 200_000 },
  gemini: { tokens: 1_000_000 },
  groq: { tokens: 128_000 },
};
/** An OpenAI-compatible server's model is unknown: many local models run with 8k. */
const UNKNOWN_MODEL_TOKENS = 8_192;
/** Kept free for the instructions and the answer. */
const RESERVED_TOKENS = 3_000;
/** Characters per token, on the safe side (English averages ~4; other languages and names fewer). */
const CHARS_PER_TOKEN = 3;
/** Even a huge window gets at most this much per request: latency and cost grow with the prompt. */
const MAX_REQUEST_CHARS = 400_000;

/** The characters of transcript (and notes) one summary request may carry for this model. */
export function summaryBudgetChars(providerId: string, model: string): number {
  const entry = WINDOWS[providerId];
  const tokens = entry ? (entry.models?.find(([pattern]) => pattern.test(model))?.[1] ?? entry.tokens) : UNKNOWN_MODEL_TOKENS;
  return Math.min(MAX_REQUEST_CHARS, Math.max(2_000, (tokens - RESERVED_TOKENS) * CHARS_PER_TOKEN));
}

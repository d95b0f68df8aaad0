import { jsonLineLogger, type ProviderLogger } from "./log.ts";
import { DEFAULT_RETRY, type RetryPolicy } from "./retry.ts";

/** Knobs every adapter shares; tests and the bench shorten them, production keeps the defaults. */
export interface AdapterOptions {
  log: ProviderLogger;
  retry: RetryPolicy;
  /** Until a connection is open or response headers arrive. */
  connectTimeoutMs: number;
  /** Longest silence inside a streamed answer (LLM tokens, TTS audio) before it counts as dropped. */
  idleTimeoutMs: number;
  /** STT sockets: a keep-alive message after this much time without audio (Deepgram closes after 10 s). */
  keepAliveMs: number;
  /** How long close() waits for a provider's last results. */
  closeTimeoutMs: number;
}

const DEFAULT_ADAPTER_OPTIONS: AdapterOptions = {
  log: jsonLineLogger,
  retry: DEFAULT_RETRY,
  connectTimeoutMs: 10_000,
  idleTimeoutMs: 20_000,
  keepAliveMs: 4_000,
  closeTimeoutMs: 3_000,
};

export function adapterOptions(overrides: Partial<AdapterOptions> = {}): AdapterOptions {
  return { ...DEFAULT_ADAPTER_OPTIONS, ...overrides };
}

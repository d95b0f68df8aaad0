import type { VadBlock } from "../audio/vad.ts";
import { isRetryable } from "../providers/retry.ts";
import { INPUT_SAMPLE_RATE, type SttEvent, type SttProvider, type SttStream } from "../types.ts";
import { asProviderError, type ProviderFailures } from "./provider-failures.ts";
import type { SessionContext } from "./session-context.ts";
import { MAX_STT_REOPENS } from "./tuning.ts";

export interface TranscriberOptions extends SessionContext {
  provider: SttProvider;
  failures: ProviderFailures;
  /** Each event of the stream in use. */
  onEvent: (event: SttEvent) => void;
}

/**
 * The session's speech-to-text: one stream at a time, fed the utterances' audio. A stream that ends
 * after the adapter's own retries is reopened, up to MAX_STT_REOPENS times in a row; during an
 * outage (a failure that can pass) the session is deaf and a new stream is tried with back-off,
 * checked on the session clock (`tick`); a bad key ends the session. The audio each stream bills is
 * reported as usage at each end of speech, when the stream is dropped, and at the end.
 */
export class Transcriber {
  private readonly options: TranscriberOptions;
  private current: { stream: SttStream; controller: AbortController; reportedMs: number } | null = null;
  private reopens = 0;
  /** During an outage: when to open the next stream (session clock). */
  private reopenAt: number | null = null;
  private closed = false;

  constructor(options: TranscriberOptions) {
    this.options = options;
  }

  open(): SttStream {
    const controller = new AbortController();
    const stream = this.options.provider.open(controller.signal);
    this.current = { stream, controller, reportedMs: 0 };
    // A failed connection also ends `events`, where listen() deals with it.
    stream.ready.then(() => this.options.failures.recovered("stt"), () => {});
    void this.listen(stream);
    return stream;
  }

  send(block: VadBlock): void {
    this.current?.stream.push({ samples: block.samples, sampleRate: INPUT_SAMPLE_RATE, timeMs: block.timeMs, speakerId: block.speakerId });
  }

  /** Our VAD heard the end of speech: the stream transcribes what it has now. */
  finalize(): void {
    this.current?.stream.finalize();
  }

  /** Drops the stream (its usage so far reported) and listens on a new one. */
  replace(): void {
    const current = this.current;
    if (!current) return;
    this.reportUsage();
    this.current = null;
    current.controller.abort();
    this.open();
  }

  /** The audio the provider billed since the last report (the adapter knows how it bills). */
  reportUsage(): void {
    const current = this.current;
    if (!current) return;
    const audioMs = Math.round(current.stream.audioMs - current.reportedMs);
    if (audioMs <= 0) return;
    current.reportedMs += audioMs;
    const { providerId, model } = this.options.provider;
    this.options.emit({ type: "usage", usage: { kind: "stt", providerId, model, audioMs } });
  }

  /** During an outage: opens the next stream once its back-off has passed. */
  tick(): void {
    if (this.reopenAt !== null && this.options.now() >= this.reopenAt) {
      this.reopenAt = null;
      this.open();
    }
  }

  /** The session stops: the provider's last words still become transcript, then the stream goes, its usage reported. */
  async close(): Promise<void> {
    this.closed = true;
    const current = this.current;
    if (!current) return;
    await current.stream.close().catch((err) => this.options.log("stt_close_error", { level: "warn", error: String(err) }));
    this.reportUsage();
    this.current = null;
    current.controller.abort();
  }

  private async listen(stream: SttStream): Promise<void> {
    let problem: unknown = null;
    try {
      for await (const event of stream.events) {
        // A stream abandoned to catch up: what it still says belongs to a turn that was dropped.
        if (this.current?.stream !== stream) continue;
        this.reopens = 0;
        this.options.onEvent(event);
      }
    } catch (err) {
      problem = err;
    }
    if (this.closed || this.current?.stream !== stream) return;
    this.reportUsage();
    const { failures, provider } = this.options;
    // The adapter reconnects by itself; a stream that still ends failed for its own retries.
    const error = asProviderError(problem ?? "the stream ended", "stt", provider.providerId);
    if (error.kind === "invalid_key") return failures.fail(error);
    this.current.controller.abort();
    if (isRetryable(error)) {
      // An outage: the meeting goes on, deaf for now; a new stream is tried with back-off (tick()).
      this.current = null;
      if (!failures.transient(error)) return;
      this.reopenAt = failures.nextRetryAt();
      return;
    }
    if (++this.reopens > MAX_STT_REOPENS) return failures.fail(error);
    this.open();
  }
}

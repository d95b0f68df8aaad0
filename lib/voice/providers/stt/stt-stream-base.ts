import { INPUT_SAMPLE_RATE, type PcmFrame, type SttEvent, type SttStream } from "../../types.ts";
import { AsyncQueue } from "../async-queue.ts";
import type { ProviderRef } from "../errors.ts";
import type { AdapterOptions } from "../options.ts";
import { AbortedError, onAbort } from "../retry.ts";

export const SAMPLES_PER_MS = INPUT_SAMPLE_RATE / 1000;

/**
 * The lifecycle every speech-to-text stream shares, whether it uploads utterances over HTTP or streams
 * over a WebSocket: `events` end exactly once, failed (with the ProviderError the session acts on) or
 * finished; finishing aborts the stream's own requests, frees what it holds and unhooks it from the
 * caller's signal, whose abort finishes it too. `close()` stops taking audio, lets the stream drain
 * (its last uploads, the provider's last results) and finishes. Billed audio is counted here in
 * samples; a provider that bills something else overrides `audioMs`.
 */
export abstract class SttStreamBase implements SttStream {
  readonly events = new AsyncQueue<SttEvent>();
  abstract readonly ready: Promise<void>;
  protected readonly ref: ProviderRef;
  protected readonly options: AdapterOptions;
  /** Aborts this stream's requests and connections; aborted when it finishes. */
  protected readonly internal = new AbortController();
  /** Samples the provider bills: uploaded (HTTP) or streamed (WebSocket). */
  protected billedSamples = 0;
  private phase: "open" | "closing" | "finished" = "open";
  private detach: () => void = () => {};
  private markFinished: () => void = () => {};
  /** Resolves once the stream has finished. */
  protected readonly whenFinished = new Promise<void>((resolve) => (this.markFinished = resolve));

  constructor(ref: ProviderRef, options: AdapterOptions, signal: AbortSignal) {
    this.ref = ref;
    this.options = options;
    if (signal.aborted) this.internal.abort();
    else this.detach = onAbort(signal, () => this.finish());
  }

  get audioMs(): number {
    return Math.round(this.billedSamples / SAMPLES_PER_MS);
  }

  /** Audio and finalize() are still taken: the stream is neither closing nor finished. */
  protected get accepting(): boolean {
    return this.phase === "open";
  }

  protected get finished(): boolean {
    return this.phase === "finished";
  }

  abstract push(frame: PcmFrame): void;
  abstract finalize(): void;

  async close(): Promise<void> {
    if (this.phase === "finished") return;
    this.phase = "closing";
    // Nothing to wait for (no connection yet): finished at once, before anything else can happen.
    const draining = this.drain();
    if (draining) await draining;
    this.finish();
  }

  /** Closing: what the stream still owes before it finishes (the last uploads, the provider's last results), if anything. */
  protected abstract drain(): Promise<void> | void;

  /** Frees what the stream holds (a socket, timers) as it finishes. */
  protected release(): void {}

  /** Ends the stream with an error (also for a provider message that ends the session for good). */
  protected fail(err: unknown): void {
    if (this.phase === "finished") return;
    this.events.fail(err);
    this.finish();
  }

  /** A request or connection gave up: our own abort is the stream ending, anything else a failure. */
  protected gaveUp(err: unknown): void {
    if (err instanceof AbortedError) this.finish();
    else this.fail(err);
  }

  protected finish(): void {
    if (this.phase === "finished") return;
    this.phase = "finished";
    this.detach();
    this.internal.abort();
    this.release();
    this.events.end();
    this.markFinished();
  }
}

import type { TtsStream } from "../../types.ts";
import { AsyncQueue } from "../async-queue.ts";
import type { ProviderRef } from "../errors.ts";
import { send, streamBody, type HttpCall } from "../http.ts";
import type { AdapterOptions } from "../options.ts";
import { PcmDecoder } from "../pcm.ts";
import { AbortedError, backoffDelay, isRetryable, onAbort, sleep } from "../retry.ts";

/** Builds the request that synthesises one chunk of text. */
type SpeechRequest = (text: string) => Omit<HttpCall, "signal" | "timeoutMs">;

// Chunks shorter than this wait for the next one: one request per word would sound choppy and cost
// a round trip each. The pipeline normally pushes whole sentences.
const MIN_CHUNK_CHARS = 8;
// Requests in flight at once: the next sentence synthesises while the current one plays.
const MAX_IN_FLIGHT = 2;

interface Job {
  text: string;
  chunks: Int16Array[];
  done: boolean;
  started: boolean;
}

/**
 * One utterance for HTTP-only TTS (OpenAI /audio/speech, Deepgram Aura /v1/speak): every pushed
 * chunk is its own streaming request on the shared keep-alive connection; audio comes out in order.
 * A request that fails before its first byte is retried; after that the rest of that chunk is lost
 * (logged) rather than repeated. cancel() destroys every request at once.
 */
export class SentenceTtsStream implements TtsStream {
  readonly audio: AsyncQueue<Int16Array>;
  characters = 0;
  private pending = "";
  private readonly jobs: Job[] = [];
  private ended = false;
  private readonly controller = new AbortController();
  private detach: () => void = () => {};
  private readonly ref: ProviderRef;
  private readonly request: SpeechRequest;
  private readonly options: AdapterOptions;

  constructor(ref: ProviderRef, request: SpeechRequest, options: AdapterOptions, signal: AbortSignal) {
    this.ref = ref;
    this.request = request;
    this.options = options;
    // A consumer that stops reading wants no more audio: same as cancel().
    this.audio = new AsyncQueue<Int16Array>(() => this.cancel());
    if (signal.aborted) this.cancel();
    else this.detach = onAbort(signal, () => this.cancel());
  }

  pushText(text: string): void {
    if (this.ended || this.audio.closed) return;
    this.pending += text;
    if (this.pending.trim().length >= MIN_CHUNK_CHARS) this.enqueue();
  }

  end(): void {
    if (this.ended || this.audio.closed) return;
    this.ended = true;
    if (this.pending.trim()) this.enqueue();
    this.pump();
  }

  cancel(): void {
    this.detach();
    this.controller.abort();
    this.audio.end();
  }

  private enqueue(): void {
    this.jobs.push({ text: this.pending.trim(), chunks: [], done: false, started: false });
    this.pending = "";
    this.pump();
  }

  /** Starts jobs up to the in-flight limit and hands out audio of the oldest one; ends after the last. */
  private pump(): void {
    if (this.audio.closed) return;
    while (this.jobs.length > 0 && this.jobs[0].done) {
      const job = this.jobs.shift()!;
      for (const chunk of job.chunks) this.audio.push(chunk);
    }
    if (this.jobs.length > 0) {
      const head = this.jobs[0];
      for (const chunk of head.chunks.splice(0)) this.audio.push(chunk);
    }
    let inFlight = this.jobs.filter((j) => j.started && !j.done).length;
    for (const job of this.jobs) {
      if (inFlight >= MAX_IN_FLIGHT) break;
      if (job.started) continue;
      job.started = true;
      inFlight++;
      void this.run(job);
    }
    if (this.ended && this.jobs.length === 0) {
      this.detach();
      this.audio.end();
    }
  }

  private async run(job: Job): Promise<void> {
    const signal = this.controller.signal;
    this.characters += [...job.text].length;
    for (let attempt = 1; ; attempt++) {
      let bytes = 0;
      try {
        const res = await send(this.ref, { ...this.request(job.text), signal, timeoutMs: this.options.connectTimeoutMs });
        const decoder = new PcmDecoder();
        for await (const chunk of streamBody(this.ref, res, { idleMs: this.options.idleTimeoutMs, signal })) {
          bytes += chunk.length;
          const samples = decoder.decode(chunk);
          if (samples.length > 0) {
            job.chunks.push(samples);
            this.pump();
          }
        }
        break;
      } catch (err) {
        if (signal.aborted || err instanceof AbortedError) return;
        if (bytes > 0 && isRetryable(err)) {
          this.options.log({ provider: this.ref.providerId, kind: this.ref.kind, event: "dropped", attempt, error: (err as Error).message });
          break;
        }
        if (!isRetryable(err) || attempt >= this.options.retry.attempts) {
          if (isRetryable(err)) this.options.log({ provider: this.ref.providerId, kind: this.ref.kind, event: "speak_gave_up", attempt, error: (err as Error).message });
          this.detach();
          this.controller.abort();
          this.audio.fail(err);
          return;
        }
        const delayMs = backoffDelay(this.options.retry, attempt);
        this.options.log({ provider: this.ref.providerId, kind: this.ref.kind, event: "speak_retry", attempt, delayMs, status: (err as { status?: number }).status, error: (err as Error).message });
        try {
          await sleep(delayMs, signal);
        } catch {
          return;
        }
      }
    }
    job.done = true;
    this.pump();
  }
}

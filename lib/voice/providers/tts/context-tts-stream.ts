import { randomUUID } from "node:crypto";
import type WebSocket from "ws";
import type { ProviderError, TtsStream } from "../../types.ts";
import { AsyncQueue } from "../async-queue.ts";
import { providerError, type ProviderRef } from "../errors.ts";
import type { AdapterOptions } from "../options.ts";
import { PcmDecoder } from "../pcm.ts";
import { AbortedError, isRetryable, onAbort } from "../retry.ts";
import type { ContextSocket } from "./context-socket.ts";

/** How a provider opens, feeds, ends and cancels one context. */
export interface ContextDialect {
  /** Sent before the context's first text (e.g. ElevenLabs voice settings); may be empty. */
  open(contextId: string): unknown[];
  text(contextId: string, text: string): unknown;
  end(contextId: string): unknown[];
  cancel(contextId: string): unknown;
  /**
   * The provider forgets a context this long after its last audio (Cartesia). Each text then asks
   * for a flush, and text that comes after such a pause, once everything sent was voiced, goes to a
   * new context; an end after it has nothing left to send.
   */
  contextTtlMs?: number;
  /** The end messages already close the context for good (ElevenLabs): a cancel after them sends nothing. */
  endIsFinal?: boolean;
}

/**
 * One utterance as one provider context on the session's shared socket. Text pushed before the
 * socket is open waits; audio is decoded to whole samples as it arrives. If the socket drops before
 * any audio came back, the utterance starts again on the next socket (new context, same text);
 * after audio, replaying would repeat words, so the utterance ends there (logged).
 */
export class ContextTtsStream implements TtsStream {
  readonly audio: AsyncQueue<Int16Array>;
  characters = 0;
  private contextId = randomUUID();
  private readonly texts: string[] = [];
  private sent = 0;
  private billed = 0;
  private opened = false;
  private ended = false;
  private endSent = false;
  private finished = false;
  private gotAudio = false;
  private restarts = 0;
  /** The current context's flushes not yet voiced, and when its last audio came (contextTtlMs). */
  private unflushed = 0;
  private lastAudioAt = 0;
  private ws: WebSocket | null = null;
  private decoder = new PcmDecoder();
  private detach: () => void = () => {};
  private readonly socket: ContextSocket;
  private readonly dialect: ContextDialect;
  private readonly ref: ProviderRef;
  private readonly options: AdapterOptions;

  constructor(socket: ContextSocket, dialect: ContextDialect, ref: ProviderRef, options: AdapterOptions, signal: AbortSignal) {
    this.socket = socket;
    this.dialect = dialect;
    this.ref = ref;
    this.options = options;
    this.audio = new AsyncQueue<Int16Array>(() => this.cancel());
    if (signal.aborted) {
      this.finished = true;
      this.audio.end();
      return;
    }
    this.detach = onAbort(signal, () => this.cancel());
    this.attach();
  }

  pushText(text: string): void {
    if (this.finished || this.ended || !text.trim()) return;
    // Providers join a context's inputs verbatim: keep a space between sentences.
    this.texts.push(/\s$/.test(text) ? text : `${text} `);
    this.flush();
  }

  end(): void {
    if (this.finished || this.ended) return;
    this.ended = true;
    this.flush();
  }

  cancel(): void {
    if (this.finished) return;
    this.finished = true;
    this.detach();
    const closed = this.endSent && this.dialect.endIsFinal;
    if (this.opened && !closed && this.ws && this.socket.isCurrent(this.ws)) this.socket.send(this.dialect.cancel(this.contextId));
    this.socket.unregister(this.contextId);
    this.audio.end();
  }

  private handler() {
    return {
      audio: (bytes: Buffer) => this.onAudio(bytes),
      flushed: () => {
        this.unflushed = Math.max(0, this.unflushed - 1);
      },
      done: () => this.finish(),
      error: (err: ProviderError) => this.onError(err),
      dropped: () => this.onDropped(),
    };
  }

  private attach(): void {
    this.socket.register(this.contextId, this.handler());
    this.socket.socket().then(
      (ws) => {
        this.ws = ws;
        this.flush();
      },
      (err) => {
        // AbortedError: the session closed the socket meanwhile; the utterance just ends.
        if (err instanceof AbortedError) this.finish();
        else this.fail(err);
      },
    );
  }

  private flush(): void {
    if (this.finished || !this.ws || !this.socket.isCurrent(this.ws)) return;
    // An utterance that ends without text has nothing to synthesise.
    if (this.ended && this.texts.length === 0) return this.finish();
    if (this.texts.length === 0) return;
    if (this.lapsed()) {
      // The provider has forgotten the context and voiced everything sent on it.
      if (this.sent >= this.texts.length) return this.finish();
      this.nextContext();
    }
    if (!this.opened) {
      for (const message of this.dialect.open(this.contextId)) this.socket.send(message);
      this.opened = true;
    }
    for (; this.sent < this.texts.length; this.sent++) {
      const text = this.texts[this.sent];
      this.socket.send(this.dialect.text(this.contextId, text));
      if (this.dialect.contextTtlMs) this.unflushed++;
      if (this.sent >= this.billed) {
        this.characters += [...text.trim()].length;
        this.billed = this.sent + 1;
      }
    }
    if (this.ended && !this.endSent) {
      for (const message of this.dialect.end(this.contextId)) this.socket.send(message);
      this.endSent = true;
    }
  }

  /** The context has been quiet for half its lifetime after voicing all it was sent: too close to expiry to send more. */
  private lapsed(): boolean {
    const ttl = this.dialect.contextTtlMs;
    return Boolean(ttl && this.opened && this.lastAudioAt > 0 && this.unflushed === 0 && Date.now() - this.lastAudioAt >= ttl / 2);
  }

  /** What is left of the utterance continues on a fresh context of the same socket. */
  private nextContext(): void {
    this.socket.unregister(this.contextId);
    this.contextId = randomUUID();
    this.opened = false;
    this.lastAudioAt = 0;
    this.unflushed = 0;
    this.socket.register(this.contextId, this.handler());
  }

  private onAudio(bytes: Buffer): void {
    if (this.finished) return;
    this.gotAudio = true;
    this.lastAudioAt = Date.now();
    const samples = this.decoder.decode(bytes);
    if (samples.length > 0) this.audio.push(samples);
  }

  private onError(err: ProviderError): void {
    if (this.finished) return;
    if (isRetryable(err) && !this.gotAudio) return this.onDropped();
    this.fail(err);
  }

  private onDropped(): void {
    if (this.finished) return;
    if (this.gotAudio) {
      this.options.log({ provider: this.ref.providerId, kind: this.ref.kind, event: "utterance_cut", error: "connection dropped mid-utterance" });
      return this.finish();
    }
    if (++this.restarts >= this.options.retry.attempts) {
      return this.fail(providerError(this.ref, "transient", "the connection kept dropping before any audio"));
    }
    this.options.log({ provider: this.ref.providerId, kind: this.ref.kind, event: "utterance_restart", attempt: this.restarts });
    this.socket.unregister(this.contextId);
    this.contextId = randomUUID();
    this.decoder = new PcmDecoder();
    this.opened = false;
    this.unflushed = 0;
    this.lastAudioAt = 0;
    this.sent = 0;
    this.endSent = false;
    this.ws = null;
    this.attach();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.detach();
    this.socket.unregister(this.contextId);
    this.audio.end();
  }

  private fail(err: unknown): void {
    if (this.finished) return;
    this.finished = true;
    this.detach();
    this.socket.unregister(this.contextId);
    this.audio.fail(err);
  }
}

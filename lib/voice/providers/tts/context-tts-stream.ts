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
    if (this.opened && this.ws && this.socket.isCurrent(this.ws)) this.socket.send(this.dialect.cancel(this.contextId));
    this.socket.unregister(this.contextId);
    this.audio.end();
  }

  private attach(): void {
    this.socket.register(this.contextId, {
      audio: (bytes) => this.onAudio(bytes),
      done: () => this.finish(),
      error: (err) => this.onError(err),
      dropped: () => this.onDropped(),
    });
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
    if (!this.opened) {
      for (const message of this.dialect.open(this.contextId)) this.socket.send(message);
      this.opened = true;
    }
    for (; this.sent < this.texts.length; this.sent++) {
      const text = this.texts[this.sent];
      this.socket.send(this.dialect.text(this.contextId, text));
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

  private onAudio(bytes: Buffer): void {
    if (this.finished) return;
    this.gotAudio = true;
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

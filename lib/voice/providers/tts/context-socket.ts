import type WebSocket from "ws";
import { ProviderError } from "../../types.ts";
import type { ProviderRef } from "../errors.ts";
import type { AdapterOptions } from "../options.ts";
import { AbortedError, isRetryable, withRetry } from "../retry.ts";
import { openSocket } from "../ws.ts";

/** What one provider message means for the context it names. */
export interface ContextMessage {
  contextId?: string;
  audio?: Buffer;
  /** The provider has voiced everything sent up to a flush (Cartesia `flush_done`). */
  flushed?: boolean;
  done?: boolean;
  error?: ProviderError;
}

interface ContextProtocol {
  url: URL;
  headers: Record<string, string>;
  guarded: boolean;
  decode(message: Record<string, unknown>): ContextMessage | null;
  /** A close code (and the last error message seen) → why; null for an ordinary close. */
  closeFailure(code: number, reason: string, lastError: ProviderError | null): ProviderError | null;
}

interface ContextHandler {
  audio(bytes: Buffer): void;
  flushed(): void;
  done(): void;
  error(err: ProviderError): void;
  /** The socket closed under the context; it may start again on a new one. */
  dropped(): void;
}

/**
 * The one WebSocket a session keeps to a context-based TTS provider (ElevenLabs multi-stream-input,
 * Cartesia): opened by prewarm() before the first turn, shared by every utterance (one context each),
 * reopened in the background when the provider closes it (idle timeouts) so the next reply does not
 * pay for a handshake. A refused key is remembered and fails every later use at once.
 */
export class ContextSocket {
  private ws: WebSocket | null = null;
  private connecting: Promise<WebSocket> | null = null;
  private readonly handlers = new Map<string, ContextHandler>();
  private fatal: ProviderError | null = null;
  private lastError: ProviderError | null = null;
  private closed = false;
  private readonly internal = new AbortController();
  private readonly ref: ProviderRef;
  private readonly protocol: ContextProtocol;
  private readonly options: AdapterOptions;

  constructor(ref: ProviderRef, protocol: ContextProtocol, options: AdapterOptions) {
    this.ref = ref;
    this.protocol = protocol;
    this.options = options;
  }

  /** The open socket, connecting (with retries) when there is none. */
  socket(): Promise<WebSocket> {
    if (this.fatal) return Promise.reject(this.fatal);
    if (this.closed) return Promise.reject(new AbortedError());
    if (this.ws) return Promise.resolve(this.ws);
    this.connecting ??= withRetry(this.ref, "connect", () => openSocket(this.ref, { ...this.protocol, timeoutMs: this.options.connectTimeoutMs, signal: this.internal.signal }), {
      policy: this.options.retry,
      log: this.options.log,
      signal: this.internal.signal,
    }).then(
      (ws) => {
        this.connecting = null;
        if (this.closed) {
          ws.terminate();
          throw new AbortedError();
        }
        this.attach(ws);
        return ws;
      },
      (err) => {
        this.connecting = null;
        if (err instanceof ProviderError && !isRetryable(err)) this.fatal = err;
        throw err;
      },
    );
    return this.connecting;
  }

  register(contextId: string, handler: ContextHandler): void {
    this.handlers.set(contextId, handler);
  }

  unregister(contextId: string): void {
    this.handlers.delete(contextId);
  }

  /** Sends on the current socket; false when there is none (the caller waits for socket()). */
  send(message: unknown): boolean {
    if (!this.ws) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  isCurrent(ws: WebSocket): boolean {
    return this.ws === ws;
  }

  close(goodbye?: unknown): void {
    if (this.closed) return;
    this.closed = true;
    this.internal.abort();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      if (goodbye !== undefined) ws.send(JSON.stringify(goodbye));
      ws.close(1000);
      setTimeout(() => ws.terminate(), 1000).unref();
    }
  }

  private attach(ws: WebSocket): void {
    this.ws = ws;
    this.lastError = null;
    ws.on("message", (data, isBinary) => {
      if (isBinary) return;
      let json: unknown;
      try {
        json = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (!json || typeof json !== "object") return;
      const message = this.protocol.decode(json as Record<string, unknown>);
      if (!message) return;
      const handler = message.contextId ? this.handlers.get(message.contextId) : undefined;
      if (message.error) {
        if (handler) handler.error(message.error);
        else this.lastError = message.error;
        return;
      }
      if (!handler) return;
      if (message.audio && message.audio.length > 0) handler.audio(message.audio);
      if (message.flushed) handler.flushed();
      if (message.done) handler.done();
    });
    ws.on("error", () => {});
    ws.on("close", (code, reason) => this.onClose(ws, code, reason.toString()));
  }

  private onClose(ws: WebSocket, code: number, reason: string): void {
    if (this.ws !== ws) return;
    this.ws = null;
    const failure = this.protocol.closeFailure(code, reason, this.lastError);
    const handlers = [...this.handlers.values()];
    if (failure && !isRetryable(failure)) {
      this.fatal = failure;
      for (const h of handlers) h.error(failure);
      return;
    }
    if (this.closed) return;
    this.options.log({ provider: this.ref.providerId, kind: this.ref.kind, event: handlers.length ? "dropped" : "idle_closed", status: code, error: failure?.message ?? reason });
    for (const h of handlers) h.dropped();
    // Warm again for the next utterance; a failure here is retried on the next use.
    this.socket().catch(() => {});
  }
}

import type WebSocket from "ws";
import type { PcmFrame, ProviderError, SttEvent, SttWord } from "../../types.ts";
import { providerError, type ProviderRef } from "../errors.ts";
import type { AdapterOptions } from "../options.ts";
import { concatPcm, pcmBytes } from "../pcm.ts";
import { isRetryable, withRetry } from "../retry.ts";
import { openSocket } from "../ws.ts";
import { StreamClock } from "./stream-clock.ts";
import { SAMPLES_PER_MS, SttStreamBase } from "./stt-stream-base.ts";

export interface WsSttSetup {
  ref: ProviderRef;
  options: AdapterOptions;
  signal: AbortSignal;
  url: URL;
  headers: Record<string, string>;
  guarded: boolean;
}

interface Connection {
  ws: WebSocket;
  openedAt: number;
  ready: boolean;
  /** The provider's session-start message arrived (it may come before anyone waits for it). */
  startSeen?: boolean;
  waiter?: { resolve: () => void; reject: (err: unknown) => void };
}

/**
 * One streaming-STT session over a WebSocket that stays open for the whole meeting: audio is sent in
 * small chunks as it comes, a keep-alive goes out while nobody speaks, a dropped socket is reopened
 * with back-off (audio meanwhile waits in a bounded backlog), and a refused key ends `events` with a
 * ProviderError. Subclasses speak the provider's messages.
 */
export abstract class WsSttStream extends SttStreamBase {
  readonly ready: Promise<void>;
  protected readonly clock = new StreamClock();

  /** Shortest chunk the provider accepts, in ms. */
  protected abstract readonly chunkMs: number;
  /** A last short chunk is padded with silence (AssemblyAI refuses chunks under 50 ms). */
  protected abstract readonly padChunks: boolean;
  /** What holds the line while nobody speaks: a provider message, or a little silence where there is none. */
  protected abstract readonly keepAliveWith: { message: string } | { silenceMs: number } | null;
  protected abstract readonly finalizeMessage: string;
  /** Sent in order by close(); the provider answers with its last results and closes. */
  protected abstract readonly closeMessages: string[];
  /** Audio waiting for a reconnect is capped: sending it faster than real time annoys some providers. */
  protected maxBacklogMs = 5_000;
  /** True: the session starts with a provider message (subclass calls sessionStarted()). */
  protected waitsForStart = false;

  private conn: Connection | null = null;
  private connecting: Promise<void> | null = null;
  private backlog: PcmFrame[] = [];
  private backlogSamples = 0;
  private chunk: Int16Array[] = [];
  private chunkSamples = 0;
  private pendingFinalize = false;
  private closedSessionMs = 0;
  private lastSendAt = 0;
  private keepAlive: NodeJS.Timeout | null = null;
  private textSinceTurnEnd = false;
  private readonly setup: WsSttSetup;
  private readyResolve!: () => void;
  private readyReject!: (err: unknown) => void;

  constructor(setup: WsSttSetup) {
    super(setup.ref, setup.options, setup.signal);
    this.setup = setup;
    this.ready = new Promise<void>((resolve, reject) => {
      this.readyResolve = resolve;
      this.readyReject = reject;
    });
    // Failures also end `events`; a caller that never awaits `ready` must not crash the process.
    this.ready.catch(() => {});
  }

  /** Subclasses call this at the end of their constructor (their fields exist by then). */
  protected start(): void {
    this.connect().then(this.readyResolve, this.readyReject);
  }

  /** Time connections were open, in ms (AssemblyAI bills this). */
  protected sessionMs(): number {
    const open = this.conn && Number.isFinite(this.conn.openedAt) ? performance.now() - this.conn.openedAt : 0;
    return Math.round(this.closedSessionMs + open);
  }

  /** Replaces the measured length of the current connection with the provider's own figure. */
  protected settleSession(providerMs: number): void {
    if (!this.conn) return;
    this.closedSessionMs += providerMs;
    this.conn.openedAt = Number.POSITIVE_INFINITY;
  }

  push(frame: PcmFrame): void {
    if (!this.accepting) return;
    if (!this.conn?.ready) {
      this.backlog.push(frame);
      this.backlogSamples += frame.samples.length;
      while (this.backlogSamples > this.maxBacklogMs * SAMPLES_PER_MS && this.backlog.length > 1) {
        this.backlogSamples -= this.backlog.shift()!.samples.length;
      }
      return;
    }
    this.enqueue(frame);
  }

  finalize(): void {
    if (!this.accepting) return;
    if (!this.conn?.ready) {
      this.pendingFinalize = true;
      return;
    }
    this.flushChunk();
    this.sendText(this.finalizeMessage);
  }

  /** The provider is asked to end with its last results; it closes (or closeTimeoutMs passes). Without a connection, nothing to wait for. */
  protected drain(): Promise<void> | void {
    if (!this.conn?.ready) return;
    this.flushChunk();
    for (const message of this.closeMessages) this.sendText(message);
    const timer = setTimeout(() => this.finish(), this.options.closeTimeoutMs);
    return this.whenFinished.then(() => clearTimeout(timer));
  }

  // ---------- for subclasses ----------

  protected abstract handle(message: Record<string, unknown>): void;

  /** What a close code means; null when it is an ordinary end (we reconnect if we did not ask for it). */
  protected abstract closeFailure(code: number, reason: string): ProviderError | null;

  /** The provider's session-start message arrived. */
  protected sessionStarted(): void {
    const conn = this.conn;
    if (!conn || conn.ready) return;
    conn.startSeen = true;
    conn.waiter?.resolve();
  }

  protected emitInterim(text: string, speakerId?: string): void {
    if (!text) return;
    this.textSinceTurnEnd = true;
    this.events.push(speakerId ? { type: "interim", text, speakerId } : { type: "interim", text });
  }

  protected emitFinal(text: string, extra: { words?: SttWord[]; startMs?: number; endMs?: number; speakerId?: string } = {}): void {
    if (!text) return;
    this.textSinceTurnEnd = true;
    const event: SttEvent = { type: "final", text };
    for (const [k, v] of Object.entries(extra)) if (v !== undefined) (event as Record<string, unknown>)[k] = v;
    this.events.push(event);
  }

  /** At most one end_of_turn per stretch of text: providers often signal the same end twice. */
  protected emitEndOfTurn(): void {
    if (!this.textSinceTurnEnd) return;
    this.textSinceTurnEnd = false;
    this.events.push({ type: "end_of_turn" });
  }

  // ---------- connection ----------

  private connect(): Promise<void> {
    this.connecting ??= withRetry(this.ref, "connect", () => this.openOnce(), {
      policy: this.options.retry,
      log: this.options.log,
      signal: this.internal.signal,
    }).then(
      () => {
        this.connecting = null;
      },
      (err) => {
        this.connecting = null;
        this.gaveUp(err);
        throw err;
      },
    );
    return this.connecting;
  }

  private async openOnce(): Promise<void> {
    let conn: Connection | null = null;
    const early: WebSocket.RawData[] = [];
    const onMessage = (data: WebSocket.RawData, isBinary: boolean) => {
      if (isBinary) return;
      if (!conn) return void early.push(data);
      if (this.conn !== conn) return;
      let message: unknown;
      try {
        message = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (message && typeof message === "object") this.handle(message as Record<string, unknown>);
    };
    const ws = await openSocket(this.ref, {
      url: this.setup.url,
      headers: this.setup.headers,
      guarded: this.setup.guarded,
      timeoutMs: this.options.connectTimeoutMs,
      signal: this.internal.signal,
      onMessage,
    });
    conn = { ws, openedAt: performance.now(), ready: !this.waitsForStart };
    this.conn = conn;
    for (const data of early.splice(0)) onMessage(data, false);
    const opened = conn;
    ws.on("close", (code, reason) => this.onClose(opened, code, reason.toString()));
    ws.on("error", () => {});
    if (!opened.ready && !opened.startSeen) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(providerError(this.ref, "transient", `no session start within ${this.options.connectTimeoutMs} ms`));
          ws.terminate();
        }, this.options.connectTimeoutMs);
        opened.waiter = {
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
          reject: (err) => {
            clearTimeout(timer);
            reject(err);
          },
        };
      });
      opened.waiter = undefined;
    }
    if (this.conn !== opened) throw providerError(this.ref, "transient", "the connection closed while opening");
    opened.ready = true;
    this.clock.restart();
    this.lastSendAt = performance.now();
    this.startKeepAlive();
    const backlog = this.backlog;
    this.backlog = [];
    this.backlogSamples = 0;
    for (const frame of backlog) this.enqueue(frame);
    if (this.pendingFinalize) {
      this.pendingFinalize = false;
      this.flushChunk();
      this.sendText(this.finalizeMessage);
    }
  }

  private onClose(conn: Connection, code: number, reason: string): void {
    if (this.conn !== conn) return;
    this.closedSessionMs += Number.isFinite(conn.openedAt) ? performance.now() - conn.openedAt : 0;
    this.conn = null;
    this.chunk = [];
    this.chunkSamples = 0;
    const failure = this.closeFailure(code, reason);
    if (conn.waiter) {
      conn.waiter.reject(failure ?? providerError(this.ref, "transient", `closed before the session started (${code})`));
      return;
    }
    if (!this.accepting || this.internal.signal.aborted) return this.finish();
    if (failure && !isRetryable(failure)) return this.fail(failure);
    this.options.log({ provider: this.ref.providerId, kind: this.ref.kind, event: "dropped", status: code, error: failure?.message ?? reason });
    this.connect().catch(() => {});
  }

  private enqueue(frame: PcmFrame): void {
    this.clock.sent(frame);
    this.chunk.push(frame.samples);
    this.chunkSamples += frame.samples.length;
    if (this.chunkSamples >= this.chunkMs * SAMPLES_PER_MS) this.flushChunk();
  }

  private flushChunk(): void {
    if (this.chunkSamples === 0 || !this.conn?.ready) return;
    let samples = concatPcm(this.chunk);
    const min = this.chunkMs * SAMPLES_PER_MS;
    if (this.padChunks && samples.length < min) {
      const padded = new Int16Array(min);
      padded.set(samples);
      samples = padded;
    }
    this.chunk = [];
    this.chunkSamples = 0;
    this.conn.ws.send(pcmBytes(samples));
    this.billedSamples += samples.length;
    this.lastSendAt = performance.now();
  }

  private sendText(message: string): void {
    if (!this.conn?.ready) return;
    this.conn.ws.send(message);
    this.lastSendAt = performance.now();
  }

  private startKeepAlive(): void {
    const keepAlive = this.keepAliveWith;
    if (this.keepAlive || !keepAlive) return;
    this.keepAlive = setInterval(() => {
      if (!this.conn?.ready || performance.now() - this.lastSendAt < this.options.keepAliveMs) return;
      if ("message" in keepAlive) return this.sendText(keepAlive.message);
      // Silence is billed as audio and moves the provider's clock on.
      const silence = new Int16Array(keepAlive.silenceMs * SAMPLES_PER_MS);
      this.clock.advance(keepAlive.silenceMs);
      this.conn.ws.send(pcmBytes(silence));
      this.billedSamples += silence.length;
      this.lastSendAt = performance.now();
    }, Math.max(50, this.options.keepAliveMs / 4));
    this.keepAlive.unref();
  }

  /** Finishing: the keep-alive stops and the socket goes, its open time counted. */
  protected override release(): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    const conn = this.conn;
    if (conn) {
      this.closedSessionMs += Number.isFinite(conn.openedAt) ? performance.now() - conn.openedAt : 0;
      this.conn = null;
      conn.ws.terminate();
    }
  }
}

import { log } from "../../log.ts";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { INPUT_SAMPLE_RATE, type AudioSink, type PcmFrame } from "../../voice/types.ts";
import { bridgeInitScript, type PageBridgeConfig } from "./page-script.ts";

// The Node half of the audio bridge (docs/bots.md). The page talks to Node through a CDP binding
// (Runtime.addBinding: no page CSP or local-network rule applies, no port to open) and Node talks to
// the page with Runtime.evaluate on the same CDP session, which delivers in order: a clear() sent
// after a play() always lands after it. PCM crosses as base64.

export interface RemoteTrack {
  /** The id frames of this track carry: the track's stream id as the page sees it, else the track id. */
  speakerId: string;
  trackId: string;
  streamIds: string[];
  /** "peer": a remote track of an RTCPeerConnection; "element": a stream a media element played. */
  origin: "peer" | "element";
  ended: boolean;
}

export interface AudioBridge extends AudioSink {
  /** 16 kHz mono frames of every remote voice, tagged with its speakerId. Returns an unsubscribe. */
  onFrame(listener: (frame: PcmFrame) => void): () => void;
  /** A remote audio track started or ended. */
  onTrack(listener: (track: RemoteTrack) => void): () => void;
  /** The bot's microphone started (true) or stopped (false) playing audio from play(). */
  onPlayback(listener: (playing: boolean) => void): () => void;
  /** Queues PCM (any sample rate) for gap-free playout on the bot's microphone. */
  play(samples: Int16Array, sampleRate: number): void;
  /** Silences the microphone within 5 ms and drops everything queued. */
  clear(): void;
  /** Milliseconds of play()ed audio that have gone out on the microphone (cumulative, ≤ 100 ms old). */
  playedMs(): number;
  /** Waits until the page has applied every earlier play() and clear(); resolves the exact playedMs. */
  sync(): Promise<number>;
  /** How the call's audio has reached the page so far (null: no remote audio, or the page is gone). */
  receiveStats(): Promise<ReceiveStats | null>;
  /** Stops capture and playout in the page; no callbacks after it. */
  close(): Promise<void>;
}

/** The page's WebRTC receivers of audio, over the call so far (getStats, inbound-rtp). */
export interface ReceiveStats {
  /** Mean time a sample spent in the jitter buffer, and the buffer's mean target. */
  jitterBufferMs: number;
  jitterBufferTargetMs: number;
  /** Samples made up for lost or late packets, in % of those received. */
  concealedPercent: number;
}

export interface AudioBridgeOptions {
  /** Capture frame length (default 20 ms). */
  frameMs?: 20 | 40;
  /** What to capture (default "peer": remote tracks of RTCPeerConnections). */
  capture?: PageBridgeConfig["capture"];
  /** The session clock that PcmFrame.timeMs is on (default performance.now()). */
  now?: () => number;
  /** Problems inside the page (default: a warning on the console). */
  onError?: (error: Error) => void;
}

const BINDING = "__cohostBridgeSend";

type Message =
  /** PCM as base64, or `silent`: that many samples of digital silence (a voice that just went quiet). */
  | { type: "frame"; speakerId: string; t: number; c: string; pcm?: string; silent?: number }
  | ({ type: "track" } & RemoteTrack)
  | { type: "mic"; trackId: string }
  | { type: "played"; playedMs: number; playing: boolean }
  | { type: "error"; message: string };

function isPage(target: BrowserContext | Page): target is Page {
  return typeof (target as Page).mainFrame === "function";
}

/**
 * Installs the bridge on a bot's page, or on every page of a bot's browser context. Call it before
 * the page navigates to the meeting: the init script has to run before the meeting client's own
 * scripts. (Frames of another process, such as cross-site iframes, are not reached.)
 */
export async function createAudioBridge(target: BrowserContext | Page, opts: AudioBridgeOptions = {}): Promise<AudioBridge> {
  const frameMs = opts.frameMs ?? 20;
  const now = opts.now ?? (() => performance.now());
  const onError = opts.onError ?? ((err: Error) => log({ event: "bridge_error", level: "warn", error: err.message }));
  const listeners = {
    frame: new Set<(frame: PcmFrame) => void>(),
    track: new Set<(track: RemoteTrack) => void>(),
    playback: new Set<(playing: boolean) => void>(),
  };
  let closed = false;
  let played = 0;
  let playing = false;
  /** Where the bot's microphone lives: the session and execution context that asked for it. */
  let mic: { cdp: CDPSession; contextId?: number } | null = null;
  const sessions = new Map<Page, CDPSession>();
  // Per capture context (one per document): session time minus the context's audio time, taken
  // from the first frame ("arrival − duration"). A frame never arrives before it was captured, so a
  // later frame that arrives earlier than that predicts shows the first one was delayed, and the
  // mapping moves back (by more than a frame; smaller differences are delivery jitter). A voice's
  // frames never overlap: while it speaks without a break they stay exactly contiguous, and a
  // correction shows from its next pause on.
  const offsets = new Map<string, number>();
  const voiceEnds = new Map<string, number>();

  function receive(cdp: CDPSession, contextId: number, m: Message) {
    switch (m.type) {
      case "frame": {
        let samples: Int16Array;
        if (m.pcm === undefined) samples = new Int16Array(Math.min(Math.max(0, m.silent ?? 0), INPUT_SAMPLE_RATE));
        else {
          const bytes = Buffer.from(m.pcm, "base64");
          samples = new Int16Array(bytes.byteLength >> 1);
          new Uint8Array(samples.buffer).set(bytes.subarray(0, samples.byteLength));
        }
        if (samples.length === 0) return;
        const startMs = (m.t * 1000) / INPUT_SAMPLE_RATE;
        const candidate = now() - (samples.length * 1000) / INPUT_SAMPLE_RATE - startMs;
        let offset = offsets.get(m.c);
        if (offset === undefined || candidate < offset - frameMs) offsets.set(m.c, (offset = candidate));
        const voice = `${m.c}:${m.speakerId}`;
        const timeMs = Math.max(Math.round(startMs + offset), voiceEnds.get(voice) ?? -Infinity);
        voiceEnds.set(voice, timeMs + (samples.length * 1000) / INPUT_SAMPLE_RATE);
        const frame: PcmFrame = { samples, sampleRate: INPUT_SAMPLE_RATE, timeMs, speakerId: m.speakerId };
        for (const l of listeners.frame) l(frame);
        return;
      }
      case "track": {
        const { type: _, ...track } = m;
        for (const l of listeners.track) l(track);
        return;
      }
      case "mic":
        mic = { cdp, contextId };
        return;
      case "played":
        played = Math.max(played, m.playedMs);
        if (m.playing !== playing) {
          playing = m.playing;
          for (const l of listeners.playback) l(playing);
        }
        return;
      case "error":
        onError(new Error(m.message));
    }
  }

  async function attach(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    sessions.set(page, cdp);
    cdp.on("Runtime.bindingCalled", (e) => {
      if (closed || e.name !== BINDING) return;
      try {
        receive(cdp, e.executionContextId, JSON.parse(e.payload) as Message);
      } catch (err) {
        onError(new Error(`bad message from the page: ${(err as Error).message}`));
      }
    });
    await cdp.send("Runtime.addBinding", { name: BINDING });
    // A document that was being created while the binding was added can miss it; adding it again
    // installs it in every current document (Chromium's Runtime.addBinding walks all contexts).
    // Until then the page keeps its messages (page/bridge.js).
    page.on("framenavigated", () => void cdp.send("Runtime.addBinding", { name: BINDING }).catch(() => {}));
    page.once("close", () => sessions.delete(page));
  }

  await target.addInitScript({ content: bridgeInitScript({ binding: BINDING, frameMs, capture: opts.capture ?? "peer" }) });
  if (isPage(target)) await attach(target);
  else {
    for (const page of target.pages()) await attach(page);
    target.on("page", (page) => void attach(page).catch((err: Error) => onError(new Error(`could not attach to a page: ${err.message}`))));
  }

  /**
   * Evaluates `expression` where the bot's microphone is (else in the first page's main frame).
   * Errors are reported, not thrown: the page may be navigating or gone.
   */
  async function inPage(expression: string, awaitPromise = false): Promise<unknown> {
    if (closed) return undefined;
    let target = mic;
    if (!target) {
      const first = sessions.values().next();
      if (first.done) return undefined;
      target = { cdp: first.value };
    }
    try {
      const { result, exceptionDetails } = await target.cdp.send("Runtime.evaluate", {
        expression,
        returnByValue: true,
        awaitPromise,
        ...(target.contextId !== undefined ? { contextId: target.contextId } : {}),
      });
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
      return result.value;
    } catch (err) {
      // The microphone's document went away (a navigation): fall back to the main frame next time.
      if (target === mic && /context/i.test((err as Error).message)) mic = null;
      if (!closed) onError(new Error(`page call failed: ${(err as Error).message}`));
      return undefined;
    }
  }

  const call = (method: string, ...args: (string | number)[]) =>
    `window.__cohostBridge && window.__cohostBridge.${method}(${args.map((a) => JSON.stringify(a)).join(",")})`;

  return {
    onFrame(listener) {
      listeners.frame.add(listener);
      return () => listeners.frame.delete(listener);
    },
    onTrack(listener) {
      listeners.track.add(listener);
      return () => listeners.track.delete(listener);
    },
    onPlayback(listener) {
      listeners.playback.add(listener);
      return () => listeners.playback.delete(listener);
    },
    play(samples, sampleRate) {
      if (samples.length === 0) return;
      const pcm = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength).toString("base64");
      void inPage(call("play", pcm, sampleRate));
    },
    clear() {
      void inPage(call("clear")).then((ms) => {
        if (typeof ms === "number") played = Math.max(played, ms);
      });
    },
    playedMs: () => played,
    async receiveStats() {
      return ((await inPage(call("receiveStats"), true)) as ReceiveStats | undefined) ?? null;
    },
    async sync() {
      const ms = await inPage(call("sync"));
      if (typeof ms === "number") played = Math.max(played, ms);
      return played;
    },
    async close() {
      if (closed) return;
      await inPage(call("stop"));
      closed = true;
      listeners.frame.clear();
      listeners.track.clear();
      listeners.playback.clear();
      for (const cdp of sessions.values()) await cdp.detach().catch(() => {});
      sessions.clear();
    },
  };
}

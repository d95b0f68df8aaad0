import type { BrowserContext, Frame, Page } from "playwright-core";
import { INPUT_SAMPLE_RATE, type AudioSink, type PcmFrame } from "../../voice/types.ts";
import { bridgeInitScript, type PageBridgeConfig } from "./page-script.ts";

// The Node half of the audio bridge (docs/bots.md). Frames and playout reports come from the page
// through a Playwright binding (a CDP binding: no page CSP, mixed-content or private-network rule
// applies); audio goes to the page with frame.evaluate. CDP delivers both in order, so a clear()
// sent after a play() always lands after it.

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
  /** Stops capture and playout in the page; no callbacks after it. */
  close(): Promise<void>;
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

/** What page/bridge.js puts on the window. */
type PageWindow = { __cohostBridge?: { play(b: Uint8Array, r: number): void; clear(): number; sync(): number; stop(): void } };

type FramePayload = { speakerId: string; t: number; pcm: Uint8Array; c: string };

function isPage(target: BrowserContext | Page): target is Page {
  return typeof (target as Page).mainFrame === "function";
}

/**
 * Installs the bridge on a bot's page or browser context. Call it before the page navigates to the
 * meeting: the init script has to run before the meeting client's own scripts.
 */
export async function createAudioBridge(target: BrowserContext | Page, opts: AudioBridgeOptions = {}): Promise<AudioBridge> {
  const frameMs = opts.frameMs ?? 20;
  const now = opts.now ?? (() => performance.now());
  const onError = opts.onError ?? ((err: Error) => console.warn(`[bridge] ${err.message}`));
  const listeners = {
    frame: new Set<(frame: PcmFrame) => void>(),
    track: new Set<(track: RemoteTrack) => void>(),
    playback: new Set<(playing: boolean) => void>(),
  };
  let closed = false;
  let played = 0;
  let playing = false;
  let micFrame: Frame | null = null;
  // Per capture context (one per document): session time minus the context's audio time, taken
  // from the first frame ("arrival − duration"). A frame never arrives before it was captured, so a
  // later frame that arrives earlier than that predicts shows the first one was delayed: the mapping
  // moves then, but only by more than a frame, so that consecutive frames stay exactly contiguous.
  const offsets = new Map<string, number>();

  const emitFrame = (frame: PcmFrame) => {
    for (const l of listeners.frame) l(frame);
  };

  const handlers: Record<string, (source: { frame: Frame }, payload: never) => void> = {
    frame: (_source, p: FramePayload) => {
      const samples = new Int16Array(p.pcm.byteLength >> 1);
      new Uint8Array(samples.buffer).set(p.pcm.subarray(0, samples.byteLength));
      const startMs = (p.t * 1000) / INPUT_SAMPLE_RATE;
      const durationMs = (samples.length * 1000) / INPUT_SAMPLE_RATE;
      const candidate = now() - durationMs - startMs;
      let offset = offsets.get(p.c);
      if (offset === undefined || candidate < offset - frameMs) offsets.set(p.c, (offset = candidate));
      emitFrame({ samples, sampleRate: INPUT_SAMPLE_RATE, timeMs: Math.round(startMs + offset), speakerId: p.speakerId });
    },
    track: (_source, p: RemoteTrack) => {
      for (const l of listeners.track) l(p);
    },
    mic: (source) => {
      micFrame = source.frame;
    },
    played: (_source, p: { playedMs: number; playing: boolean }) => {
      played = Math.max(played, p.playedMs);
      if (p.playing !== playing) {
        playing = p.playing;
        for (const l of listeners.playback) l(playing);
      }
    },
    error: (_source, p: { message: string }) => onError(new Error(p.message)),
  };

  const binding = (source: { frame: Frame }, type: string, payload: unknown) => {
    if (!closed) handlers[type]?.(source, payload as never);
  };
  const script = bridgeInitScript({ binding: BINDING, frameMs, capture: opts.capture ?? "peer" });
  await target.exposeBinding(BINDING, binding);
  await target.addInitScript({ content: script });

  /** Where the bot's microphone lives: the frame that asked for it, else the main frame. */
  const speakFrame = (): Frame | null => {
    if (micFrame && !micFrame.isDetached()) return micFrame;
    const page = isPage(target) ? target : target.pages()[0];
    return page && !page.isClosed() ? page.mainFrame() : null;
  };

  /** Runs a call on the speaking frame; errors are reported, not thrown (the page may be gone). */
  const inPage = <R>(call: (frame: Frame) => Promise<R>): Promise<R | undefined> => {
    const frame = speakFrame();
    if (closed || !frame) return Promise.resolve(undefined);
    return call(frame).catch((err: Error) => {
      if (!closed) onError(new Error(`page call failed: ${err.message}`));
      return undefined;
    });
  };

  // The functions below run in the page (Playwright sends their source): they may only use `window`.
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
      // A copy: the caller may reuse its buffer before the call is serialised.
      const bytes = new Uint8Array(samples.byteLength);
      bytes.set(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));
      void inPage((f) => f.evaluate(([b, r]) => (window as unknown as PageWindow).__cohostBridge?.play(b, r), [bytes, sampleRate] as const));
    },
    clear() {
      void inPage((f) => f.evaluate(() => (window as unknown as PageWindow).__cohostBridge?.clear())).then((ms) => {
        if (typeof ms === "number") played = Math.max(played, ms);
      });
    },
    playedMs: () => played,
    async sync() {
      const ms = await inPage((f) => f.evaluate(() => (window as unknown as PageWindow).__cohostBridge?.sync()));
      if (typeof ms === "number") played = Math.max(played, ms);
      return played;
    },
    async close() {
      if (closed) return;
      await inPage((f) => f.evaluate(() => (window as unknown as PageWindow).__cohostBridge?.stop()));
      closed = true;
      listeners.frame.clear();
      listeners.track.clear();
      listeners.playback.clear();
    },
  };
}

import { log } from "../../log.ts";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import type { AudioSink, PcmFrame } from "../../voice/types.ts";
import { createFrameClock } from "./frame-clock.ts";
import { bridgeInitScript, type PageBridgeConfig } from "./page-script.ts";
import { pcmFrameFrom, type FrameMessage } from "./page-frame.ts";
import { pageSessions, type PageSessions } from "./page-sessions.ts";

// The Node half of the audio bridge (docs/bots.md): the page's messages (page-sessions.ts) become
// frames on the session clock and track, playback and error callbacks; play(), clear() and the rest
// are calls on the page's window.__cohostBridge. PCM crosses as base64.

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
  /** Starts recording the call with the agent's voice (docs/recordings.md); false if the page cannot. */
  startRecording(): Promise<boolean>;
  /** Stops recording after the last chunk has reached onRecording; the part's length in ms (null: none). */
  stopRecording(): Promise<number | null>;
  /** A chunk of the recording (Opus in WebM), in order: `seq` from 0, `atMs` since the recording started. */
  onRecording(listener: (chunk: RecordingChunk) => void): () => void;
  /** Stops capture and playout in the page; no callbacks after it. */
  close(): Promise<void>;
}

export interface RecordingChunk {
  seq: number;
  atMs: number;
  data: Buffer;
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
  /** With capture "main-audio": how long to wait for a mainAudio track before taking every track (default 15 s). */
  mainAudioFallbackMs?: number;
  /** The session clock that PcmFrame.timeMs is on (default performance.now()). */
  now?: () => number;
  /** Problems inside the page (default: a warning on the console). */
  onError?: (error: Error) => void;
}

const BINDING = "__cohostBridgeSend";

type Message =
  | ({ type: "frame" } & FrameMessage)
  | ({ type: "track" } & RemoteTrack)
  | { type: "mic"; trackId: string }
  | { type: "played"; playedMs: number; playing: boolean }
  | { type: "rec"; seq: number; atMs: number; data: string }
  | { type: "error"; message: string };

function isPage(target: BrowserContext | Page): target is Page {
  return typeof (target as Page).mainFrame === "function";
}

/** Every page of the target gets a session: the page itself, or each page of a context as it opens. */
async function attachAll(target: BrowserContext | Page, pages: PageSessions, onError: (error: Error) => void) {
  if (isPage(target)) await pages.attach(target);
  else {
    for (const page of target.pages()) await pages.attach(page);
    target.on("page", (page) => void pages.attach(page).catch((err: Error) => onError(new Error(`could not attach to a page: ${err.message}`))));
  }
}

const call = (method: string, ...args: (string | number)[]) =>
  `window.__cohostBridge && window.__cohostBridge.${method}(${args.map((a) => JSON.stringify(a)).join(",")})`;

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
    recording: new Set<(chunk: RecordingChunk) => void>(),
  };
  let closed = false;
  let played = 0;
  let playing = false;
  const clock = createFrameClock(now, frameMs);
  const pages = pageSessions({ binding: BINDING, closed: () => closed, onMessage: (cdp, contextId, m) => receive(cdp, contextId, m as Message), onError });

  function receive(cdp: CDPSession, contextId: number, m: Message) {
    switch (m.type) {
      case "frame": {
        const frame = pcmFrameFrom(m, clock);
        if (frame) for (const l of listeners.frame) l(frame);
        return;
      }
      case "track": {
        const { type: _, ...track } = m;
        for (const l of listeners.track) l(track);
        return;
      }
      case "mic":
        pages.micAt(cdp, contextId);
        return;
      case "played":
        played = Math.max(played, m.playedMs);
        if (m.playing !== playing) {
          playing = m.playing;
          for (const l of listeners.playback) l(playing);
        }
        return;
      case "rec": {
        const chunk = { seq: m.seq, atMs: m.atMs, data: Buffer.from(m.data, "base64") };
        for (const l of listeners.recording) l(chunk);
        return;
      }
      case "error":
        onError(new Error(m.message));
    }
  }

  await target.addInitScript({ content: bridgeInitScript({ binding: BINDING, frameMs, capture: opts.capture ?? "peer", ...(opts.mainAudioFallbackMs ? { mainAudioFallbackMs: opts.mainAudioFallbackMs } : {}) }) });
  await attachAll(target, pages, onError);

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
      void pages.evaluate(call("play", pcm, sampleRate));
    },
    clear() {
      void pages.evaluate(call("clear")).then((ms) => {
        if (typeof ms === "number") played = Math.max(played, ms);
      });
    },
    playedMs: () => played,
    async startRecording() {
      return (await pages.evaluate(call("record"))) === true;
    },
    async stopRecording() {
      const ms = await pages.evaluate(call("stopRecording"), true);
      return typeof ms === "number" ? ms : null;
    },
    onRecording(listener) {
      listeners.recording.add(listener);
      return () => listeners.recording.delete(listener);
    },
    async receiveStats() {
      return ((await pages.evaluate(call("receiveStats"), true)) as ReceiveStats | undefined) ?? null;
    },
    async sync() {
      const ms = await pages.evaluate(call("sync"));
      if (typeof ms === "number") played = Math.max(played, ms);
      return played;
    },
    async close() {
      if (closed) return;
      await pages.evaluate(call("stop"));
      closed = true;
      listeners.frame.clear();
      listeners.track.clear();
      listeners.playback.clear();
      listeners.recording.clear();
      await pages.detachAll();
    },
  };
}

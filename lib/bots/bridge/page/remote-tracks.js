// @ts-check
// The remote audio tracks being captured, one MediaStreamTrackProcessor each: announced to Node when
// they start and end, deduplicated by track id, never our own microphone.
import { captureByProcessor } from "./capture-by-processor.js";

/** @import { Send } from "./to-node.js" */

/**
 * @typedef {"peer" | "element"} Origin
 * @typedef {{ track: MediaStreamTrack, keeper: HTMLAudioElement | null, reader: ReadableStreamDefaultReader<any> | null, frames: number }} Captured
 * @typedef {(track: MediaStreamTrack, streams: readonly MediaStream[], origin: Origin) => Promise<void>} Capture
 */

/** @param {{ send: Send, frameMs: number }} options */
export function remoteTracks({ send, frameMs }) {
  /** Names this document's capture clock, so Node keeps one clock mapping per document. */
  const clockId = Math.random().toString(36).slice(2);
  /** @type {Map<string, Captured>} */
  const captured = new Map();
  /** Our own microphone tracks: never captured as someone else's voice. */
  /** @type {WeakSet<MediaStreamTrack>} */
  const ownTracks = new WeakSet();
  /** Who wants each captured track as it starts (the recorder). */
  /** @type {Set<(track: MediaStreamTrack) => void>} */
  const watchers = new Set();

  /** @type {Capture} */
  async function capture(track, streams, origin) {
    if (track.kind !== "audio" || track.readyState === "ended" || captured.has(track.id) || ownTracks.has(track)) return;
    const entry = {
      track,
      keeper: /** @type {HTMLAudioElement | null} */ (null),
      reader: /** @type {ReadableStreamDefaultReader<any> | null} */ (null),
      frames: 0,
    };
    captured.set(track.id, entry);
    for (const watcher of watchers) watcher(track);
    const speakerId = streams[0]?.id || track.id;
    try {
      // Chromium pulls a remote WebRTC track's audio out of its jitter buffer only while a media
      // element plays it: without one, a track processor gets none.
      if (origin === "peer") {
        entry.keeper = new Audio();
        entry.keeper.muted = true;
        entry.keeper.srcObject = new MediaStream([track]);
        entry.keeper.play().catch(() => {});
      }
      send("track", { speakerId, trackId: track.id, streamIds: streams.map((s) => s.id), origin, ended: false });
      track.addEventListener("ended", () => release(track.id, speakerId, streams, origin), { once: true });
      await captureByProcessor(track, speakerId, entry, { frameMs, clockId, send });
    } catch (err) {
      // Node hears the track end (it was announced), and the keeper stops playing it.
      release(track.id, speakerId, streams, origin);
      send("error", { message: `capture failed: ${String(err)}` });
    }
  }

  /**
   * @param {string} trackId @param {string} speakerId
   * @param {readonly MediaStream[]} streams @param {Origin} origin
   */
  function release(trackId, speakerId, streams, origin) {
    const entry = captured.get(trackId);
    if (!entry) return;
    captured.delete(trackId);
    entry.reader?.cancel().catch(() => {});
    if (entry.keeper) entry.keeper.srcObject = null;
    send("track", { speakerId, trackId, streamIds: streams.map((s) => s.id), origin, ended: true });
  }

  return {
    capture,
    ownTracks,
    /** The tracks being captured now, and each one as it starts (returns an unsubscribe). */
    live: () => [...captured.values()].map((e) => e.track),
    /** @param {(track: MediaStreamTrack) => void} watcher */
    watch(watcher) {
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
    /** For state(): each track, whether its reader runs, and how many frames it sent. */
    state: () => [...captured.entries()].map(([id, e]) => ({ id, running: Boolean(e.reader), frames: e.frames })),
    /** Stops reading every track (close()): no track messages, nothing more is sent. */
    stop() {
      for (const [trackId, entry] of captured) {
        entry.reader?.cancel().catch(() => {});
        captured.delete(trackId);
      }
    },
  };
}

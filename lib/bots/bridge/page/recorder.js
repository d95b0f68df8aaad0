// @ts-check
// Recording (docs/recordings.md): the call's voices and the agent's own voice, mixed in the bot's
// microphone audio context, encoded by MediaRecorder (Opus in WebM, no ffmpeg) and sent to Node in
// chunks every TIMESLICE_MS; Node appends each to storage as it comes, so a crash loses at most the
// chunk being made.
import { toBase64 } from "./base64.js";

/** @import { Send } from "./to-node.js" */
/** @import { OutputGraph } from "./microphone-output.js" */

const TIMESLICE_MS = 2000;
const MIME = "audio/webm;codecs=opus";
/** Speech in Opus at 32 kb/s: about 14 MB per recorded hour. */
const BITS_PER_SECOND = 32_000;

/**
 * @typedef {{ live: () => MediaStreamTrack[], watch: (listener: (track: MediaStreamTrack) => void) => () => void }} TrackSource
 * @typedef {{ media: MediaRecorder, stopped: Promise<void>, unwatch: () => void, sources: Map<string, MediaStreamAudioSourceNode>, clock: ConstantSourceNode, destination: MediaStreamAudioDestinationNode, gain: GainNode, startedAt: number }} Running
 */

/** @param {{ send: Send, outputGraph: () => OutputGraph, tracks: TrackSource }} options */
export function recorder({ send, outputGraph, tracks }) {
  /** @type {Running | null} */
  let running = null;
  let made = 0;

  /** Starts recording; false when this browser cannot (said to Node as an error too). */
  function start() {
    if (running) return true;
    if (typeof MediaRecorder === "undefined" || !MediaRecorder.isTypeSupported(MIME)) {
      send("error", { message: `recording: ${MIME} is not supported` });
      return false;
    }
    const { context, gain } = outputGraph();
    const destination = context.createMediaStreamDestination();
    gain.connect(destination);
    // A source that always runs (silence): without one, a destination whose inputs are all quiet
    // (nobody else in the call, the agent not speaking) gives MediaRecorder no audio, and the
    // recording would skip the silence instead of keeping the meeting's own time.
    const clock = context.createConstantSource();
    clock.offset.value = 0;
    clock.connect(destination);
    clock.start();
    /** @type {Map<string, MediaStreamAudioSourceNode>} */
    const sources = new Map();
    /** @param {MediaStreamTrack} track */
    const add = (track) => {
      if (sources.has(track.id) || track.readyState === "ended") return;
      const source = context.createMediaStreamSource(new MediaStream([track]));
      source.connect(destination);
      sources.set(track.id, source);
      track.addEventListener("ended", () => (source.disconnect(), sources.delete(track.id)), { once: true });
    };
    tracks.live().forEach(add);
    const unwatch = tracks.watch(add);
    const media = new MediaRecorder(destination.stream, { mimeType: MIME, audioBitsPerSecond: BITS_PER_SECOND });
    const startedAt = performance.now();
    let seq = 0;
    /** Chunks go out in order, each once its bytes are read. */
    let chain = Promise.resolve();
    media.ondataavailable = (event) => {
      const n = seq++;
      made++;
      const atMs = Math.round(performance.now() - startedAt);
      chain = chain.then(async () => (send("rec", { seq: n, atMs, data: toBase64(await event.data.arrayBuffer()) }))).catch((err) => send("error", { message: `recording: ${String(err)}` }));
    };
    /** @type {Promise<void>} */
    const stopped = new Promise((resolve) => media.addEventListener("stop", () => void chain.then(resolve), { once: true }));
    media.start(TIMESLICE_MS);
    running = { media, stopped, unwatch, sources, clock, destination, gain, startedAt };
    return true;
  }

  /** Stops recording once the last chunk has gone to Node; its length in ms (null: not recording). */
  async function stop() {
    const r = running;
    if (!r) return null;
    running = null;
    if (r.media.state !== "inactive") r.media.stop();
    await r.stopped;
    r.unwatch();
    for (const source of r.sources.values()) source.disconnect();
    r.gain.disconnect(r.destination);
    r.clock.stop();
    r.clock.disconnect();
    return Math.round(performance.now() - r.startedAt);
  }

  /** For state(): whether a recording runs, and how many chunks it made. */
  const state = () => (running ? { chunks: made, recorder: running.media.state, sources: running.sources.size, context: running.destination.context.state } : null);

  return { start, stop, state };
}

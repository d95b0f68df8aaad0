// @ts-check
// The audio bridge inside a bot's page (docs/bots.md). Installed with context.addInitScript, so it
// runs in every frame before the page's own scripts. lib/bots/bridge/page-script.ts wraps this file
// and calls cohostAudioBridge(config).
//
// Listen: every remote audio track of every RTCPeerConnection (and, where a platform only offers a
// mixed stream, every MediaStream given to an <audio>/<video> element) goes through an AudioWorklet
// in a 16 kHz context and reaches Node as int16 frames, tagged with the speaker id the page gives
// the track (its stream id, else its track id).
// Speak: getUserMedia's audio is a track of a MediaStreamAudioDestinationNode; PCM from Node is
// scheduled there back to back; clear() silences it within 5 ms. Node hears how much was played.
//
// To Node: window[config.binding](json) — a CDP binding (Runtime.addBinding), which no page CSP or
// local-network rule can block; PCM travels as base64. From Node: Runtime.evaluate calls on
// window.__cohostBridge. docs/bots.md has the measurements behind this choice.

/**
 * @typedef {{ binding: string, frameMs: number, capture: "peer" | "element" | "both", worklet: string }} BridgeConfig
 * @typedef {{ src: AudioBufferSourceNode, startAt: number, duration: number }} Scheduled
 */

/** @param {BridgeConfig} config */
function cohostAudioBridge(config) {
  const w = /** @type {any} */ (window);
  if (w.__cohostBridge) return;

  const CAPTURE_RATE = 16000;
  /** Delay before the first buffer after silence: absorbs delivery jitter of the first chunks. */
  const START_LEAD_S = 0.03;
  /** A buffer arriving late is scheduled at least this far ahead (never in the past). */
  const MIN_LEAD_S = 0.005;
  const FADE_S = 0.005;

  /** Messages sent before the binding exists (a page opened a moment ago) wait for it. */
  /** @type {string[]} */
  const pending = [];
  /** @type {ReturnType<typeof setTimeout> | null} */
  let retry = null;
  const flush = () => {
    retry = null;
    const binding = w[config.binding];
    if (typeof binding !== "function") {
      retry = setTimeout(flush, 50);
      return;
    }
    while (pending.length > 0) binding(/** @type {string} */ (pending.shift()));
  };
  /** @param {string} type @param {Record<string, unknown>} payload */
  const send = (type, payload) => {
    const message = JSON.stringify({ type, ...payload });
    const binding = w[config.binding];
    if (typeof binding === "function" && pending.length === 0) binding(message);
    else if (type !== "frame" && pending.length < 100) {
      pending.push(message);
      if (!retry) flush();
    }
  };
  /** @param {ArrayBuffer} buffer */
  const base64 = (buffer) => /** @type {any} */ (new Uint8Array(buffer)).toBase64();
  /** @param {string} text */
  const bytes = (text) => /** @type {Uint8Array} */ (/** @type {any} */ (Uint8Array).fromBase64(text));

  // ---------- listen ----------

  /** @type {AudioContext | null} */
  let captureContext = null;
  /** Names this document's capture clock, so Node keeps one clock mapping per document. */
  const clockId = Math.random().toString(36).slice(2);
  /** @type {Promise<void> | null} */
  let workletReady = null;
  /** @type {Map<string, { node: AudioWorkletNode | null, source: MediaStreamAudioSourceNode | null, keeper: HTMLAudioElement | null, frames: number }>} */
  const captured = new Map();
  /** Our own microphone tracks: never captured as someone else's voice. */
  const ownTracks = new WeakSet();

  function captureGraph() {
    if (!captureContext) {
      captureContext = new AudioContext({ sampleRate: CAPTURE_RATE, latencyHint: "interactive" });
      const url = URL.createObjectURL(new Blob([config.worklet], { type: "text/javascript" }));
      workletReady = captureContext.audioWorklet.addModule(url).finally(() => URL.revokeObjectURL(url));
    }
    if (captureContext.state === "suspended") captureContext.resume().catch(() => {});
    return { context: captureContext, ready: /** @type {Promise<void>} */ (workletReady) };
  }

  /**
   * @param {MediaStreamTrack} track
   * @param {readonly MediaStream[]} streams
   * @param {"peer" | "element"} origin
   */
  async function capture(track, streams, origin) {
    if (track.kind !== "audio" || track.readyState === "ended" || captured.has(track.id) || ownTracks.has(track)) return;
    const entry = { node: /** @type {AudioWorkletNode | null} */ (null), source: /** @type {MediaStreamAudioSourceNode | null} */ (null), keeper: /** @type {HTMLAudioElement | null} */ (null), frames: 0 };
    captured.set(track.id, entry);
    const speakerId = streams[0]?.id || track.id;
    try {
      const { context, ready } = captureGraph();
      await ready;
      if (captured.get(track.id) !== entry) return;
      const stream = new MediaStream([track]);
      // Chromium feeds a remote WebRTC track into Web Audio only while a media element plays it too.
      if (origin === "peer") {
        entry.keeper = new Audio();
        entry.keeper.muted = true;
        entry.keeper.srcObject = stream;
        entry.keeper.play().catch(() => {});
      }
      entry.source = context.createMediaStreamSource(stream);
      entry.node = new AudioWorkletNode(context, "cohost-capture", {
        numberOfOutputs: 0,
        processorOptions: { frameSamples: (CAPTURE_RATE * config.frameMs) / 1000 },
      });
      entry.node.port.onmessage = (e) => {
        entry.frames++;
        send("frame", { speakerId, t: e.data.t, c: clockId, pcm: base64(e.data.pcm) });
      };
      entry.source.connect(entry.node);
      send("track", { speakerId, trackId: track.id, streamIds: streams.map((s) => s.id), origin, ended: false });
      track.addEventListener("ended", () => release(track.id, speakerId, streams, origin), { once: true });
    } catch (err) {
      captured.delete(track.id);
      send("error", { message: `capture failed: ${String(err)}` });
    }
  }

  /**
   * @param {string} trackId @param {string} speakerId
   * @param {readonly MediaStream[]} streams @param {"peer" | "element"} origin
   */
  function release(trackId, speakerId, streams, origin) {
    const entry = captured.get(trackId);
    if (!entry) return;
    captured.delete(trackId);
    entry.node?.port.postMessage("stop");
    entry.source?.disconnect();
    if (entry.keeper) entry.keeper.srcObject = null;
    send("track", { speakerId, trackId, streamIds: streams.map((s) => s.id), origin, ended: true });
  }

  if (config.capture !== "element" && typeof w.RTCPeerConnection === "function") {
    const Native = w.RTCPeerConnection;
    // Our own listener on every connection the page makes sees every remote track, however the page
    // itself listens (addEventListener or the ontrack setter) and even if it never does.
    const Wrapped = new Proxy(Native, {
      construct(target, args, newTarget) {
        const pc = Reflect.construct(target, args, newTarget);
        EventTarget.prototype.addEventListener.call(pc, "track", (e) => {
          const { track, streams } = /** @type {RTCTrackEvent} */ (e);
          void capture(track, streams, "peer");
        });
        return pc;
      },
    });
    w.RTCPeerConnection = Wrapped;
    if (w.webkitRTCPeerConnection) w.webkitRTCPeerConnection = Wrapped;
  }

  if (config.capture !== "peer") {
    // Platforms that only offer the mixed call audio play it through a media element's srcObject.
    const descriptor = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, "srcObject");
    if (descriptor?.set && descriptor.get) {
      const { get, set } = descriptor;
      Object.defineProperty(HTMLMediaElement.prototype, "srcObject", {
        configurable: true,
        enumerable: descriptor.enumerable,
        get,
        set(value) {
          set.call(this, value);
          if (value instanceof MediaStream) {
            for (const track of value.getAudioTracks()) void capture(track, [value], "element");
            value.addEventListener("addtrack", (e) => void capture(/** @type {MediaStreamTrackEvent} */ (e).track, [value], "element"));
          }
        },
      });
    }
  }

  // ---------- speak ----------

  /** @type {{ context: AudioContext, gain: GainNode, destination: MediaStreamAudioDestinationNode } | null} */
  let output = null;
  /** @type {Set<Scheduled>} */
  const scheduled = new Set();
  let nextTime = 0;
  /** Milliseconds of Node's audio that have played out (cumulative). */
  let playedMs = 0;
  /** @type {ReturnType<typeof setInterval> | null} */
  let progress = null;

  function outputGraph() {
    if (!output) {
      const context = new AudioContext({ latencyHint: "interactive" });
      const gain = context.createGain();
      const destination = context.createMediaStreamDestination();
      gain.connect(destination);
      output = { context, gain, destination };
    }
    if (output.context.state === "suspended") output.context.resume().catch(() => {});
    return output;
  }

  /** Played so far, counting the part of the buffer that is playing now. */
  function playedNow() {
    if (!output) return playedMs;
    const now = output.context.currentTime;
    let partial = 0;
    for (const s of scheduled) partial += Math.min(Math.max(now - s.startAt, 0), s.duration);
    return playedMs + partial * 1000;
  }

  function report(/** @type {boolean} */ playing) {
    send("played", { playedMs: playedNow(), playing });
  }

  /** @param {string} pcm base64 of int16 little-endian samples @param {number} rate */
  function play(pcm, rate) {
    const { context, gain } = outputGraph();
    const raw = bytes(pcm);
    const samples = new Int16Array(raw.buffer, raw.byteOffset, raw.byteLength >> 1);
    if (samples.length === 0) return;
    const buffer = context.createBuffer(1, samples.length, rate);
    const channel = buffer.getChannelData(0);
    for (let i = 0; i < samples.length; i++) channel[i] = samples[i] / 32768;
    const src = context.createBufferSource();
    src.buffer = buffer;
    src.connect(gain);
    const now = context.currentTime;
    const idle = scheduled.size === 0;
    if (nextTime < now + MIN_LEAD_S) nextTime = now + (idle ? START_LEAD_S : MIN_LEAD_S);
    /** @type {Scheduled} */
    const item = { src, startAt: nextTime, duration: buffer.duration };
    src.start(nextTime);
    nextTime += buffer.duration;
    scheduled.add(item);
    src.onended = () => {
      if (!scheduled.delete(item)) return;
      playedMs += item.duration * 1000;
      src.disconnect();
      if (scheduled.size === 0) {
        stopProgress();
        report(false);
      }
    };
    if (idle) {
      report(true);
      progress ??= setInterval(() => report(true), 100);
    }
  }

  function stopProgress() {
    if (progress) clearInterval(progress);
    progress = null;
  }

  /** Barge-in: a 5 ms fade, then every scheduled buffer stops; what had played is kept. */
  function clear() {
    stopProgress();
    if (!output || scheduled.size === 0) {
      report(false);
      return playedMs;
    }
    const { context, gain } = output;
    const now = context.currentTime;
    const end = now + FADE_S;
    gain.gain.cancelScheduledValues(now);
    gain.gain.setValueAtTime(1, now);
    gain.gain.linearRampToValueAtTime(0, end);
    gain.gain.setValueAtTime(1, end + 0.001);
    for (const s of scheduled) {
      playedMs += Math.min(Math.max(end - s.startAt, 0), s.duration) * 1000;
      s.src.onended = null;
      s.src.stop(end);
    }
    scheduled.clear();
    nextTime = end + 0.002;
    report(false);
    return playedMs;
  }

  const media = navigator.mediaDevices;
  if (media && typeof media.getUserMedia === "function") {
    const original = media.getUserMedia.bind(media);
    /** @param {MediaStreamConstraints} [constraints] */
    const getUserMedia = async (constraints) => {
      if (!constraints?.audio) return original(constraints);
      const { destination } = outputGraph();
      const track = destination.stream.getAudioTracks()[0].clone();
      ownTracks.add(track);
      const stream = new MediaStream([track]);
      if (constraints.video) {
        // The camera stays whatever the browser offers (the platform adapter turns it off).
        try {
          for (const video of (await original({ video: constraints.video })).getVideoTracks()) stream.addTrack(video);
        } catch {
          // no camera: audio only
        }
      }
      send("mic", { trackId: track.id });
      return stream;
    };
    media.getUserMedia = getUserMedia;
  }

  Object.defineProperty(w, "__cohostBridge", {
    value: Object.freeze({
      play,
      clear,
      /** Everything before this call has been applied: the exact played total. */
      sync: () => playedNow(),
      /** For logs when something goes wrong. */
      state: () => ({
        capture: captureContext?.state ?? "none",
        tracks: [...captured.entries()].map(([id, e]) => ({ id, running: Boolean(e.node), frames: e.frames })),
        binding: typeof w[config.binding] === "function",
        pending: pending.length,
        output: output?.context.state ?? "none",
        queued: scheduled.size,
        playedMs: playedNow(),
      }),
      stop() {
        stopProgress();
        for (const [trackId, entry] of captured) {
          entry.node?.port.postMessage("stop");
          entry.source?.disconnect();
          captured.delete(trackId);
        }
        for (const s of scheduled) s.src.stop();
        scheduled.clear();
      },
    }),
    enumerable: false,
  });
}

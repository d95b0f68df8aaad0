// @ts-check
// The audio bridge inside a bot's page (docs/bots.md). Installed with context.addInitScript, so it
// runs in every frame before the page's own scripts. lib/bots/bridge/page-script.ts wraps this file
// and calls cohostAudioBridge(config).
//
// Listen: every remote audio track of every RTCPeerConnection (and, where a platform only offers a
// mixed stream, every MediaStream given to an <audio>/<video> element) is read with a
// MediaStreamTrackProcessor, resampled to 16 kHz and reaches Node as int16 frames, tagged with the
// speaker id the page gives the track (its stream id, else its track id).
// Speak: getUserMedia's audio is a track of a MediaStreamAudioDestinationNode; PCM from Node is
// scheduled there back to back; clear() silences it within 5 ms. Node hears how much was played.
//
// To Node: window[config.binding](json) — a CDP binding (Runtime.addBinding), which no page CSP or
// local-network rule can block; PCM travels as base64. From Node: Runtime.evaluate calls on
// window.__cohostBridge. docs/bots.md has the measurements behind this choice.

/**
 * @typedef {{ binding: string, frameMs: number, capture: "peer" | "element" | "both" }} BridgeConfig
 * @typedef {{ src: AudioBufferSourceNode, startAt: number, duration: number }} Scheduled
 */

/** @param {BridgeConfig} config */
function cohostAudioBridge(config) {
  const w = /** @type {any} */ (window);
  if (w.__cohostBridge) return;

  const CAPTURE_RATE = 16000;
  /**
   * Delay before the first buffer after silence: absorbs delivery jitter of the first chunks. Every
   * reply waits for it; 30 ms cost ~20 ms more on the way out than 10 in bench:voice (docs/bots.md),
   * and a text-to-speech stream's chunks follow well within 10 ms plus a chunk's length.
   */
  const START_LEAD_S = 0.01;
  /** After a voice's last sound, its digital silence is still reported this long (see captureByProcessor). */
  const SILENCE_TAIL_MS = 1000;
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

  /** Names this document's capture clock, so Node keeps one clock mapping per document. */
  const clockId = Math.random().toString(36).slice(2);
  /** @type {Map<string, { keeper: HTMLAudioElement | null, reader: ReadableStreamDefaultReader<any> | null, frames: number }>} */
  const captured = new Map();
  /** Our own microphone tracks: never captured as someone else's voice. */
  const ownTracks = new WeakSet();

  /**
   * @param {MediaStreamTrack} track
   * @param {readonly MediaStream[]} streams
   * @param {"peer" | "element"} origin
   */
  async function capture(track, streams, origin) {
    if (track.kind !== "audio" || track.readyState === "ended" || captured.has(track.id) || ownTracks.has(track)) return;
    const entry = {
      keeper: /** @type {HTMLAudioElement | null} */ (null),
      reader: /** @type {ReadableStreamDefaultReader<any> | null} */ (null),
      frames: 0,
    };
    captured.set(track.id, entry);
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
      await captureByProcessor(track, speakerId, entry);
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
    entry.reader?.cancel().catch(() => {});
    if (entry.keeper) entry.keeper.srcObject = null;
    send("track", { speakerId, trackId, streamIds: streams.map((s) => s.id), origin, ended: true });
  }

  /**
   * Capture with a MediaStreamTrackProcessor: the track's audio as the browser hands it out (10 ms
   * chunks, as it leaves the jitter buffer), resampled here to 16 kHz mono int16 frames. A Web Audio
   * graph (a 16 kHz AudioContext and a worklet) cost each reply 20–30 ms and an audio context of its
   * own (docs/bots.md). Each chunk's timestamp is on the browser's monotonic clock, the same for
   * every track of the document, so frames carry their capture time. Digital silence is sent as a
   * bare sample count for SILENCE_TAIL_MS after the voice's last sound (no PCM): Node then knows
   * the voice is silent rather than late, and the mixer need not wait for it (the end of a person's
   * turn is heard sooner). Longer silence is not sent at all; the frames' times show the gap.
   * @param {MediaStreamTrack} track @param {string} speakerId
   * @param {{ reader: ReadableStreamDefaultReader<any> | null, frames: number }} entry
   */
  async function captureByProcessor(track, speakerId, entry) {
    const size = (CAPTURE_RATE * config.frameMs) / 1000;
    // A main thread busy for a moment must not lose audio: the processor keeps up to 1 s of chunks.
    const processor = new w.MediaStreamTrackProcessor({ track, maxBufferSize: 100 });
    const reader = processor.readable.getReader();
    entry.reader = reader;
    /** @type {((input: Float32Array) => Float32Array) | null} */
    let resample = null;
    let inputRate = 0;
    let frame = new Int16Array(size);
    let fill = 0;
    let silent = true;
    /** Frame start and the next expected sample, in 16 kHz samples on the performance clock. */
    let start = 0;
    let next = -1;
    let lastSoundAt = -Infinity;
    const post = () => {
      if (!silent) {
        lastSoundAt = start;
        entry.frames++;
        send("frame", { speakerId, t: start, c: clockId, pcm: base64(frame.buffer) });
        frame = new Int16Array(size);
      } else if (start - lastSoundAt < (SILENCE_TAIL_MS * CAPTURE_RATE) / 1000) {
        send("frame", { speakerId, t: start, c: clockId, silent: size });
      }
      fill = 0;
      silent = true;
    };
    for (;;) {
      const { value: data, done } = await reader.read();
      if (done) return;
      try {
        if (data.sampleRate !== inputRate) {
          inputRate = data.sampleRate;
          resample = resampler(inputRate, CAPTURE_RATE);
        }
        const mono = new Float32Array(data.numberOfFrames);
        const plane = new Float32Array(data.numberOfFrames);
        for (let c = 0; c < data.numberOfChannels; c++) {
          data.copyTo(plane, { planeIndex: c, format: "f32-planar" });
          for (let i = 0; i < plane.length; i++) mono[i] += plane[i] / data.numberOfChannels;
        }
        const at = Math.round((data.timestamp * CAPTURE_RATE) / 1e6);
        // A gap (a stall, a track that was muted): start afresh at the chunk's own time; otherwise
        // stay contiguous, so small jitter in the timestamps never overlaps or gaps frames.
        if (next < 0 || Math.abs(at - next) > size) {
          if (fill > 0) post();
          next = at;
        }
        const out = /** @type {(input: Float32Array) => Float32Array} */ (resample)(mono);
        for (let i = 0; i < out.length; i++) {
          if (fill === 0) start = next + i;
          const s = out[i];
          const v = s <= -1 ? -32768 : s >= 1 ? 32767 : Math.round(s * 32767);
          frame[fill++] = v;
          if (v !== 0) silent = false;
          if (fill === size) post();
        }
        next += out.length;
      } finally {
        data.close();
      }
    }
  }

  /**
   * A streaming resampler to `to` Hz: a windowed-sinc low-pass below the new Nyquist frequency, then
   * samples picked at the new rate (linearly between two filtered input samples when the ratio is
   * not whole). Good to ~7 kHz at 16 kHz: all that speech recognition and the VAD use.
   * @param {number} from @param {number} to
   */
  function resampler(from, to) {
    if (from === to) return (/** @type {Float32Array} */ input) => input;
    const taps = 48;
    const cutoff = (0.9 * Math.min(from, to)) / 2 / from;
    const h = new Float32Array(taps);
    let sum = 0;
    for (let k = 0; k < taps; k++) {
      const m = k - (taps - 1) / 2;
      const sinc = m === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * m) / (Math.PI * m);
      const blackman = 0.42 - 0.5 * Math.cos((2 * Math.PI * k) / (taps - 1)) + 0.08 * Math.cos((4 * Math.PI * k) / (taps - 1));
      h[k] = sinc * blackman;
      sum += h[k];
    }
    for (let k = 0; k < taps; k++) h[k] /= sum;
    const step = from / to;
    let history = new Float32Array(taps);
    /** Position of the next output sample, in input samples from the start of `history`'s live part. */
    let pos = 0;
    /** @param {Float32Array} x @param {number} i index into x, which starts with `taps` samples of history */
    const filtered = (x, i) => {
      let y = 0;
      for (let k = 0; k < taps; k++) y += h[k] * x[i - k];
      return y;
    };
    return (/** @type {Float32Array} */ input) => {
      const x = new Float32Array(taps + input.length);
      x.set(history);
      x.set(input, taps);
      const out = [];
      for (; pos + 1 < input.length; pos += step) {
        const i = Math.floor(pos);
        const frac = pos - i;
        const a = filtered(x, taps + i);
        out.push(frac === 0 ? a : a + (filtered(x, taps + i + 1) - a) * frac);
      }
      pos -= input.length;
      history = x.slice(x.length - taps);
      return Float32Array.from(out);
    };
  }

  /** The page's peer connections (weakly: the page decides when they go), for receiveStats(). */
  /** @type {WeakRef<RTCPeerConnection>[]} */
  let peers = [];

  /**
   * How the call's audio reached this page so far, over every remote audio track: the jitter
   * buffer's mean delay and target, and the share of samples concealed (lost or late).
   */
  async function receiveStats() {
    let delay = 0;
    let target = 0;
    let emitted = 0;
    let concealed = 0;
    let samples = 0;
    peers = peers.filter((ref) => ref.deref() && ref.deref()?.connectionState !== "closed");
    for (const ref of peers) {
      const pc = ref.deref();
      if (!pc) continue;
      (await pc.getStats()).forEach((/** @type {any} */ s) => {
        if (s.type !== "inbound-rtp" || s.kind !== "audio") return;
        delay += s.jitterBufferDelay ?? 0;
        target += s.jitterBufferTargetDelay ?? 0;
        emitted += s.jitterBufferEmittedCount ?? 0;
        concealed += s.concealedSamples ?? 0;
        samples += s.totalSamplesReceived ?? 0;
      });
    }
    return emitted
      ? { jitterBufferMs: Math.round((1000 * delay) / emitted), jitterBufferTargetMs: Math.round((1000 * target) / emitted), concealedPercent: Number(((100 * concealed) / Math.max(1, samples)).toFixed(2)) }
      : null;
  }

  if (config.capture !== "element" && typeof w.RTCPeerConnection === "function") {
    const Native = w.RTCPeerConnection;
    // Our own listener on every connection the page makes sees every remote track, however the page
    // itself listens (addEventListener or the ontrack setter) and even if it never does.
    const Wrapped = new Proxy(Native, {
      construct(target, args, newTarget) {
        const pc = Reflect.construct(target, args, newTarget);
        peers.push(new WeakRef(pc));
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
      receiveStats,
      /** For logs when something goes wrong. */
      state: () => ({
        tracks: [...captured.entries()].map(([id, e]) => ({ id, running: Boolean(e.reader), frames: e.frames })),
        binding: typeof w[config.binding] === "function",
        pending: pending.length,
        output: output?.context.state ?? "none",
        queued: scheduled.size,
        playedMs: playedNow(),
      }),
      stop() {
        stopProgress();
        for (const [trackId, entry] of captured) {
          entry.reader?.cancel().catch(() => {});
          captured.delete(trackId);
        }
        for (const s of scheduled) s.src.stop();
        scheduled.clear();
      },
    }),
    enumerable: false,
  });
}

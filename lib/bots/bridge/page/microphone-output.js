// @ts-check
// The bot's microphone: an AudioContext whose MediaStreamAudioDestinationNode is the track
// getUserMedia hands out. PCM from Node is scheduled there back to back; clear() silences it within
// 5 ms. Node hears how much has played.
import { fromBase64 } from "./base64.js";

/** @import { Send } from "./to-node.js" */

/**
 * @typedef {{ src: AudioBufferSourceNode, startAt: number, duration: number }} Scheduled
 * @typedef {{ context: AudioContext, gain: GainNode, destination: MediaStreamAudioDestinationNode }} OutputGraph
 */

/**
 * Delay before the first buffer after silence: absorbs delivery jitter of the first chunks. Every
 * reply waits for it; 30 ms cost ~20 ms more on the way out than 10 in bench:voice (docs/bots.md),
 * and a text-to-speech stream's chunks follow well within 10 ms plus a chunk's length.
 */
const START_LEAD_S = 0.01;
/** A buffer arriving late is scheduled at least this far ahead (never in the past). */
const MIN_LEAD_S = 0.005;
const FADE_S = 0.005;

/** @param {Send} send */
export function microphoneOutput(send) {
  /** @type {OutputGraph | null} */
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
    const raw = fromBase64(pcm);
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

  return {
    outputGraph,
    play,
    clear,
    playedNow,
    /** For state(): the audio context's state and how many buffers are scheduled. */
    state: () => ({ output: output?.context.state ?? "none", queued: scheduled.size }),
    /** Stops the progress reports and every scheduled buffer at once (close()). */
    stop() {
      stopProgress();
      for (const s of scheduled) s.src.stop();
      scheduled.clear();
    },
  };
}

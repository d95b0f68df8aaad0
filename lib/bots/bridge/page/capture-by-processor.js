// @ts-check
import { toBase64 } from "./base64.js";
import { resampler } from "./resampler.js";

/** @import { Send } from "./to-node.js" */

const CAPTURE_RATE = 16000;
/** After a voice's last sound, its digital silence is still reported this long (see captureByProcessor). */
const SILENCE_TAIL_MS = 1000;

/**
 * @typedef {{ reader: ReadableStreamDefaultReader<any> | null, frames: number }} CaptureEntry
 * @typedef {{ frameMs: number, clockId: string, send: Send }} FrameTarget
 */

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
 * @param {CaptureEntry} entry
 * @param {FrameTarget} target
 */
export async function captureByProcessor(track, speakerId, entry, { frameMs, clockId, send }) {
  const size = (CAPTURE_RATE * frameMs) / 1000;
  // A main thread busy for a moment must not lose audio: the processor keeps up to 1 s of chunks.
  const processor = new (/** @type {any} */ (window).MediaStreamTrackProcessor)({ track, maxBufferSize: 100 });
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
      send("frame", { speakerId, t: start, c: clockId, pcm: toBase64(frame.buffer) });
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

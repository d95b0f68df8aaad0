// @ts-check

/**
 * A streaming resampler to `to` Hz: a windowed-sinc low-pass below the new Nyquist frequency, then
 * samples picked at the new rate (linearly between two filtered input samples when the ratio is
 * not whole). Good to ~7 kHz at 16 kHz: all that speech recognition and the VAD use.
 * @param {number} from @param {number} to
 */
export function resampler(from, to) {
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

// The audio bridge's capture processor (an AudioWorklet module, loaded from a blob: URL by
// bridge.js). It runs in a 16 kHz AudioContext, so Chromium has already resampled the remote track;
// here the samples are mixed down to mono, converted to int16 and posted in fixed frames together
// with the context's sample index of their first sample. Frames of digital silence (a muted or idle
// line) are not posted at all.
class CohostCapture extends AudioWorkletProcessor {
  constructor(options) {
    super();
    this.size = options.processorOptions.frameSamples;
    this.frame = new Int16Array(this.size);
    this.fill = 0;
    this.start = 0;
    this.silent = true;
    this.running = true;
    this.port.onmessage = (e) => {
      if (e.data === "stop") this.running = false;
    };
  }

  process(inputs) {
    const channels = inputs[0];
    if (!this.running) return false;
    if (!channels || channels.length === 0) return true;
    const length = channels[0].length;
    const gain = 1 / channels.length;
    for (let i = 0; i < length; i++) {
      if (this.fill === 0) this.start = currentFrame + i;
      let s = 0;
      for (let c = 0; c < channels.length; c++) s += channels[c][i];
      s *= gain;
      const v = s <= -1 ? -32768 : s >= 1 ? 32767 : Math.round(s * 32767);
      this.frame[this.fill++] = v;
      if (v !== 0) this.silent = false;
      if (this.fill === this.size) {
        if (!this.silent) {
          this.port.postMessage({ t: this.start, pcm: this.frame.buffer }, [this.frame.buffer]);
          this.frame = new Int16Array(this.size);
        }
        this.fill = 0;
        this.silent = true;
      }
    }
    return true;
  }
}

registerProcessor("cohost-capture", CohostCapture);

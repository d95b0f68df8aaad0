// @ts-check

/**
 * How the call's audio reached this page so far, over every remote audio track: the jitter
 * buffer's mean delay and target, and the share of samples concealed (lost or late).
 * @param {readonly WeakRef<RTCPeerConnection>[]} peers
 */
export async function receiveStats(peers) {
  let delay = 0;
  let target = 0;
  let emitted = 0;
  let concealed = 0;
  let samples = 0;
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

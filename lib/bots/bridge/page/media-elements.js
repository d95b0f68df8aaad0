// @ts-check
// Platforms that only offer the mixed call audio play it through a media element's srcObject: every
// MediaStream given to an <audio>/<video> element is captured.

/** @import { Capture } from "./remote-tracks.js" */

/** @param {Capture} capture */
export function tapMediaElements(capture) {
  const descriptor = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, "srcObject");
  if (!descriptor?.set || !descriptor.get) return;
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

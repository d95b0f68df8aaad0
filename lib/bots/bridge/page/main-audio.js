// @ts-check
// Teams' call audio: the remote track whose stream id contains "mainAudio" (Attendee and Vexa
// capture that one). Other remote tracks are held back; if no mainAudio track has come
// `fallbackMs` after the first remote audio track, every track is captured after all (Vexa's
// fallback: 15 s), since hearing a copy twice beats hearing nothing.

/** @import { Capture } from "./remote-tracks.js" */

/**
 * @param {Capture} capture
 * @param {number} fallbackMs
 * @returns {Capture}
 */
export function mainAudioFirst(capture, fallbackMs) {
  let found = false;
  let fellBack = false;
  /** @type {Parameters<Capture>[]} */
  let held = [];
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  return async (track, streams, origin) => {
    if (track.kind !== "audio") return;
    if (streams[0]?.id.includes("mainAudio")) {
      found = true;
      held = [];
      if (timer) clearTimeout(timer);
      return capture(track, streams, origin);
    }
    if (found) return;
    if (fellBack) return capture(track, streams, origin);
    held.push([track, streams, origin]);
    timer ??= setTimeout(() => {
      if (found) return;
      fellBack = true;
      for (const args of held) void capture(...args);
      held = [];
    }, fallbackMs);
  };
}

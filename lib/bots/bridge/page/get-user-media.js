// @ts-check
// getUserMedia's audio is the bot's microphone: a clone of the output graph's destination track.
// Video requests still go to the browser (the platform adapter turns the camera off).

/** @import { Send } from "./to-node.js" */
/** @import { OutputGraph } from "./microphone-output.js" */

/**
 * @param {() => OutputGraph} outputGraph
 * @param {WeakSet<MediaStreamTrack>} ownTracks where our microphone tracks go, so they are never captured
 * @param {Send} send
 */
export function overrideGetUserMedia(outputGraph, ownTracks, send) {
  const media = navigator.mediaDevices;
  if (!media || typeof media.getUserMedia !== "function") return;
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

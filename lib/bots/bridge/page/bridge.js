// @ts-check
// The audio bridge inside a bot's page (docs/bots.md). Installed with context.addInitScript, so it
// runs in every frame before the page's own scripts. lib/bots/bridge/page-script.ts assembles this
// module and the ones it imports into that one script, which calls cohostAudioBridge(config).
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
import { overrideGetUserMedia } from "./get-user-media.js";
import { tapMediaElements } from "./media-elements.js";
import { microphoneOutput } from "./microphone-output.js";
import { mainAudioFirst } from "./main-audio.js";
import { peerConnections, tapPeerConnections } from "./peer-connections.js";
import { receiveStats } from "./receive-stats.js";
import { recorder } from "./recorder.js";
import { remoteTracks } from "./remote-tracks.js";
import { channelToNode } from "./to-node.js";

/** @typedef {{ binding: string, frameMs: number, capture: "peer" | "element" | "both" | "main-audio", mainAudioFallbackMs?: number }} BridgeConfig */

/** @param {BridgeConfig} config */
export function cohostAudioBridge(config) {
  const w = /** @type {any} */ (window);
  if (w.__cohostBridge) return;

  const toNode = channelToNode(w, config.binding);
  const { send } = toNode;

  // ---------- listen ----------
  const tracks = remoteTracks({ send, frameMs: config.frameMs });
  const peers = peerConnections();
  if (config.capture === "main-audio") tapPeerConnections(w, peers, mainAudioFirst(tracks.capture, config.mainAudioFallbackMs ?? 15_000));
  else if (config.capture !== "element") tapPeerConnections(w, peers, tracks.capture);
  if (config.capture === "element" || config.capture === "both") tapMediaElements(tracks.capture);

  // ---------- speak ----------
  const microphone = microphoneOutput(send);
  overrideGetUserMedia(microphone.outputGraph, tracks.ownTracks, send);

  // ---------- record (docs/recordings.md) ----------
  const recording = recorder({ send, outputGraph: microphone.outputGraph, tracks });

  Object.defineProperty(w, "__cohostBridge", {
    value: Object.freeze({
      play: microphone.play,
      clear: microphone.clear,
      /** Everything before this call has been applied: the exact played total. */
      sync: () => microphone.playedNow(),
      receiveStats: () => receiveStats(peers.live()),
      record: recording.start,
      /** Resolves once the last chunk has been sent: the recording's length in ms. */
      stopRecording: recording.stop,
      /** For logs when something goes wrong. */
      state: () => ({
        tracks: tracks.state(),
        binding: toNode.bound(),
        pending: toNode.pending(),
        ...microphone.state(),
        recording: recording.state(),
        playedMs: microphone.playedNow(),
      }),
      stop() {
        void recording.stop();
        tracks.stop();
        microphone.stop();
      },
    }),
    enumerable: false,
  });
}

import type { AudioBridge, RecordingChunk, RemoteTrack } from "./create-audio-bridge.ts";
import type { PcmFrame } from "../../voice/types.ts";

// The bridge the voice session and the mixer hold for the whole run, while the page under it may
// change: a join retried in a fresh browser context (lib/bots/run/join-attempts.ts) gets a new
// page and with it a new bridge, which replace() puts in place. Listeners stay subscribed across
// the swap; played time continues from where the old bridge stopped.

export interface BridgeSlot extends AudioBridge {
  /** Puts `next` in place and closes the bridge before it. */
  replace(next: AudioBridge): Promise<void>;
}

export function bridgeSlot(first: AudioBridge): BridgeSlot {
  const listeners = {
    frame: new Set<(frame: PcmFrame) => void>(),
    track: new Set<(track: RemoteTrack) => void>(),
    playback: new Set<(playing: boolean) => void>(),
    recording: new Set<(chunk: RecordingChunk) => void>(),
  };
  let current = first;
  let playedBefore = 0;
  const wire = (bridge: AudioBridge) => {
    bridge.onFrame((f) => listeners.frame.forEach((l) => l(f)));
    bridge.onTrack((t) => listeners.track.forEach((l) => l(t)));
    bridge.onPlayback((p) => listeners.playback.forEach((l) => l(p)));
    bridge.onRecording((c) => listeners.recording.forEach((l) => l(c)));
  };
  const subscribe = <T>(set: Set<T>, listener: T) => {
    set.add(listener);
    return () => void set.delete(listener);
  };
  wire(first);

  return {
    onFrame: (listener) => subscribe(listeners.frame, listener),
    onTrack: (listener) => subscribe(listeners.track, listener),
    onPlayback: (listener) => subscribe(listeners.playback, listener),
    onRecording: (listener) => subscribe(listeners.recording, listener),
    startRecording: () => current.startRecording(),
    stopRecording: () => current.stopRecording(),
    play: (samples, sampleRate) => current.play(samples, sampleRate),
    clear: () => current.clear(),
    playedMs: () => playedBefore + current.playedMs(),
    sync: async () => playedBefore + (await current.sync()),
    receiveStats: () => current.receiveStats(),
    close: () => current.close(),
    async replace(next) {
      const old = current;
      playedBefore += old.playedMs();
      current = next;
      wire(next);
      await old.close().catch(() => {});
    },
  };
}

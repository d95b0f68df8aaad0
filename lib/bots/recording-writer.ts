import type { Logger } from "../log.ts";
import { recordingKey } from "../meetings/recording-parts.ts";
import { saveRecordingProgress, sealRecordingParts, startRecordingPart } from "../meetings/recording-writes.ts";
import { durationPlaceholder } from "../meetings/webm-duration.ts";
import { openStorage } from "../storage/open-storage.ts";
import type { Storage } from "../storage/store.ts";
import type { AudioBridge, RecordingChunk } from "./bridge/create-audio-bridge.ts";

// One run's part of a meeting's recording (docs/recordings.md): the page's chunks (every 2 s) are
// appended to storage in order as they come, and the part's length and bytes saved with each, so a
// crash loses at most the chunk being made. stop() waits for the last chunk and seals the part.

export class RecordingWriter {
  private index: number | null = null;
  private chain: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  private bytes = 0;
  private durationMs = 0;
  private failed = false;

  private readonly meeting: { id: string; userId: string };
  private readonly bridge: AudioBridge;
  private readonly log: Logger;
  private readonly storage: Storage;

  constructor(meeting: { id: string; userId: string }, bridge: AudioBridge, log: Logger, storage: Storage = openStorage()) {
    this.meeting = meeting;
    this.bridge = bridge;
    this.log = log;
    this.storage = storage;
  }

  /** Seals what an earlier run left (a crash), opens this run's part and starts the page's recorder. */
  async start(): Promise<boolean> {
    await sealRecordingParts(this.meeting.id);
    this.index = await startRecordingPart(this.meeting);
    if (this.index === null) return false;
    this.unsubscribe = this.bridge.onRecording((chunk) => {
      this.chain = this.chain.then(() => this.write(chunk));
    });
    const started = await this.bridge.startRecording();
    this.log("recording_started", { part: this.index + 1, started });
    return started;
  }

  private async write(chunk: RecordingChunk): Promise<void> {
    if (this.index === null || this.failed) return;
    try {
      let data = chunk.data;
      const progress: { durationMs: number; bytes: number; durationAt?: number; unitNs?: number } = { durationMs: 0, bytes: 0 };
      if (chunk.seq === 0) {
        const slot = durationPlaceholder(data);
        if (slot) Object.assign(progress, { durationAt: slot.at, unitNs: slot.unitNs });
        else this.log("recording_no_duration_slot", { level: "warn" });
        data = slot?.bytes ?? data;
      }
      await this.storage.append(recordingKey(this.meeting.id, this.index), chunk.seq, data);
      this.bytes += data.length;
      this.durationMs = Math.max(this.durationMs, chunk.atMs);
      await saveRecordingProgress(this.meeting.id, this.index, { ...progress, durationMs: this.durationMs, bytes: this.bytes });
    } catch (err) {
      // Storage or the database gone: the part keeps what it has; the meeting goes on.
      this.failed = true;
      this.log("recording_write_failed", { level: "error", error: String(err) });
    }
  }

  /** Stops the page's recorder, writes the last chunk and seals the part (its duration in the header). */
  async stop(): Promise<void> {
    if (this.index === null) return;
    const lengthMs = await this.bridge.stopRecording();
    this.unsubscribe?.();
    await this.chain;
    if (lengthMs !== null && !this.failed) await saveRecordingProgress(this.meeting.id, this.index, { durationMs: Math.max(this.durationMs, lengthMs) });
    await sealRecordingParts(this.meeting.id);
    this.log("recording_stopped", { part: this.index + 1, bytes: this.bytes, durationMs: Math.max(this.durationMs, lengthMs ?? 0) });
    this.index = null;
  }
}

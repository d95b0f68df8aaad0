import type { Browser } from "playwright-core";
import type { BotSettings } from "../../config.ts";
import type { Logger } from "../../log.ts";
import type { RunRef } from "../../meetings/bot-runs.ts";
import type { StatusWrites } from "../status-writes.ts";
import type { BotContext } from "../worker.ts";
import type { WriteQueue } from "../write-queue.ts";
import type { Heartbeat } from "./heartbeat.ts";
import type { LeaveRules } from "./leave-rules.ts";
import type { RunEnd } from "./run-end.ts";
import type { RunParts } from "./run-parts.ts";

/** What every phase of a meeting run works with (lib/bots/run/meeting-run.ts makes it). */
export interface RunScope {
  /** The claimed run and its meeting, and the worker's signals. */
  readonly ctx: BotContext;
  readonly ref: RunRef;
  readonly settings: BotSettings;
  /** The worker's Chromium. */
  readonly browser: () => Promise<Browser>;
  /** Lines about this meeting's run. */
  readonly log: Logger;
  /** The end of the bot's time, decided once. */
  readonly end: RunEnd;
  /** What the phases opened so far. */
  readonly parts: RunParts;
  readonly heartbeat: Heartbeat;
  readonly rules: LeaveRules;
  /** Session output, in order, one write at a time, off the audio path. */
  readonly writes: WriteQueue;
  /** Status writes, one at a time, in the order things happened (waiting room, admitted, the final one). */
  readonly statuses: StatusWrites;
  /** Queues a write of the session's output after the run's others. */
  save(what: string, write: () => Promise<unknown>): void;
}

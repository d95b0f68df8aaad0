import type { Logger } from "../../log.ts";
import type { MeetingSession } from "../platforms/types.ts";

/** The microphone stays on this long after the agent stops speaking (no clipped last syllable). */
const OFF_DELAY_MS = 1500;

/**
 * The bot's microphone on a platform that wants it on only while the agent speaks
 * (`microphoneWhileSpeakingOnly`): on when it starts speaking, off a moment after it stops. A failed
 * switch is tried once more, and said.
 */
export class Microphone {
  private readonly log: Logger;
  private readonly client: () => MeetingSession | null;
  private readonly offDelayMs: number;
  private off: NodeJS.Timeout | undefined;
  private stopped = false;

  /** `client`: the meeting client once the bot is in (null before). */
  constructor(opts: { log: Logger; client: () => MeetingSession | null; offDelayMs?: number }) {
    this.log = opts.log;
    this.client = opts.client;
    this.offDelayMs = opts.offDelayMs ?? OFF_DELAY_MS;
  }

  speaking(on: boolean): void {
    if (this.stopped) return;
    clearTimeout(this.off);
    if (on) this.switch(true);
    else this.off = setTimeout(() => this.switch(false), this.offDelayMs);
  }

  /** The bot's time is over: no more switching. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.off);
  }

  private switch(on: boolean): void {
    const client = this.client();
    if (!client || this.stopped) return;
    void client
      .setMicrophone(on)
      .catch((err) => {
        this.log("microphone_retry", { level: "warn", on, error: String(err) });
        return client.setMicrophone(on);
      })
      .catch((err) => this.log("microphone_failed", { level: "error", on, error: String(err) }));
  }
}

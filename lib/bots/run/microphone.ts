import type { Logger } from "../../log.ts";
import type { MeetingSession } from "../platforms/types.ts";

/** The microphone stays on this long after the agent stops speaking (no clipped last syllable). */
const OFF_DELAY_MS = 1500;

/**
 * The bot's microphone on a platform that wants it on only while the agent speaks
 * (`microphoneWhileSpeakingOnly`): on when it starts speaking, off a moment after it stops. A failed
 * switch is tried once more, and said. Once the bot's time is over (`leaving()`) it still opens for
 * the agent's last words — the goodbye when the credit ran out — and never closes again: the bot
 * leaves the call, and no timer is left behind.
 */
export class Microphone {
  private readonly log: Logger;
  private readonly client: () => MeetingSession | null;
  private readonly offDelayMs: number;
  private off: NodeJS.Timeout | undefined;
  private isLeaving = false;

  /** `client`: the meeting client once the bot is in (null before). */
  constructor(opts: { log: Logger; client: () => MeetingSession | null; offDelayMs?: number }) {
    this.log = opts.log;
    this.client = opts.client;
    this.offDelayMs = opts.offDelayMs ?? OFF_DELAY_MS;
  }

  speaking(on: boolean): void {
    clearTimeout(this.off);
    if (on) this.switch(true);
    else if (!this.isLeaving) this.off = setTimeout(() => this.switch(false), this.offDelayMs);
  }

  /** The bot's time is over: the microphone still opens for a goodbye, and stays open until the bot is out. */
  leaving(): void {
    this.isLeaving = true;
    clearTimeout(this.off);
  }

  private switch(on: boolean): void {
    const client = this.client();
    if (!client || (this.isLeaving && !on)) return;
    void client
      .setMicrophone(on)
      .catch((err) => {
        this.log("microphone_retry", { level: "warn", on, error: String(err) });
        return client.setMicrophone(on);
      })
      .catch((err) => this.log("microphone_failed", { level: "error", on, error: String(err) }));
  }
}

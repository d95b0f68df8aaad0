import type { Logger } from "../../log.ts";
import { within } from "../within.ts";

/** One step of leaving, bounded in time. */
export interface TeardownStep {
  /** Its name in the log (`teardown_timeout`, `teardown_error`). */
  step: string;
  limitMs: number;
  run(): Promise<unknown>;
}

/**
 * Runs the steps in order, each for at most its limit: a step that fails or runs out of time is
 * logged and the next one runs anyway (a hung page must not keep the bot from closing the rest and
 * writing its final status). A step given up on carries on unwatched.
 */
export async function runBounded(steps: TeardownStep[], log: Logger): Promise<void> {
  for (const { step, limitMs, run } of steps) {
    try {
      const outcome = await within(run(), limitMs);
      if (!outcome.done) log("teardown_timeout", { level: "warn", step, limitMs });
    } catch (err) {
      log("teardown_error", { level: "warn", step, error: String(err) });
    }
  }
}

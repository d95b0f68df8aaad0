import type { MinuteBilling } from "../minute-billing.ts";
import type { End } from "./run-end.ts";

/**
 * Ticks that started before the bot's time ended and are still unbilled (the database was away) are
 * billed as the bot leaves, in parallel with leaving, until `deadline` — by the run that still owns
 * the call only: a superseded run's meeting is no longer its to bill. Resolves with the ticks still
 * unbilled (0 when exact).
 */
export function settleBilling(billing: MinuteBilling | null, end: End, endedAt: number, deadline: number): Promise<number> {
  if (!billing || end.kind === "superseded") return Promise.resolve(0);
  return billing.settle(endedAt, deadline);
}

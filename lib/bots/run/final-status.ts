import type { Logger } from "../../log.ts";
import { handOverRun, moveRun, type RunRef } from "../../meetings/bot-runs.ts";
import type { StatusWrites } from "../status-writes.ts";
import type { End } from "./run-end.ts";

/**
 * The run's last word on its meeting, after every other status write: a superseded run (stopped,
 * restarted, failed by the sweep) writes nothing — the meeting is no longer its own; a worker that is
 * stopping hands the meeting over (back to joining, for another worker); any other end is the
 * meeting's final status. Tried while the database is away (StatusWrites' limit), then left to the
 * sweep, which fails the meeting once its heartbeat is old.
 */
export async function writeFinalStatus(end: End, ref: RunRef, statuses: StatusWrites, log: Logger): Promise<void> {
  try {
    switch (end.kind) {
      case "superseded":
        return;
      case "shutdown":
        log("handing_over", { handedOver: await statuses.write("hand_over", () => handOverRun(ref)) });
        return;
      default: {
        const moved = await statuses.write("final_status", () => moveRun(ref, end.kind, end.reason, end.data));
        if (!moved.moved) log("final_status_refused", { reason: moved.reason, current: moved.current });
      }
    }
  } catch (err) {
    log("final_status_failed", { level: "error", error: String(err) });
  }
}

import type { MoveResult } from "../../meetings/bot-runs.ts";
import type { RunScope } from "./run-scope.ts";

/**
 * What a refused status write means: the run lost the meeting (stopped, restarted, failed by the
 * sweep), so the bot leaves without a word; a move the table refuses now (`not_allowed`) is only logged.
 */
export function afterMove(run: RunScope, to: string) {
  return (result: MoveResult): void => {
    if (result.moved) return;
    if (result.reason === "superseded") return run.end.end({ kind: "superseded" });
    run.log("status_not_moved", { level: "warn", to, current: result.current });
  };
}

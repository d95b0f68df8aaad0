import { finishRecording } from "../../meetings/recording-writes.ts";
import { releaseRun } from "../../meetings/run-writes.ts";
import { requestSummaryAfterRun } from "../../summaries/request-summary.ts";
import { within } from "../within.ts";
import { writeFinalStatus } from "./final-status.ts";
import { leaveCallSteps } from "./leave-call.ts";
import type { End } from "./run-end.ts";
import type { RunScope } from "./run-scope.ts";
import { settleBilling } from "./settle-billing.ts";
import { runBounded } from "./teardown-steps.ts";

/**
 * How long a stopping worker's bot waits for its ticks to be settled before it hands over anyway: the
 * worker gives its bots 8.4 s in all (lib/bots/worker.ts), and the hand-over's own write needs the rest
 * on a busy database. Ticks still unsettled then stay unbilled (`billing_unsettled`): the meeting is
 * kept; a process gone before the hand-over would have lost both.
 */
const SHUTDOWN_SETTLE_LIMIT_MS = 4_000;

/**
 * Teardown (docs/bots.md, "One bot" 6), once the bot's time has ended (billing and the in-call timers
 * stopped then): the bounded steps out of the call, the session's output flushed, the ticks that
 * started before the end settled, the final status, and the summary requested — after the last
 * transcript write. The final writes share one deadline (`finalWritesMs`).
 *
 * A worker that is stopping (`shutdown`) hands the meeting over FIRST — as soon as the ticks are
 * settled, before leaving the call: its stop budget is short, and leaving on a busy machine can
 * outlast it (docs/deploy.md, "Many workers, one database"). From the hand-over on, the meeting has a
 * new run: this one's ticks are refused by the database, its heartbeat stops, and what is left is
 * leaving (bounded) and flushing the session's last output. Settling waits SHUTDOWN_SETTLE_LIMIT_MS
 * at most there.
 */
export async function tearDown(run: RunScope, end: End, finalWritesMs: number): Promise<void> {
  // A stopped or restarted meeting is not this run's any more: nothing to keep alive.
  if (end.kind === "superseded") run.heartbeat.stop();
  const finalWritesBy = performance.now() + finalWritesMs;
  const settled = settleBilling(run.parts.billing, end, run.end.at, finalWritesBy).then((unbilled) => {
    if (unbilled > 0) run.log("billing_unsettled", { level: "error", ticks: unbilled });
  });
  if (end.kind === "shutdown") {
    // A tick still under way when the hand-over commits is refused by the database (the run is no longer the meeting's) or lands before it: never both.
    if (!(await within(settled, SHUTDOWN_SETTLE_LIMIT_MS)).done) run.log("settle_overdue", { level: "warn", limitMs: SHUTDOWN_SETTLE_LIMIT_MS });
    await writeFinalStatus(end, run.ref, run.statuses, run.log);
    run.heartbeat.stop();
  }
  await runBounded(leaveCallSteps(run.parts, end, run.log), run.log);
  await run.writes.close(Math.max(0, finalWritesBy - performance.now()));
  // A hand-over keeps the recording open for the next run's part, and the meeting goes on: no more to write.
  if (end.kind === "shutdown") return;
  await settled;
  await writeFinalStatus(end, run.ref, run.statuses, run.log);
  // The run's last write: meeting.ended and the live streams' `end` wait for it (lib/meetings/run-writes.ts).
  await releaseRun(run.ref).catch((err) => run.log("release_error", { level: "error", error: String(err) }));
  if (run.parts.recording) await finishRecording(run.ref.meetingId).catch((err) => run.log("recording_finish_error", { level: "error", error: String(err) }));
  // Written after every line of the transcript is saved (above), whoever completed the meeting.
  await requestSummaryAfterRun(run.ref.meetingId, run.ref.runId).catch((err) => run.log("summary_request_error", { level: "error", error: String(err) }));
}

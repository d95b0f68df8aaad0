import { queueAutoRefill } from "../../billing/refill-job.ts";
import { admitRun, billMinute, noteRun } from "../../meetings/bot-runs.ts";
import { MinuteBilling } from "../minute-billing.ts";
import { recordingNotice } from "../recording-notice.ts";
import { RecordingWriter } from "../recording-writer.ts";
import { afterMove } from "./after-move.ts";
import { postEntryLine } from "./post-chat.ts";
import { watchRemoteAudio } from "./remote-audio-watch.ts";
import type { RunScope } from "./run-scope.ts";
import type { Opened } from "./set-up.ts";

/**
 * In call (docs/bots.md, "One bot" 4): the admission is written — after the waiting room's, never
 * before it, so the final status always comes last — then the audio flows (and an alarm watches
 * that some does: no_remote_audio), billing ticks once per started minute from now, the heartbeat
 * fetches the activation and the leave rules' clocks start.
 * The end of the bot's time stops billing and every in-call timer (`run.end.atEnd`).
 */
export async function enterCall(run: RunScope, { agent, live, bridge, session }: Opened): Promise<void> {
  const admission = await run.statuses.write("in_progress", () => admitRun(run.ref));
  if (!admission.moved) {
    afterMove(run, "in_progress")(admission);
    return run.end.end({ kind: "failed", reason: "internal_error", data: { detail: `the meeting is ${admission.current}` } });
  }
  if (run.end.over) return;
  run.parts.admitted = true;
  run.log("admitted");
  live.start();
  run.parts.mixer?.start();
  // People in the call and not a sound reaching the bot: said once, on the timeline.
  const stopAudioWatch = watchRemoteAudio({
    bridge,
    othersInCall: () => run.parts.othersInCall > 0,
    onSilent: (silentMs) => {
      run.log("no_remote_audio", { level: "warn", silentMs });
      run.save("no_remote_audio", () => noteRun(run.ref, "no_remote_audio", { silentSeconds: Math.round(silentMs / 1000) }));
    },
  });
  run.end.atEnd(stopAudioWatch);
  if (agent.recordMeetings) await startRecording(run, bridge, () => session.say(recordingNotice(agent.language)));

  const { userId } = run.ctx.meeting;
  const billing = (run.parts.billing = new MinuteBilling({
    intervalMs: run.settings.billingIntervalMs,
    firstTick: admission.billedTicks ?? 0,
    bill: (tick) => billMinute({ ...run.ref, userId, agentId: agent.id }, tick),
    onEnd: (reason) => run.end.end(reason === "superseded" ? { kind: "superseded" } : { kind: "completed", reason: "out_of_credits" }),
    onRefillDue: () => void queueAutoRefill(userId, run.log),
    log: run.log,
  }));
  run.end.atEnd(() => billing.stop());
  billing.start();
  await run.heartbeat.beat(); // the activation state, now that the session is listening
  run.rules.admitted();
  // The meeting learns from the chat that the agent is there, and for whom it transcribes.
  void postEntryLine(run, agent).catch((err) => run.log("chat_entry_failed", { level: "warn", error: String((err as Error)?.message ?? err) }));
}

/** Recording (docs/recordings.md): started, then announced by the agent in its language (so the notice is on it). */
async function startRecording(run: RunScope, bridge: Opened["bridge"], announce: () => Promise<void>): Promise<void> {
  const writer = (run.parts.recording = new RecordingWriter({ id: run.ref.meetingId, userId: run.ctx.meeting.userId }, bridge, run.log));
  try {
    await writer.start();
  } catch (err) {
    run.log("recording_start_failed", { level: "error", error: String(err) });
  }
  void announce().catch((err) => run.log("recording_notice_failed", { level: "warn", error: String(err) }));
}

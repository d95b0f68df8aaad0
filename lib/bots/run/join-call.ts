import type { Prisma } from "../../generated/prisma/client.ts";
import { moveRun } from "../../meetings/bot-runs.ts";
import { AudioMixer } from "../audio-mixer.ts";
import { meetingStatusFor, type Participant, type PlatformEvent } from "../platforms/types.ts";
import { zoomAppOf } from "../platforms/zoom-app.ts";
import { afterMove } from "./after-move.ts";
import { captured } from "./captured.ts";
import { rosterUpdates } from "./roster.ts";
import type { RunScope } from "./run-scope.ts";
import type { Opened } from "./set-up.ts";

/**
 * Join (docs/bots.md, "One bot" 3): the call's audio is wired into the session (held back until
 * admission) and the platform adapter gets the bot in — through a waiting room, written as the
 * meeting's status — or says why not, with what the bot saw on the timeline. Once in, the meeting
 * client is `run.parts.meetingSession`.
 */
export async function joinCall(run: RunScope, { agent, adapter, page, bridge, tools, session, waitingRoomMs }: Opened): Promise<void> {
  // The mixer drops frames until admission (start()), so a long waiting room costs no memory.
  const mixer = (run.parts.mixer = new AudioMixer({ onFrame: (frame) => session.pushAudio(frame) }));
  run.end.atEnd(() => mixer.stop());
  bridge.onFrame((frame) => mixer.push(frame));
  const roster = rosterUpdates({ ref: run.ref, session, tools, rules: run.rules, save: run.save });

  run.log("joining", { platform: run.ctx.meeting.platform });
  const joined = await adapter.join(page, {
    url: run.ctx.meeting.meetingUrl,
    name: agent.name,
    waitingRoomTimeoutMs: waitingRoomMs,
    signal: run.end.signal,
    onEvent: (e) => onPlatformEvent(run, e, roster),
    zoomApp: zoomAppOf(agent),
  });
  if (joined.kind === "failed") {
    run.log("join_failed", { reason: joined.reason, detail: joined.detail });
    return run.end.end({ kind: "failed", reason: joined.reason, data: { ...(joined.detail ? { detail: joined.detail } : {}), ...(await captured(run)) } });
  }
  run.parts.meetingSession = joined.session;
}

/** What the platform reports, while joining and in the call. */
function onPlatformEvent(run: RunScope, e: PlatformEvent, roster: (participants: Participant[]) => void): void {
  switch (e.type) {
    case "waiting_room":
      run.log("waiting_room", { waitingFor: e.waitingFor });
      void run.statuses.write("waiting_room", () => moveRun(run.ref, "waiting_room", meetingStatusFor(e).statusReason)).then(afterMove(run, "waiting_room"), () => {});
      return;
    case "participants":
      return roster(e.participants);
    case "ended": {
      const { status, statusReason } = meetingStatusFor(e);
      // What the client showed when it dropped the bot goes on the timeline.
      const endWith = (data: Prisma.InputJsonValue) =>
        run.end.end(status === "failed" ? { kind: "failed", reason: statusReason ?? "connection_lost", data } : { kind: "completed", reason: statusReason ?? "meeting_ended", data });
      void captured(run).then(endWith, () => endWith({}));
      return;
    }
  }
}

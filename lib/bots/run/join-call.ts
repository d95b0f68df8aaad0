import type { Page } from "playwright-core";
import type { Prisma } from "../../generated/prisma/client.ts";
import { moveRun, noteRun } from "../../meetings/bot-runs.ts";
import { AudioMixer } from "../audio-mixer.ts";
import { createAudioBridge } from "../bridge/create-audio-bridge.ts";
import { newBotContext, openBotPage } from "../browser.ts";
import { within } from "../within.ts";
import { meetingStatusFor, type Participant, type PlatformEvent } from "../platforms/types.ts";
import { zoomAppOf } from "../platforms/zoom-app.ts";
import { rejectBotSession } from "../../agents/reject-bot-session.ts";
import { afterMove } from "./after-move.ts";
import { signInExpired } from "./bot-session.ts";
import { captured } from "./captured.ts";
import { joinWithRetries, MAX_JOIN_ATTEMPTS } from "./join-attempts.ts";
import { rosterUpdates } from "./roster.ts";
import type { RunScope } from "./run-scope.ts";
import type { Opened } from "./set-up.ts";

/** How long closing a turned-away attempt's browser context may take. */
const CONTEXT_CLOSE_LIMIT_MS = 10_000;

/**
 * Join (docs/bots.md, "One bot" 3): the call's audio is wired into the session (held back until
 * admission) and the platform adapter gets the bot in — through a waiting room, written as the
 * meeting's status — or says why not, with what the bot saw on the timeline. A platform that turned
 * the bot away is tried again in a fresh browser context (join-attempts.ts), each attempt on the
 * timeline. Once in, the meeting client is `run.parts.meetingSession`.
 */
export async function joinCall(run: RunScope, opened: Opened): Promise<void> {
  const { agent, adapter, page, bridge, tools, session, waitingRoomMs, botSession } = opened;
  // The mixer drops frames until admission (start()), so a long waiting room costs no memory.
  const mixer = (run.parts.mixer = new AudioMixer({ onFrame: (frame) => session.pushAudio(frame) }));
  run.end.atEnd(() => mixer.stop());
  bridge.onFrame((frame) => mixer.push(frame));
  const roster = rosterUpdates({ ref: run.ref, session, tools, rules: run.rules, save: run.save });

  run.log("joining", { platform: run.ctx.meeting.platform });
  const tried = await joinWithRetries(page, {
    join: (attemptPage) =>
      adapter.join(attemptPage, {
        url: run.ctx.meeting.meetingUrl,
        // Signed in, the client shows the account's name (no name field): the bot recognises itself by it.
        name: botSession?.label || agent.name,
        waitingRoomTimeoutMs: waitingRoomMs,
        signal: run.end.signal,
        onEvent: (e) => onPlatformEvent(run, e, roster),
        zoomApp: zoomAppOf(agent),
      }),
    async retrying({ attempt, reason, detail }) {
      run.log("join_retry", { attempt, reason, detail });
      const data = { attempt, of: MAX_JOIN_ATTEMPTS, reason, ...(detail ? { detail } : {}), ...(await captured(run)) };
      run.save("join_retry", () => noteRun(run.ref, "join_retry", data));
    },
    fresh: () => freshContext(run, opened),
    signal: run.end.signal,
  });
  const joined = signInExpired(tried, botSession);
  if (joined.kind === "failed" && joined.reason === "bot_sign_in_expired" && botSession) {
    run.save("bot_session_rejected", () => rejectBotSession(agent.id, botSession.uploadedAt));
  }
  if (joined.kind === "failed") {
    run.log("join_failed", { reason: joined.reason, detail: joined.detail });
    return run.end.end({ kind: "failed", reason: joined.reason, data: { ...(joined.detail ? { detail: joined.detail } : {}), ...joined.rule, ...(await captured(run)) } });
  }
  run.parts.meetingSession = joined.session;
}

/**
 * A fresh browser context for the next join attempt: new cookies and storage, a new page with the
 * bridge moved onto it; the turned-away one is closed (bounded). The run's parts point at the new
 * ones, so the teardown closes what is open.
 */
async function freshContext(run: RunScope, { adapter, bridge, botSession }: Opened): Promise<Page> {
  const { meeting } = run.ctx;
  const old = run.parts.context;
  const context = (run.parts.context = await newBotContext(await run.browser(), { platform: meeting.platform, url: meeting.meetingUrl }, { session: botSession }));
  const page = (run.parts.page = await openBotPage(context));
  await bridge.replace(await createAudioBridge(page, { capture: adapter.bridgeCapture, onError: (err) => run.log("bridge_error", { level: "warn", error: err.message }) }));
  if (old) await within(old.close().catch(() => {}), CONTEXT_CLOSE_LIMIT_MS);
  return page;
}

/** What the platform reports, while joining and in the call. */
function onPlatformEvent(run: RunScope, e: PlatformEvent, roster: (participants: Participant[]) => void): void {
  switch (e.type) {
    case "waiting_room":
      run.log("waiting_room", { waitingFor: e.waitingFor });
      void run.statuses.write("waiting_room", () => moveRun(run.ref, "waiting_room", meetingStatusFor(e).statusReason)).then(afterMove(run, "waiting_room"), () => {});
      return;
    case "chat":
      // A line someone typed: a transcript line, and a question when it addresses the agent (the session decides).
      run.parts.session?.chat(e.line);
      return;
    case "participants":
      run.parts.othersInCall = e.participants.filter((p) => !p.isSelf).length;
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

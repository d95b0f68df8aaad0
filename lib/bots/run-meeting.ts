import type { Browser, BrowserContext, Page } from "playwright-core";
import { canStartAgent } from "../billing/usage.ts";
import type { BotSettings } from "../config.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import {
  addProviderUsage,
  billNextMinute,
  handOverRun,
  heartbeat,
  moveRun,
  saveLiveState,
  saveParticipants,
  saveTranscriptSegment,
  saveTurnMetrics,
  type RunRef,
} from "../meetings/bot-runs.ts";
import { requestSummaryAfterRun } from "../summaries/request-summary.ts";
import { createVoiceSession } from "../voice/pipeline/session.ts";
import { ProviderError, type AgentVoiceConfig, type SessionEvent, type VoiceSession } from "../voice/types.ts";
import { openBotTools, type BotTools } from "./agent-tools.ts";
import { AgentConfigError, agentVoiceConfig } from "./agent-voice-config.ts";
import { missingKeys } from "../agents/missing-keys.ts";
import { providerFailure } from "./provider-failure.ts";
import { AudioMixer } from "./audio-mixer.ts";
import { createAudioBridge, type AudioBridge } from "./bridge/create-audio-bridge.ts";
import { newBotContext, openBotPage } from "./browser.ts";
import { captureFailure } from "./failure-artifacts.ts";
import { liveStateTracker } from "./live-state.ts";
import { meetingLog } from "./log.ts";
import { adapterFor } from "./platforms/adapter-for.ts";
import { meetingStatusFor, type MeetingSession, type Participant, type PlatformEvent } from "./platforms/types.ts";
import { zoomAppOf } from "./platforms/zoom-app.ts";
import type { BotContext, BotRunner } from "./worker.ts";

// One agent in one meeting, from a claimed run to its end (docs/bots.md):
//   check the agent and the credit → open the providers (a bad key fails before joining) → a browser
//   context with the audio bridge → the platform adapter joins (waiting room, admitted) → in the call:
//   meeting audio → mixer → voice session → the bot's microphone; transcript, usage and latency saved;
//   one billing tick per started minute; heartbeats; leave when stopped, alone, out of credit, at the
//   maximum duration, removed or when the meeting ends → the meeting's final status.

/** Why this bot's time in the meeting ended. */
type End =
  | { kind: "superseded" } // stopped, cancelled or restarted through the API, or failed by the sweep: the API has written the status
  | { kind: "shutdown" } // the worker is stopping: hand the meeting over
  | { kind: "completed" | "failed" | "cancelled"; reason: string; data?: Prisma.InputJsonValue };

const GOODBYE: Record<string, string> = {
  en: "I'm sorry, the credit for this meeting has run out, so I have to leave now. Goodbye!",
  de: "Entschuldigung, das Guthaben für dieses Meeting ist aufgebraucht, deshalb muss ich jetzt gehen. Auf Wiedersehen!",
};
/** How long the goodbye may take before the bot leaves anyway. */
const GOODBYE_LIMIT_MS = 15_000;
/** How long ending the tool servers' sessions may take. */
const TOOLS_CLOSE_LIMIT_MS = 3_000;
/** How long leaving through the client may take. */
const LEAVE_LIMIT_MS = 10_000;
/** The microphone stays on this long after the agent stops speaking (no clipped last syllable). */
const MIC_OFF_DELAY_MS = 1500;

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref())]);

export function meetingRunner(browser: () => Promise<Browser>, settings: BotSettings): BotRunner {
  return (ctx) => runMeeting(ctx, browser, settings);
}

async function runMeeting(ctx: BotContext, browser: () => Promise<Browser>, settings: BotSettings): Promise<void> {
  const { ref, meeting } = ctx;
  const log = meetingLog(ref.meetingId, ref.runId);
  const cleanups: (() => unknown)[] = [];
  let resolveEnd!: (end: End) => void;
  const ended = new Promise<End>((resolve) => (resolveEnd = resolve));
  let finished: End | null = null;
  const end = (e: End) => {
    if (finished) return;
    finished = e;
    log("bot_ending", { end: e.kind, reason: "reason" in e ? e.reason : undefined });
    resolveEnd(e);
  };
  /** Aborted once the bot's time is up: stops a join in progress. */
  const stop = new AbortController();
  void ended.then(() => stop.abort());

  // Set by setUp() below (typed this way so the teardown's checks are not narrowed to null).
  let session = null as VoiceSession | null;
  let tools = null as BotTools | null;
  let meetingSession = null as MeetingSession | null;
  let context = null as BrowserContext | null;
  let bridge = null as AudioBridge | null;
  let page = null as Page | null;
  let admitted = false;

  // Heartbeats and pokes: the API's stop, restart and activation reach the bot here.
  let activated: boolean | null = null;
  const beat = async () => {
    try {
      const state = await heartbeat(ref);
      if (!state) return end({ kind: "superseded" });
      if (state.activated !== activated) {
        activated = state.activated;
        session?.setActivated(state.activated);
      }
    } catch (err) {
      log("heartbeat_error", { level: "warn", error: String(err) });
    }
  };
  const beats = setInterval(beat, settings.heartbeatMs);
  cleanups.push(() => clearInterval(beats));
  const onPoke = () => void beat();
  ctx.poked.addEventListener("poke", onPoke);
  cleanups.push(() => ctx.poked.removeEventListener("poke", onPoke));
  const onShutdown = () => end({ kind: "shutdown" });
  if (ctx.shutdown.aborted) onShutdown();
  ctx.shutdown.addEventListener("abort", onShutdown);
  cleanups.push(() => ctx.shutdown.removeEventListener("abort", onShutdown));

  /** A screenshot and the page's HTML for the timeline ({screenshot, html} links), when there is a page. */
  const seen = async (): Promise<{ screenshot?: string; html?: string }> => {
    if (!page) return {};
    const { screenshot, html } = await captureFailure(page, ref.meetingId);
    log("failure_captured", { files: [screenshot, html].filter(Boolean).length });
    return { ...(screenshot ? { screenshot } : {}), ...(html ? { html } : {}) };
  };

  // Session output is saved in order, one write at a time, off the audio path.
  let writes = Promise.resolve();
  const save = (what: string, write: () => Promise<unknown>) => {
    writes = writes.then(write).then(
      () => undefined,
      (err) => log("save_error", { level: "error", what, error: String(err) }),
    );
  };

  // Set-up and joining. A `return end(…)` in here ends the set-up, not the bot: the teardown below
  // (leave, close, write the final status) always runs.
  let voice: AgentVoiceConfig | null = null;
  const setUp = async (): Promise<void> => {
    const agent = meeting.agentId ? await db.agent.findUnique({ where: { id: meeting.agentId } }) : null;
    if (!agent) return end({ kind: "failed", reason: "agent_deleted" });
    if (agent.status === "paused") return end({ kind: "cancelled", reason: "agent_paused" });
    // Keys removed after the meeting was scheduled: say so rather than fail on the first request.
    if (missingKeys(agent).length > 0) return end({ kind: "failed", reason: "needs_keys", data: { kinds: missingKeys(agent) } });
    if (!(await canStartAgent(meeting.userId))) return end({ kind: "failed", reason: "out_of_credits" });

    voice = agentVoiceConfig(agent);
    let micOff: NodeJS.Timeout | undefined;
    const live = liveStateTracker({ keepWords: agent.transcript, onChange: (state) => save("live_state", () => saveLiveState(ref, state)) });
    const onSessionEvent = (e: SessionEvent) => {
      live.event(e);
      switch (e.type) {
        case "transcript": {
          // The session's clock (performance.now()) mapped to the wall clock when the line is done.
          const clockEpochMs = Date.now() - performance.now();
          if (agent.transcript) save("transcript", () => saveTranscriptSegment(ref.meetingId, e.segment, clockEpochMs));
          return;
        }
        case "usage":
          save("usage", () => addProviderUsage(ref.meetingId, e.usage));
          return;
        case "metrics":
          save("metrics", () => saveTurnMetrics(ref.meetingId, e.metrics));
          log("turn", { ...e.metrics });
          tools?.onReplyEnded(e.metrics.turnId);
          return;
        case "tool_call":
          tools?.onToolCall(e.call);
          return;
        case "speaking":
          if (!meetingSession || !adapterWantsMicOnlyWhileSpeaking) return;
          clearTimeout(micOff);
          if (e.speaking) void meetingSession.setMicrophone(true).catch(() => {});
          else micOff = setTimeout(() => void meetingSession?.setMicrophone(false).catch(() => {}), MIC_OFF_DELAY_MS);
          return;
        case "error":
          return end({ kind: "failed", ...providerFailure(e.error, voice) });
      }
    };
    cleanups.push(() => clearTimeout(micOff));

    const adapter = adapterFor(meeting.platform as Parameters<typeof adapterFor>[0]);
    const adapterWantsMicOnlyWhileSpeaking = adapter.microphoneWhileSpeakingOnly;

    context = await newBotContext(await browser(), { platform: meeting.platform, url: meeting.meetingUrl });
    page = await openBotPage(context);
    bridge = await createAudioBridge(page, { capture: adapter.bridgeCapture, onError: (err) => log("bridge_error", { level: "warn", error: err.message }) });
    // Tool servers connect before joining too; one that fails is noted on the timeline, not fatal.
    tools = await openBotTools({ ref, agent, ownerUserId: meeting.userId, save, log, leave: () => end({ kind: "completed", reason: "left_on_request" }) });
    session = createVoiceSession({ agent: voice, output: bridge, onEvent: onSessionEvent, tools: tools.tools });
    // Every provider connection opens before the bot joins: a bad key fails here, not in front of people.
    await session.start();
    log("providers_ready");
    if (finished) return;

    const mixer = new AudioMixer({ onFrame: (frame) => session?.pushAudio(frame) });
    cleanups.push(() => mixer.stop());
    bridge.onFrame((frame) => mixer.push(frame));

    // Who is in the call: names for the transcript, the bot's own voice, and "alone" detection.
    let othersSeen = false;
    let aloneTimer: NodeJS.Timeout | undefined;
    cleanups.push(() => clearTimeout(aloneTimer));
    const onRoster = (participants: Participant[]) => {
      tools?.setRoster(participants);
      save("participants", () => saveParticipants(ref.meetingId, participants.map((p) => ({ id: p.id, name: p.name, isAgent: p.isSelf }))));
      for (const p of participants) {
        for (const speakerId of p.speakerIds) {
          if (p.isSelf) session?.setSelfSpeakerId(speakerId);
          else session?.setParticipantName(speakerId, p.name);
        }
      }
      const others = participants.filter((p) => !p.isSelf).length;
      if (others > 0) {
        othersSeen = true;
        clearTimeout(aloneTimer);
        aloneTimer = undefined;
      } else if (othersSeen && !aloneTimer) {
        aloneTimer = setTimeout(() => end({ kind: "completed", reason: "alone" }), settings.aloneTimeoutMs);
      }
    };
    const onPlatformEvent = (e: PlatformEvent) => {
      switch (e.type) {
        case "waiting_room":
          log("waiting_room", { waitingFor: e.waitingFor });
          void moveRun(ref, "waiting_room", meetingStatusFor(e).statusReason).then((moved) => moved || end({ kind: "superseded" }));
          return;
        case "participants":
          return onRoster(e.participants);
        case "ended": {
          const { status, statusReason } = meetingStatusFor(e);
          // What the client showed when it dropped the bot goes on the timeline.
          void seen().then((data) =>
            end(status === "failed" ? { kind: "failed", reason: statusReason ?? "connection_lost", data } : { kind: "completed", reason: statusReason ?? "meeting_ended", data }),
          );
          return;
        }
      }
    };

    log("joining", { platform: meeting.platform });
    const joined = await adapter.join(page, {
      url: meeting.meetingUrl,
      name: agent.name,
      waitingRoomTimeoutMs: settings.waitingRoomTimeoutMs,
      signal: stop.signal,
      onEvent: onPlatformEvent,
      zoomApp: zoomAppOf(agent),
      emptyRoom: settings.emptyRoom,
    });
    if (joined.kind === "failed") {
      log("join_failed", { reason: joined.reason, detail: joined.detail });
      return end({ kind: "failed", reason: joined.reason, data: { ...(joined.detail ? { detail: joined.detail } : {}), ...(await seen()) } });
    }
    meetingSession = joined.session;
    if (finished) return;
    if (!(await moveRun(ref, "in_progress", null))) return end({ kind: "superseded" });
    admitted = true;
    log("admitted");
    live.start();
    mixer.start();
    await beat(); // the activation state, now that the session is listening

    // One tick per started minute, from admission.
    const bill = async () => {
      try {
        const tick = await billNextMinute({ ...ref, userId: meeting.userId, agentId: agent.id });
        if (tick.mustStop) end({ kind: "completed", reason: "out_of_credits" });
      } catch (err) {
        log("billing_error", { level: "error", error: String(err) });
      }
    };
    await bill();
    const billing = setInterval(bill, settings.billingIntervalMs);
    cleanups.push(() => clearInterval(billing));
    const maxDuration = setTimeout(() => end({ kind: "completed", reason: "max_duration" }), settings.maxDurationMs);
    cleanups.push(() => clearTimeout(maxDuration));
  };
  try {
    await setUp();
  } catch (err) {
    if (err instanceof ProviderError) end({ kind: "failed", ...providerFailure(err, voice) });
    else if (err instanceof AgentConfigError) end({ kind: "failed", reason: "provider_error", data: { kind: err.providerKind, message: err.message } });
    else {
      log("bot_error", { level: "error", error: String((err as Error)?.stack ?? err) });
      end({ kind: "failed", reason: admitted ? "internal_error" : "join_failed", data: { detail: String((err as Error)?.message ?? err), ...(await seen().catch(() => ({}))) } });
    }
  }

  const result = await ended;
  try {
    if (result.kind === "completed" && result.reason === "out_of_credits" && session) {
      const language = (await db.agent.findUnique({ where: { id: meeting.agentId ?? "" }, select: { language: true } }))?.language ?? "en";
      await withTimeout(session.say(GOODBYE[language] ?? GOODBYE.en), GOODBYE_LIMIT_MS);
    }
  } catch (err) {
    log("goodbye_error", { level: "warn", error: String(err) });
  }
  await session?.stop().catch((err) => log("session_stop_error", { level: "warn", error: String(err) }));
  if (tools) await withTimeout(tools.close().catch(() => {}), TOOLS_CLOSE_LIMIT_MS);
  if (meetingSession) await withTimeout(meetingSession.leave().catch(() => {}), LEAVE_LIMIT_MS);
  for (const cleanup of cleanups.reverse()) {
    try {
      cleanup();
    } catch {
      // Cleanup must never stop the rest of the cleanup.
    }
  }
  await bridge?.close().catch(() => {});
  await context?.close().catch(() => {});
  await writes;

  switch (result.kind) {
    case "superseded":
      break;
    case "shutdown":
      log("handing_over", { handedOver: await handOverRun(ref) });
      break;
    default:
      await moveRun(ref, result.kind, result.reason, result.data);
  }
  // Written after every line of the transcript is saved (above), whoever completed the meeting.
  if (result.kind !== "shutdown") await requestSummaryAfterRun(ref.meetingId, ref.runId).catch((err) => log("summary_request_error", { level: "error", error: String(err) }));
  log("bot_finished", { end: result.kind });
}


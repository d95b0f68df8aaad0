import type { Browser, BrowserContext, Page } from "playwright-core";
import { queueAutoRefill } from "../billing/refill-job.ts";
import { canStartAgent } from "../billing/usage.ts";
import type { BotSettings } from "../config.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { errorText, meetingLog } from "../log.ts";
import {
  addProviderUsage,
  admitRun,
  billMinute,
  handOverRun,
  heartbeat,
  moveRun,
  noteRun,
  saveLiveState,
  saveParticipants,
  saveTranscriptSegment,
  saveTurnMetrics,
  type MoveResult,
} from "../meetings/bot-runs.ts";
import { requestSummaryAfterRun } from "../summaries/request-summary.ts";
import { createVoiceSession } from "../voice/pipeline/session.ts";
import { ProviderError, type AgentVoiceConfig, type SessionEvent, type VoiceSession } from "../voice/types.ts";
import { openBotTools, type BotTools } from "./agent-tools.ts";
import { AgentConfigError, agentVoiceConfig } from "../voice/agent-voice-config.ts";
import { missingKeys } from "../providers/missing-keys.ts";
import { providerFailure } from "./provider-failure.ts";
import { AudioMixer } from "./audio-mixer.ts";
import { createAudioBridge, type AudioBridge } from "./bridge/create-audio-bridge.ts";
import { newBotContext, openBotPage } from "./browser.ts";
import { captureFailure } from "./failure-artifacts.ts";
import { liveStateTracker } from "./live-state-tracker.ts";
import { MinuteBilling } from "./minute-billing.ts";
import { adapterFor } from "./platforms/adapter-for.ts";
import { meetingStatusFor, type MeetingSession, type Participant, type PlatformEvent } from "./platforms/types.ts";
import { zoomAppOf } from "./platforms/zoom-app.ts";
import { StatusWrites } from "./status-writes.ts";
import type { BotContext, BotRunner } from "./worker.ts";
import { within } from "./within.ts";
import { WriteQueue } from "./write-queue.ts";

// One agent in one meeting, from a claimed run to its end (docs/bots.md):
//   check the agent and the credit → open the providers (a bad key fails before joining) → a browser
//   context with the audio bridge → the platform adapter joins (waiting room, admitted) → in the call:
//   meeting audio → mixer → voice session → the bot's microphone; transcript, usage and latency saved;
//   one billing tick per started minute; heartbeats; leave when stopped, alone, out of credit, at the
//   maximum duration, removed or when the meeting ends → the meeting's final status.
//
// Faults (docs/bots.md, "Faults"): the moment the bot's time ends, billing and the in-call timers
// stop; every teardown step is bounded in time; every write survives a database restart (retried,
// in order); status writes go one at a time, in the order things happened.

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
/** How long stopping the voice session may take (the STT's last words, closing connections). */
const SESSION_STOP_LIMIT_MS = 5_000;
/** How long ending the tool servers' sessions may take. */
const TOOLS_CLOSE_LIMIT_MS = 3_000;
/** How long reading the call's receive statistics from the page may take (a log line only). */
const CALL_AUDIO_LIMIT_MS = 2_000;
/** How long leaving through the client may take. */
const LEAVE_LIMIT_MS = 10_000;
/** How long closing the bridge, and then the browser context, may take. */
const CLOSE_LIMIT_MS = 10_000;
/** How long the bot keeps trying its status writes (and, when leaving, its last ticks and output) while the database is away. */
const STATUS_WRITE_LIMIT_MS = 60_000;
/** How long a transcript line, usage or metrics write is retried while the database is away. */
const OUTPUT_WRITE_LIMIT_MS = 5 * 60_000;
/** After a failed heartbeat the next one comes this soon: after a database outage the bot is on the record again at once. */
const HEARTBEAT_RETRY_MS = 1000;
/** The microphone stays on this long after the agent stops speaking (no clipped last syllable). */
const MIC_OFF_DELAY_MS = 1500;

export function meetingRunner(browser: () => Promise<Browser>, settings: BotSettings): BotRunner {
  return (ctx) => runMeeting(ctx, browser, settings);
}

async function runMeeting(ctx: BotContext, browser: () => Promise<Browser>, settings: BotSettings): Promise<void> {
  const { ref, meeting } = ctx;
  const log = meetingLog(ref.meetingId, ref.runId);
  /** Released the moment the bot's time ends: billing and every in-call timer. */
  const untilEnd: (() => unknown)[] = [];
  /** Released once the bot has left and its final status is written: the heartbeat and the worker's signals. */
  const untilGone: (() => unknown)[] = [];
  const release = (list: (() => unknown)[]) => {
    for (const fn of list.splice(0).reverse()) {
      try {
        fn();
      } catch (err) {
        // One release must never keep the others from running.
        log("release_error", { level: "warn", error: errorText(err) });
      }
    }
  };
  let resolveEnd!: (end: End) => void;
  const ended = new Promise<End>((resolve) => (resolveEnd = resolve));
  let finished: End | null = null;
  /** When the bot's time ended (performance.now()): billing settles up to here. */
  let endedAt = 0;
  /** Aborted once the bot's time is up: stops a join in progress. */
  const stop = new AbortController();
  /** Releases `fn` when the bot's time ends — at once if it already has. */
  const atEnd = (fn: () => unknown) => (finished ? fn() : untilEnd.push(fn));
  const end = (e: End) => {
    if (finished) return;
    finished = e;
    endedAt = performance.now();
    release(untilEnd);
    stop.abort();
    log("bot_ending", { end: e.kind, reason: "reason" in e ? e.reason : undefined });
    resolveEnd(e);
  };

  // Set by setUp() below (typed this way so the teardown's checks are not narrowed to null).
  let session = null as VoiceSession | null;
  let tools = null as BotTools | null;
  let meetingSession = null as MeetingSession | null;
  let context = null as BrowserContext | null;
  let bridge = null as AudioBridge | null;
  let page = null as Page | null;
  let billing = null as MinuteBilling | null;
  let admitted = false;

  // Heartbeats and pokes: the API's stop, restart and activation reach the bot here. One heartbeat at
  // a time; a poke during one asks for another right after it (the one in flight may predate the
  // change). While the database is away a failed beat is retried every second, not every interval.
  let activated: boolean | null = null;
  let beating: Promise<void> | null = null;
  let beatAgain = false;
  let beatRetry: NodeJS.Timeout | undefined;
  let beatFailingSince: number | null = null;
  const beatOnce = async () => {
    clearTimeout(beatRetry);
    try {
      const state = await heartbeat(ref);
      if (beatFailingSince !== null) {
        log("heartbeat_restored", { failedForMs: Math.round(performance.now() - beatFailingSince) });
        beatFailingSince = null;
      }
      if (!state) return end({ kind: "superseded" });
      if (!finished && state.activated !== activated) {
        activated = state.activated;
        session?.setActivated(state.activated);
      }
    } catch (err) {
      if (beatFailingSince === null) {
        beatFailingSince = performance.now();
        log("heartbeat_error", { level: "warn", error: String(err) });
      }
      if (!heartbeatsStopped) beatRetry = setTimeout(beat, HEARTBEAT_RETRY_MS);
    }
  };
  const beat = (): Promise<void> => {
    if (beating) {
      beatAgain = true;
      return beating;
    }
    beating = beatOnce().finally(() => {
      beating = null;
      if (beatAgain && !heartbeatsStopped) {
        beatAgain = false;
        void beat();
      }
    });
    return beating;
  };
  let heartbeatsStopped = false;
  const beats = setInterval(beat, settings.heartbeatMs);
  const stopHeartbeats = () => {
    heartbeatsStopped = true;
    clearInterval(beats);
    clearTimeout(beatRetry);
  };
  untilGone.push(stopHeartbeats);
  const onPoke = () => void beat();
  ctx.poked.addEventListener("poke", onPoke);
  untilGone.push(() => ctx.poked.removeEventListener("poke", onPoke));
  const onShutdown = () => end({ kind: "shutdown" });
  if (ctx.shutdown.aborted) onShutdown();
  ctx.shutdown.addEventListener("abort", onShutdown);
  untilGone.push(() => ctx.shutdown.removeEventListener("abort", onShutdown));

  /** A screenshot and the page's HTML for the timeline ({screenshot, html} links), when there is a page. */
  const seen = async (): Promise<{ screenshot?: string; html?: string }> => {
    if (!page) return {};
    const { screenshot, html } = await captureFailure(page, ref.meetingId);
    log("failure_captured", { files: [screenshot, html].filter(Boolean).length });
    return { ...(screenshot ? { screenshot } : {}), ...(html ? { html } : {}) };
  };

  // Session output is saved in order, one write at a time, off the audio path; retried while the
  // database is away.
  const writes = new WriteQueue({ log, giveUpAfterMs: OUTPUT_WRITE_LIMIT_MS });
  const save = (what: string, write: () => Promise<unknown>) => writes.push(what, write);

  // Status writes go one at a time, in the order things happened (waiting room, then admitted).
  const statusWrites = new StatusWrites(log, STATUS_WRITE_LIMIT_MS);
  const writeStatus = <T,>(what: string, write: () => Promise<T>) => statusWrites.write(what, write);
  /** The run lost the meeting (stopped, restarted, failed by the sweep): leave without a word; a move the table refuses now is only logged. */
  const afterMove = (to: string) => (result: MoveResult) => {
    if (result.moved) return;
    if (result.reason === "superseded") return end({ kind: "superseded" });
    log("status_not_moved", { level: "warn", to, current: result.current });
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
    /** Switches the bot's microphone in the client; a failed switch is tried once more, and said. */
    const setMicrophone = (on: boolean) => {
      const s = meetingSession;
      if (!s || finished) return;
      void s
        .setMicrophone(on)
        .catch((err) => {
          log("microphone_retry", { level: "warn", on, error: String(err) });
          return s.setMicrophone(on);
        })
        .catch((err) => log("microphone_failed", { level: "error", on, error: String(err) }));
    };
    let micOff: NodeJS.Timeout | undefined;
    atEnd(() => clearTimeout(micOff));
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
          if (!adapterWantsMicOnlyWhileSpeaking) return;
          clearTimeout(micOff);
          if (e.speaking) setMicrophone(true);
          else micOff = setTimeout(() => setMicrophone(false), MIC_OFF_DELAY_MS);
          return;
        case "outage":
          // A provider that fails for a while is on the meeting's timeline; the meeting goes on.
          if (e.state === "began") save("outage", () => noteRun(ref, "provider_outage", providerFailure(e.error, voice).data));
          else save("outage", () => noteRun(ref, "provider_recovered", { kind: e.providerKind, lastedMs: e.lastedMs }));
          return;
        case "error":
          return end({ kind: "failed", ...providerFailure(e.error, voice) });
      }
    };

    const adapter = adapterFor(meeting.platform as Parameters<typeof adapterFor>[0]);
    const adapterWantsMicOnlyWhileSpeaking = adapter.microphoneWhileSpeakingOnly;

    context = await newBotContext(await browser(), { platform: meeting.platform, url: meeting.meetingUrl });
    page = await openBotPage(context);
    bridge = await createAudioBridge(page, { capture: adapter.bridgeCapture, onError: (err) => log("bridge_error", { level: "warn", error: err.message }) });
    // Tool servers connect before joining too; one that fails is noted on the timeline, not fatal.
    tools = await openBotTools({ ref, agent, ownerUserId: meeting.userId, save, log, leave: () => end({ kind: "completed", reason: "left_on_request" }) });
    session = createVoiceSession({ agent: voice, output: bridge, onEvent: onSessionEvent, tools: tools.tools, log });
    // Every provider connection opens before the bot joins: a bad key fails here, not in front of people.
    await session.start();
    log("providers_ready");
    if (finished) return;

    // The mixer drops frames until admission (start()), so a long waiting room costs no memory.
    const mixer = new AudioMixer({ onFrame: (frame) => session?.pushAudio(frame) });
    atEnd(() => mixer.stop());
    bridge.onFrame((frame) => mixer.push(frame));

    // Who is in the call: names for the transcript, the bot's own voice, and "alone" detection.
    let othersSeen = false;
    let aloneTimer: NodeJS.Timeout | undefined;
    atEnd(() => clearTimeout(aloneTimer));
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
      } else if (othersSeen && !aloneTimer && !finished) {
        aloneTimer = setTimeout(() => end({ kind: "completed", reason: "alone" }), settings.aloneTimeoutMs);
      }
    };
    const onPlatformEvent = (e: PlatformEvent) => {
      switch (e.type) {
        case "waiting_room":
          log("waiting_room", { waitingFor: e.waitingFor });
          void writeStatus("waiting_room", () => moveRun(ref, "waiting_room", meetingStatusFor(e).statusReason)).then(afterMove("waiting_room"), () => {});
          return;
        case "participants":
          return onRoster(e.participants);
        case "ended": {
          const { status, statusReason } = meetingStatusFor(e);
          // What the client showed when it dropped the bot goes on the timeline.
          const endWith = (data: Prisma.InputJsonValue) =>
            end(status === "failed" ? { kind: "failed", reason: statusReason ?? "connection_lost", data } : { kind: "completed", reason: statusReason ?? "meeting_ended", data });
          void seen().then(endWith, () => endWith({}));
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
    // After the waiting-room write, never before it: the final status always comes last.
    const admission = await writeStatus("in_progress", () => admitRun(ref));
    if (!admission.moved) {
      afterMove("in_progress")(admission);
      return end({ kind: "failed", reason: "internal_error", data: { detail: `the meeting is ${admission.current}` } });
    }
    if (finished) return;
    admitted = true;
    log("admitted");
    live.start();
    mixer.start();

    // One tick per started minute from admission (lib/bots/minute-billing.ts); it stops the moment
    // the bot's time ends.
    const minutes = new MinuteBilling({
      intervalMs: settings.billingIntervalMs,
      firstTick: admission.billedTicks ?? 0,
      bill: (tick) => billMinute({ ...ref, userId: meeting.userId, agentId: agent.id }, tick),
      onEnd: (reason) => end(reason === "superseded" ? { kind: "superseded" } : { kind: "completed", reason: "out_of_credits" }),
      onRefillDue: () => void queueAutoRefill(meeting.userId, log),
      log,
    });
    billing = minutes;
    atEnd(() => minutes.stop());
    minutes.start();
    await beat(); // the activation state, now that the session is listening
    const maxDuration = setTimeout(() => end({ kind: "completed", reason: "max_duration" }), settings.maxDurationMs);
    atEnd(() => clearTimeout(maxDuration));
  };
  try {
    await setUp();
  } catch (err) {
    if (err instanceof ProviderError) end({ kind: "failed", ...providerFailure(err, voice) });
    else if (err instanceof AgentConfigError) end({ kind: "failed", reason: "provider_error", data: { kind: err.providerKind, message: err.message } });
    else {
      log("bot_error", { level: "error", error: errorText(err) });
      end({ kind: "failed", reason: admitted ? "internal_error" : "join_failed", data: { detail: String((err as Error)?.message ?? err), ...(await seen().catch(() => ({}))) } });
    }
  }

  const result = await ended;
  // Whatever happens while leaving, the heartbeat and the worker's signals go with the bot.
  try {
    // A stopped or restarted meeting is not this run's any more: nothing to keep alive.
    if (result.kind === "superseded") stopHeartbeats();
    // Ticks that started before the end but failed (the database was away) are billed now, in
    // parallel with leaving; the run still owns the call unless it was superseded.
    const finalWritesBy = performance.now() + STATUS_WRITE_LIMIT_MS;
    const settled = result.kind === "superseded" ? Promise.resolve(0) : (billing?.settle(endedAt, finalWritesBy) ?? Promise.resolve(0));

    await bounded("goodbye", GOODBYE_LIMIT_MS, async () => {
      if (result.kind !== "completed" || result.reason !== "out_of_credits" || !session) return;
      await session.say(GOODBYE[voice?.language ?? "en"] ?? GOODBYE.en);
    });
    await bounded("session_stop", SESSION_STOP_LIMIT_MS, async () => session?.stop());
    await bounded("tools_close", TOOLS_CLOSE_LIMIT_MS, async () => tools?.close());
    await bounded("call_audio", CALL_AUDIO_LIMIT_MS, async () => {
      // How the people's voices reached the bot (its jitter buffer is part of every reply's latency).
      const stats = admitted ? await bridge?.receiveStats() : null;
      if (stats) log("call_audio", { ...stats });
    });
    await bounded("leave", LEAVE_LIMIT_MS, async () => meetingSession?.leave());
    await bounded("bridge_close", CLOSE_LIMIT_MS, async () => bridge?.close());
    await bounded("context_close", CLOSE_LIMIT_MS, async () => context?.close());
    await writes.close(Math.max(0, finalWritesBy - performance.now()));
    const unbilled = await settled;
    if (unbilled > 0) log("billing_unsettled", { level: "error", ticks: unbilled });

    try {
      switch (result.kind) {
        case "superseded":
          break;
        case "shutdown":
          log("handing_over", { handedOver: await writeStatus("hand_over", () => handOverRun(ref)) });
          break;
        default: {
          const moved = await writeStatus("final_status", () => moveRun(ref, result.kind, result.reason, result.data));
          if (!moved.moved) log("final_status_refused", { reason: moved.reason, current: moved.current });
        }
      }
    } catch (err) {
      // Given up after STATUS_WRITE_LIMIT_MS: the sweep fails the meeting once its heartbeat is old.
      log("final_status_failed", { level: "error", error: String(err) });
    }
    // Written after every line of the transcript is saved (above), whoever completed the meeting.
    if (result.kind !== "shutdown") await requestSummaryAfterRun(ref.meetingId, ref.runId).catch((err) => log("summary_request_error", { level: "error", error: String(err) }));
  } finally {
    release(untilGone);
  }
  log("bot_finished", { end: result.kind, billedTicks: billing?.billed ?? 0 });

  /** One teardown step, at most `ms`; its failure or time-out is logged and the teardown goes on. */
  async function bounded(step: string, ms: number, fn: () => Promise<unknown>): Promise<void> {
    try {
      const outcome = await within(fn(), ms);
      if (!outcome.done) log("teardown_timeout", { level: "warn", step, limitMs: ms });
    } catch (err) {
      log("teardown_error", { level: "warn", step, error: String(err) });
    }
  }
}


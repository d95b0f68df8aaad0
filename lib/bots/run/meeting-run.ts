import type { Browser, Page } from "playwright-core";
import { queueAutoRefill } from "../../billing/refill-job.ts";
import type { BotSettings } from "../../config.ts";
import type { Agent, Prisma } from "../../generated/prisma/client.ts";
import { errorText, meetingLog, type Logger } from "../../log.ts";
import { admitRun, billMinute, heartbeat, moveRun, saveLiveState, type MoveResult, type RunRef, type RunState } from "../../meetings/bot-runs.ts";
import { requestSummaryAfterRun } from "../../summaries/request-summary.ts";
import { AgentConfigError, agentVoiceConfig } from "../../voice/agent-voice-config.ts";
import { createVoiceSession } from "../../voice/pipeline/session.ts";
import { ProviderError, type VoiceSession } from "../../voice/types.ts";
import { openBotTools, type BotTools } from "../agent-tools.ts";
import { AudioMixer } from "../audio-mixer.ts";
import { createAudioBridge, type AudioBridge } from "../bridge/create-audio-bridge.ts";
import { newBotContext, openBotPage } from "../browser.ts";
import { captureFailure } from "../failure-artifacts.ts";
import { liveStateTracker } from "../live-state-tracker.ts";
import { MinuteBilling } from "../minute-billing.ts";
import { adapterFor } from "../platforms/adapter-for.ts";
import { meetingStatusFor, type Participant, type PlatformAdapter, type PlatformEvent } from "../platforms/types.ts";
import { zoomAppOf } from "../platforms/zoom-app.ts";
import { providerFailure } from "../provider-failure.ts";
import { StatusWrites } from "../status-writes.ts";
import type { BotContext, BotRunner } from "../worker.ts";
import { WriteQueue } from "../write-queue.ts";
import { agentForRun } from "./agent-checks.ts";
import { writeFinalStatus } from "./final-status.ts";
import { Heartbeat } from "./heartbeat.ts";
import { leaveCallSteps } from "./leave-call.ts";
import { LeaveRules } from "./leave-rules.ts";
import { Microphone } from "./microphone.ts";
import { Releases } from "./releases.ts";
import { rosterUpdates } from "./roster.ts";
import { RunEnd, type End } from "./run-end.ts";
import { noParts, type RunParts } from "./run-parts.ts";
import { sessionEvents } from "./session-events.ts";
import { settleBilling } from "./settle-billing.ts";
import { runBounded } from "./teardown-steps.ts";

/** How long the bot keeps trying its status writes (and, when leaving, its last ticks and output) while the database is away. */
const STATUS_WRITE_LIMIT_MS = 60_000;
/** How long a transcript line, usage or metrics write is retried while the database is away. */
const OUTPUT_WRITE_LIMIT_MS = 5 * 60_000;

/** What the set-up opened, for the phases after it. */
interface Opened {
  agent: Agent;
  adapter: PlatformAdapter;
  page: Page;
  bridge: AudioBridge;
  tools: BotTools;
  session: VoiceSession;
  /** What the agent is doing, for the test room (reported from admission). */
  live: ReturnType<typeof liveStateTracker>;
}

/** The worker's bot (lib/bots/worker.ts): one MeetingRun per claimed run. */
export function meetingRunner(browser: () => Promise<Browser>, settings: BotSettings): BotRunner {
  return (ctx) => new MeetingRun(ctx, browser, settings).run();
}

/**
 * One agent in one meeting, from a claimed run to its end (docs/bots.md, "One bot"), in phases:
 *
 *   set up   — the agent and the credit are checked, the browser context with the audio bridge, the
 *              tools and the voice session open (every provider connection: a bad key fails here,
 *              not in front of people);
 *   join     — the platform adapter joins (waiting room, admission or a refusal);
 *   in call  — the admission is written; audio flows, billing ticks, the leave rules watch;
 *   teardown — bounded steps out of the call, the output flushed, unsettled ticks billed, the final
 *              status (or the hand-over), the summary requested.
 *
 * Throughout, the heartbeat (which also hears the API's pokes), the worker's shutdown, billing, the
 * platform, the session and the leave rules may end the bot's time (`RunEnd`, decided once): the next
 * phase then does not start, and the teardown always runs. The moment the time ends, billing and every
 * in-call timer stop; every write survives a database restart (retried, in order); status writes go
 * one at a time, in the order things happened (docs/bots.md, "Faults").
 */
export class MeetingRun {
  private readonly ctx: BotContext;
  private readonly ref: RunRef;
  private readonly browser: () => Promise<Browser>;
  private readonly settings: BotSettings;
  private readonly log: Logger;
  private readonly end: RunEnd;
  private readonly parts: RunParts = noParts();
  /** Released once the bot has left and its final status is written: the heartbeat and the worker's signals. */
  private readonly untilGone: Releases;
  private readonly heartbeat: Heartbeat;
  /** Session output, in order, one write at a time, off the audio path. */
  private readonly writes: WriteQueue;
  /** Status writes, one at a time, in the order things happened (waiting room, admitted, the final one). */
  private readonly statuses: StatusWrites;
  private readonly rules: LeaveRules;
  /** Queues a write of the session's output after the run's others. */
  private readonly save = (what: string, write: () => Promise<unknown>) => this.writes.push(what, write);

  constructor(ctx: BotContext, browser: () => Promise<Browser>, settings: BotSettings) {
    this.ctx = ctx;
    this.ref = ctx.ref;
    this.browser = browser;
    this.settings = settings;
    this.log = meetingLog(ctx.ref.meetingId, ctx.ref.runId);
    this.end = new RunEnd(this.log);
    this.untilGone = new Releases(this.log);
    this.heartbeat = new Heartbeat({
      intervalMs: settings.heartbeatMs,
      check: () => heartbeat(this.ref),
      onState: (state) => this.onRunState(state),
      onLost: () => this.end.end({ kind: "superseded" }),
      log: this.log,
    });
    this.writes = new WriteQueue({ log: this.log, giveUpAfterMs: OUTPUT_WRITE_LIMIT_MS });
    this.statuses = new StatusWrites(this.log, STATUS_WRITE_LIMIT_MS);
    this.rules = new LeaveRules({ aloneTimeoutMs: settings.aloneTimeoutMs, maxDurationMs: settings.maxDurationMs, leave: (rule) => this.end.end({ kind: "completed", reason: rule }) });
    this.end.atEnd(() => this.rules.stop());
  }

  async run(): Promise<void> {
    this.listen();
    try {
      const opened = await this.setUp();
      if (opened && !this.end.over) await this.join(opened);
      if (opened && !this.end.over) await this.enterCall(opened);
    } catch (err) {
      await this.failOn(err);
    }
    const end = await this.end.decided;
    await this.tearDown(end);
    this.log("bot_finished", { end: end.kind, billedTicks: this.parts.billing?.billed ?? 0 });
  }

  /** The heartbeat, the API's pokes and the worker's shutdown reach the bot from here until it is gone. */
  private listen(): void {
    this.heartbeat.start();
    this.untilGone.add(() => this.heartbeat.stop());
    const onPoke = () => void this.heartbeat.beat();
    this.ctx.poked.addEventListener("poke", onPoke);
    this.untilGone.add(() => this.ctx.poked.removeEventListener("poke", onPoke));
    const onShutdown = () => this.end.end({ kind: "shutdown" });
    if (this.ctx.shutdown.aborted) onShutdown();
    this.ctx.shutdown.addEventListener("abort", onShutdown);
    this.untilGone.add(() => this.ctx.shutdown.removeEventListener("abort", onShutdown));
  }

  /** Set up: the agent may go, and everything it needs in the call is open before it joins. Null when it may not. */
  private async setUp(): Promise<Opened | null> {
    const checked = await agentForRun(this.ctx.meeting);
    if ("refused" in checked) {
      this.end.end(checked.refused);
      return null;
    }
    const { agent } = checked;
    const { meeting } = this.ctx;
    const parts = this.parts;
    const voice = (parts.voice = agentVoiceConfig(agent));
    const adapter = adapterFor(meeting.platform as Parameters<typeof adapterFor>[0]);
    const save = this.save;
    const live = liveStateTracker({ keepWords: agent.transcript, onChange: (state) => save("live_state", () => saveLiveState(this.ref, state)) });
    const microphone = adapter.microphoneWhileSpeakingOnly ? new Microphone({ log: this.log, client: () => parts.meetingSession }) : null;
    if (microphone) this.end.atEnd(() => microphone.stop());

    parts.context = await newBotContext(await this.browser(), { platform: meeting.platform, url: meeting.meetingUrl });
    const page = (parts.page = await openBotPage(parts.context));
    const bridge = (parts.bridge = await createAudioBridge(page, { capture: adapter.bridgeCapture, onError: (err) => this.log("bridge_error", { level: "warn", error: err.message }) }));
    // Tool servers connect before joining too; one that fails is noted on the timeline, not fatal.
    const tools = (parts.tools = await openBotTools({ ref: this.ref, agent, ownerUserId: meeting.userId, save, log: this.log, leave: () => this.end.end({ kind: "completed", reason: "left_on_request" }) }));
    const onEvent = sessionEvents({ ref: this.ref, voice, keepTranscript: agent.transcript, save, live, tools, microphone, fail: (f) => this.end.end({ kind: "failed", ...f }), log: this.log });
    const session = (parts.session = createVoiceSession({ agent: voice, output: bridge, onEvent, tools: tools.tools, log: this.log }));
    await session.start();
    this.log("providers_ready");
    return { agent, adapter, page, bridge, tools, session, live };
  }

  /** Join: the call's audio is wired (held back until admission) and the adapter gets the bot in, or says why not. */
  private async join({ agent, adapter, page, bridge, tools, session }: Opened): Promise<void> {
    // The mixer drops frames until admission (start()), so a long waiting room costs no memory.
    const mixer = (this.parts.mixer = new AudioMixer({ onFrame: (frame) => session.pushAudio(frame) }));
    this.end.atEnd(() => mixer.stop());
    bridge.onFrame((frame) => mixer.push(frame));
    const roster = rosterUpdates({ ref: this.ref, session, tools, rules: this.rules, save: this.save });

    this.log("joining", { platform: this.ctx.meeting.platform });
    const joined = await adapter.join(page, {
      url: this.ctx.meeting.meetingUrl,
      name: agent.name,
      waitingRoomTimeoutMs: this.settings.waitingRoomTimeoutMs,
      signal: this.end.signal,
      onEvent: (e) => this.onPlatformEvent(e, roster),
      zoomApp: zoomAppOf(agent),
      emptyRoom: this.settings.emptyRoom,
    });
    if (joined.kind === "failed") {
      this.log("join_failed", { reason: joined.reason, detail: joined.detail });
      return this.end.end({ kind: "failed", reason: joined.reason, data: { ...(joined.detail ? { detail: joined.detail } : {}), ...(await this.captured()) } });
    }
    this.parts.meetingSession = joined.session;
  }

  /** In call: the admission is written (after the waiting room's, never before), then audio, billing and the leave rules start. */
  private async enterCall({ agent, live }: Opened): Promise<void> {
    const admission = await this.statuses.write("in_progress", () => admitRun(this.ref));
    if (!admission.moved) {
      this.afterMove("in_progress")(admission);
      return this.end.end({ kind: "failed", reason: "internal_error", data: { detail: `the meeting is ${admission.current}` } });
    }
    if (this.end.over) return;
    this.parts.admitted = true;
    this.log("admitted");
    live.start();
    this.parts.mixer?.start();

    // One tick per started minute from admission (lib/bots/minute-billing.ts); it stops the moment the bot's time ends.
    const { userId } = this.ctx.meeting;
    const billing = (this.parts.billing = new MinuteBilling({
      intervalMs: this.settings.billingIntervalMs,
      firstTick: admission.billedTicks ?? 0,
      bill: (tick) => billMinute({ ...this.ref, userId, agentId: agent.id }, tick),
      onEnd: (reason) => this.end.end(reason === "superseded" ? { kind: "superseded" } : { kind: "completed", reason: "out_of_credits" }),
      onRefillDue: () => void queueAutoRefill(userId, this.log),
      log: this.log,
    }));
    this.end.atEnd(() => billing.stop());
    billing.start();
    await this.heartbeat.beat(); // the activation state, now that the session is listening
    this.rules.admitted();
  }

  /** Teardown: out of the call step by step, then the run's last writes; the heartbeat and the worker's signals go whatever happens. */
  private async tearDown(end: End): Promise<void> {
    try {
      // A stopped or restarted meeting is not this run's any more: nothing to keep alive.
      if (end.kind === "superseded") this.heartbeat.stop();
      const finalWritesBy = performance.now() + STATUS_WRITE_LIMIT_MS;
      const settled = settleBilling(this.parts.billing, end, this.end.at, finalWritesBy);
      await runBounded(leaveCallSteps(this.parts, end, this.log), this.log);
      await this.writes.close(Math.max(0, finalWritesBy - performance.now()));
      const unbilled = await settled;
      if (unbilled > 0) this.log("billing_unsettled", { level: "error", ticks: unbilled });
      await writeFinalStatus(end, this.ref, this.statuses, this.log);
      // Written after every line of the transcript is saved (above), whoever completed the meeting.
      if (end.kind !== "shutdown") await requestSummaryAfterRun(this.ref.meetingId, this.ref.runId).catch((err) => this.log("summary_request_error", { level: "error", error: String(err) }));
    } finally {
      this.untilGone.releaseAll();
    }
  }

  /** What a heartbeat brought: manual activation, passed to the session when it changes. */
  private onRunState(state: RunState): void {
    if (this.end.over || state.activated === this.parts.activated) return;
    this.parts.activated = state.activated;
    this.parts.session?.setActivated(state.activated);
  }

  private onPlatformEvent(e: PlatformEvent, roster: (participants: Participant[]) => void): void {
    switch (e.type) {
      case "waiting_room":
        this.log("waiting_room", { waitingFor: e.waitingFor });
        void this.statuses.write("waiting_room", () => moveRun(this.ref, "waiting_room", meetingStatusFor(e).statusReason)).then(this.afterMove("waiting_room"), () => {});
        return;
      case "participants":
        return roster(e.participants);
      case "ended": {
        const { status, statusReason } = meetingStatusFor(e);
        // What the client showed when it dropped the bot goes on the timeline.
        const endWith = (data: Prisma.InputJsonValue) =>
          this.end.end(status === "failed" ? { kind: "failed", reason: statusReason ?? "connection_lost", data } : { kind: "completed", reason: statusReason ?? "meeting_ended", data });
        void this.captured().then(endWith, () => endWith({}));
        return;
      }
    }
  }

  /** The run lost the meeting (stopped, restarted, failed by the sweep): leave without a word; a move the table refuses now is only logged. */
  private afterMove(to: string) {
    return (result: MoveResult) => {
      if (result.moved) return;
      if (result.reason === "superseded") return this.end.end({ kind: "superseded" });
      this.log("status_not_moved", { level: "warn", to, current: result.current });
    };
  }

  /** A phase threw: a provider's refusal is the meeting's provider error; anything else a failed join, or an internal error once in the call. */
  private async failOn(err: unknown): Promise<void> {
    if (err instanceof ProviderError) return this.end.end({ kind: "failed", ...providerFailure(err, this.parts.voice) });
    if (err instanceof AgentConfigError) return this.end.end({ kind: "failed", reason: "provider_error", data: { kind: err.providerKind, message: err.message } });
    this.log("bot_error", { level: "error", error: errorText(err) });
    const reason = this.parts.admitted ? "internal_error" : "join_failed";
    this.end.end({ kind: "failed", reason, data: { detail: String((err as Error)?.message ?? err), ...(await this.captured().catch(() => ({}))) } });
  }

  /** A screenshot and the page's HTML for the timeline ({screenshot, html} links), when there is a page. */
  private async captured(): Promise<{ screenshot?: string; html?: string }> {
    if (!this.parts.page) return {};
    const { screenshot, html } = await captureFailure(this.parts.page, this.ref.meetingId);
    this.log("failure_captured", { files: [screenshot, html].filter(Boolean).length });
    return { ...(screenshot ? { screenshot } : {}), ...(html ? { html } : {}) };
  }
}

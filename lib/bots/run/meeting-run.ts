import type { Browser } from "playwright-core";
import type { BotSettings } from "../../config.ts";
import { errorText, meetingLog, type Logger } from "../../log.ts";
import { heartbeat, type RunRef, type RunState } from "../../meetings/bot-runs.ts";
import { AgentConfigError } from "../../voice/agent-voice-config.ts";
import { ProviderError } from "../../voice/types.ts";
import { providerFailure } from "../provider-failure.ts";
import { StatusWrites } from "../status-writes.ts";
import type { BotContext, BotRunner } from "../worker.ts";
import { WriteQueue } from "../write-queue.ts";
import { captured } from "./captured.ts";
import { enterCall } from "./enter-call.ts";
import { Heartbeat } from "./heartbeat.ts";
import { joinCall } from "./join-call.ts";
import { LeaveRules } from "./leave-rules.ts";
import { Releases } from "./releases.ts";
import { RunEnd } from "./run-end.ts";
import { noParts, type RunParts } from "./run-parts.ts";
import type { RunScope } from "./run-scope.ts";
import { setUp } from "./set-up.ts";
import { tearDown } from "./teardown.ts";

/** How long the bot keeps trying its status writes (and, when leaving, its last ticks and output) while the database is away. */
const STATUS_WRITE_LIMIT_MS = 60_000;
/** How long a transcript line, usage or metrics write is retried while the database is away. */
const OUTPUT_WRITE_LIMIT_MS = 5 * 60_000;

/** The worker's bot (lib/bots/worker.ts): one MeetingRun per claimed run. */
export function meetingRunner(browser: () => Promise<Browser>, settings: BotSettings): BotRunner {
  return (ctx) => new MeetingRun(ctx, browser, settings).run();
}

/**
 * One agent in one meeting, from a claimed run to its end (docs/bots.md, "One bot"), in phases, each
 * in its own file:
 *
 *   set up   (set-up.ts)     the agent and the credit are checked; the browser context, the audio
 *                            bridge, the tools and the voice session open (a bad key fails here);
 *   join     (join-call.ts)  the platform adapter joins: waiting room, admission or a refusal;
 *   in call  (enter-call.ts) the admission is written; audio flows, billing ticks, the leave rules watch;
 *   teardown (teardown.ts)   bounded steps out of the call, output flushed, unsettled ticks billed,
 *                            the final status (or the hand-over), the summary requested.
 *
 * Throughout, the heartbeat (which also hears the API's pokes), the worker's shutdown, billing, the
 * platform, the session, the tools and the leave rules may end the bot's time (`RunEnd`, decided
 * once): the next phase then does not start, and the teardown always runs. The moment the time ends,
 * billing and every in-call timer stop; every write survives a database restart (retried, in order);
 * status writes go one at a time, in the order things happened (docs/bots.md, "Faults").
 */
export class MeetingRun implements RunScope {
  readonly ctx: BotContext;
  readonly ref: RunRef;
  readonly settings: BotSettings;
  readonly browser: () => Promise<Browser>;
  readonly log: Logger;
  readonly end: RunEnd;
  readonly parts: RunParts = noParts();
  readonly heartbeat: Heartbeat;
  readonly rules: LeaveRules;
  readonly writes: WriteQueue;
  readonly statuses: StatusWrites;
  readonly save = (what: string, write: () => Promise<unknown>): void => this.writes.push(what, write);
  /** Released once the bot has left and its final status is written: the heartbeat and the worker's signals. */
  private readonly untilGone: Releases;

  constructor(ctx: BotContext, browser: () => Promise<Browser>, settings: BotSettings) {
    this.ctx = ctx;
    this.ref = ctx.ref;
    this.settings = settings;
    this.browser = browser;
    this.log = meetingLog(ctx.ref.meetingId, ctx.ref.runId);
    this.end = new RunEnd(this.log);
    this.heartbeat = new Heartbeat({
      intervalMs: settings.heartbeatMs,
      check: () => heartbeat(this.ref),
      onState: (state) => this.onRunState(state),
      onLost: () => this.end.end({ kind: "superseded" }),
      log: this.log,
    });
    this.rules = new LeaveRules({ aloneTimeoutMs: settings.aloneTimeoutMs, maxDurationMs: settings.maxDurationMs, leave: (rule) => this.end.end({ kind: "completed", reason: rule }) });
    this.end.atEnd(() => this.rules.stop());
    this.writes = new WriteQueue({ log: this.log, giveUpAfterMs: OUTPUT_WRITE_LIMIT_MS });
    this.statuses = new StatusWrites(this.log, STATUS_WRITE_LIMIT_MS);
    this.untilGone = new Releases(this.log);
  }

  async run(): Promise<void> {
    this.listen();
    try {
      const opened = await setUp(this);
      if (opened && !this.end.over) await joinCall(this, opened);
      if (opened && !this.end.over) await enterCall(this, opened);
    } catch (err) {
      await this.failOn(err);
    }
    const end = await this.end.decided;
    try {
      await tearDown(this, end, STATUS_WRITE_LIMIT_MS);
    } finally {
      // Whatever happens while leaving, the heartbeat and the worker's signals go with the bot.
      this.untilGone.releaseAll();
    }
    this.log("bot_finished", { end: end.kind, billedTicks: this.parts.billing?.billed ?? 0 });
  }

  /** The heartbeat, the API's pokes and the worker's shutdown reach the bot from now until it is gone. */
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

  /** What a heartbeat brought: manual activation, passed to the session when it changes. */
  private onRunState(state: RunState): void {
    if (this.end.over || state.activated === this.parts.activated) return;
    this.parts.activated = state.activated;
    this.parts.session?.setActivated(state.activated);
  }

  /** A phase threw: a provider's refusal is the meeting's provider error; anything else a failed join, or an internal error once in the call. */
  private async failOn(err: unknown): Promise<void> {
    if (err instanceof ProviderError) return this.end.end({ kind: "failed", ...providerFailure(err, this.parts.voice) });
    if (err instanceof AgentConfigError) return this.end.end({ kind: "failed", reason: "provider_error", data: { kind: err.providerKind, message: err.message } });
    this.log("bot_error", { level: "error", error: errorText(err) });
    const reason = this.parts.admitted ? "internal_error" : "join_failed";
    this.end.end({ kind: "failed", reason, data: { detail: String((err as Error)?.message ?? err), ...(await captured(this).catch(() => ({}))) } });
  }
}

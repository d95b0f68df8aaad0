import type { Browser } from "playwright-core";
import type { BotSettings } from "../../config.ts";
import { errorText, meetingLog } from "../../log.ts";
import { heartbeat, type RunState } from "../../meetings/bot-runs.ts";
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
import { LeaveRules, ruleEnd } from "./leave-rules.ts";
import { Releases } from "./releases.ts";
import { RunEnd } from "./run-end.ts";
import { noParts } from "./run-parts.ts";
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
 *                            the final status, the summary requested; a worker's shutdown settles
 *                            and hands the meeting over first, then leaves.
 *
 * Throughout, the heartbeat (which also hears the API's pokes), the worker's shutdown, billing, the
 * platform, the session, the tools and the leave rules may end the bot's time (`RunEnd`, decided
 * once): the next phase then does not start, and the teardown always runs. The moment the time ends,
 * billing and every in-call timer stop; every write survives a database restart (retried, in order);
 * status writes go one at a time, in the order things happened (docs/bots.md, "Faults").
 */
export class MeetingRun {
  /** What every phase works with: the run, its end, its parts, its heartbeat, rules and writes. */
  private readonly scope: RunScope;
  /** Released once the bot has left and its final status is written: the heartbeat and the worker's signals. */
  private readonly untilGone: Releases;

  constructor(ctx: BotContext, browser: () => Promise<Browser>, settings: BotSettings) {
    const log = meetingLog(ctx.ref.meetingId, ctx.ref.runId);
    const end = new RunEnd(log);
    // The agent's limits come with the set-up; a rule that fires names itself and its limit.
    const rules = new LeaveRules({ leave: (rule, limitMs) => end.end(ruleEnd(rule, limitMs)) });
    end.atEnd(() => rules.stop());
    const writes = new WriteQueue({ log, giveUpAfterMs: OUTPUT_WRITE_LIMIT_MS });
    this.scope = {
      ctx,
      ref: ctx.ref,
      settings,
      browser,
      log,
      end,
      parts: noParts(),
      heartbeat: new Heartbeat({
        intervalMs: settings.heartbeatMs,
        check: () => heartbeat(ctx.ref),
        onState: (state) => this.onRunState(state),
        onLost: () => end.end({ kind: "superseded" }),
        log,
      }),
      rules,
      writes,
      statuses: new StatusWrites(log, STATUS_WRITE_LIMIT_MS),
      save: (what, write) => writes.push(what, write),
    };
    this.untilGone = new Releases(log);
  }

  async run(): Promise<void> {
    const { scope } = this;
    this.listen();
    try {
      const opened = await setUp(scope);
      if (opened && !scope.end.over) await joinCall(scope, opened);
      if (opened && !scope.end.over) await enterCall(scope, opened);
    } catch (err) {
      await this.failOn(err);
    }
    const end = await scope.end.decided;
    try {
      await tearDown(scope, end, STATUS_WRITE_LIMIT_MS);
    } finally {
      // Whatever happens while leaving, the heartbeat and the worker's signals go with the bot.
      this.untilGone.releaseAll();
    }
    scope.log("bot_finished", { end: end.kind, billedTicks: scope.parts.billing?.billed ?? 0 });
  }

  /** The heartbeat, the API's pokes and the worker's shutdown reach the bot from now until it is gone. */
  private listen(): void {
    const { heartbeat, ctx, end } = this.scope;
    heartbeat.start();
    this.untilGone.add(() => heartbeat.stop());
    const onPoke = () => void heartbeat.beat();
    ctx.poked.addEventListener("poke", onPoke);
    this.untilGone.add(() => ctx.poked.removeEventListener("poke", onPoke));
    const onShutdown = () => end.end({ kind: "shutdown" });
    if (ctx.shutdown.aborted) onShutdown();
    ctx.shutdown.addEventListener("abort", onShutdown);
    this.untilGone.add(() => ctx.shutdown.removeEventListener("abort", onShutdown));
  }

  /** What a heartbeat brought: manual activation, passed to the session when it changes. */
  private onRunState(state: RunState): void {
    const { end, parts } = this.scope;
    if (end.over) return;
    parts.tools?.setConfirmedOwner(state.ownerParticipantId);
    if (state.activated === parts.activated) return;
    parts.activated = state.activated;
    parts.session?.setActivated(state.activated);
  }

  /** A phase threw: a provider's refusal is the meeting's provider error; anything else a failed join, or an internal error once in the call. */
  private async failOn(err: unknown): Promise<void> {
    const { end, parts, log } = this.scope;
    if (err instanceof ProviderError) return end.end({ kind: "failed", ...providerFailure(err, parts.voice) });
    if (err instanceof AgentConfigError) return end.end({ kind: "failed", reason: "provider_error", data: { kind: err.providerKind, message: err.message } });
    log("bot_error", { level: "error", error: errorText(err) });
    const reason = parts.admitted ? "internal_error" : "join_failed";
    end.end({ kind: "failed", reason, data: { detail: String((err as Error)?.message ?? err), ...(await captured(this.scope).catch(() => ({}))) } });
  }
}

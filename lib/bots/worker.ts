import { randomUUID } from "node:crypto";
import os from "node:os";
import type { PgBoss } from "pg-boss";
import { botSettings, meetingHeartbeatTimeoutSeconds } from "../config.ts";
import { QUEUES, startJobWorker } from "../jobs/boss.ts";
import { outageBackoff } from "../db/outage-backoff.ts";
import { errorText, logger, repeatedFailure, type Logger } from "../log.ts";
import { claimRun, type ClaimResult, type RunRef } from "../meetings/bot-runs.ts";
import { holdQueuedMeetings } from "../meetings/hold-queued-meetings.ts";
import { sweepLostMeetings } from "../meetings/sweep-lost-meetings.ts";
import { listenForPokes } from "./control-listener.ts";
import { parseStartJob } from "./start-job.ts";
import { within } from "./within.ts";

/** What the worker hands one bot: its run, what the claim returned, and how to reach it. */
export interface BotContext {
  ref: RunRef;
  meeting: Extract<ClaimResult, { claimed: true }>;
  /** Aborted when the worker shuts down (SIGTERM): the bot hands its meeting over and leaves. */
  shutdown: AbortSignal;
  /** Fires when the API changed the meeting (stop, restart, activation): check at once, not at the next heartbeat. */
  poked: EventTarget;
}

export type BotRunner = (ctx: BotContext) => Promise<void>;

export interface WorkerOptions {
  databaseUrl: string;
  /** Bots this worker runs at once. */
  concurrency: number;
  run: BotRunner;
  /** How often to look for work when idle. */
  pollMs?: number;
  /** While every slot is taken, how often the worker vouches for the meetings waiting in the queue. */
  queueHoldMs?: number;
}

export interface Worker {
  readonly id: string;
  /** Bots running now (a bot tearing down still holds its slot). */
  active(): number;
  /**
   * Stops taking work, asks every bot to leave (handing its meeting over) and waits for them — for
   * `withinMs` at most in all (default STOP_WITHIN_MS): with the database gone a bot's last writes
   * and pg-boss's stop could wait forever. A bot still leaving then has handed its meeting over already
   * (lib/bots/run/teardown.ts); one still settling or handing over is left to the heartbeat sweep.
   */
  stop(opts?: { withinMs?: number }): Promise<void>;
}

interface Bot {
  meetingId: string;
  poked: EventTarget;
  done: Promise<void>;
}

/**
 * One worker process's loop: takes meeting start jobs from the queue only while it has a free slot,
 * claims each run (a run is never run by two workers), completes the job (the meeting's own
 * heartbeat tracks the run from then on) and runs the bot. Also sweeps for meetings whose worker died,
 * vouches for the meetings queued behind its busy bots and listens for the API's pokes on
 * `meeting_control`. Other background work (calendars, auto-refill, receipts…) runs in the jobs
 * process (scripts/jobs.ts), off the event loop that paces the bots' audio.
 */
export async function startWorker(opts: WorkerOptions): Promise<Worker> {
  const id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const log = logger({ workerId: id });
  const boss: PgBoss = await startJobWorker(opts.databaseUrl);
  const shutdown = new AbortController();
  const bots = new RunningBots(opts.run, shutdown.signal, log);

  const listener = await listenForPokes({
    databaseUrl: opts.databaseUrl,
    onPoke: (meetingId) => bots.poke(meetingId),
    // Pokes sent while the connection was down are lost: every bot checks its meeting now.
    onReconnected: () => bots.poke(null),
    log,
  }).catch(async (err) => {
    await boss.stop({ graceful: false }).catch(() => {});
    throw err;
  });

  const sweeps = await startSweeps(log);
  const holds = startQueueHolds(log, () => bots.size >= opts.concurrency && !shutdown.signal.aborted, opts.queueHoldMs ?? botSettings().heartbeatMs);
  const loop = workLoop({
    shutdown: shutdown.signal,
    pollMs: opts.pollMs ?? 500,
    hasRoom: () => bots.size < opts.concurrency,
    takeOne: () => takeOne(boss, id, log, (ref, claim) => bots.launch(ref, claim)),
    log,
  });
  // A bot gone is a slot free: the loop looks for work at once rather than at its next poll.
  bots.onGone = loop.wake;

  // clockEpochMs: the wall-clock time of the session clock's zero (performance.now()), so the times
  // that turn lines give on the session clock can be lined up with other processes' (bench:voice).
  log("worker_started", { concurrency: opts.concurrency, clockEpochMs: Math.round(performance.timeOrigin) });
  return {
    id,
    active: () => bots.size,
    async stop({ withinMs = STOP_WITHIN_MS } = {}) {
      if (shutdown.signal.aborted) return;
      shutdown.abort();
      loop.wake();
      clearInterval(sweeps);
      clearInterval(holds);
      const deadline = Date.now() + withinMs;
      const left = (share = 1) => Math.max(0, (deadline - Date.now()) * share);
      // Each step gets its share of what is left; one that overruns is logged and left behind.
      const step = async (name: string, work: Promise<unknown>, share: number) => {
        if (!(await within(work, left(share))).done) log("worker_stop_overdue", { level: "warn", step: name });
      };
      // Bots launched by now are all running; each hands its meeting over and leaves.
      await step("bots", loop.done.then(() => bots.allGone()), 0.7);
      await step("listener", listener.close(), 0.3);
      const stopped = boss.stop({ graceful: true, timeout: Math.max(1000, Math.min(5000, left(0.5))) }).catch((err) => log("job_stop_error", { level: "warn", error: String(err) }));
      await step("jobs", stopped, 1);
      log("worker_stopped");
    },
  };
}

/**
 * The bots this worker runs. Keyed by run, not meeting: during a restart the new run's bot and the
 * old run's bot (still tearing down) are two bots, each holding a slot until it is gone.
 */
class RunningBots {
  /** Called each time a bot is gone (its slot is free). */
  onGone: () => void = () => {};
  private readonly running = new Map<string, Bot>();
  private readonly run: BotRunner;
  private readonly shutdown: AbortSignal;
  private readonly log: Logger;

  constructor(run: BotRunner, shutdown: AbortSignal, log: Logger) {
    this.run = run;
    this.shutdown = shutdown;
    this.log = log;
  }

  get size(): number {
    return this.running.size;
  }

  launch(ref: RunRef, meeting: Extract<ClaimResult, { claimed: true }>): void {
    const poked = new EventTarget();
    const done = Promise.resolve()
      .then(() => this.run({ ref, meeting, shutdown: this.shutdown, poked }))
      .catch((err) => this.log("bot_crashed", { level: "error", meetingId: ref.meetingId, runId: ref.runId, error: errorText(err) }))
      .finally(() => {
        this.running.delete(ref.runId);
        this.onGone();
      });
    this.running.set(ref.runId, { meetingId: ref.meetingId, poked, done });
  }

  /** The API changed a meeting (null: any of them): its bots check at once. */
  poke(meetingId: string | null): void {
    for (const bot of this.running.values()) if (meetingId === null || bot.meetingId === meetingId) bot.poked.dispatchEvent(new Event("poke"));
  }

  async allGone(): Promise<void> {
    await Promise.allSettled([...this.running.values()].map((b) => b.done));
  }
}

/**
 * Every worker sweeps for meetings whose worker died, at start and twice per heartbeat time-out, so a
 * lost bot is noticed within about 1.5 time-outs; concurrent sweeps are safe (row locks, re-checks).
 */
async function startSweeps(log: Logger): Promise<NodeJS.Timeout> {
  const failure = repeatedFailure(log, "sweep_error");
  const sweep = () =>
    sweepLostMeetings()
      .then((failed) => {
        failure.succeeded();
        if (failed.length) log("sweep_failed_meetings", { meetings: failed });
      })
      .catch((err) => failure.failed(err));
  await sweep();
  return setInterval(sweep, (meetingHeartbeatTimeoutSeconds() * 1000) / 2);
}

/**
 * While every slot is taken (`busy`), meetings wait in the queue: say so on them, and keep the sweep
 * from taking them for meetings nobody picked up.
 */
function startQueueHolds(log: Logger, busy: () => boolean, everyMs: number): NodeJS.Timeout {
  const failure = repeatedFailure(log, "queue_hold_error");
  const hold = () => {
    if (!busy()) return;
    holdQueuedMeetings()
      .then((marked) => {
        failure.succeeded();
        if (marked.length) log("meetings_queued", { meetings: marked });
      })
      .catch((err) => failure.failed(err));
  };
  return setInterval(hold, everyMs);
}

/** How long a worker's stop waits in all (bots leaving, LISTEN, pg-boss), inside `npm start`'s 20 s. */
const STOP_WITHIN_MS = 12_000;

/** After a claim that failed in transit, how long before asking again. */
const CLAIM_RETRY_MS = 1000;

/**
 * Takes one start job, if there is one (true), and claims its run. A job whose data names no run is
 * logged and dropped (cancelled: it would fail the same way on every retry).
 */
async function takeOne(boss: PgBoss, workerId: string, log: Logger, launch: (ref: RunRef, claim: Extract<ClaimResult, { claimed: true }>) => void): Promise<boolean> {
  const [job] = await boss.fetch<unknown>(QUEUES.meetingStart, { batchSize: 1 });
  if (!job) return false;
  const parsed = parseStartJob(job.data);
  if (!parsed.ok) {
    log("job_malformed", { level: "error", jobId: job.id, problems: parsed.problems });
    await boss.cancel(QUEUES.meetingStart, job.id).catch((err) => log("job_cancel_error", { level: "warn", jobId: job.id, error: String(err) }));
    return true;
  }
  const ref: RunRef = { meetingId: parsed.job.meetingId, runId: parsed.job.runId, workerId };
  let claim: ClaimResult;
  try {
    claim = await claimRun(ref).catch(async (err: unknown) => {
      // The claim may have committed and only its answer been lost: ask once more, as the same claim.
      log("claim_retry", { level: "warn", meetingId: ref.meetingId, runId: ref.runId, error: String(err) });
      await new Promise((resolve) => setTimeout(resolve, CLAIM_RETRY_MS));
      return claimRun(ref, { again: true });
    });
  } catch (err) {
    // The claim never happened: let pg-boss retry the job (another worker may take it).
    await boss.fail(QUEUES.meetingStart, job.id, { error: String(err) }).catch((e) => log("job_fail_error", { level: "warn", meetingId: ref.meetingId, error: String(e) }));
    log("claim_error", { level: "error", meetingId: ref.meetingId, runId: ref.runId, error: String(err) });
    return true;
  }
  // The claim is ours whatever happens to the job now: a job that cannot be completed expires and
  // its retry finds the run taken ("taken"), while the bot runs.
  await boss.complete(QUEUES.meetingStart, job.id).catch((err) => log("job_complete_error", { level: "warn", meetingId: ref.meetingId, runId: ref.runId, error: String(err) }));
  if (claim.claimed) {
    log("run_claimed", { meetingId: ref.meetingId, runId: ref.runId });
    launch(ref, claim);
  } else {
    log("run_skipped", { meetingId: ref.meetingId, runId: ref.runId, reason: claim.reason });
  }
  return true;
}

/**
 * Takes work while there is room, until shutdown: after a job, the next at once; with none (or no
 * room) a pause of `pollMs`, which `wake()` cuts short (a bot is gone, shutdown). After a failed fetch
 * (the database is gone) the pause grows instead, up to 30 s (lib/db/outage-backoff.ts), logged once
 * per outage: a worker left without its database waits, it does not spin.
 */
function workLoop(o: { shutdown: AbortSignal; pollMs: number; hasRoom: () => boolean; takeOne: () => Promise<boolean>; log: Logger }) {
  let wake: () => void = () => {};
  const fetchFailure = repeatedFailure(o.log, "fetch_error");
  const backoff = outageBackoff({ firstMs: o.pollMs });
  const done = (async () => {
    while (!o.shutdown.aborted) {
      let took = false;
      let pause = o.pollMs;
      if (o.hasRoom()) {
        try {
          took = await o.takeOne();
          fetchFailure.succeeded();
          backoff.succeeded();
        } catch (err) {
          fetchFailure.failed(err);
          pause = backoff.failed();
        }
      }
      if (!took && !o.shutdown.aborted) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pause);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  })();
  return { done, wake: () => wake() };
}

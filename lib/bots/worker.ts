import { randomUUID } from "node:crypto";
import os from "node:os";
import type { PgBoss } from "pg-boss";
import { botSettings, meetingHeartbeatTimeoutSeconds } from "../config.ts";
import { QUEUES, startJobWorker } from "../jobs/boss.ts";
import { errorText, logger, repeatedFailure } from "../log.ts";
import { claimRun, type ClaimResult, type RunRef } from "../meetings/bot-runs.ts";
import type { MeetingStartJob } from "../meetings/enqueue-run.ts";
import { holdQueuedMeetings } from "../meetings/hold-queued-meetings.ts";
import { sweepLostMeetings } from "../meetings/sweep-lost-meetings.ts";
import { listenForPokes } from "./control-listener.ts";

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
  /** Stops taking work, asks every bot to leave (handing its meeting over) and waits for them. */
  stop(): Promise<void>;
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
  const pollMs = opts.pollMs ?? 500;
  const boss: PgBoss = await startJobWorker(opts.databaseUrl);
  const shutdown = new AbortController();
  // Keyed by run, not meeting: during a restart the new run's bot and the old run's bot (still
  // tearing down) are two bots, each holding a slot until it is gone.
  const running = new Map<string, Bot>();
  let wake: () => void = () => {};
  const pokeMeeting = (meetingId: string) => {
    for (const bot of running.values()) if (bot.meetingId === meetingId) bot.poked.dispatchEvent(new Event("poke"));
  };

  const listener = await listenForPokes({
    databaseUrl: opts.databaseUrl,
    onPoke: pokeMeeting,
    // Pokes sent while the connection was down are lost: every bot checks its meeting now.
    onReconnected: () => {
      for (const bot of running.values()) bot.poked.dispatchEvent(new Event("poke"));
    },
    log,
  }).catch(async (err) => {
    await boss.stop({ graceful: false }).catch(() => {});
    throw err;
  });

  // Every worker sweeps for meetings whose worker died, at start and twice per heartbeat time-out, so a
  // lost bot is noticed within about 1.5 time-outs; concurrent sweeps are safe (row locks, re-checks).
  const sweepFailure = repeatedFailure(log, "sweep_error");
  const sweep = () =>
    sweepLostMeetings()
      .then((failed) => {
        sweepFailure.succeeded();
        if (failed.length) log("sweep_failed_meetings", { meetings: failed });
      })
      .catch((err) => sweepFailure.failed(err));
  await sweep();
  const sweeps = setInterval(sweep, (meetingHeartbeatTimeoutSeconds() * 1000) / 2);

  // While every slot is taken, meetings wait in the queue: say so on them, and keep the sweep from
  // taking them for meetings nobody picked up.
  const holdFailure = repeatedFailure(log, "queue_hold_error");
  const holdQueue = () => {
    if (running.size < opts.concurrency || shutdown.signal.aborted) return;
    holdQueuedMeetings()
      .then((marked) => {
        holdFailure.succeeded();
        if (marked.length) log("meetings_queued", { meetings: marked });
      })
      .catch((err) => holdFailure.failed(err));
  };
  const holds = setInterval(holdQueue, opts.queueHoldMs ?? botSettings().heartbeatMs);

  const launch = (ref: RunRef, meeting: Extract<ClaimResult, { claimed: true }>) => {
    const poked = new EventTarget();
    const done = Promise.resolve()
      .then(() => opts.run({ ref, meeting, shutdown: shutdown.signal, poked }))
      .catch((err) => log("bot_crashed", { level: "error", meetingId: ref.meetingId, runId: ref.runId, error: errorText(err) }))
      .finally(() => {
        running.delete(ref.runId);
        wake();
      });
    running.set(ref.runId, { meetingId: ref.meetingId, poked, done });
  };

  const takeOne = async (): Promise<boolean> => {
    const [job] = await boss.fetch<MeetingStartJob>(QUEUES.meetingStart, { batchSize: 1 });
    if (!job) return false;
    const ref: RunRef = { meetingId: job.data.meetingId, runId: job.data.runId, workerId: id };
    let claim: ClaimResult;
    try {
      claim = await claimRun(ref);
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
  };

  const fetchFailure = repeatedFailure(log, "fetch_error");
  const loop = (async () => {
    while (!shutdown.signal.aborted) {
      let took = false;
      if (running.size < opts.concurrency) {
        took = await takeOne().then(
          (took) => {
            fetchFailure.succeeded();
            return took;
          },
          (err) => {
            fetchFailure.failed(err);
            return false;
          },
        );
      }
      if (!took) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  })();

  // clockEpochMs: the wall-clock time of the session clock's zero (performance.now()), so the times
  // that turn lines give on the session clock can be lined up with other processes' (bench:voice).
  log("worker_started", { concurrency: opts.concurrency, clockEpochMs: Math.round(performance.timeOrigin) });
  return {
    id,
    active: () => running.size,
    async stop() {
      if (shutdown.signal.aborted) return;
      shutdown.abort();
      wake();
      await loop;
      // Bots launched by now are all in `running`; each hands its meeting over and leaves.
      await Promise.allSettled([...running.values()].map((b) => b.done));
      clearInterval(sweeps);
      clearInterval(holds);
      await listener.close();
      await boss.stop({ graceful: true, timeout: 5000 }).catch((err) => log("job_stop_error", { level: "warn", error: String(err) }));
      log("worker_stopped");
    },
  };
}

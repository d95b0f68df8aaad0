import { randomUUID } from "node:crypto";
import os from "node:os";
import pg from "pg";
import type { PgBoss } from "pg-boss";
import { QUEUES, startJobWorker } from "../jobs/boss.ts";
import { claimRun, type ClaimResult, type RunRef } from "../meetings/bot-runs.ts";
import type { MeetingStartJob } from "../meetings/enqueue-run.ts";
import { sweepLostMeetings } from "../meetings/sweep-lost-meetings.ts";
import { meetingHeartbeatTimeoutSeconds } from "../config.ts";
import { log } from "./log.ts";

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
}

export interface Worker {
  readonly id: string;
  /** Bots running now. */
  active(): number;
  /** Stops taking work, asks every bot to leave (handing its meeting over) and waits for them. */
  stop(): Promise<void>;
}

/**
 * One worker process's loop: takes meeting start jobs from the queue only while it has a free slot,
 * claims each run (a run is never run by two workers), completes the job at once (the meeting's own
 * heartbeat tracks the run from then on) and runs the bot. Also sweeps for meetings whose worker died
 * and listens for the API's pokes on `meeting_control`. Calendar imports and syncs run in the jobs
 * process (scripts/jobs.ts), off the event loop that paces the bots' audio.
 */
export async function startWorker(opts: WorkerOptions): Promise<Worker> {
  const id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollMs = opts.pollMs ?? 500;
  const boss: PgBoss = await startJobWorker(opts.databaseUrl);
  const shutdown = new AbortController();
  const running = new Map<string, { poked: EventTarget; done: Promise<void> }>();
  let wake: () => void = () => {};

  // Every worker sweeps for meetings whose worker died, at start and twice per heartbeat time-out, so a
  // lost bot is noticed within about 1.5 time-outs; concurrent sweeps are safe (row locks, re-checks).
  const sweep = () =>
    sweepLostMeetings()
      .then((failed) => failed.length && log({ event: "sweep_failed_meetings", workerId: id, meetings: failed }))
      .catch((err) => log({ event: "sweep_error", level: "error", error: String(err) }));
  await sweep();
  const sweeps = setInterval(sweep, (meetingHeartbeatTimeoutSeconds() * 1000) / 2);

  const listener = new pg.Client({ connectionString: opts.databaseUrl });
  await listener.connect();
  listener.on("notification", (n) => {
    const bot = n.payload ? running.get(n.payload) : undefined;
    bot?.poked.dispatchEvent(new Event("poke"));
  });
  listener.on("error", (err) => log({ event: "listen_error", level: "error", workerId: id, error: String(err) }));
  await listener.query("LISTEN meeting_control");

  const launch = (ref: RunRef, meeting: Extract<ClaimResult, { claimed: true }>) => {
    const poked = new EventTarget();
    const done = opts
      .run({ ref, meeting, shutdown: shutdown.signal, poked })
      .catch((err) => log({ event: "bot_crashed", level: "error", meetingId: ref.meetingId, runId: ref.runId, error: String((err as Error)?.stack ?? err) }))
      .finally(() => {
        running.delete(ref.meetingId);
        wake();
      });
    running.set(ref.meetingId, { poked, done });
  };

  const takeOne = async (): Promise<boolean> => {
    const [job] = await boss.fetch<MeetingStartJob>(QUEUES.meetingStart, { batchSize: 1 });
    if (!job) return false;
    const ref: RunRef = { meetingId: job.data.meetingId, runId: job.data.runId, workerId: id };
    try {
      const claim = await claimRun(ref);
      await boss.complete(QUEUES.meetingStart, job.id);
      if (claim.claimed) {
        log({ event: "run_claimed", workerId: id, meetingId: ref.meetingId, runId: ref.runId });
        launch(ref, claim);
      } else {
        log({ event: "run_skipped", workerId: id, meetingId: ref.meetingId, runId: ref.runId, reason: claim.reason });
      }
    } catch (err) {
      // The claim never happened: let pg-boss retry the job (another worker may take it).
      await boss.fail(QUEUES.meetingStart, job.id, { error: String(err) }).catch(() => {});
      log({ event: "claim_error", level: "error", workerId: id, meetingId: ref.meetingId, error: String(err) });
    }
    return true;
  };

  const loop = (async () => {
    while (!shutdown.signal.aborted) {
      let took = false;
      if (running.size < opts.concurrency) {
        took = await takeOne().catch((err) => {
          log({ event: "fetch_error", level: "error", workerId: id, error: String(err) });
          return false;
        });
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

  log({ event: "worker_started", workerId: id, concurrency: opts.concurrency });
  return {
    id,
    active: () => running.size,
    async stop() {
      if (shutdown.signal.aborted) return;
      shutdown.abort();
      wake();
      await loop;
      await Promise.allSettled([...running.values()].map((b) => b.done));
      clearInterval(sweeps);
      await listener.end().catch(() => {});
      await boss.stop({ graceful: true, timeout: 5000 }).catch(() => {});
      log({ event: "worker_stopped", workerId: id });
    },
  };
}

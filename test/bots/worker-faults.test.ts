import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "@/lib/db/embedded";
import { prepareDatabase } from "@/scripts/prepare-database";
import type { BotContext, BotRunner, Worker } from "@/lib/bots/worker";

// The worker loop (lib/bots/worker.ts) against a PostgreSQL of its own, which these tests stop and
// start (a database restart), with bots that do what the test says: the real loop, queue, claims,
// heartbeats, sweeps and LISTEN connection; only what a bot does in its meeting is left out (the
// fault tests in e2e/faults/ run real bots).

let database: EmbeddedDatabase;
let tmp: string;
const env = { ...process.env };

// Imported after DATABASE_URL points at this file's database (the Prisma client and pg-boss read it on first use).
let lib: {
  db: typeof import("@/lib/db/client").db;
  bots: typeof import("@/lib/meetings/bot-runs");
  transitionMeeting: typeof import("@/lib/meetings/transitions").transitionMeeting;
  MinuteBilling: typeof import("@/lib/bots/minute-billing").MinuteBilling;
  WriteQueue: typeof import("@/lib/bots/write-queue").WriteQueue;
  StatusWrites: typeof import("@/lib/bots/status-writes").StatusWrites;
  Heartbeat: typeof import("@/lib/bots/run/heartbeat").Heartbeat;
  jobSender: typeof import("@/lib/jobs/boss").jobSender;
  QUEUES: typeof import("@/lib/jobs/boss").QUEUES;
  startWorker: typeof import("@/lib/bots/worker").startWorker;
  heartbeat: typeof import("@/lib/meetings/bot-runs").heartbeat;
  sweepLostMeetings: typeof import("@/lib/meetings/sweep-lost-meetings").sweepLostMeetings;
  call: typeof import("../http").call;
  join: typeof import("@/app/api/meetings/join/route").POST;
  stop: typeof import("@/app/api/meetings/[id]/stop/route").POST;
  restart: typeof import("@/app/api/meetings/[id]/restart/route").POST;
  userWithAgent: typeof import("../meetings/fixtures").userWithAgent;
};

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cohost-worker-faults-"));
  fs.chmodSync(tmp, 0o755);
  database = await startEmbeddedPostgres(path.join(tmp, "postgres"), { database: "worker_faults" });
  await prepareDatabase(database.url);
  process.env.DATABASE_URL = database.url;
  lib = {
    db: (await import("@/lib/db/client")).db,
    bots: await import("@/lib/meetings/bot-runs"),
    transitionMeeting: (await import("@/lib/meetings/transitions")).transitionMeeting,
    MinuteBilling: (await import("@/lib/bots/minute-billing")).MinuteBilling,
    WriteQueue: (await import("@/lib/bots/write-queue")).WriteQueue,
    StatusWrites: (await import("@/lib/bots/status-writes")).StatusWrites,
    Heartbeat: (await import("@/lib/bots/run/heartbeat")).Heartbeat,
    jobSender: (await import("@/lib/jobs/boss")).jobSender,
    QUEUES: (await import("@/lib/jobs/boss")).QUEUES,
    startWorker: (await import("@/lib/bots/worker")).startWorker,
    heartbeat: (await import("@/lib/meetings/bot-runs")).heartbeat,
    sweepLostMeetings: (await import("@/lib/meetings/sweep-lost-meetings")).sweepLostMeetings,
    call: (await import("../http")).call,
    join: (await import("@/app/api/meetings/join/route")).POST,
    stop: (await import("@/app/api/meetings/[id]/stop/route")).POST,
    restart: (await import("@/app/api/meetings/[id]/restart/route")).POST,
    userWithAgent: (await import("../meetings/fixtures")).userWithAgent,
  };
}, 120_000);

afterAll(async () => {
  await lib?.db.$disconnect();
  await database?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  process.env = env;
});

const workers: Worker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  for (const key of ["MEETING_HEARTBEAT_TIMEOUT_SECONDS", "MEETING_QUEUE_TIMEOUT_SECONDS"]) {
    if (env[key] === undefined) delete process.env[key];
    else process.env[key] = env[key];
  }
});

/** A bot that stays in its meeting (beating) until the test lets it go or the worker shuts down; it counts its pokes. */
interface TestBot {
  ctx: BotContext;
  pokes: number;
  /** The bot's teardown is over: its slot is free. */
  finish(): void;
}

function bots(opts: { beatMs?: number } = {}) {
  const list: TestBot[] = [];
  const run: BotRunner = async (ctx) => {
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const bot: TestBot = { ctx, pokes: 0, finish };
    ctx.poked.addEventListener("poke", () => bot.pokes++);
    ctx.shutdown.addEventListener("abort", finish);
    list.push(bot);
    const beats = setInterval(() => void lib.heartbeat(ctx.ref).catch(() => {}), opts.beatMs ?? 500);
    await done;
    clearInterval(beats);
  };
  return { list, run };
}

async function startWorker(run: BotRunner, concurrency: number, extra: { queueHoldMs?: number } = {}) {
  const worker = await lib.startWorker({ databaseUrl: database.url, concurrency, run, pollMs: 100, ...extra });
  workers.push(worker);
  return worker;
}

async function joinMeeting(title = "Faults") {
  const ctx = await lib.userWithAgent({ creditUsd: 10 });
  const res = await lib.call(lib.join, { headers: ctx.headers, body: { agentId: ctx.agent.id, meetingUrl: `https://meet.google.com/${code()}`, title } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...ctx, id: res.body.id as string };
}

/** A fresh Meet code (the API refuses a second bot for the same link). */
function code(): string {
  const letters = () => Array.from({ length: 3 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
  return `${letters()}-${letters()}${letters().slice(0, 1)}-${letters()}`;
}

const meetingRow = (id: string) => lib.db.meeting.findUniqueOrThrow({ where: { id }, include: { events: { orderBy: { createdAt: "asc" } } } });

describe("the worker under faults", () => {
  it("keeps a restart's new bot and the old one tearing down apart: both hold a slot, pokes reach the new one, shutdown waits for it", async () => {
    const { list, run } = bots();
    const worker = await startWorker(run, 2);
    const { id, headers } = await joinMeeting();
    await expect.poll(() => list.length, { timeout: 15_000 }).toBe(1);
    const old = list[0];

    // Restarted while the old bot is still leaving (it has not finished its teardown yet).
    expect((await lib.call(lib.restart, { method: "POST", headers, params: { id } })).status).toBe(200);
    await expect.poll(() => list.length, { timeout: 15_000 }).toBe(2);
    const fresh = list[1];
    expect(fresh.ctx.ref.meetingId).toBe(id);
    expect(fresh.ctx.ref.runId).not.toBe(old.ctx.ref.runId);
    expect(worker.active()).toBe(2);

    // The old bot is gone: the new one still holds its slot and still hears the API.
    old.finish();
    await expect.poll(() => worker.active(), { timeout: 5_000 }).toBe(1);
    const pokesBefore = fresh.pokes;
    expect((await lib.call(lib.stop, { method: "POST", headers, params: { id } })).status).toBe(200);
    await expect.poll(() => fresh.pokes, { timeout: 5_000 }).toBeGreaterThan(pokesBefore);

    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await stopping;
    expect(stopped).toBe(true);
    expect(fresh.ctx.shutdown.aborted).toBe(true);
  }, 60_000);

  it("a start job whose data names no run is dropped, and the worker goes on to the next", async () => {
    const boss = await lib.jobSender();
    const junk = await Promise.all([{ meetingId: 7, runId: ["x"] }, { hello: "world" }].map((data) => boss.send(lib.QUEUES.meetingStart, data)));
    const { list, run } = bots();
    await startWorker(run, 1);
    const { id } = await joinMeeting("After junk");
    await expect.poll(() => list.map((b) => b.ctx.ref.meetingId), { timeout: 15_000 }).toEqual([id]);
    const states = await lib.db.$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE id = ANY(${junk}::uuid[])`;
    expect(states.map((s) => s.state)).toEqual(["cancelled", "cancelled"]);
  }, 60_000);

  it("a job that cannot be completed after its claim still gets its bot", async () => {
    // The database refuses to complete this meeting's start job (as a connection lost at that moment would).
    const { id } = await joinMeeting("Completion fails");
    await lib.db.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION refuse_completion_for_test() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.state = 'completed' AND NEW.data->>'meetingId' = '${id}' THEN RAISE EXCEPTION 'completion refused'; END IF;
        RETURN NEW;
      END $$`);
    await lib.db.$executeRawUnsafe(`CREATE TRIGGER refuse_completion BEFORE UPDATE ON pgboss.job FOR EACH ROW EXECUTE FUNCTION refuse_completion_for_test()`);
    try {
      const { list, run } = bots();
      await startWorker(run, 1);
      await expect.poll(() => list.map((b) => b.ctx.ref.meetingId), { timeout: 15_000 }).toContain(id);
      expect((await meetingRow(id)).workerId).not.toBeNull();
    } finally {
      await lib.db.$executeRawUnsafe(`DROP TRIGGER refuse_completion ON pgboss.job`);
      await lib.db.$executeRawUnsafe(`DROP FUNCTION refuse_completion_for_test()`);
    }
  }, 60_000);

  it("a meeting waiting for a free bot stays queued and says so, instead of failing as no_worker; it joins when a bot is free", async () => {
    process.env.MEETING_HEARTBEAT_TIMEOUT_SECONDS = "3";
    const { list, run } = bots({ beatMs: 300 });
    await startWorker(run, 1, { queueHoldMs: 300 });
    const first = await joinMeeting("Busy");
    await expect.poll(() => list.length, { timeout: 15_000 }).toBe(1);
    const queued = await joinMeeting("Queued");
    // The fence: a meeting whose bot died at the moment the queued one was asked for. Once the sweep
    // fails it, the queued meeting has waited longer than the heartbeat time-out too.
    const lost = await joinMeeting("Lost");
    await lib.db.meeting.update({ where: { id: lost.id }, data: { status: "in_progress", workerId: "dead-worker", heartbeatAt: new Date(), runId: "dead-run", jobId: null } });
    await expect.poll(async () => (await meetingRow(lost.id)).statusReason, { timeout: 20_000 }).toBe("heartbeat_lost");
    expect(await meetingRow(queued.id)).toMatchObject({ status: "joining", workerId: null });
    // It says why it waits (once it has waited longer than a claim takes).
    await expect.poll(async () => (await meetingRow(queued.id)).statusReason, { timeout: 15_000 }).toBe("waiting_for_bot");
    expect((await meetingRow(queued.id)).events.map((e) => e.reason)).toEqual(["join_requested", "waiting_for_bot"]);

    // A bot becomes free: the queued meeting is taken and its timeline says so.
    list[0].finish();
    await expect.poll(() => list.length, { timeout: 15_000 }).toBe(2);
    expect(list[1].ctx.ref.meetingId).toBe(queued.id);
    const taken = await meetingRow(queued.id);
    expect(taken).toMatchObject({ status: "joining", statusReason: "bot_launched" });
    expect(taken.events.map((e) => e.reason).slice(-2)).toEqual(["waiting_for_bot", "bot_launched"]);
    expect(first.id).not.toBe(queued.id);
  }, 60_000);

  it("after PostgreSQL restarts, its LISTEN connection is back: the bots re-check at once, and the API's pokes reach them again", async () => {
    const { list, run } = bots();
    await startWorker(run, 1);
    const { id, headers } = await joinMeeting("Restart");
    await expect.poll(() => list.length, { timeout: 15_000 }).toBe(1);
    const bot = list[0];
    const before = bot.pokes;

    await database.stop();
    await database.start();
    // Pokes sent while it was down are lost: the worker has every bot check its meeting once it is back.
    await expect.poll(() => bot.pokes, { timeout: 20_000 }).toBeGreaterThan(before);
    const afterReconnect = bot.pokes;
    expect((await lib.call(lib.stop, { method: "POST", headers, params: { id } })).status).toBe(200);
    await expect.poll(() => bot.pokes, { timeout: 10_000 }).toBeGreaterThan(afterReconnect);
  }, 90_000);

  it("silence while PostgreSQL was down is not a lost heartbeat: every meeting gets a time-out from the restart", async () => {
    process.env.MEETING_HEARTBEAT_TIMEOUT_SECONDS = "3";
    const alive = await joinMeeting("Alive at the outage");
    await lib.db.meeting.update({ where: { id: alive.id }, data: { status: "in_progress", workerId: "w-alive", heartbeatAt: new Date(), jobId: null } });

    await database.stop();
    await new Promise((resolve) => setTimeout(resolve, 4000)); // the outage outlasts the time-out
    await database.start();
    // The first sweep after the restart, before its bot could send a heartbeat: nothing is lost.
    expect(await lib.sweepLostMeetings()).not.toContain(alive.id);
    expect((await meetingRow(alive.id)).status).toBe("in_progress");
    // A bot that never beats again is lost a time-out after the restart.
    await expect.poll(async () => (await lib.sweepLostMeetings(), (await meetingRow(alive.id)).statusReason), { timeout: 15_000, interval: 500 }).toBe("heartbeat_lost");
  }, 90_000);
});

describe("a worker process (scripts/worker.ts) and the bugs of its bots", () => {
  /** The real worker process, with test/bots/fixtures/stray-faults.ts loaded into it; its log lines parsed. */
  function workerProcess(faults: "once" | "storm") {
    const root = path.resolve(import.meta.dirname, "../..");
    const child = spawn(process.execPath, ["--import", path.join(root, "test/bots/fixtures/stray-faults.ts"), path.join(root, "scripts/worker.ts")], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: tmp, STRAY_FAULTS: faults, WORKER_CONCURRENCY: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const lines: { event?: string; level?: string }[] = [];
    const other: string[] = [];
    const take = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        try {
          lines.push(JSON.parse(line));
        } catch {
          if (line.trim()) other.push(line); // not a log line: kept for the failure message
        }
      }
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const events = () => lines.map((l) => l.event);
    // What it said that was not a log line (a start-up failure), for the test's failure message.
    child.on("exit", () => other.length && console.error(other.join("\n")));
    return { child, events, exited };
  }

  it("lives through a stray rejection and a stray exception, logs both, and still stops cleanly", async () => {
    const worker = workerProcess("once");
    try {
      await expect.poll(worker.events, { timeout: 60_000 }).toContain("worker_started");
      worker.child.kill("SIGUSR2");
      await expect.poll(worker.events, { timeout: 10_000 }).toEqual(expect.arrayContaining(["unhandled_rejection", "uncaught_exception"]));
      // Still alive after both: it answers SIGTERM the orderly way (stop taking work, hand over, exit 0).
      worker.child.kill("SIGTERM");
      expect(await worker.exited).toBe(0);
      expect(worker.events()).toContain("worker_stopped");
    } finally {
      worker.child.kill("SIGKILL");
    }
  }, 90_000);

  it("a storm of exceptions means it is broken: it hands its meetings over and exits for a fresh start", async () => {
    const worker = workerProcess("storm");
    try {
      await expect.poll(worker.events, { timeout: 60_000 }).toContain("worker_started");
      worker.child.kill("SIGUSR2");
      expect(await worker.exited).toBe(1);
      expect(worker.events().filter((e) => e === "uncaught_exception").length).toBeGreaterThanOrEqual(10);
      expect(worker.events()).toContain("worker_stopped");
    } finally {
      worker.child.kill("SIGKILL");
    }
  }, 90_000);
});

describe("a bot's billing and writes through a database restart", () => {
  const silent = () => {};
  // The billing clock is the test's (it moves by hand); its timers are real, so an interval is short.
  const INTERVAL = 500;

  /** A meeting of a user with credit whose bot (run "r", worker "w") is in the call; no start job. */
  async function meetingInCall() {
    const { user, agent } = await lib.userWithAgent({ creditUsd: 10 });
    const meeting = await lib.db.meeting.create({ data: { userId: user.id, agentId: agent.id, meetingUrl: `https://meet.google.com/${code()}`, platform: "meet", scheduledStart: new Date() } });
    const t = await lib.db.$transaction((tx) => lib.transitionMeeting(tx, meeting.id, { to: "joining", reason: "join_requested", verb: "started" }));
    const ref = { meetingId: meeting.id, runId: t.runId!, workerId: "w", userId: user.id, agentId: agent.id };
    expect((await lib.bots.claimRun(ref)).claimed).toBe(true);
    return ref;
  }

  /** Minute billing on a clock the test moves by hand. */
  async function billingFor(ref: Awaited<ReturnType<typeof meetingInCall>>, bill = (tick: number) => lib.bots.billMinute(ref, tick)) {
    const admission = await lib.bots.admitRun(ref);
    expect(admission).toMatchObject({ moved: true, billedTicks: 0 });
    const clock = { now: 0 };
    const ends: string[] = [];
    const logged: string[] = [];
    const billing = new lib.MinuteBilling({
      intervalMs: INTERVAL,
      firstTick: 0,
      bill,
      onEnd: (r) => ends.push(r),
      onRefillDue: silent,
      log: (event) => logged.push(event),
      now: () => clock.now,
      retryMs: 50,
    });
    return { billing, clock, ends, logged };
  }

  const ledgerKeys = async (meetingId: string) =>
    (await lib.db.ledgerEntry.findMany({ where: { meetingId, type: "usage" }, orderBy: { id: "asc" } })).map((e) => e.idempotencyKey);
  const keys = (meetingId: string, n: number) => Array.from({ length: n }, (_, tick) => `usage:${meetingId}:${tick}`);

  it("a tick that takes longer than an interval leaves no minute unbilled and none billed twice", async () => {
    const ref = await meetingInCall();
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const { billing, clock } = await billingFor(ref, async (tick) => {
      if (tick === 0) await slow; // the first tick hangs (a slow database) for three and a half intervals
      return lib.bots.billMinute(ref, tick);
    });
    billing.start();
    clock.now = 3.5 * INTERVAL;
    release();
    await expect.poll(() => billing.billed, { timeout: 10_000 }).toBe(4);
    billing.stop();
    expect(await billing.settle(clock.now, clock.now + 1)).toBe(0);
    expect(await ledgerKeys(ref.meetingId)).toEqual(keys(ref.meetingId, 4));
    expect((await meetingRow(ref.meetingId)).billedTicks).toBe(4);
  });

  it("ticks that fall in a database outage are billed once it is back, exactly", async () => {
    const ref = await meetingInCall();
    const { billing, clock, logged } = await billingFor(ref);
    billing.start();
    await expect.poll(() => billing.billed, { timeout: 10_000 }).toBe(1);
    await database.stop();
    try {
      clock.now = 2.5 * INTERVAL; // two more intervals start while the database is away
      await expect.poll(() => logged, { timeout: 10_000 }).toContain("billing_error"); // tried, and failed
      expect(billing.billed).toBe(1);
    } finally {
      await database.start();
    }
    await expect.poll(() => billing.billed, { timeout: 20_000 }).toBe(3);
    expect(logged).toContain("billing_restored");
    billing.stop();
    expect(await ledgerKeys(ref.meetingId)).toEqual(keys(ref.meetingId, 3));
  }, 60_000);

  it("the bot's time ends: no tick after it, and the ones that started before it are settled, also after an outage", async () => {
    const ref = await meetingInCall();
    const { billing, clock } = await billingFor(ref);
    billing.start();
    await expect.poll(() => billing.billed, { timeout: 10_000 }).toBe(1);
    await database.stop();
    clock.now = 1.5 * INTERVAL;
    const endedAt = clock.now;
    billing.stop(); // e.g. everyone else left; the second interval had started but its tick failed
    clock.now = 10 * INTERVAL;
    await database.start();
    expect(await billing.settle(endedAt, clock.now + 1)).toBe(0);
    expect(billing.billed).toBe(2);
    expect(await ledgerKeys(ref.meetingId)).toEqual(keys(ref.meetingId, 2));
  }, 60_000);

  it("stopped by the user: the bot's next tick is refused and ends it, nothing is billed after the stop", async () => {
    const ref = await meetingInCall();
    const { billing, clock, ends } = await billingFor(ref);
    billing.start();
    await expect.poll(() => billing.billed, { timeout: 10_000 }).toBe(1);
    await lib.db.$transaction((tx) => lib.transitionMeeting(tx, ref.meetingId, { to: "completed", reason: "user_stopped", verb: "stopped" }));
    clock.now = 1.5 * INTERVAL; // the next tick comes before the bot heard of the stop
    await expect.poll(() => ends, { timeout: 10_000 }).toEqual(["superseded"]);
    expect(billing.billed).toBe(1);
    expect(await ledgerKeys(ref.meetingId)).toEqual(keys(ref.meetingId, 1));
  });

  it("a bot's heartbeat while the database is away: retried every second, not every interval, logged once, and on the record again at once", async () => {
    const ref = await meetingInCall();
    const logged: string[] = [];
    let beats = 0;
    const heartbeat = new lib.Heartbeat({ intervalMs: 60_000, check: () => (beats++, lib.heartbeat(ref)), onState: silent, onLost: silent, log: (event) => logged.push(event) });
    await database.stop();
    let restartedAt: Date;
    try {
      await heartbeat.beat();
      expect(logged).toEqual(["heartbeat_error"]);
      await sleep(3500);
      expect(beats).toBeGreaterThanOrEqual(3);
      expect(logged).toEqual(["heartbeat_error"]);
    } finally {
      await database.start();
      restartedAt = new Date();
    }
    await expect.poll(() => logged, { timeout: 20_000 }).toEqual(["heartbeat_error", "heartbeat_restored"]);
    heartbeat.stop();
    expect((await meetingRow(ref.meetingId)).heartbeatAt!.getTime()).toBeGreaterThanOrEqual(restartedAt.getTime() - 1000);
  }, 60_000);

  it("transcript lines written during an outage land once it is back, in order; none is dropped", async () => {
    const ref = await meetingInCall();
    const writes = new lib.WriteQueue({ log: silent, giveUpAfterMs: 60_000 });
    const line = (i: number) => ({ speaker: "Grace", speakerId: "g", isAgent: false, text: `Line ${i}`, startMs: i * 1000, endMs: i * 1000 + 500 });
    writes.push("transcript", () => lib.bots.saveTranscriptSegment(ref.meetingId, line(0), Date.now()));
    await database.stop();
    try {
      for (let i = 1; i <= 5; i++) writes.push("transcript", () => lib.bots.saveTranscriptSegment(ref.meetingId, line(i), Date.now()));
      await sleep(500);
    } finally {
      await database.start();
    }
    expect(await writes.close(30_000)).toBe(true);
    const rows = await lib.db.transcriptSegment.findMany({ where: { meetingId: ref.meetingId }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.text)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `Line ${i}`));
  }, 60_000);

  it("status writes land in the order things happened: a slow waiting-room write is never overtaken by the admission", async () => {
    const ref = await meetingInCall();
    const statuses = new lib.StatusWrites(silent, 10_000);
    const started: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const waiting = statuses.write("waiting_room", async () => {
      started.push("waiting_room");
      await slow; // the database is slow to take this one
      return lib.bots.moveRun(ref, "waiting_room", null);
    });
    const admitted = statuses.write("in_progress", async () => {
      started.push("in_progress");
      return lib.bots.admitRun(ref);
    });
    await expect.poll(() => started).toEqual(["waiting_room"]);
    release();
    expect(await waiting).toEqual({ moved: true });
    expect(await admitted).toMatchObject({ moved: true });
    expect(started).toEqual(["waiting_room", "in_progress"]);
    expect((await meetingRow(ref.meetingId)).events.map((e) => e.toStatus)).toEqual(["joining", "waiting_room", "in_progress"]);
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import { test, expect, createAgentViaApi, createUser, databaseUrl, signInAs, sql, startShapedStack, stopShapedStack, topUp } from "../fixtures";
import { details, meetingEvents } from "../support/agent-room";
import { stackPorts } from "../support/ports";
import type { StackProcesses } from "../support/stack";
import { KEEP_ALIVE_TIMEOUT_MS } from "../../scripts/next-start";

// Issue 30, "Many workers, one database, proven": Cohost as on many machines — two web servers, one
// jobs process and three bot workers on one PostgreSQL (a shaped stack of its own, slot SLOT:
// e2e/support/stack.ts) — with twelve meetings in test rooms spread over the workers. Then one worker
// is stopped (SIGTERM: its bots hand their meetings over, and the last worker takes them once it has
// room) and one is killed (SIGKILL: its meetings fail as heartbeat_lost). In the end no meeting is
// lost (each has a final status with its reason), every started interval in the call is billed
// exactly once (ledger keys usage:<meeting>:0…n−1, across both bots of a handed-over meeting), `npm
// run billing:reconcile` finds nothing wrong, and `npm run capacity` (the query KEDA reads) counts
// the meetings running and queued at each step.
//
// Nobody joins the rooms: the test ends the meetings itself, pressing Stop through the API, so
// nothing waits on a timer. Billing ticks every 5 s; each signal and each Stop is sent at the moment
// farthest from the ticks of the bots it ends, so the count of billed ticks does not depend on when
// the test looks (within how late a busy worker acts on a signal, WORKER_LAG_MS).
// MANY_WORKERS_MEETINGS (a multiple of 3; default 12) makes it lighter while working on it.
// The processes' output: .data-e2e-<appPort of SLOT>/<web-0|web-1|jobs|worker-i>.log.

const SLOT = 5;
const AT = stackPorts(SLOT);
const MEETINGS = Number(process.env.MANY_WORKERS_MEETINGS || 12);
const WORKERS = 3;
const CONCURRENCY = MEETINGS / WORKERS;
/** A backstop only: the test stops every meeting itself (BOT_ROOM_WAIT_SECONDS raised to match). */
const NOBODY_JOINED_S = 600;
/** As e2e/faults/bot-runtime.fault.ts: the database's event times and the bot's clock may differ this much. */
const CLOCK_SLACK_MS = 400;
/** How far behind a worker's event loop may be on this machine when it is signalled (its bots' audio_skipped lines say so). */
const WORKER_LAG_MS = 2500;
const TICK_MS = AT.billingIntervalMs;
const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

test.describe.configure({ mode: "serial" });

let processes: StackProcesses;
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(600_000);
  // The bots wait in their empty rooms until the test stops them (the agents' rule is the cap).
  processes = await startShapedStack(SLOT, { webs: 2, workers: WORKERS, concurrency: CONCURRENCY, env: { BOT_ROOM_WAIT_SECONDS: String(NOBODY_JOINED_S) } });
});
test.afterAll(async ({}, testInfo) => {
  testInfo.setTimeout(120_000);
  await stopShapedStack(SLOT);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pidOf = (workerId: string | null) => (workerId ? Number(workerId.split(":")[1]) : null);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Row {
  id: string;
  status: string;
  statusReason: string | null;
  workerId: string | null;
}
const meetingRows = async (ids: string[]) =>
  sql<Row>(`SELECT id, status, "statusReason", "workerId" FROM "Meeting" WHERE id = ANY($1) ORDER BY id`, [ids], SLOT);
/** What the capacity query reads of a meeting: its status and whether a worker holds it. */
const held = async (ids: string[]) => (await meetingRows(ids)).map((r) => `${r.id} ${r.status} ${r.workerId ? "held" : "free"}`);

const events = (meetingId: string) => meetingEvents(meetingId, SLOT);
const admissions = async (meetingId: string) => (await events(meetingId)).filter((e) => e.toStatus === "in_progress" && e.fromStatus !== "in_progress");

/** `npm run capacity -- --json` on the stack's database, with the workers' bots per worker. */
async function capacity(): Promise<{ queued: number; running: number; prewarm: number; slots: number; workers: number }> {
  const { stdout } = await run("npm", ["run", "--silent", "capacity", "--", "--json", "--bots-per-worker", String(CONCURRENCY)], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl(SLOT) },
  });
  const { queued, running, prewarm, slots, workers } = JSON.parse(stdout);
  return { queued, running, prewarm, slots, workers };
}

/**
 * The capacity query against a state that holds still: the meetings' rows are read before and after
 * it, and must not have changed (else the machine was too slow for the check: the test says so).
 */
async function capacityWhile(ids: string[], expected: Awaited<ReturnType<typeof capacity>>) {
  const before = await held(ids);
  const measured = await capacity();
  expect(await held(ids), "the meetings changed while the capacity was measured").toEqual(before);
  expect(measured).toEqual(expected);
}

/**
 * The moment in the next interval farthest from every billing tick of these meetings (ticks fall at
 * admission + k × TICK_MS), and how far that is: a signal sent then ends each bot's billing between
 * two of its ticks, with `margin` to spare on either side.
 */
function quietMoment(admittedAt: number[]): { at: number; margin: number } {
  const from = Date.now() + 300;
  let best = { at: from, margin: -1 };
  for (let at = from; at < from + TICK_MS; at += 50) {
    const margin = Math.min(...admittedAt.map((a) => {
      const phase = (((at - a) % TICK_MS) + TICK_MS) % TICK_MS;
      return Math.min(phase, TICK_MS - phase);
    }));
    if (margin > best.margin) best = { at, margin };
  }
  return best;
}

/** Sends `signal` to `pid` at the quiet moment of the meetings' ticks; returns when it was sent and the margin. */
async function signalQuietly(pid: number, signal: NodeJS.Signals, meetingIds: string[]) {
  const admittedAt = await Promise.all(meetingIds.map(async (id) => (await admissions(id)).at(-1)!.at));
  const { at, margin } = quietMoment(admittedAt);
  await sleep(at - Date.now());
  const sentAt = Date.now();
  process.kill(pid, signal);
  return { sentAt, margin };
}

/**
 * Started billing intervals in the spans: at least (-1) — each span's end moved `early` ms earlier and
 * its start WORKER_LAG_MS later (the bot's billing clock starts when its event loop gets to the
 * admission, which the timeline may show up to that much before) — or at most (1), its end `late` ms later.
 */
const startedIntervals = (spans: { from: number; to: number; early: number; late: number }[], sign: 1 | -1) =>
  spans.reduce((n, s) => n + Math.max(0, Math.ceil((sign < 0 ? s.to - s.early - s.from - WORKER_LAG_MS : s.to + s.late - s.from) / TICK_MS)), 0);

test("three workers, two web servers, one database: twelve meetings; a worker stopped hands its bots over, a worker killed fails its meetings; every minute billed once", async () => {
  test.setTimeout(420_000);
  const [web0, web1] = processes.webs;
  const [stopped, killed, kept] = processes.workers;
  // Both web servers keep idle connections as `npm start`'s does (scripts/next-start.ts): behind a load balancer, longer than its.
  for (const web of processes.webs) expect((await fetch(`${web}/api/health`)).headers.get("keep-alive"), web).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);

  /** What the run saw (printed at the end; docs/deploy.md, "Many workers, one database"). */
  const figures: Record<string, number | string> = {};
  // Three account holders; each meeting's agent is sent in through one web server, and the meeting
  // read and stopped through the other.
  const people: APIRequestContext[] = [];
  for (let u = 0; u < 3; u++) {
    const user = await createUser({ slot: SLOT });
    // A connection per request: Node's client (unlike a browser) does not retry a request sent on a
    // connection just as the server closed it (ECONNRESET); the servers keep idle ones 65 s (checked
    // above), but the test does not lean on that.
    const request = await playwrightRequest.newContext({ baseURL: web0, extraHTTPHeaders: { connection: "close" } });
    await signInAs(request, user);
    await topUp(request, 20);
    people.push(request);
  }
  /**
   * On a starved machine a request's transaction can outlast its 5 s: the API rolls it back and
   * answers 503 "try again in a few seconds". The test does as it says, up to 3 times, and counts it.
   */
  const tryAgain = async (send: () => Promise<APIResponse>) => {
    for (let attempt = 1; ; attempt++) {
      const res = await send();
      if (res.status() !== 503 || attempt === 3) return res;
      figures.answered503 = Number(figures.answered503 ?? 0) + 1;
      await sleep(2000);
    }
  };
  // The agents are sent in one after another (on a busy machine, joins at once can outlast their
  // transaction's 5 s and be answered 503).
  const meeting = async (i: number) => {
      const request = people[i % people.length];
      const [via, other] = i % 2 ? [web1, web0] : [web0, web1];
      const agent = await createAgentViaApi(request, { name: `Cohost ${i}`, leaving: { nobodyJoinedSeconds: NOBODY_JOINED_S } });
      const room = (await (await request.post(`${via}/api/rooms`)).json()) as { url: string };
      const res = await tryAgain(() => request.post(`${via}/api/meetings/join`, { data: { agentId: agent.id, meetingUrl: room.url, title: `Many workers ${i}` } }));
      expect(res.status(), await res.text()).toBe(201);
      const { id } = (await res.json()) as { id: string };
      return {
        id,
        read: async (): Promise<Awaited<ReturnType<typeof details>>> => (await request.get(`${other}/api/meetings/${id}/details`)).json(),
        stop: async () => {
          const stopped = await tryAgain(() => request.post(`${other}/api/meetings/${id}/stop`));
          expect(stopped.status(), await stopped.text()).toBe(200);
        },
      };
  };
  const startedAt = Date.now();
  const meetings = [];
  for (let i = 0; i < MEETINGS; i++) meetings.push(await meeting(i));
  const ids = meetings.map((m) => m.id);
  const byId = new Map(meetings.map((m) => [m.id, m]));
  const statusOf = async (id: string) => {
    const d = await byId.get(id)!.read();
    return `${d.status}/${d.statusReason ?? ""}`;
  };
  /** The meetings' statuses in one query, for the waits (the API reads each one at the checks). */
  const statuses = async () => (await meetingRows(ids)).map((r) => `${r.status}/${r.statusReason ?? ""}`);
  const statusIn = async (id: string) => {
    const [r] = await meetingRows([id]);
    return `${r.status}/${r.statusReason ?? ""}`;
  };
  /** Presses Stop on these meetings at the quiet moment of their ticks (as signalQuietly). */
  const stopQuietly = async (list: string[]) => {
    const { at } = quietMoment(await Promise.all(list.map(async (id) => (await admissions(id)).at(-1)!.at)));
    await sleep(at - Date.now());
    await Promise.all(list.map((id) => byId.get(id)!.stop()));
  };

  try {
    // Every meeting's bot in its room, CONCURRENCY on each worker (each has that many slots).
    await expect.poll(async () => (await statuses()).filter((s) => s.startsWith("in_progress/")).length, { timeout: 180_000, message: "every bot in its room" }).toBe(MEETINGS);
    figures.allInRoomMs = Date.now() - startedAt;
    for (const id of ids) expect(await statusOf(id)).toBe("in_progress/");
    const on = new Map<number, string[]>(processes.workers.map((pid) => [pid, []]));
    for (const row of await meetingRows(ids)) on.get(pidOf(row.workerId)!)?.push(row.id);
    expect([...on.values()].map((list) => list.length)).toEqual(processes.workers.map(() => CONCURRENCY));
    const [ofStopped, ofKilled, ofKept] = [stopped, killed, kept].map((pid) => on.get(pid)!);
    await capacityWhile(ids, { queued: 0, running: MEETINGS, prewarm: 0, slots: MEETINGS, workers: WORKERS });

    // One worker stopped, one killed, each between its bots' billing ticks.
    const stop = await signalQuietly(stopped, "SIGTERM", ofStopped);
    const kill = await signalQuietly(killed, "SIGKILL", ofKilled);
    // The stopped worker's meetings are handed over and wait for a bot: the last worker is full, and
    // says so on them while it holds them in the queue.
    for (const id of ofStopped) {
      await expect.poll(() => statusIn(id), { timeout: 60_000, message: "handed over, waiting for a bot" }).toBe("joining/waiting_for_bot");
      expect(await statusOf(id)).toBe("joining/waiting_for_bot");
      expect((await events(id)).filter((e) => e.reason === "worker_shutdown").map((e) => `${e.fromStatus}→${e.toStatus}`)).toEqual(["in_progress→joining"]);
    }
    figures.handedOverMs = Date.now() - stop.sentAt;
    await expect.poll(() => alive(stopped), { timeout: 30_000, message: "the stopped worker exits" }).toBe(false);
    // The killed worker's meetings fail when their heartbeat is lost (the others' sweep).
    for (const id of ofKilled) await expect.poll(() => statusIn(id), { timeout: 60_000, message: "the killed worker's meetings fail" }).toBe("failed/heartbeat_lost");
    figures.heartbeatLostMs = Date.now() - kill.sentAt;
    // Queued: the handed-over meetings; running: the last worker's.
    await capacityWhile(ids, { queued: CONCURRENCY, running: CONCURRENCY, prewarm: 0, slots: 2 * CONCURRENCY, workers: 2 });

    // Stop pressed on the last worker's meetings (through the other web server): as its bots leave,
    // it takes the handed-over meetings, whose agents rejoin their rooms.
    const keptStoppedAt = Date.now();
    await stopQuietly(ofKept);
    for (const id of ofStopped) {
      await expect.poll(() => statusIn(id), { timeout: 120_000, message: "the handed-over meeting rejoined" }).toBe("in_progress/");
      expect(await statusOf(id)).toBe("in_progress/");
      expect(pidOf((await meetingRows([id]))[0].workerId), "the handed-over meeting runs on the last worker").toBe(kept);
      expect(await admissions(id)).toHaveLength(2);
    }
    figures.rejoinedMs = Date.now() - keptStoppedAt;
    await capacityWhile(ids, { queued: 0, running: CONCURRENCY, prewarm: 0, slots: CONCURRENCY, workers: 1 });
    await stopQuietly(ofStopped);
    await expect
      .poll(async () => (await statuses()).filter((s) => /^(completed|failed|cancelled)\//.test(s)).length, { message: "every meeting over" })
      .toBe(MEETINGS);
    // No meeting lost: each has its end and the reason for it.
    for (const id of [...ofStopped, ...ofKept]) expect(await statusOf(id), id).toBe("completed/user_stopped");
    for (const id of ofKilled) expect(await statusOf(id), id).toBe("failed/heartbeat_lost");
    await capacityWhile(ids, { queued: 0, running: 0, prewarm: 0, slots: 0, workers: 0 });
    figures.allOverMs = Date.now() - startedAt;
    figures.signalMarginsMs = `${stop.margin}/${kill.margin}`;
    let ticks = 0;

    // Billing: each meeting's ticks are exactly the started intervals of its bots' time in the call:
    // a span ends at the signal for the stopped and killed workers' bots (sent between their ticks),
    // at the stop for the others (as e2e/faults/bot-runtime.fault.ts: within the clocks' slack).
    for (const id of ids) {
      const list = await events(id);
      const spans = list.flatMap((e, i) => {
        if (e.toStatus !== "in_progress" || e.fromStatus === "in_progress") return [];
        const out = list.slice(i + 1).find((later) => later.fromStatus === "in_progress" && later.toStatus !== "in_progress");
        // A worker acts on a signal when its event loop gets to it (on a starved machine over 2 s
        // late): the stopped one's bots were in the call until then; the killed one may not yet
        // have billed the tick that fell due in its last moments. Never more after the signal.
        if (out?.reason === "worker_shutdown") return [{ from: e.at, to: stop.sentAt, early: stop.margin - 50, late: WORKER_LAG_MS }];
        if (out?.reason === "heartbeat_lost") return [{ from: e.at, to: kill.sentAt, early: WORKER_LAG_MS, late: kill.margin - 50 }];
        expect(out?.reason, `how meeting ${id}'s bot left the call: ${JSON.stringify(list)}`).toBe("user_stopped");
        return [{ from: e.at, to: out!.at, early: CLOCK_SLACK_MS, late: CLOCK_SLACK_MS }];
      });
      const [{ billedTicks }] = await sql<{ billedTicks: number }>(`SELECT "billedTicks" FROM "Meeting" WHERE id = $1`, [id], SLOT);
      const keys = (await sql<{ key: string }>(`SELECT "idempotencyKey" AS key FROM "LedgerEntry" WHERE "meetingId" = $1 AND type = 'usage'`, [id], SLOT)).map((r) => r.key);
      const why = `meeting ${id}: spans ${JSON.stringify(spans)}`;
      expect(billedTicks, why).toBeGreaterThanOrEqual(startedIntervals(spans, -1));
      expect(billedTicks, why).toBeLessThanOrEqual(startedIntervals(spans, 1));
      expect(keys.sort(), why).toEqual(Array.from({ length: billedTicks }, (_, tick) => `usage:${id}:${tick}`).sort());
      ticks += billedTicks;
    }
    figures.billedTicks = ticks;
    // Every balance and every meeting's ticks agree with the ledger (the whole database is this test's).
    const reconciled = await run("npm", ["run", "--silent", "billing:reconcile"], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl(SLOT) } }).catch(
      (err: { stdout: string }) => ({ stdout: err.stdout }),
    );
    const report = JSON.parse(reconciled.stdout) as { ok: boolean; balanceMismatches: unknown[]; meetingMismatches: unknown[] };
    expect([report.balanceMismatches, report.meetingMismatches]).toEqual([[], []]);
    expect(report.ok).toBe(true);

    // The last worker lived through it all without a stray promise or exception.
    expect(alive(kept)).toBe(true);
    const log = fs.readFileSync(path.join(root, AT.dataDir, `worker-${processes.workers.indexOf(kept)}.log`), "utf8");
    expect(log.split("\n").filter((l) => /"event":"(unhandled_rejection|uncaught_exception|bot_crashed)"/.test(l))).toEqual([]);
    console.log(`many workers: ${MEETINGS} meetings, ${JSON.stringify(figures)}`);
  } finally {
    await Promise.all(people.map((p) => p.dispose()));
  }
});

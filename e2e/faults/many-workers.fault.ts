import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { test, expect, createAgentViaApi, createUser, databaseUrl, signInAs, sql, startShapedStack, stopShapedStack, topUp } from "../fixtures";
import { details } from "../support/agent-room";
import { stackPorts } from "../support/ports";
import type { StackProcesses } from "../support/stack";

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
// Nobody joins the rooms: every agent leaves NOBODY_JOINED_S after its admission by its own leaving
// rule (`nobody_joined`), which paces the test without sleeps. Billing ticks every 5 s; the rule's
// 62 s is 2 s away from a tick, and each signal is sent at the moment farthest from the ticks of the
// bots it ends, so the exact count of billed ticks does not depend on when the test looks.
// MANY_WORKERS_MEETINGS (a multiple of 3; default 12) makes it lighter while working on it.
// The processes' output: .data-e2e-<appPort of SLOT>/<web-0|web-1|jobs|worker-i>.log.

const SLOT = 5;
const AT = stackPorts(SLOT);
const MEETINGS = Number(process.env.MANY_WORKERS_MEETINGS || 12);
const WORKERS = 3;
const CONCURRENCY = MEETINGS / WORKERS;
const NOBODY_JOINED_S = 62;
const TICK_MS = AT.billingIntervalMs;
const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

test.describe.configure({ mode: "serial" });

let processes: StackProcesses;
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(600_000);
  processes = await startShapedStack(SLOT, { webs: 2, workers: WORKERS, concurrency: CONCURRENCY });
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

interface Event {
  fromStatus: string | null;
  toStatus: string;
  reason: string | null;
  at: number;
}
async function events(meetingId: string): Promise<Event[]> {
  const rows = await sql<{ fromStatus: string | null; toStatus: string; reason: string | null; createdAt: Date }>(
    `SELECT "fromStatus", "toStatus", reason, "createdAt" FROM "MeetingEvent" WHERE "meetingId" = $1 ORDER BY "createdAt", id`,
    [meetingId],
    SLOT,
  );
  return rows.map((r) => ({ fromStatus: r.fromStatus, toStatus: r.toStatus, reason: r.reason, at: r.createdAt.getTime() }));
}
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

/** Started billing intervals in the spans, with each span's end moved by `shift` ms. */
const startedIntervals = (spans: { from: number; to: number; slack: number }[], sign: 1 | -1) =>
  spans.reduce((n, s) => n + Math.max(0, Math.ceil((s.to + sign * s.slack - s.from) / TICK_MS)), 0);

test("three workers, two web servers, one database: twelve meetings; a worker stopped hands its bots over, a worker killed fails its meetings; every minute billed once", async () => {
  test.setTimeout(420_000);
  const [web0, web1] = processes.webs;
  const [stopped, killed, kept] = processes.workers;

  // Three account holders; each meeting's agent is sent in through one web server or the other.
  const people: { request: APIRequestContext; userId: string }[] = [];
  for (let u = 0; u < 3; u++) {
    const user = await createUser({ slot: SLOT });
    const request = await playwrightRequest.newContext({ baseURL: web0 });
    await signInAs(request, user);
    await topUp(request, 20);
    people.push({ request, userId: user.id });
  }
  const ids: string[] = [];
  /** Each meeting's details, read through the other web server than the one that took it. */
  const readers = new Map<string, () => ReturnType<typeof details>>();
  for (let i = 0; i < MEETINGS; i++) {
    const { request } = people[i % people.length];
    const agent = await createAgentViaApi(request, { name: `Cohost ${i}`, leaving: { nobodyJoinedSeconds: NOBODY_JOINED_S } });
    const room = (await (await request.post("/api/rooms")).json()) as { url: string };
    const res = await request.post(`${[web0, web1][i % 2]}/api/meetings/join`, { data: { agentId: agent.id, meetingUrl: room.url, title: `Many workers ${i}` } });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    ids.push(id);
    readers.set(id, async () => (await request.get(`${[web1, web0][i % 2]}/api/meetings/${id}/details`)).json());
  }
  const statusOf = async (id: string) => {
    const d = await readers.get(id)!();
    return `${d.status}/${d.statusReason ?? ""}`;
  };
  const statuses = () => Promise.all(ids.map(statusOf));

  try {
    // Every meeting's bot in its room, CONCURRENCY on each worker (each has that many slots).
    await expect.poll(async () => (await statuses()).filter((s) => s.startsWith("in_progress/")).length, { timeout: 180_000, message: "every bot in its room" }).toBe(MEETINGS);
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
      await expect.poll(() => statusOf(id), { timeout: 60_000, message: "handed over, waiting for a bot" }).toBe("joining/waiting_for_bot");
      expect((await events(id)).filter((e) => e.reason === "worker_shutdown").map((e) => `${e.fromStatus}→${e.toStatus}`)).toEqual(["in_progress→joining"]);
    }
    await expect.poll(() => alive(stopped), { timeout: 30_000, message: "the stopped worker exits" }).toBe(false);
    // The killed worker's meetings fail when their heartbeat is lost (the others' sweep).
    for (const id of ofKilled) await expect.poll(() => statusOf(id), { timeout: 60_000, message: "the killed worker's meetings fail" }).toBe("failed/heartbeat_lost");
    // Queued: the handed-over meetings; running: the last worker's (its bots stay NOBODY_JOINED_S).
    await capacityWhile(ids, { queued: CONCURRENCY, running: CONCURRENCY, prewarm: 0, slots: 2 * CONCURRENCY, workers: 2 });

    // As the last worker's bots leave, it takes the handed-over meetings: each rejoins and then leaves by its rule.
    for (const id of ofStopped) {
      await expect.poll(async () => (await admissions(id)).length, { timeout: 180_000, message: "the handed-over meeting rejoined" }).toBe(2);
      expect(pidOf((await meetingRows([id]))[0].workerId), "the handed-over meeting runs on the last worker").toBe(kept);
    }
    await expect
      .poll(async () => (await statuses()).filter((s) => /^(completed|failed|cancelled)\//.test(s)).length, { timeout: 180_000, message: "every meeting over" })
      .toBe(MEETINGS);
    // No meeting lost: each has its end and the reason for it.
    for (const id of [...ofStopped, ...ofKept]) expect(await statusOf(id), id).toBe("completed/nobody_joined");
    for (const id of ofKilled) expect(await statusOf(id), id).toBe("failed/heartbeat_lost");
    await capacityWhile(ids, { queued: 0, running: 0, prewarm: 0, slots: 0, workers: 0 });

    // Billing: each meeting's ticks are exactly the started intervals of its bots' time in the call —
    // a span ends at the signal for the stopped and killed workers' bots, at the rule for the others.
    for (const id of ids) {
      const list = await events(id);
      const spans = list.flatMap((e, i) => {
        if (e.toStatus !== "in_progress" || e.fromStatus === "in_progress") return [];
        const out = list.slice(i + 1).find((later) => later.fromStatus === "in_progress" && later.toStatus !== "in_progress");
        if (out?.reason === "worker_shutdown") return [{ from: e.at, to: stop.sentAt, slack: stop.margin - 50 }];
        if (out?.reason === "heartbeat_lost") return [{ from: e.at, to: kill.sentAt, slack: kill.margin - 50 }];
        expect(out?.reason, `how meeting ${id}'s bot left the call: ${JSON.stringify(list)}`).toBe("nobody_joined");
        return [{ from: e.at, to: e.at + NOBODY_JOINED_S * 1000, slack: 1000 }];
      });
      const [{ billedTicks }] = await sql<{ billedTicks: number }>(`SELECT "billedTicks" FROM "Meeting" WHERE id = $1`, [id], SLOT);
      const keys = (await sql<{ key: string }>(`SELECT "idempotencyKey" AS key FROM "LedgerEntry" WHERE "meetingId" = $1 AND type = 'usage'`, [id], SLOT)).map((r) => r.key);
      const why = `meeting ${id}: spans ${JSON.stringify(spans)}`;
      expect(billedTicks, why).toBeGreaterThanOrEqual(startedIntervals(spans, -1));
      expect(billedTicks, why).toBeLessThanOrEqual(startedIntervals(spans, 1));
      expect(keys.sort(), why).toEqual(Array.from({ length: billedTicks }, (_, tick) => `usage:${id}:${tick}`).sort());
    }
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
  } finally {
    await Promise.all(people.map((p) => p.request.dispose()));
  }
});

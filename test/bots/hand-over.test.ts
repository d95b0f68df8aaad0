import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext } from "playwright-core";
import { db } from "@/lib/db/client";
import { launchBotBrowser } from "@/lib/bots/browser";
import { MinuteBilling } from "@/lib/bots/minute-billing";
import { meetAdapter } from "@/lib/bots/platforms/meet";
import { Heartbeat } from "@/lib/bots/run/heartbeat";
import { LeaveRules } from "@/lib/bots/run/leave-rules";
import { RunEnd } from "@/lib/bots/run/run-end";
import { noParts } from "@/lib/bots/run/run-parts";
import type { RunScope } from "@/lib/bots/run/run-scope";
import { tearDown } from "@/lib/bots/run/teardown";
import { StatusWrites } from "@/lib/bots/status-writes";
import { WriteQueue } from "@/lib/bots/write-queue";
import { botSettings } from "@/lib/config";
import { admitRun, billMinute, claimRun, heartbeat, type BillResult, type RunRef } from "@/lib/meetings/bot-runs";
import { transitionMeeting } from "@/lib/meetings/transitions";
import { startBot } from "./fixtures/bot-under-test";
import { meetPage } from "./fixtures/meet-fixture";
import { PlatformFixture } from "./fixtures/platform-fixture";
import { MEET_URL, startJob, userWithAgent } from "../meetings/fixtures.ts";

// A worker that is stopping (SIGTERM) hands its meetings over before the slow part of leaving
// (lib/bots/run/teardown.ts): the real teardown of a bot admitted to a Meet fixture call whose client
// hangs on Leave (the click is taken and nothing follows, as a busy machine's page), against the
// test database. The hand-over must already be written when the bot clicks Leave — the worker's stop
// budget may end during leaving (docs/deploy.md, "Many workers, one database").

/** Long enough that no billing timer fires before the test's SIGTERM: the test moves billing's clock on by hand. */
const INTERVAL = 10_000;
/** How long the client is stuck after Leave is clicked: over the leave step's limit (lib/bots/run/leave-call.ts). */
const HANG_MS = 11_000;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBotBrowser({ headless: true });
});
afterAll(async () => {
  await browser?.close();
});

const install = (context: BrowserContext) => PlatformFixture.install(context, ["https://meet.google.com/**"], (url) => (/^\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/.test(url.pathname) ? { body: meetPage({}) } : null));
const ledgerKeys = async (meetingId: string) => (await db.ledgerEntry.findMany({ where: { meetingId, type: "usage" }, orderBy: { id: "asc" } })).map((e) => e.idempotencyKey);
const meetingRow = (id: string) => db.meeting.findUniqueOrThrow({ where: { id }, include: { events: { orderBy: { createdAt: "asc" } } } });
const keys = (meetingId: string, ticks: number[]) => ticks.map((tick) => `usage:${meetingId}:${tick}`);

/** A claimed, admitted run of a Meet meeting (its worker is "old"). */
async function admittedRun() {
  const { user, agent } = await userWithAgent({ creditUsd: 10 });
  const meeting = await db.meeting.create({ data: { userId: user.id, agentId: agent.id, meetingUrl: MEET_URL, platform: "meet", scheduledStart: new Date() } });
  const t = await db.$transaction((tx) => transitionMeeting(tx, meeting.id, { to: "joining", reason: "join_requested", verb: "started" }));
  const ref: RunRef = { meetingId: meeting.id, runId: t.runId!, workerId: "old" };
  const claim = await claimRun(ref);
  if (!claim.claimed) throw new Error(`not claimed: ${claim.reason}`);
  expect(await admitRun(ref)).toMatchObject({ moved: true, billedTicks: 0 });
  return { ref, claim, user, agent };
}

type Seen = Awaited<ReturnType<typeof meetingRow>> & { ledger: string[] };

/**
 * A bot admitted to a Meet fixture call whose client hangs on Leave, billing tick 0 at admission with
 * two more intervals started before a SIGTERM (a busy event loop has not billed them yet), then the
 * SIGTERM and the real teardown. `bill` stands between the run and the database (a slow one).
 */
async function stoppingBot(opts: { bill?: (tick: number, real: () => Promise<BillResult>) => Promise<BillResult> } = {}) {
  const { ref, claim, user, agent } = await admittedRun();
  const events: string[] = [];
  const log = (event: string, fields?: { step?: string; ticks?: number }) => void events.push(fields?.step ? `${event}:${fields.step}` : fields?.ticks ? `${event}:${fields.ticks}` : event);

  // The bot in the call: the real Meet adapter on the fixture page.
  const bot = await startBot(browser, meetAdapter, MEET_URL, install);
  const joined = await bot.join();
  if (joined.kind !== "admitted") throw new Error(`not admitted: ${JSON.stringify(joined)}`);
  // The client hangs on Leave, longer than leaving may take (a page stuck on a busy machine): the
  // click is taken and the page is busy for HANG_MS; the call never ends. The moment the click
  // comes, the test reads what the database says.
  let clicked!: (seen: Seen) => void;
  const atLeave = new Promise<Seen>((resolve) => (clicked = resolve));
  await bot.context.exposeBinding("leaveClicked", async () => clicked({ ...(await meetingRow(ref.meetingId)), ledger: await ledgerKeys(ref.meetingId) }));
  await bot.page.evaluate((hangMs) => {
    const onClick = (e: MouseEvent) => {
      if (!(e.target as Element).closest?.('[aria-label="Leave call"]')) return;
      e.stopPropagation();
      (window as unknown as { leaveClicked(): void }).leaveClicked();
      const until = Date.now() + hangMs;
      while (Date.now() < until); // busy: every later look at the page waits too
    };
    document.addEventListener("click", onClick, true);
  }, HANG_MS);

  // Billing on the run's clock, which the test moves on. The teardown's deadline for the final
  // writes is on the real clock, a minute on.
  let skew = 0;
  const now = () => performance.now() + skew;
  const real = (tick: number) => () => billMinute({ ...ref, userId: user.id, agentId: agent.id }, tick);
  const bill = (tick: number) => (opts.bill ? opts.bill(tick, real(tick)) : real(tick)());
  const billing = new MinuteBilling({ intervalMs: INTERVAL, firstTick: 0, bill, onEnd: () => {}, onRefillDue: () => {}, log, now });
  const end = new RunEnd(log, now);
  end.atEnd(() => billing.stop());
  billing.start();
  await expect.poll(() => billing.billed, { timeout: 15_000 }).toBe(1);
  skew = 2.5 * INTERVAL;

  const shutdown = new AbortController();
  const writes = new WriteQueue({ log, giveUpAfterMs: 10_000 });
  const run: RunScope = {
    ctx: { ref, meeting: claim, shutdown: shutdown.signal, poked: new EventTarget() },
    ref,
    settings: botSettings(),
    browser: async () => browser,
    log,
    end,
    parts: { ...noParts(), context: bot.context, page: bot.page, bridge: bot.bridge, meetingSession: joined.session, billing, admitted: true },
    heartbeat: new Heartbeat({ intervalMs: 3_600_000, check: () => heartbeat(ref), onState: () => {}, onLost: () => {}, log }),
    rules: new LeaveRules({ leave: () => {} }),
    writes,
    statuses: new StatusWrites(log, 10_000),
    save: (what, write) => writes.push(what, write),
  };
  // SIGTERM: the worker's shutdown reaches the bot (as MeetingRun listens), and the teardown runs.
  shutdown.signal.addEventListener("abort", () => end.end({ kind: "shutdown" }));
  shutdown.abort();
  const torndown = tearDown(run, await end.decided, 60_000);
  return { ref, user, agent, events, atLeave, torndown };
}

describe("a stopping worker's bot", () => {
  it("hands its meeting over as soon as its ticks are settled, before it leaves the call; the new run bills on from there, nothing twice", async () => {
    const { ref, user, agent, events, atLeave, torndown } = await stoppingBot();

    // When the bot clicks Leave, the meeting is already handed over, with the ticks that started before the SIGTERM settled once.
    const seen = await atLeave;
    expect(seen).toMatchObject({ status: "joining", statusReason: "worker_shutdown", workerId: null, billedTicks: 3 });
    expect(seen.runId).not.toBe(ref.runId);
    expect(seen.ledger).toEqual(keys(ref.meetingId, [0, 1, 2]));
    expect((await startJob(ref.meetingId))?.data.runId).toBe(seen.runId);

    // Leaving is bounded; after the hand-over the old run writes nothing about the meeting or its money.
    await torndown;
    const after = await meetingRow(ref.meetingId);
    expect({ ...after, ledger: await ledgerKeys(ref.meetingId) }).toEqual(seen);
    // The leave outlasted its limit (over the worker's whole stop budget for bots, 0.7 × 12 s), and was given up on.
    const steps = events.filter((e) => e === "handing_over" || e.startsWith("teardown_") || e.startsWith("settle"));
    expect(steps[0]).toBe("handing_over");
    expect(steps).toContain("teardown_timeout:leave");
    expect(await billMinute({ ...ref, userId: user.id, agentId: agent.id }, 3)).toEqual({ superseded: true });

    // The next worker's run continues the count from the settled ticks: tick 3 is its own, billed once.
    const next: RunRef = { meetingId: ref.meetingId, runId: seen.runId!, workerId: "new" };
    expect(await claimRun(next)).toMatchObject({ claimed: true });
    expect(await admitRun(next)).toMatchObject({ moved: true, billedTicks: 3 });
    expect(await billMinute({ ...next, userId: user.id, agentId: agent.id }, 3)).toMatchObject({ billed: true });
    expect(await ledgerKeys(ref.meetingId)).toEqual(keys(ref.meetingId, [0, 1, 2, 3]));
    expect((await meetingRow(ref.meetingId)).billedTicks).toBe(4);
  }, 60_000);

  it("with the database too slow to settle a tick, it hands over anyway after its limit: the meeting is kept, the unsettled ticks are logged, none is billed twice", async () => {
    // Tick 1's transaction is stuck (an overloaded database) until the test lets it through.
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const { ref, user, agent, events, atLeave, torndown } = await stoppingBot({ bill: async (tick, real) => (tick === 1 ? stuck.then(real) : real()) });

    const seen = await atLeave;
    expect(seen).toMatchObject({ status: "joining", statusReason: "worker_shutdown", billedTicks: 1 });
    expect(seen.ledger).toEqual(keys(ref.meetingId, [0]));
    // The stuck tick reaches the database after the hand-over: refused, the run is no longer the meeting's.
    release();
    await torndown;
    await expect.poll(() => events.filter((e) => e.startsWith("settle") || e.startsWith("billing_unsettled") || e === "handing_over"), { timeout: 15_000 }).toEqual(["settle_overdue", "handing_over", "billing_unsettled:2"]);
    expect(await ledgerKeys(ref.meetingId)).toEqual(keys(ref.meetingId, [0]));

    // The next run bills on from the meeting's count: tick 1 once, by the run that owns the call.
    const next: RunRef = { meetingId: ref.meetingId, runId: seen.runId!, workerId: "new" };
    expect(await claimRun(next)).toMatchObject({ claimed: true });
    expect(await admitRun(next)).toMatchObject({ moved: true, billedTicks: 1 });
    expect(await billMinute({ ...next, userId: user.id, agentId: agent.id }, 1)).toMatchObject({ billed: true });
    expect(await ledgerKeys(ref.meetingId)).toEqual(keys(ref.meetingId, [0, 1]));
  }, 60_000);
});

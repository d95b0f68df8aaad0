import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext, Page } from "@playwright/test";
import { outageNotice } from "../../lib/voice/pipeline/provider-outage";
import { test, expect, postgres, signalWorkerOf, sql, topUp } from "../fixtures";
import { agentInRoom, details, meetingEvents, personJoins, waitFor } from "../support/agent-room";
import { E2E } from "../support/ports";
import { control, llmRequests, speechWav } from "../support/voice";

// Issue 17: the bot runtime under faults, on the real stack — PostgreSQL, `npm start`'s web server
// and worker, a bot in a test room with a person asking it something every few seconds, providers on
// the voice fakes, and a billing interval of BILLING_INTERVAL_MS (e2e/support/server.ts). After every
// fault the meeting's billed minutes are exactly the started intervals of the bot's time in the call
// (one debit per tick, keys 0…n−1), and `npm run billing:reconcile` finds nothing wrong with this
// test's money.

const BILLING_INTERVAL_MS = E2E.billingIntervalMs;
/**
 * The span edges come from two clocks (the database's event times, the test's own) that can sit a
 * few hundred milliseconds from the bot's: a span ending that close to a tick may count either way.
 */
const CLOCK_SLACK_MS = 400;
const NOTICE = outageNotice("en");
const QUESTION = "Hey Cohost, what is on the agenda today?";
/** The person's microphone: the question, then quiet, over and over (about every 12 s). */
const ASKING = speechWav([2500, "hey-cohost-agenda.wav", 9000], { loop: true });
const root = path.resolve(import.meta.dirname, "../..");

test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie-consent", value: "false", url: E2E.appUrl }]);
  await control("reset");
  // Whatever the person says is heard as the question (wake word included); the fake LLM echoes it.
  await control("set", { defaultTranscript: QUESTION });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The agent's answers in the transcript (its outage notice aside). */
const answers = async (request: APIRequestContext, id: string) => (await details(request, id)).transcript.filter((s) => s.isAgent && !s.chat && s.text !== NOTICE).length;

/** Waits for one more answer than the agent had given so far. */
async function nextAnswer(request: APIRequestContext, id: string, what: string, timeout = 60_000): Promise<void> {
  const before = await answers(request, id);
  await expect.poll(() => answers(request, id), { timeout, message: `waiting for ${what}` }).toBeGreaterThan(before);
}

/**
 * The bot's voice sessions have all ended (the fakes saw every speech-to-text socket close): it says
 * and hears nothing more, and its writes are on their way. Its billing was final already when the
 * stop (or restart) committed: the database refuses any later tick.
 */
async function sessionsEnded() {
  await expect
    .poll(async () => ((await control("requests")) as { surface: string; closedWith?: number }[]).filter((r) => r.surface === "listen" && r.closedWith === undefined).length, {
      timeout: 60_000,
      message: "waiting for the bot's voice session to end",
    })
    .toBe(0);
}

const events = (meetingId: string) => meetingEvents(meetingId);

/**
 * The bot's spans in the call: from each admission to the event that took the meeting out of the
 * call (a stop, a restart), or to `endedAt[i]` for a span whose bot went without such an event at
 * the time (a worker stopped or killed: the test knows when).
 */
async function spansInCall(meetingId: string, endedAt: (number | undefined)[] = []): Promise<[number, number][]> {
  const list = await events(meetingId);
  const spans: [number, number][] = [];
  list.forEach((e, i) => {
    if (e.toStatus !== "in_progress" || e.fromStatus === "in_progress") return;
    const out = list.slice(i + 1).find((later) => later.fromStatus === "in_progress" && later.toStatus !== "in_progress");
    const end = endedAt[spans.length] ?? out?.at;
    if (end === undefined) throw new Error(`the meeting is still in the call: ${JSON.stringify(list)}`);
    spans.push([e.at, end]);
  });
  return spans;
}

/** Started billing intervals in the spans (a tick at admission and at every interval after it, while in the call). */
function startedIntervals(spans: [number, number][], shiftMs: number): number {
  return spans.reduce((n, [from, to]) => n + (to + shiftMs > from ? Math.ceil((to + shiftMs - from) / BILLING_INTERVAL_MS) : 0), 0);
}

/**
 * After a fault: the meeting's ticks are exactly its started intervals in the call, each debited once
 * (`usage:<meeting>:0…n−1`), and billing:reconcile finds nothing wrong with this user's money.
 */
async function expectExactBilling(meetingId: string, userId: string, endedAt: (number | undefined)[] = []) {
  const spans = await spansInCall(meetingId, endedAt);
  const [{ billedTicks }] = await sql<{ billedTicks: number }>(`SELECT "billedTicks" FROM "Meeting" WHERE id = $1`, [meetingId]);
  const keys = (await sql<{ key: string }>(`SELECT "idempotencyKey" AS key FROM "LedgerEntry" WHERE "meetingId" = $1 AND type = 'usage'`, [meetingId])).map((r) => r.key).sort();
  const expected = { atLeast: startedIntervals(spans, -CLOCK_SLACK_MS), atMost: startedIntervals(spans, CLOCK_SLACK_MS) };
  expect(billedTicks, `billed ticks for spans ${JSON.stringify(spans)}, expected ${JSON.stringify(expected)}`).toBeGreaterThanOrEqual(expected.atLeast);
  expect(billedTicks, `billed ticks for spans ${JSON.stringify(spans)}, expected ${JSON.stringify(expected)}`).toBeLessThanOrEqual(expected.atMost);
  expect(billedTicks).toBeGreaterThan(0);
  expect(keys).toEqual(Array.from({ length: billedTicks }, (_, tick) => `usage:${meetingId}:${tick}`).sort());

  const { databaseUrl } = JSON.parse(fs.readFileSync(path.join(root, E2E.stateFile), "utf8")) as { databaseUrl: string };
  const run = await promisify(execFile)("npm", ["run", "--silent", "billing:reconcile"], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } }).catch(
    (err: { stdout: string; code: number }) => ({ stdout: err.stdout }),
  );
  const report = JSON.parse(run.stdout) as {
    balanceMismatches: { userId: string }[];
    meetingMismatches: { meetingId: string }[];
  };
  // Other suites' tests tamper with balances on purpose (to test the check itself): judge this test's money.
  expect(report.balanceMismatches.filter((m) => m.userId === userId)).toEqual([]);
  expect(report.meetingMismatches.filter((m) => m.meetingId === meetingId)).toEqual([]);
}

/** The agent in a room with a person asking it something every ~12 s; resolves after its first answer. */
async function meetingWithQuestions(page: Page) {
  await topUp(page.request, 20);
  const { room, meetingId } = await agentInRoom(page);
  const person = await personJoins(room.url, ASKING);
  await waitFor(page.request, meetingId, "the first answer", (d) => d.transcript.some((s) => s.isAgent && !s.chat), 60_000);
  return { meetingId, person };
}

async function stop(page: Page, meetingId: string) {
  const res = await page.request.post(`/api/meetings/${meetingId}/stop`);
  expect(res.status(), await res.text()).toBe(200);
  await sessionsEnded();
}

test("PostgreSQL down for 30 s mid-meeting: the meeting goes on, every turn is written after it, billing catches up exactly", async ({ signedIn: page, user }) => {
  test.setTimeout(240_000);
  const { meetingId, person } = await meetingWithQuestions(page);
  try {
    const chatsBefore = await llmRequests();
    await postgres.stop();
    try {
      await sleep(30_000);
    } finally {
      await postgres.start();
    }
    // The agent kept answering while the database was away (its providers were up).
    expect(await llmRequests()).toBeGreaterThan(chatsBefore);
    // It is still in the call, on its own heartbeat, and answers again.
    await nextAnswer(page.request, meetingId, "an answer after the outage");
    const during = await details(page.request, meetingId);
    expect([during.status, during.statusReason]).toEqual(["in_progress", null]);
    await sleep(BILLING_INTERVAL_MS); // another tick after the catch-up
    await stop(page, meetingId);
    // Every answer the LLM gave has its turn in the database: written late, none dropped.
    const chats = await llmRequests();
    await expect.poll(async () => (await details(page.request, meetingId)).turns.length, { timeout: 60_000 }).toBe(chats);
    await expectExactBilling(meetingId, user.id);
  } finally {
    await person.browser.close();
  }
});

for (const [what, failure] of [
  ["answers 500", { status: 500 }],
  ["drops every connection", { drop: "before" }],
] as const) {
  test(`the AI provider ${what} for 15 s: the meeting goes on, the agent says so once and answers after it recovers`, async ({ signedIn: page, user }) => {
    test.setTimeout(240_000);
    const { meetingId, person } = await meetingWithQuestions(page);
    try {
      await control("fail", { provider: "openai", surface: "chat", failure, forMs: 15_000 });
      const notices = async () => (await details(page.request, meetingId)).transcript.filter((s) => s.isAgent && s.text === NOTICE).length;
      await expect.poll(notices, { timeout: 60_000, message: "waiting for the agent to say it has a problem" }).toBe(1);
      await nextAnswer(page.request, meetingId, "an answer after the provider recovered", 90_000);
      // The timeline tells the outage and its end (written with the answer's other lines).
      const after = await waitFor(page.request, meetingId, "the outage's end on the timeline", (d) => d.events.some((e) => e.reason === "provider_recovered"));
      expect([after.status, after.statusReason]).toEqual(["in_progress", null]);
      expect(after.events.filter((e) => e.reason === "provider_outage")).toHaveLength(1);
      await stop(page, meetingId);
      // Said once for the whole outage, however many answers failed in it.
      expect(await notices()).toBe(1);
      await expectExactBilling(meetingId, user.id);
    } finally {
      await person.browser.close();
    }
  });
}

test("the worker stopped (SIGTERM) mid-meeting: the meeting is handed over and the agent answers again; billing exact across both bots", async ({ signedIn: page, user }) => {
  test.setTimeout(240_000);
  const { meetingId, person } = await meetingWithQuestions(page);
  try {
    const stoppedAt = await signalWorkerOf(meetingId, "SIGTERM");
    // npm start brings a new worker up, which takes the handed-over meeting.
    await waitFor(page.request, meetingId, "the meeting handed over", (d) => d.events.some((e) => e.reason === "worker_shutdown"));
    await waitFor(page.request, meetingId, "a new bot in the call", (d) => d.status === "in_progress", 90_000);
    await nextAnswer(page.request, meetingId, "an answer from the new bot", 90_000);
    await stop(page, meetingId);
    await expectExactBilling(meetingId, user.id, [stoppedAt]);
  } finally {
    await person.browser.close();
  }
});

test("the worker killed (SIGKILL) mid-meeting: the meeting fails as heartbeat_lost; the minutes it was in the call are billed exactly", async ({ signedIn: page, user }) => {
  test.setTimeout(240_000);
  const { meetingId, person } = await meetingWithQuestions(page);
  try {
    await sleep(BILLING_INTERVAL_MS);
    const killedAt = await signalWorkerOf(meetingId, "SIGKILL");
    const d = await waitFor(page.request, meetingId, "the lost meeting to fail", (x) => x.status === "failed", 60_000);
    expect(d.statusReason).toBe("heartbeat_lost");
    await expectExactBilling(meetingId, user.id, [killedAt]);
  } finally {
    await person.browser.close();
  }
});

test("restarted while the old bot is still leaving: one bot ends up in the call, and only the bot that owns it bills", async ({ signedIn: page, user }) => {
  test.setTimeout(240_000);
  const { meetingId, person } = await meetingWithQuestions(page);
  try {
    const res = await page.request.post(`/api/meetings/${meetingId}/restart`);
    expect(res.status(), await res.text()).toBe(200);
    await waitFor(page.request, meetingId, "the new bot in the call", (d) => d.status === "in_progress" && d.events.filter((e) => e.toStatus === "in_progress").length === 2, 90_000);
    // The old bot has left; the new one is the agent in the room.
    await expect(person.page.getByRole("list", { name: "In the room" }).getByRole("listitem").filter({ hasText: "Cohost" })).toHaveCount(1, { timeout: 30_000 });
    await nextAnswer(page.request, meetingId, "an answer from the new bot", 90_000);
    await stop(page, meetingId);
    await expectExactBilling(meetingId, user.id);
  } finally {
    await person.browser.close();
  }
});

test("Stop pressed just before a tick: that tick is never billed", async ({ signedIn: page, user }) => {
  await topUp(page.request, 20);
  const { meetingId } = await agentInRoom(page);
  const [admission] = (await events(meetingId)).filter((e) => e.toStatus === "in_progress");
  // The third tick is due two intervals after admission: press Stop a moment before it.
  await sleep(Math.max(0, admission.at + 2 * BILLING_INTERVAL_MS - 1000 - Date.now()));
  await stop(page, meetingId);
  const [{ billedTicks }] = await sql<{ billedTicks: number }>(`SELECT "billedTicks" FROM "Meeting" WHERE id = $1`, [meetingId]);
  const [stopped] = (await events(meetingId)).filter((e) => e.reason === "user_stopped");
  // The stop landed before the third tick was due (unless the machine stalled for a second): two.
  if (stopped.at < admission.at + 2 * BILLING_INTERVAL_MS - CLOCK_SLACK_MS) expect(billedTicks).toBe(2);
  await expectExactBilling(meetingId, user.id);
});

import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { openBotTools } from "@/lib/bots/agent-tools";
import { liveStateTracker } from "@/lib/bots/live-state-tracker";
import { MinuteBilling } from "@/lib/bots/minute-billing";
import type { Participant } from "@/lib/bots/platforms/types";
import { agentForRun } from "@/lib/bots/run/agent-checks";
import { writeFinalStatus } from "@/lib/bots/run/final-status";
import { Heartbeat } from "@/lib/bots/run/heartbeat";
import { LeaveRules, ruleEnd, type LeaveLimits, type LeaveRule } from "@/lib/bots/run/leave-rules";
import { rosterUpdates } from "@/lib/bots/run/roster";
import { RunEnd } from "@/lib/bots/run/run-end";
import { sessionEvents } from "@/lib/bots/run/session-events";
import { settleBilling } from "@/lib/bots/run/settle-billing";
import { StatusWrites } from "@/lib/bots/status-writes";
import { WriteQueue } from "@/lib/bots/write-queue";
import type { LiveState } from "@/lib/meetings/live-state";
import { admitRun, billMinute, claimRun, heartbeat, type RunState } from "@/lib/meetings/bot-runs";
import { transitionMeeting } from "@/lib/meetings/transitions";
import { agentVoiceConfig } from "@/lib/voice/agent-voice-config";
import { createVoiceSession } from "@/lib/voice/pipeline/session";
import { ProviderError } from "@/lib/voice/types";
import { startJob, userWithAgent } from "../meetings/fixtures.ts";

// The parts of a meeting run (lib/bots/run/) against the real database, each on its own: the
// heartbeat, the end with billing, the final status, the session's output, the roster and the
// agent checks. Whole runs with real bots are the e2e tests' (e2e/room-bot, agent-room, bot-failure)
// and the fault tests' (e2e/faults/bot-runtime.fault.ts).

const silent = () => {};
/** Limits no test reaches unless it lowers one. */
const NO_RULES: LeaveLimits = { nobodyJoinedMs: 3_600_000, aloneMs: 3_600_000, botKeywords: ["bot"], silenceMs: 0, silenceGraceMs: 0, maxDurationMs: 3_600_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A meeting whose run ("w" is its worker) is claimed, and admitted unless `admitted: false`. */
async function meetingOfRun({ admitted = true, creditUsd = 10 } = {}) {
  const { user, agent } = await userWithAgent({ creditUsd });
  const meeting = await db.meeting.create({ data: { userId: user.id, agentId: agent.id, meetingUrl: "https://meet.google.com/abc-defg-hij", platform: "meet", scheduledStart: new Date() } });
  const t = await db.$transaction((tx) => transitionMeeting(tx, meeting.id, { to: "joining", reason: "join_requested", verb: "started" }));
  const ref = { meetingId: meeting.id, runId: t.runId!, workerId: "w" };
  expect((await claimRun(ref)).claimed).toBe(true);
  if (admitted) expect(await admitRun(ref)).toMatchObject({ moved: true });
  // The agent's row, as the bot reads it (keys encrypted), not the API's view of it.
  return { ref, user, agent: await db.agent.findUniqueOrThrow({ where: { id: agent.id } }) };
}

const stopMeeting = (meetingId: string) => db.$transaction((tx) => transitionMeeting(tx, meetingId, { to: "completed", reason: "user_stopped", verb: "stopped" }));
const meetingRow = (id: string) => db.meeting.findUniqueOrThrow({ where: { id }, include: { events: { orderBy: { createdAt: "asc" } } } });

describe("the heartbeat", () => {
  /** A heartbeat over the real one, held in flight while `hold` is set; counts calls and overlaps. */
  function heartbeatOf(ref: { meetingId: string; runId: string; workerId: string }, intervalMs = 3_600_000) {
    const seen = { calls: 0, inFlight: 0, mostInFlight: 0, lost: 0, states: [] as RunState[], hold: null as Promise<void> | null };
    const beats = new Heartbeat({
      intervalMs,
      check: async () => {
        seen.calls++;
        seen.mostInFlight = Math.max(seen.mostInFlight, ++seen.inFlight);
        try {
          await seen.hold;
          return await heartbeat(ref);
        } finally {
          seen.inFlight--;
        }
      },
      onState: (state) => seen.states.push(state),
      onLost: () => seen.lost++,
      log: silent,
    });
    return { beats, seen };
  }

  it("goes one at a time: pokes during a beat ask for one more right after it, however many there were", async () => {
    const { ref } = await meetingOfRun();
    const { beats, seen } = heartbeatOf(ref);
    let release!: () => void;
    seen.hold = new Promise<void>((resolve) => (release = resolve));
    const first = beats.beat();
    const pokes = [beats.beat(), beats.beat(), beats.beat()];
    expect(seen.calls).toBe(1);
    seen.hold = null;
    release();
    await Promise.all([first, ...pokes]);
    await expect.poll(() => seen.calls).toBe(2);
    await sleep(200);
    expect(seen.calls).toBe(2);
    expect(seen.mostInFlight).toBe(1);
    expect(seen.states).toEqual([
      { status: "in_progress", activated: false, ownerParticipantId: null },
      { status: "in_progress", activated: false, ownerParticipantId: null },
    ]);
    beats.stop();
  });

  it("brings the API's activation; a stopped meeting's beat says the run is lost; once stopped it beats no more", async () => {
    const { ref } = await meetingOfRun();
    const { beats, seen } = heartbeatOf(ref, 50);
    beats.start();
    await expect.poll(() => seen.calls).toBeGreaterThanOrEqual(2); // every interval
    await db.meeting.update({ where: { id: ref.meetingId }, data: { activated: true } });
    await beats.beat();
    expect(seen.states.at(-1)).toEqual({ status: "in_progress", activated: true, ownerParticipantId: null });
    await stopMeeting(ref.meetingId);
    await beats.beat();
    expect(seen.lost).toBeGreaterThanOrEqual(1);
    beats.stop();
    const calls = seen.calls;
    await beats.beat();
    await sleep(200);
    expect(seen.calls).toBe(calls);
  });
});

describe("the end of the bot's time and its billing", () => {
  const INTERVAL = 200;
  const ledgerKeys = async (meetingId: string) => (await db.ledgerEntry.findMany({ where: { meetingId, type: "usage" }, orderBy: { id: "asc" } })).map((e) => e.idempotencyKey);

  /** A run in the call, billing on a clock the test moves by hand, released at the run's end. */
  async function billedRun() {
    const { ref, user, agent } = await meetingOfRun();
    const clock = { now: 0 };
    const bills: number[] = [];
    const billing = new MinuteBilling({
      intervalMs: INTERVAL,
      firstTick: 0,
      bill: (tick) => (bills.push(tick), billMinute({ ...ref, userId: user.id, agentId: agent.id }, tick)),
      onEnd: silent,
      onRefillDue: silent,
      log: silent,
      now: () => clock.now,
    });
    const end = new RunEnd(silent, () => clock.now);
    end.atEnd(() => billing.stop());
    billing.start();
    await expect.poll(() => billing.billed).toBe(1);
    // Two more intervals start before the next tick's timer fires (a busy event loop), then the time ends.
    clock.now = 2.5 * INTERVAL;
    return { ref, billing, end, bills, clock };
  }

  it("the moment it ends billing stops; the ticks that started before it are settled once by the run that owns the call", async () => {
    const { ref, billing, end, bills, clock } = await billedRun();
    end.end({ kind: "completed", reason: "alone" });
    clock.now = 10 * INTERVAL;
    await sleep(3 * INTERVAL);
    expect(bills).toEqual([0]); // nothing started after the end
    expect(await settleBilling(billing, end.result!, end.at, clock.now + 1)).toBe(0);
    expect(bills).toEqual([0, 1, 2]);
    expect(await ledgerKeys(ref.meetingId)).toEqual([0, 1, 2].map((tick) => `usage:${ref.meetingId}:${tick}`));
  });

  it("a leaving rule ends it: billing stops the moment the rule fires, the status and timeline name the rule, and the money is written once", async () => {
    const { ref, billing, end, bills, clock } = await billedRun();
    const rules = new LeaveRules({ leave: (rule, limitMs) => end.end(ruleEnd(rule, limitMs)) });
    end.atEnd(() => rules.stop());
    rules.configure({ ...NO_RULES, nobodyJoinedMs: 1000 });
    rules.admitted();
    // Only another notetaker came: nobody did.
    rules.roster([{ id: "bot", name: "Cohost", isSelf: true, speaking: false, speakerIds: [] }, { id: "o", name: "Otter Bot", isSelf: false, speaking: false, speakerIds: [] }]);
    await expect.poll(() => end.result, { timeout: 5_000 }).toEqual({ kind: "completed", reason: "nobody_joined", data: { rule: "nobody_joined", limitSeconds: 1 } });
    const endedAt = end.at;
    const billedAtTheEnd = [...bills];
    clock.now = 10 * INTERVAL; // time goes on after the rule fired (2.5 intervals in): none of it is billed
    await sleep(3 * INTERVAL);
    expect(bills).toEqual(billedAtTheEnd);
    expect(await settleBilling(billing, end.result!, endedAt, clock.now + 1)).toBe(0);
    expect(await settleBilling(billing, end.result!, endedAt, clock.now + 1)).toBe(0); // settling twice bills nothing twice
    await writeFinalStatus(end.result!, ref, new StatusWrites(silent, 10_000), silent);
    expect(await ledgerKeys(ref.meetingId)).toEqual([0, 1, 2].map((tick) => `usage:${ref.meetingId}:${tick}`));
    const row = await meetingRow(ref.meetingId);
    expect(row).toMatchObject({ status: "completed", statusReason: "nobody_joined", billedTicks: 3 });
    expect(row.events.at(-1)).toMatchObject({ toStatus: "completed", reason: "nobody_joined", data: { rule: "nobody_joined", limitSeconds: 1 } });
  });

  it("a superseded run settles nothing: the meeting is no longer its to bill", async () => {
    const { ref, billing, end, bills, clock } = await billedRun();
    end.end({ kind: "superseded" });
    expect(await settleBilling(billing, end.result!, end.at, clock.now + 1)).toBe(0);
    expect(bills).toEqual([0]);
    expect(await ledgerKeys(ref.meetingId)).toEqual([`usage:${ref.meetingId}:0`]);
  });
});

describe("the final status", () => {
  function logged() {
    const events: string[] = [];
    return { events, log: (event: string) => void events.push(event) };
  }

  it("an end the bot decided is the meeting's final status", async () => {
    const { ref } = await meetingOfRun();
    await writeFinalStatus({ kind: "completed", reason: "alone" }, ref, new StatusWrites(silent, 10_000), silent);
    expect(await meetingRow(ref.meetingId)).toMatchObject({ status: "completed", statusReason: "alone" });
  });

  it("a superseded run writes nothing; a refused final status is only logged", async () => {
    const { ref } = await meetingOfRun();
    const before = await meetingRow(ref.meetingId);
    await writeFinalStatus({ kind: "superseded" }, ref, new StatusWrites(silent, 10_000), silent);
    expect(await meetingRow(ref.meetingId)).toEqual(before);

    await stopMeeting(ref.meetingId);
    const { events, log } = logged();
    await writeFinalStatus({ kind: "failed", reason: "connection_lost" }, ref, new StatusWrites(silent, 10_000), log);
    expect(events).toEqual(["final_status_refused"]);
    expect(await meetingRow(ref.meetingId)).toMatchObject({ status: "completed", statusReason: "user_stopped" });
  });

  it("a worker's shutdown hands the meeting over: back to joining with a new run and a start job due now", async () => {
    const { ref } = await meetingOfRun();
    const { events, log } = logged();
    await writeFinalStatus({ kind: "shutdown" }, ref, new StatusWrites(silent, 10_000), log);
    const row = await meetingRow(ref.meetingId);
    expect(row).toMatchObject({ status: "joining", statusReason: "worker_shutdown", workerId: null });
    expect(row.runId).not.toBe(ref.runId);
    expect((await startJob(ref.meetingId))?.data.runId).toBe(row.runId);
    expect(events).toEqual(["handing_over"]);
  });
});

describe("the session's events and the roster", () => {
  async function sessionOf(keepTranscript: boolean) {
    const { ref, user, agent } = await meetingOfRun();
    const writes = new WriteQueue({ log: silent, giveUpAfterMs: 10_000 });
    const save = (what: string, write: () => Promise<unknown>) => writes.push(what, write);
    const tools = await openBotTools({ ref, agent, ownerUserId: user.id, platform: "meet", save, log: silent, leave: silent });
    const states: LiveState[] = [];
    const live = liveStateTracker({ keepWords: keepTranscript, onChange: (s) => states.push(s) });
    const failures: { reason: string }[] = [];
    const voice = agentVoiceConfig(agent);
    let heard = 0;
    const on = sessionEvents({ ref, voice, keepTranscript, save, live, tools, microphone: null, heard: () => heard++, postChat: silent, fail: (f) => failures.push(f), log: silent });
    return { ref, agent, voice, writes, save, tools, on, states, failures, heard: () => heard };
  }

  it("saves the transcript, usage and metrics in order, notes an outage on the timeline, and a provider failing for good ends the bot's time", async () => {
    const { ref, writes, on, states, failures, heard } = await sessionOf(true);
    on({ type: "transcript", segment: { speaker: "Grace", speakerId: "g", isAgent: false, text: "When do we launch?", startMs: 0, endMs: 900 } });
    on({ type: "replying", replying: true });
    on({ type: "usage", usage: { kind: "ai", providerId: "openai", model: "gpt-4o-mini", inputTokens: 12, outputTokens: 5 } });
    on({ type: "metrics", metrics: { turnId: 1, transcriptMs: 200, llmFirstTokenMs: 300, ttsFirstAudioMs: 150, voiceToVoiceMs: 700, speechEndAt: 900, firstAudioAt: 1600, interrupted: false, toolCalls: 0, toolMs: null } });
    on({ type: "outage", state: "began", error: new ProviderError("ai", "openai", "transient", "503 Service Unavailable", 503) });
    on({ type: "outage", state: "ended", providerKind: "ai", lastedMs: 4000 });
    on({ type: "error", error: new ProviderError("ai", "openai", "invalid_key", "401 Unauthorized", 401) });
    expect(await writes.close(10_000)).toBe(true);

    expect((await db.transcriptSegment.findMany({ where: { meetingId: ref.meetingId } })).map((s) => s.text)).toEqual(["When do we launch?"]);
    expect(await db.meetingProviderUsage.findMany({ where: { meetingId: ref.meetingId } })).toEqual([expect.objectContaining({ kind: "ai", inputTokens: 12, outputTokens: 5 })]);
    expect(await db.meetingTurn.findMany({ where: { meetingId: ref.meetingId } })).toEqual([expect.objectContaining({ turnId: 1, voiceToVoiceMs: 700 })]);
    const notes = (await meetingRow(ref.meetingId)).events.filter((e) => e.fromStatus === e.toStatus);
    expect(notes.map((e) => [e.reason, e.data])).toEqual([
      ["provider_outage", { kind: "ai", provider: "openai", error: "transient", message: "503 Service Unavailable" }],
      ["provider_recovered", { kind: "ai", lastedMs: 4000 }],
    ]);
    expect(failures).toEqual([{ reason: "provider_error", data: { kind: "ai", provider: "openai", error: "invalid_key", message: "401 Unauthorized" } }]);
    expect(states.map((s) => s.activity)).toEqual(["thinking"]);
    expect(heard()).toBe(1); // Grace's words keep the silence rule from firing
  });

  it("the agent's own words are not what keeps the silence rule away", async () => {
    const { writes, on, heard } = await sessionOf(false);
    on({ type: "transcript", segment: { speaker: "Cohost", speakerId: null, isAgent: true, text: "Hello?", startMs: 0, endMs: 500 } });
    await writes.close(10_000);
    expect(heard()).toBe(0);
  });

  it("keeps no transcript line of an agent that keeps no transcripts", async () => {
    const { ref, writes, on } = await sessionOf(false);
    on({ type: "transcript", segment: { speaker: "Grace", speakerId: "g", isAgent: false, text: "Private.", startMs: 0, endMs: 500 } });
    on({ type: "usage", usage: { kind: "tts", providerId: "elevenlabs", model: "m", characters: 8 } });
    await writes.close(10_000);
    expect(await db.transcriptSegment.count({ where: { meetingId: ref.meetingId } })).toBe(0);
    expect(await db.meetingProviderUsage.count({ where: { meetingId: ref.meetingId } })).toBe(1);
  });

  it("the roster is saved for the page, and everyone else leaving starts the alone rule", async () => {
    const { ref, voice, writes, save, tools } = await sessionOf(true);
    const session = createVoiceSession({ agent: voice, output: { play() {}, clear() {} }, onEvent: silent, log: silent });
    const fired: LeaveRule[] = [];
    const rules = new LeaveRules({ leave: (rule) => fired.push(rule) });
    rules.configure({ ...NO_RULES, aloneMs: 100 });
    rules.admitted();
    const roster = rosterUpdates({ ref, session, tools, rules, save });
    const bot: Participant = { id: "bot", name: "Cohost", isSelf: true, speaking: false, speakerIds: ["s0"] };
    const grace: Participant = { id: "g", name: "Grace", isSelf: false, speaking: true, speakerIds: ["s1"] };
    roster([bot, grace]);
    roster([bot]);
    await expect.poll(() => fired).toEqual(["alone"]);
    rules.stop();
    await writes.close(10_000);
    const people = await db.meetingParticipant.findMany({ where: { meetingId: ref.meetingId }, orderBy: { name: "asc" } });
    expect(people.map((p) => [p.name, p.isAgent, p.leftAt === null])).toEqual([
      ["Cohost", true, true],
      ["Grace", false, false],
    ]);
    await tools.close();
  });
});

describe("the agent checks before the bot sets off", () => {
  it("refuses a deleted or paused agent, one whose keys were removed, and an owner without credit; otherwise gives the agent", async () => {
    const { user, agent } = await userWithAgent();
    expect(await agentForRun({ agentId: agent.id, userId: user.id })).toEqual({ agent: expect.objectContaining({ id: agent.id }) });
    expect(await agentForRun({ agentId: null, userId: user.id })).toEqual({ refused: { kind: "failed", reason: "agent_deleted" } });

    await db.agent.update({ where: { id: agent.id }, data: { aiApiKeyEnc: null } });
    expect(await agentForRun({ agentId: agent.id, userId: user.id })).toEqual({ refused: { kind: "failed", reason: "needs_keys", data: { kinds: ["ai"] } } });
    await db.agent.update({ where: { id: agent.id }, data: { status: "paused" } });
    expect(await agentForRun({ agentId: agent.id, userId: user.id })).toEqual({ refused: { kind: "cancelled", reason: "agent_paused" } });

    const broke = await userWithAgent({ creditUsd: 0 });
    expect(await agentForRun({ agentId: broke.agent.id, userId: broke.user.id })).toEqual({ refused: { kind: "failed", reason: "out_of_credits" } });
  });
});

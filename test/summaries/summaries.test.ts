import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as details } from "@/app/api/meetings/[id]/details/route";
import { POST as retry } from "@/app/api/meetings/[id]/summary/route";
import { createAgent } from "@/lib/agents/create-agent";
import { db } from "@/lib/db/client";
import { requestSummary, requestSummaryAfterRun } from "@/lib/summaries/request-summary";
import { summariseMeeting } from "@/lib/summaries/summarise-meeting";
import { summaryBudgetChars } from "@/lib/summaries/context-window";
import { startVoiceFakes, type VoiceFakes } from "@/test/fakes/voice/server";
import { call } from "@/test/http";
import { startSmtpCapture } from "@/test/support/smtp";
import { createUser } from "@/test/users";
import { validAgent } from "../agents/fixtures";

// The summary after a meeting: a pg-boss job writes it with the agent's own model (the voice fakes
// speak each provider's protocol), stores it, adds the tokens to the meeting's provider usage and
// mails it to the owner through a real SMTP server.

let fakes: VoiceFakes;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const adapter = { retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 10 } };

beforeAll(async () => {
  [fakes, smtp] = await Promise.all([startVoiceFakes(), startSmtpCapture()]);
  Object.assign(process.env, fakes.env, { ALLOW_PRIVATE_PROVIDER_URLS: "1", SMTP_URL: smtp.url });
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await Promise.all([fakes.close(), smtp.close()]);
});
afterEach(() => fakes.reset());

const MINUTES = {
  summary: "The team reviewed the launch. It moves to Friday.",
  decisions: ["The launch moves to Friday.", "Budget <review> stays as planned."],
  actionItems: [
    { text: "Update the release notes", owner: "Priya", due: "2026-12-04" },
    { text: "Tell support", owner: null, due: "next week" },
  ],
};

type AgentOptions = { aiProviderId?: string; aiExtraParams?: Record<string, unknown>; transcript?: boolean; summaries?: boolean };
async function completedMeeting(lines: { speaker: string; text: string; tool?: boolean }[], opts: AgentOptions = {}) {
  const owner = await createUser({ firstName: "Grace", lastName: "Hopper" });
  const agent = await createAgent(
    owner.user.id,
    validAgent({ aiProviderId: opts.aiProviderId ?? "openai", aiApiKey: fakes.validKey, aiExtraParams: opts.aiExtraParams ?? {}, transcript: opts.transcript ?? true, summaries: opts.summaries ?? true, timeZone: "Europe/Berlin" }),
  );
  const runId = randomUUID();
  const meeting = await db.meeting.create({
    data: { userId: owner.user.id, agentId: agent.id, title: "Weekly sync", meetingUrl: `https://meet.google.com/${randomUUID()}`, platform: "meet", status: "completed", runId, scheduledStart: new Date("2026-11-25T09:00:00Z"), startedAt: new Date("2026-11-25T09:01:00Z") },
  });
  await db.transcriptSegment.createMany({
    data: lines.map((l, i) => ({
      meetingId: meeting.id,
      speaker: l.speaker,
      isAgent: l.speaker === "Cohost",
      text: l.text,
      startMs: 5_000 + i * 10_000,
      endMs: 9_000 + i * 10_000,
      tool: l.tool ? { name: "multiply", server: "Calculator", arguments: "{}", durationMs: 5, ok: true, error: null } : undefined,
    })),
  });
  return { owner, agent, meeting, runId };
}

const chatBodies = () => fakes.requests.filter((r) => r.surface === "chat").map((r) => r.body as { messages: { role: string; content: string }[]; max_tokens?: number; max_completion_tokens?: number; tools?: unknown });
const summaryJobs = (meetingId: string) => db.$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE name = 'meeting-summary' AND data->>'meetingId' = ${meetingId}`;

describe("the summary after a meeting", () => {
  it("is written with the agent's model from the transcript and notes, stored, counted as provider usage and mailed to the owner", async () => {
    const { meeting, runId, owner } = await completedMeeting([
      { speaker: "Grace", text: "Let us move the launch to Friday." },
      { speaker: "Cohost", text: "Tool multiply {}: ok (0.0 s)", tool: true },
      { speaker: "Priya", text: "I will update the release notes by the fourth." },
    ]);
    await db.meetingNote.create({ data: { meetingId: meeting.id, kind: "note", text: "Ask legal about the <terms>.", askedBy: "Grace" } });
    expect(await requestSummaryAfterRun(meeting.id, runId)).toBe(true);
    expect(await summaryJobs(meeting.id)).toEqual([{ state: "created" }]);
    fakes.script({ ai: [`Here you go:\n\`\`\`json\n${JSON.stringify(MINUTES)}\n\`\`\``] });
    await summariseMeeting(meeting.id, adapter);

    const stored = await db.meetingSummary.findUniqueOrThrow({ where: { meetingId: meeting.id } });
    expect(stored).toMatchObject({ status: "done", summary: MINUTES.summary, decisions: MINUTES.decisions, providerId: "openai", model: "gpt-4o-mini", error: null, attempts: 1 });
    // A due date that is not a date is dropped, not guessed.
    expect(stored.actionItems).toEqual([MINUTES.actionItems[0], { text: "Tell support", owner: null, due: null }]);
    expect(stored.emailedAt).toBeInstanceOf(Date);

    const [request] = chatBodies();
    expect(request.tools).toBeUndefined();
    expect(request.max_completion_tokens).toBe(2000);
    expect(request.messages[0].content).toContain('Write in English. The meeting "Weekly sync" took place on 2026-11-25 (Europe/Berlin).');
    expect(request.messages[1].content).toBe(
      "Transcript:\n[00:05] Grace: Let us move the launch to Friday.\n[00:25] Priya: I will update the release notes by the fourth.\n\nNotes taken during the meeting:\nNote: Ask legal about the <terms>.",
    );
    const usage = await db.meetingProviderUsage.findFirstOrThrow({ where: { meetingId: meeting.id, kind: "ai" } });
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.outputTokens).toBeGreaterThan(0);

    const [mail] = smtp.to(owner.user.email);
    expect(mail.subject).toBe("Minutes: Weekly sync");
    expect(mail.text).toContain("SUMMARY\nThe team reviewed the launch. It moves to Friday.");
    expect(mail.text).toContain("DECISIONS\n- The launch moves to Friday.\n- Budget <review> stays as planned.");
    expect(mail.text).toContain("ACTION ITEMS\n- Update the release notes (Priya, due 2026-12-04)\n- Tell support");
    expect(mail.text).toContain("NOTES TAKEN IN THE MEETING\n- Ask legal about the <terms>.");
    expect(mail.text).toContain(`/meetings/${meeting.id}/details`);
    // Why it came and how to stop it (issue 31).
    expect(mail.text).toContain(`You get this e-mail because “Write a summary after each meeting” is on for `);
    expect(mail.text).toContain(`switch that off in the agent's settings (`);
    expect(mail.text).toContain(`/agents/${meeting.agentId}/edit).`);
    expect(mail.html).toContain("You get this e-mail because");
    expect(mail.html).toContain("<h2 style=\"font-size:16px;margin:24px 0 8px\">Decisions</h2>");
    expect(mail.html).toContain("<li style=\"margin:4px 0\">Budget &lt;review&gt; stays as planned.</li>");
    expect(mail.html).not.toContain("<review>");

    const shown = await call(details, { headers: owner.headers, params: { id: meeting.id } });
    expect(shown.body.summary).toMatchObject({ status: "done", summary: MINUTES.summary, emailed: true });
    expect(shown.body.notes).toEqual([expect.objectContaining({ kind: "note", text: "Ask legal about the <terms>.", askedBy: "Grace" })]);
  });

  it("a meeting where nothing was said or noted is 'empty': no model call, no mail", async () => {
    const { meeting, runId, owner } = await completedMeeting([]);
    await requestSummaryAfterRun(meeting.id, runId);
    await summariseMeeting(meeting.id, adapter);
    expect(await db.meetingSummary.findUniqueOrThrow({ where: { meetingId: meeting.id } })).toMatchObject({ status: "empty", summary: "" });
    expect(chatBodies()).toEqual([]);
    expect(smtp.to(owner.user.email)).toEqual([]);
  });

  it("a transcript longer than the model's context is summarised in parts that fit, then the parts are combined with the notes", async () => {
    const lines = Array.from({ length: 240 }, (_, i) => ({ speaker: i % 2 ? "Grace" : "Priya", text: `Point ${i}: ${"we discussed the launch plan in detail and agreed on the next steps ".repeat(3)}` }));
    const { meeting, runId } = await completedMeeting(lines, { aiProviderId: "openai-compatible", aiExtraParams: { baseUrl: fakes.compatibleBaseUrl, model: "local-llama" } });
    await db.meetingNote.create({ data: { meetingId: meeting.id, kind: "action_item", text: "Book the venue", owner: "Priya", due: "2026-12-01" } });
    const budget = summaryBudgetChars("openai-compatible", "local-llama");
    const parts = Math.ceil((lines.length * 240) / budget);
    fakes.script({ ai: Array.from({ length: 12 }, (_, i) => JSON.stringify({ summary: `Part ${i}.`, decisions: [`Decision ${i}`], actionItems: [] })) });
    await requestSummaryAfterRun(meeting.id, runId);
    await summariseMeeting(meeting.id, adapter);

    const requests = chatBodies();
    expect(requests.length).toBeGreaterThanOrEqual(parts + 1);
    for (const r of requests) expect(r.messages[1].content.length).toBeLessThanOrEqual(budget + 300);
    const pieces = requests.slice(0, -1).map((r) => r.messages[1].content);
    expect(pieces[0]).toMatch(/^This is part 1 of \d+ of the meeting's transcript/);
    // Every line went to exactly one part.
    expect(lines.every((l, i) => pieces.filter((p) => p.includes(`] ${l.speaker}: Point ${i}: `)).length === 1)).toBe(true);
    const last = requests.at(-1)!.messages[1].content;
    expect(last).toMatch(/^Combine these minutes of consecutive parts of one meeting/);
    expect(last).toContain('"summary":"Part 0."');
    expect(last).toContain("Action item: Book the venue (owner: Priya) (due 2026-12-01)");
    expect(await db.meetingSummary.findUniqueOrThrow({ where: { meetingId: meeting.id } })).toMatchObject({ status: "done", summary: `Part ${requests.length - 1}.` });
  });

  it("a failure leaves the meeting completed and the summary failed with its reason; Try again writes it", async () => {
    const { meeting, runId, owner } = await completedMeeting([{ speaker: "Grace", text: "Ship it on Friday." }]);
    fakes.failNext("openai", { status: 401 }, 1, "chat");
    await requestSummaryAfterRun(meeting.id, runId);
    await summariseMeeting(meeting.id, adapter);
    expect(await db.meetingSummary.findUniqueOrThrow({ where: { meetingId: meeting.id } })).toMatchObject({ status: "failed", error: expect.stringContaining("OpenAI AI rejected the API key (401)") });
    expect((await db.meeting.findUniqueOrThrow({ where: { id: meeting.id } })).status).toBe("completed");
    expect(smtp.to(owner.user.email)).toEqual([]);

    const stranger = await createUser();
    expect((await call(retry, { method: "POST", headers: stranger.headers, params: { id: meeting.id } })).status).toBe(404);
    const again = await call(retry, { method: "POST", headers: owner.headers, params: { id: meeting.id } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: "pending", error: null });
    expect(await summaryJobs(meeting.id)).toHaveLength(2);
    fakes.script({ ai: [JSON.stringify(MINUTES)] });
    await summariseMeeting(meeting.id, adapter);
    expect(await db.meetingSummary.findUniqueOrThrow({ where: { meetingId: meeting.id } })).toMatchObject({ status: "done", attempts: 2 });
    expect(smtp.to(owner.user.email)).toHaveLength(1);
  });

  it("Try again does not write a finished summary again, and is limited per user", async () => {
    const { meeting, runId, owner } = await completedMeeting([{ speaker: "Grace", text: "Ship it on Friday." }]);
    fakes.script({ ai: [JSON.stringify(MINUTES)] });
    await requestSummaryAfterRun(meeting.id, runId);
    await summariseMeeting(meeting.id, adapter);
    const written = await db.meetingSummary.findUniqueOrThrow({ where: { meetingId: meeting.id } });
    expect(written).toMatchObject({ status: "done", attempts: 1 });
    const done = await call(retry, { method: "POST", headers: owner.headers, params: { id: meeting.id } });
    expect(done).toMatchObject({ status: 409, body: { message: "The summary is already written." } });
    expect(await summaryJobs(meeting.id)).toHaveLength(1);
    expect(await db.meetingSummary.findUniqueOrThrow({ where: { meetingId: meeting.id } })).toEqual(written);

    const silent = await completedMeeting([]);
    await requestSummaryAfterRun(silent.meeting.id, silent.runId);
    await summariseMeeting(silent.meeting.id, adapter);
    const empty = await call(retry, { method: "POST", headers: silent.owner.headers, params: { id: silent.meeting.id } });
    expect(empty).toMatchObject({ status: 409, body: { message: "Nothing was said or noted in this meeting, so there is nothing to summarise." } });

    // A failed one may be tried again, ten times an hour.
    const failing = await completedMeeting([{ speaker: "Grace", text: "Ship it on Friday." }]);
    await db.meetingSummary.create({ data: { meetingId: failing.meeting.id, status: "failed", error: "The provider was down" } });
    for (let i = 0; i < 10; i++) {
      await db.meetingSummary.update({ where: { meetingId: failing.meeting.id }, data: { status: "failed" } });
      expect((await call(retry, { method: "POST", headers: failing.owner.headers, params: { id: failing.meeting.id } })).status, `try ${i + 1}`).toBe(200);
    }
    await db.meetingSummary.update({ where: { meetingId: failing.meeting.id }, data: { status: "failed" } });
    const limited = await call(retry, { method: "POST", headers: failing.owner.headers, params: { id: failing.meeting.id } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await summaryJobs(failing.meeting.id)).toHaveLength(10);
  });

  it("a mail server that is down fails the job after the summary is stored; the job's retry only sends the e-mail", async () => {
    const { meeting, runId, owner } = await completedMeeting([{ speaker: "Grace", text: "Ship it on Friday." }]);
    fakes.script({ ai: [JSON.stringify(MINUTES)] });
    await requestSummaryAfterRun(meeting.id, runId);
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    try {
      await expect(summariseMeeting(meeting.id, adapter)).rejects.toThrow();
    } finally {
      process.env.SMTP_URL = smtp.url;
    }
    expect(await db.meetingSummary.findUniqueOrThrow({ where: { meetingId: meeting.id } })).toMatchObject({ status: "done", emailedAt: null });
    await summariseMeeting(meeting.id, adapter);
    expect(chatBodies()).toHaveLength(1);
    expect(smtp.to(owner.user.email).map((m) => m.subject)).toEqual(["Minutes: Weekly sync"]);
    expect((await db.meetingSummary.findUniqueOrThrow({ where: { meetingId: meeting.id } })).emailedAt).toBeInstanceOf(Date);
  });

  it("an answer that is not the format, twice, fails it; a live meeting cannot be summarised yet", async () => {
    const { meeting, runId, owner } = await completedMeeting([{ speaker: "Grace", text: "Ship it on Friday." }]);
    fakes.script({ ai: ["The meeting was about shipping.", "Still just prose."] });
    await requestSummaryAfterRun(meeting.id, runId);
    await summariseMeeting(meeting.id, adapter);
    expect(await db.meetingSummary.findUniqueOrThrow({ where: { meetingId: meeting.id } })).toMatchObject({ status: "failed", error: "The model did not answer in the summary format" });
    expect(chatBodies()[1].messages.at(-1)!.content).toBe("That was not the JSON object asked for. Answer with the JSON object only.");

    await db.meeting.update({ where: { id: meeting.id }, data: { status: "in_progress" } });
    const live = await call(retry, { method: "POST", headers: owner.headers, params: { id: meeting.id } });
    expect(live.status).toBe(409);
  });

  it("is asked for once: not for a run a restart replaced, not without transcripts or with summaries off, not twice while pending", async () => {
    const restarted = await completedMeeting([{ speaker: "Grace", text: "Hello." }]);
    expect(await requestSummaryAfterRun(restarted.meeting.id, randomUUID())).toBe(false);
    const off = await completedMeeting([{ speaker: "Grace", text: "Hello." }], { summaries: false });
    expect(await requestSummaryAfterRun(off.meeting.id, off.runId)).toBe(false);
    const noTranscript = await completedMeeting([{ speaker: "Grace", text: "Hello." }], { transcript: false });
    expect(await requestSummaryAfterRun(noTranscript.meeting.id, noTranscript.runId)).toBe(false);
    const twice = await completedMeeting([{ speaker: "Grace", text: "Hello." }]);
    expect(await requestSummaryAfterRun(twice.meeting.id, twice.runId)).toBe(true);
    expect(await requestSummary(twice.meeting.id)).toBe(false);
    expect(await summaryJobs(twice.meeting.id)).toHaveLength(1);
    expect(await db.meetingSummary.count({ where: { meetingId: { in: [restarted.meeting.id, off.meeting.id, noTranscript.meeting.id] } } })).toBe(0);
  });
});

import { randomUUID } from "node:crypto";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent } from "@/lib/agents/create-agent";
import { db } from "@/lib/db/client";
import { startJobWorker } from "@/lib/jobs/boss";
import { requestSummary } from "@/lib/summaries/request-summary";
import { workSummaryJobs } from "@/lib/summaries/work-summary-jobs";
import { startVoiceFakes, type VoiceFakes } from "@/test/fakes/voice/server";
import { createUser } from "@/test/users";
import { validAgent } from "../agents/fixtures";
import { waitFor } from "../webhooks/support.ts";

// docs/tools.md "Summaries": the jobs process writes several summaries at once but at most one of a
// user's, so an account whose summaries are many or slow (a provider that does not answer) never
// holds up another account's. A real pg-boss worker over the real jobs; the model is the voice fakes.

let fakes: VoiceFakes;
let boss: PgBoss;

beforeAll(async () => {
  fakes = await startVoiceFakes();
  Object.assign(process.env, fakes.env, { ALLOW_PRIVATE_PROVIDER_URLS: "1" });
  delete process.env.SMTP_URL;
  // Summary jobs other files in this database left unworked are not this test's.
  await db.$executeRaw`DELETE FROM pgboss.job WHERE name = 'meeting-summary'`;
});
afterAll(async () => {
  await fakes.close(); // ends the hanging request
  await boss?.stop({ graceful: true, timeout: 5_000 });
});

async function meetingToSummarise(userId: string, agentId: string) {
  const meeting = await db.meeting.create({
    data: { userId, agentId, title: "Sync", meetingUrl: `https://meet.google.com/${randomUUID()}`, platform: "meet", status: "completed", runId: randomUUID(), scheduledStart: new Date() },
  });
  await db.transcriptSegment.create({ data: { meetingId: meeting.id, speaker: "Grace", text: "Ship it on Friday.", startMs: 0, endMs: 900 } });
  return meeting.id;
}

const summaryOf = (meetingId: string) => db.meetingSummary.findUniqueOrThrow({ where: { meetingId } });

describe("summaries across accounts", () => {
  it("one account's slow summaries do not hold up another account's; one of an account's runs at a time", async () => {
    const a = await createUser();
    const agentA = await createAgent(a.user.id, validAgent({ aiApiKey: fakes.validKey }));
    const mine = [await meetingToSummarise(a.user.id, agentA.id), await meetingToSummarise(a.user.id, agentA.id), await meetingToSummarise(a.user.id, agentA.id)];
    // A's first summary meets a model that never answers.
    fakes.failNext("openai", { hang: true }, 1, "chat");
    for (const id of mine) expect(await requestSummary(id)).toBe(true);
    boss = await startJobWorker(process.env.DATABASE_URL!, { listen: false });
    await workSummaryJobs(boss, "test");
    await waitFor(() => fakes.requests.filter((r) => r.surface === "chat").length >= 1, "A's first summary to reach the model");

    const b = await createUser();
    const agentB = await createAgent(b.user.id, validAgent({ aiApiKey: fakes.validKey }));
    const theirs = await meetingToSummarise(b.user.id, agentB.id);
    fakes.script({ ai: [JSON.stringify({ summary: "B shipped.", decisions: [], actionItems: [] })] });
    expect(await requestSummary(theirs)).toBe(true);
    await waitFor(async () => (await summaryOf(theirs)).status === "done", "B's summary", 30_000);

    // B's was written while A's first still hangs, and A's others wait their turn behind it.
    expect((await Promise.all(mine.map(summaryOf))).map((s) => s.status).sort()).toEqual(["pending", "pending", "running"]);
    expect(fakes.requests.filter((r) => r.surface === "chat")).toHaveLength(2);
  }, 60_000);
});

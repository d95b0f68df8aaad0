// `npm run bench:usage-history`: 1,000,000 usage rows for one user, then the API's paging function for
// page 1 and the last page. Prints p50/p99 milliseconds for each.
import { randomUUID } from "node:crypto";
import { benchDatabase, percentile } from "./lib/database.ts";

const ROWS = Number(process.env.BENCH_ROWS || 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS || 50);
const LIMIT = 20;

const database = await benchDatabase();
const { db } = await import("../lib/db/client.ts");
const { usageHistory } = await import("../lib/billing/usage-history.ts");

try {
  const user = await db.user.create({ data: { email: `bench-${randomUUID()}@example.test` } });
  const agent = await db.agent.create({ data: { userId: user.id, name: "Bench", sttProviderId: "deepgram", aiProviderId: "openai", ttsProviderId: "elevenlabs" } });
  const meeting = await db.meeting.create({ data: { userId: user.id, agentId: agent.id, title: "Bench", meetingUrl: "https://zoom.us/j/1", platform: "zoom", scheduledStart: new Date() } });
  const account = await db.creditAccount.create({ data: { userId: user.id } });
  const insertStarted = performance.now();
  await db.$executeRaw`
    INSERT INTO "LedgerEntry" ("accountId", "userId", "type", "amountMicros", "balanceAfterMicros", "idempotencyKey", "action", "meetingId", "agentId", "createdAt")
    SELECT ${account.id}, ${user.id}, 'usage', -20000, -20000 * g::bigint, 'usage:bench:' || g, 'agent_minute', ${meeting.id}, ${agent.id}, now() - make_interval(secs => ${ROWS} - g)
    FROM generate_series(1, ${ROWS}) g`;
  // Bulk seeding bypasses the ledger writer, so set what it would have kept.
  await db.$executeRaw`UPDATE "CreditAccount" SET "usageEntryCount" = ${ROWS}, "balanceMicros" = ${-20000n * BigInt(ROWS)} WHERE "id" = ${account.id}`;
  await db.$executeRawUnsafe(`ANALYZE "LedgerEntry"`);
  const insertSeconds = (performance.now() - insertStarted) / 1000;

  const lastPage = Math.ceil(ROWS / LIMIT);
  const measure = async (page: number) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const result = await usageHistory(user.id, page, LIMIT);
      times.push(performance.now() - t0);
      if (result.data.length === 0) throw new Error(`page ${page} came back empty`);
    }
    times.sort((a, b) => a - b);
    return { p50_ms: Number(percentile(times, 50).toFixed(2)), p99_ms: Number(percentile(times, 99).toFixed(2)) };
  };
  console.log(
    JSON.stringify({
      rows: ROWS,
      page_size: LIMIT,
      runs_per_page: RUNS,
      insert_seconds: Number(insertSeconds.toFixed(1)),
      first_page: await measure(1),
      last_page: await measure(lastPage),
    }),
  );
  await db.$disconnect();
} finally {
  await database.stop();
}

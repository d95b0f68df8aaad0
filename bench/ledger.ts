// `npm run bench:ledger`: concurrent usage debits against one account through the real ledger writer.
// A quarter of the attempts are refused by design (the account is funded for three quarters), so the
// rate of charged debits and the rate of attempts are reported apart. Prints {"charged_debits_per_s",
// "attempts_per_s", "final_balance_exact", "negative_beyond_one_tick", …}.
import { randomUUID } from "node:crypto";
import { benchDatabase } from "./lib/database.ts";
import { loadAverage } from "./lib/proc-stats.ts";

const DEBITS = Number(process.env.BENCH_DEBITS || 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
process.env.DATABASE_POOL_SIZE = String(CONNECTIONS);

const loadBefore = loadAverage();
const database = await benchDatabase();
const { db } = await import("../lib/db/client.ts");
const { applyEntry } = await import("../lib/billing/ledger.ts");
const { recordUsage } = await import("../lib/billing/usage.ts");
const { currentRate } = await import("../lib/billing/pricing.ts");

try {
  const tick = (await currentRate("agent_minute"))!.priceMicros;
  const user = await db.user.create({ data: { email: `bench-${randomUUID()}@example.test` } });
  const agent = await db.agent.create({ data: { userId: user.id, name: "Bench", sttProviderId: "deepgram", aiProviderId: "openai", ttsProviderId: "elevenlabs" } });
  const meeting = await db.meeting.create({ data: { userId: user.id, agentId: agent.id, meetingUrl: "https://zoom.us/j/1", platform: "zoom", scheduledStart: new Date() } });
  // Credit for three quarters of the debits, so the run also exercises refusals at zero.
  const fundedTicks = Math.floor((DEBITS * 3) / 4);
  await applyEntry({ userId: user.id, type: "adjustment", amountMicros: tick * BigInt(fundedTicks), idempotencyKey: "bench:fund" });

  let next = 0;
  let charged = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < DEBITS) {
        const t = next++;
        const r = await recordUsage({ userId: user.id, meetingId: meeting.id, agentId: agent.id, tick: t });
        if (r.charged) charged++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  const account = await db.creditAccount.findUniqueOrThrow({ where: { userId: user.id } });
  const [{ sum }] = await db.$queryRaw<{ sum: bigint }[]>`SELECT COALESCE(SUM("amountMicros"), 0)::bigint AS sum FROM "LedgerEntry" WHERE "userId" = ${user.id}`;
  const expected = tick * BigInt(fundedTicks) - tick * BigInt(charged);
  console.log(
    JSON.stringify({
      debits_attempted: DEBITS,
      debits_charged: charged,
      connections: CONNECTIONS,
      seconds: Number(seconds.toFixed(2)),
      charged_debits_per_s: Math.round(charged / seconds),
      attempts_per_s: Math.round(DEBITS / seconds),
      final_balance_exact: account.balanceMicros === sum && account.balanceMicros === expected,
      negative_beyond_one_tick: account.balanceMicros < -tick,
      final_balance_usd: Number(account.balanceMicros) / 1e6,
      load_average: { before: loadBefore, after: loadAverage() },
    }),
  );
  await db.$disconnect();
} finally {
  await database.stop();
}

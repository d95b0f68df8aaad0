import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { applyEntry, InsufficientFunds } from "@/lib/billing/ledger";
import { canStartAgent, recordUsage } from "@/lib/billing/usage";
import { currentRate } from "@/lib/billing/pricing";
import { createUser } from "@/test/users";

async function balance(userId: string) {
  return (await db.creditAccount.findUniqueOrThrow({ where: { userId } })).balanceMicros;
}
async function entriesSum(userId: string) {
  const rows = await db.ledgerEntry.findMany({ where: { userId } });
  return rows.reduce((s, r) => s + r.amountMicros, 0n);
}
async function fund(userId: string, micros: bigint, key = `seed:${micros}`) {
  return applyEntry({ userId, type: "adjustment", amountMicros: micros, idempotencyKey: key });
}
async function meetingFor(userId: string) {
  const agent = await db.agent.create({ data: { userId, name: "Billing bot", sttProviderId: "deepgram", aiProviderId: "openai", ttsProviderId: "elevenlabs" } });
  const meeting = await db.meeting.create({
    data: { userId, agentId: agent.id, title: "Weekly sync", meetingUrl: "https://zoom.us/j/1", platform: "zoom", scheduledStart: new Date() },
  });
  return { agent, meeting };
}

describe("ledger", () => {
  it("applies an idempotency key once, however often and however concurrently it arrives", async () => {
    const { user } = await createUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => applyEntry({ userId: user.id, type: "topup", amountMicros: 25_000_000n, idempotencyKey: "stripe:pi:dup" })),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await balance(user.id)).toBe(25_000_000n);
    expect(await db.ledgerEntry.count({ where: { userId: user.id } })).toBe(1);
  });

  it("N parallel guarded debits: exactly the ones that fit succeed, the balance never goes below the floor", async () => {
    const { user } = await createUser();
    await fund(user.id, 10_000_000n);
    const attempts = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        applyEntry({ userId: user.id, type: "adjustment", amountMicros: -1_000_000n, idempotencyKey: `debit:${i}` }, { floorMicros: 0n }),
      ),
    );
    const ok = attempts.filter((a) => a.status === "fulfilled");
    const refused = attempts.filter((a) => a.status === "rejected");
    expect(ok).toHaveLength(10);
    expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientFunds)).toBe(true);
    expect(await balance(user.id)).toBe(0n);
    expect(await entriesSum(user.id)).toBe(0n);
  });

  it("records balanceAfter on every entry and keeps the cached balance equal to the sum", async () => {
    const { user } = await createUser();
    await fund(user.id, 5_000_000n, "a");
    await applyEntry({ userId: user.id, type: "adjustment", amountMicros: -2_000_000n, idempotencyKey: "b" });
    const rows = await db.ledgerEntry.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.balanceAfterMicros)).toEqual([5_000_000n, 3_000_000n]);
    expect(await balance(user.id)).toBe(await entriesSum(user.id));
  });
});

describe("usage", () => {
  it("charges one tick per key at the current rate with its details, and never twice", async () => {
    const { user } = await createUser();
    await fund(user.id, 1_000_000n);
    const { agent, meeting } = await meetingFor(user.id);
    const rate = (await currentRate("agent_minute"))!;
    const first = await recordUsage({ userId: user.id, meetingId: meeting.id, agentId: agent.id, tick: 0 });
    const again = await recordUsage({ userId: user.id, meetingId: meeting.id, agentId: agent.id, tick: 0 });
    expect(first).toMatchObject({ charged: true, mustStop: false, balanceMicros: 1_000_000n - rate.priceMicros });
    expect(again).toMatchObject({ charged: false, balanceMicros: 1_000_000n - rate.priceMicros });
    const entry = await db.ledgerEntry.findFirstOrThrow({ where: { userId: user.id, type: "usage" } });
    expect((await db.creditAccount.findUniqueOrThrow({ where: { userId: user.id } })).usageEntryCount).toBe(1);
    expect(entry).toMatchObject({ action: "agent_minute", quantity: 1, unitPriceMicros: rate.priceMicros, pricingRateId: rate.id, meetingId: meeting.id, agentId: agent.id, amountMicros: -rate.priceMicros });
  });

  it("lets a tick in flight overdraw by at most one tick, then says stop: out_of_credits", async () => {
    const { user } = await createUser();
    const rate = (await currentRate("agent_minute"))!;
    await fund(user.id, rate.priceMicros / 2n);
    const { agent, meeting } = await meetingFor(user.id);
    expect(await canStartAgent(user.id)).toBe(true);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, tick) => recordUsage({ userId: user.id, meetingId: meeting.id, agentId: agent.id, tick })),
    );
    expect(results.filter((r) => r.charged)).toHaveLength(1);
    expect(results.every((r) => r.mustStop && r.reason === "out_of_credits")).toBe(true);
    const final = await balance(user.id);
    expect(final).toBe(rate.priceMicros / 2n - rate.priceMicros);
    expect(final).toBeGreaterThanOrEqual(-rate.priceMicros);
    expect(await canStartAgent(user.id)).toBe(false);
  });

  it("bills more ticks at once than the database pool has connections: each reads only through its own transaction", async () => {
    const { user } = await createUser();
    const rate = (await currentRate("agent_minute"))!;
    await fund(user.id, rate.priceMicros * 100n);
    const { agent, meeting } = await meetingFor(user.id);
    const ticks = 3 * Number(process.env.DATABASE_POOL_SIZE || 10);
    const results = await Promise.all(Array.from({ length: ticks }, (_, tick) => recordUsage({ userId: user.id, meetingId: meeting.id, agentId: agent.id, tick })));
    expect(results.filter((r) => r.charged)).toHaveLength(ticks);
    expect(await balance(user.id)).toBe(rate.priceMicros * BigInt(100 - ticks));
  });

  it("refuses to start an agent without a positive balance", async () => {
    const { user } = await createUser();
    expect(await canStartAgent(user.id)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { applyEntry } from "@/lib/billing/ledger";
import { createTestTopUp, payTestTopUp } from "@/lib/billing/topups";
import { reconcile } from "@/lib/billing/reconcile";
import { recordUsage } from "@/lib/billing/usage";
import { createUser } from "@/test/users";

// The report covers the whole (shared) test database, so assertions look at this test's rows only.
describe("billing reconciliation", () => {
  it("passes for ledger-written money and flags a tampered balance and a double credit", async () => {
    const { user } = await createUser();
    const { id } = await createTestTopUp(user.id, 20);
    await payTestTopUp(user.id, id);
    await applyEntry({ userId: user.id, type: "adjustment", amountMicros: -1_000_000n, idempotencyKey: "adj" });
    const account = await db.creditAccount.findUniqueOrThrow({ where: { userId: user.id } });
    let report = await reconcile(db);
    expect(report.balanceMismatches.find((m) => m.userId === user.id)).toBeUndefined();
    expect(report.topUpMismatches.find((m) => m.topUpId === id)).toBeUndefined();

    // Tampering outside the ledger writer is caught.
    await db.creditAccount.update({ where: { id: account.id }, data: { balanceMicros: { increment: 5n } } });
    await db.ledgerEntry.create({
      data: { accountId: account.id, userId: user.id, type: "topup", amountMicros: 0n, balanceAfterMicros: 0n, idempotencyKey: "second-credit", topUpId: id },
    });
    report = await reconcile(db);
    expect(report.ok).toBe(false);
    expect(report.balanceMismatches.find((m) => m.userId === user.id)).toMatchObject({ cachedMicros: "19000005", ledgerMicros: "19000000" });
    expect(report.topUpMismatches.find((m) => m.topUpId === id)).toMatchObject({ status: "completed", credits: 2 });
    // Leave the shared database consistent for other tests' reports.
    await db.user.delete({ where: { id: user.id } });
  });

  it("flags a meeting whose billed ticks are not exactly its usage debits", async () => {
    const { user } = await createUser();
    await applyEntry({ userId: user.id, type: "adjustment", amountMicros: 5_000_000n, idempotencyKey: "credit" });
    const agent = await db.agent.create({ data: { userId: user.id, name: "A", sttProviderId: "deepgram", aiProviderId: "openai", ttsProviderId: "elevenlabs" } });
    const meeting = (billedTicks: number) =>
      db.meeting.create({ data: { userId: user.id, agentId: agent.id, meetingUrl: "https://zoom.us/j/3", platform: "zoom", scheduledStart: new Date(), billedTicks } });
    const exact = await meeting(2);
    const counted = await meeting(2);
    const skipped = await meeting(2);
    for (const [m, ticks] of [[exact, [0, 1]], [counted, [0]], [skipped, [0, 2]]] as const) {
      for (const tick of ticks) await recordUsage({ userId: user.id, meetingId: m.id, agentId: agent.id, tick });
    }
    const report = await reconcile(db);
    const mine = report.meetingMismatches.filter((m) => [exact.id, counted.id, skipped.id].includes(m.meetingId));
    expect(mine).toEqual(
      expect.arrayContaining([
        { meetingId: counted.id, billedTicks: 2, usageEntries: 1, outOfRange: 0 },
        { meetingId: skipped.id, billedTicks: 2, usageEntries: 2, outOfRange: 1 },
      ]),
    );
    expect(mine).toHaveLength(2);
    expect(report.ok).toBe(false);
    await db.user.delete({ where: { id: user.id } });
  });
});

import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { applyEntry } from "@/lib/billing/ledger";
import { createTestTopUp, payTestTopUp } from "@/lib/billing/topups";
import { reconcile } from "@/lib/billing/reconcile";
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
});

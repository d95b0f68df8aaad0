import { describe, expect, it } from "vitest";
import { POST as topup } from "@/app/api/billing/topup/route";
import { POST as pay } from "@/app/api/billing/test-checkout/[id]/pay/route";
import { maybeAutoRefill } from "@/lib/billing/auto-refill";
import { applyEntry } from "@/lib/billing/ledger";
import { sendReceipt } from "@/lib/billing/receipt";
import { TEST_CARD } from "@/lib/billing/topups";
import { db } from "@/lib/db/client";
import { call } from "@/test/http";
import { captureMailForFile } from "@/test/support/smtp";
import { createUser } from "@/test/users";

const smtp = captureMailForFile();

/** The receipt jobs queued for a top-up, read from pg-boss's own table. */
async function receiptJobs(topUpId: string) {
  return db.$queryRaw<{ id: string }[]>`SELECT id::text FROM pgboss.job WHERE name = 'billing-receipt' AND data->>'topUpId' = ${topUpId}`;
}

async function paidTestTopUp(amount: number) {
  const u = await createUser();
  const session = await call(topup, { body: { amount }, headers: u.headers });
  expect((await call(pay, { method: "POST", params: { id: session.body.id }, headers: u.headers })).status).toBe(200);
  return { ...u, topUpId: session.body.id as string };
}

describe("receipts", () => {
  it("a paid top-up queues one receipt with the credit, however often it is paid; the e-mail has text and HTML", async () => {
    const { user, headers, topUpId } = await paidTestTopUp(12.5);
    expect((await call(pay, { method: "POST", params: { id: topUpId }, headers })).status).toBe(200);
    expect(await receiptJobs(topUpId)).toHaveLength(1);

    expect(await sendReceipt(topUpId)).toBe("sent");
    expect(await sendReceipt(topUpId)).toBe("skipped"); // a job run twice sends once
    const mails = smtp.to(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Receipt: Cohost top-up of $12.50");
    expect(mails[0].text).toMatch(/Amount:\s+\$12\.50/);
    expect(mails[0].text).toMatch(/New balance:\s+\$12\.50/);
    expect(mails[0].text).toMatch(new RegExp(`Reference:\\s+${topUpId}`));
    expect(mails[0].text).toContain("Test mode: this server has no payment provider, so no card was charged.");
    expect(mails[0].html).toContain("<th");
    expect(mails[0].html).toContain("$12.50");
  });

  it("an automatic refill gets its own receipt", async () => {
    const { user } = await createUser();
    await applyEntry({ userId: user.id, type: "adjustment", amountMicros: 1_000_000n, idempotencyKey: `seed:${user.id}` });
    await db.creditAccount.update({
      where: { userId: user.id },
      data: { autoRefillEnabled: true, autoRefillAmountMicros: 20_000_000n, autoRefillThresholdMicros: 5_000_000n, stripePaymentMethodId: TEST_CARD },
    });
    expect(await maybeAutoRefill(user.id)).toBe("charged");
    const refill = await db.topUp.findFirstOrThrow({ where: { userId: user.id, method: "auto_refill" } });
    expect(await receiptJobs(refill.id)).toHaveLength(1);
    await sendReceipt(refill.id);
    const [mail] = smtp.to(user.email);
    expect(mail.subject).toBe("Receipt: Cohost auto-refill of $20.00");
    expect(mail.text).toMatch(/New balance:\s+\$21\.00/);
  });

  it("a top-up that was not paid has no receipt", async () => {
    const u = await createUser();
    const session = await call(topup, { body: { amount: 10 }, headers: u.headers });
    expect(await receiptJobs(session.body.id)).toHaveLength(0);
    expect(await sendReceipt(session.body.id)).toBe("skipped");
  });

  it("with the mail server down the send fails and is tried again later, once", async () => {
    const { user, topUpId } = await paidTestTopUp(5);
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    try {
      await expect(sendReceipt(topUpId)).rejects.toThrow();
    } finally {
      process.env.SMTP_URL = smtp.url;
    }
    expect((await db.topUp.findUniqueOrThrow({ where: { id: topUpId } })).receiptSentAt).toBeNull();
    expect(await sendReceipt(topUpId)).toBe("sent");
    expect(smtp.to(user.email)).toHaveLength(1);
  });
});

import { db } from "../db/client.ts";
import { QUEUES, inTransaction, jobSender } from "../jobs/boss.ts";
import { receiptMail } from "../mail/templates.ts";
import { sendMail } from "../mail/send.ts";
import type { Tx } from "./ledger.ts";
import { microsToUsd } from "./money.ts";

// Receipts by e-mail for top-ups and automatic refills. The job is sent in the transaction that
// credits the money (a transactional outbox): a receipt exists exactly for credits that committed,
// whichever path credited them (webhook, test checkout, off-session refill), and a mail server that
// is down only delays it (pg-boss retries; the jobs process, scripts/jobs.ts, runs the job).

export interface ReceiptJob {
  topUpId: string;
}

export async function enqueueReceiptTx(tx: Tx, topUpId: string): Promise<void> {
  const boss = await jobSender();
  await boss.send(QUEUES.receipt, { topUpId } satisfies ReceiptJob, { singletonKey: `receipt:${topUpId}`, db: inTransaction(tx) });
}

const usd = (micros: bigint) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(microsToUsd(micros));

/**
 * Sends one receipt. The top-up is claimed first (receiptSentAt), so a job run twice sends once; a
 * failed send releases the claim and throws, and pg-boss tries again later.
 */
export async function sendReceipt(topUpId: string): Promise<"sent" | "skipped"> {
  const claimed = await db.topUp.updateMany({ where: { id: topUpId, status: "completed", receiptSentAt: null }, data: { receiptSentAt: new Date() } });
  if (claimed.count === 0) return "skipped";
  try {
    const topUp = await db.topUp.findUniqueOrThrow({
      where: { id: topUpId },
      include: { user: { select: { email: true, firstName: true } } },
    });
    const entry = await db.ledgerEntry.findFirst({ where: { topUpId, type: { in: ["topup", "auto_refill"] } }, orderBy: { id: "asc" } });
    const paidAt = topUp.completedAt ?? topUp.createdAt;
    await sendMail(
      receiptMail(topUp.user.email, {
        firstName: topUp.user.firstName,
        kind: topUp.method === "auto_refill" ? "auto_refill" : "topup",
        amount: usd(entry?.amountMicros ?? topUp.amountMicros),
        balance: usd(entry?.balanceAfterMicros ?? 0n),
        date: `${paidAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
        reference: topUp.stripePaymentIntentId ?? topUp.id,
        testMode: topUp.stripePaymentIntentId === null,
      }),
    );
    return "sent";
  } catch (err) {
    await db.topUp.update({ where: { id: topUpId }, data: { receiptSentAt: null } });
    throw err;
  }
}

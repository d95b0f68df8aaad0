import { db } from "../db/client.ts";
import { ensureAccount } from "./ledger.ts";
import { stripe } from "./stripe.ts";

/** The user's Stripe customer, created once and kept on the credit account. */
export async function ensureStripeCustomer(userId: string): Promise<string> {
  const account = await db.$transaction(async (tx) => {
    await ensureAccount(tx, userId);
    return tx.creditAccount.findUniqueOrThrow({ where: { userId }, select: { stripeCustomerId: true } });
  });
  if (account.stripeCustomerId) return account.stripeCustomerId;
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, firstName: true, lastName: true } });
  const customer = await stripe().customers.create(
    { email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), metadata: { userId } },
    { idempotencyKey: `customer:${userId}` },
  );
  // Only the first writer wins, so concurrent first top-ups keep one customer.
  await db.creditAccount.updateMany({ where: { userId, stripeCustomerId: null }, data: { stripeCustomerId: customer.id } });
  return (await db.creditAccount.findUniqueOrThrow({ where: { userId }, select: { stripeCustomerId: true } })).stripeCustomerId!;
}

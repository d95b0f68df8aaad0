// Who goes first among webhook deliveries (docs/webhooks.md "Fair delivery"). Every attempt is a
// pg-boss job in its owner's group: at most WEBHOOK_USER_CONCURRENCY (default 4) attempts of one user
// are in flight in a jobs process (of its WEBHOOK_CONCURRENCY, default 16), so one account's slow or dead endpoints and its backlog never take
// the slots another account's deliveries need. Within the free slots, a job's priority is minus its
// place in its endpoint's queue: the first waiting delivery of every endpoint goes before the second
// of any, so endpoints take turns and a small account's event goes before a large account's backlog.

/** Most attempts of one user in flight at once in one jobs process. */
export function userConcurrency(): number {
  const n = Number(process.env.WEBHOOK_USER_CONCURRENCY);
  return Number.isInteger(n) && n > 0 ? n : 4;
}

/** Manual sends (Send test event, Redeliver): someone is watching the delivery log. */
export const MANUAL_PRIORITY = 0;
/** A scheduled retry waits behind first attempts of up to this many deliveries per endpoint. */
const RETRY_PRIORITY = -10_000;
const LOWEST = -1_000_000;

/** The priority of a delivery that has `ahead` deliveries of its endpoint waiting before it. */
export function queuePriority(ahead: number): number {
  return Math.max(LOWEST, -1 - ahead);
}

export function retryPriority(attempt: number): number {
  return Math.max(LOWEST, RETRY_PRIORITY - attempt);
}

/** The pg-boss options of an attempt of `userId`'s delivery. */
export function deliveryJobOptions(userId: string, priority: number) {
  return { group: { id: userId }, priority };
}

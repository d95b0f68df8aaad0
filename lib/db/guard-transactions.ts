import type { PrismaPg } from "@prisma/adapter-pg";

// The driver adapter's types, as @prisma/adapter-pg (a dependency of ours) uses them.
type SqlDriverAdapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type Transaction = Awaited<ReturnType<SqlDriverAdapter["startTransaction"]>>;
type SqlQuery = Parameters<Transaction["queryRaw"]>[0];

// Prisma 7 runs one query (a nested create, an update with nested writes) as several statements on
// the interactive transaction's connection. When the transaction's timeout fires between two of
// them, Prisma sends ROLLBACK and hands the connection back to the pool, yet still sends the query's
// remaining statements to it: they run outside any transaction (committed on their own, or failing
// on a foreign key whose parent row was rolled back: `MeetingEvent_meetingId_fkey` under load), or
// inside another request's transaction on the same pooled connection. This guard refuses every
// statement of a transaction after its COMMIT or ROLLBACK, with the driver adapter's own
// "transaction already closed" error (Prisma's P1018), which lib/db/unavailable.ts counts as "the
// database is too busy: try again" (503 with Retry-After), as it does Prisma's P2028 for the next
// query on an expired transaction. docs/security.md, "Database outages".

const ENDS_TRANSACTION = /^\s*(COMMIT|ROLLBACK)\s*;?\s*$/i;

const CLOSED_MESSAGE =
  "The transaction had already been closed (rolled back when it ran out of time, or committed) when this statement was to run; it was not sent.";

/** Shaped as the driver adapter's DriverAdapterError, which Prisma turns into P1018. */
export class ClosedTransactionError extends Error {
  override name = "DriverAdapterError";
  override cause = { kind: "TransactionAlreadyClosed", cause: CLOSED_MESSAGE };
  constructor() {
    super(CLOSED_MESSAGE);
  }
}

/** `target` with some of its methods replaced; the others still called on `target` itself. */
function overriding<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(t, key) {
      if (Object.hasOwn(overrides, key)) return overrides[key as keyof T];
      const value = Reflect.get(t, key, t);
      return typeof value === "function" ? value.bind(t) : value;
    },
  });
}

function guardTransaction(tx: Transaction): Transaction {
  let closed = false;
  const send =
    <R>(run: (q: SqlQuery) => Promise<R>) =>
    async (query: SqlQuery): Promise<R> => {
      if (closed) throw new ClosedTransactionError();
      if (ENDS_TRANSACTION.test(query.sql)) closed = true;
      return run(query);
    };
  return overriding(tx, {
    queryRaw: send((q) => tx.queryRaw(q)),
    executeRaw: send((q) => tx.executeRaw(q)),
    commit: () => ((closed = true), tx.commit()),
    rollback: () => ((closed = true), tx.rollback()),
  });
}

function guardAdapter(adapter: SqlDriverAdapter): SqlDriverAdapter {
  return overriding(adapter, {
    startTransaction: async (isolationLevel) => guardTransaction(await adapter.startTransaction(isolationLevel)),
  });
}

/** The adapter factory whose interactive transactions send nothing once they are closed. */
export function guardTransactions(factory: PrismaPg): PrismaPg {
  return overriding(factory, { connect: async () => guardAdapter(await factory.connect()) });
}

import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/prisma/client.ts";
import { guardTransactions } from "./guard-transactions.ts";

// While the database is unreachable a request must fail fast with a clear 503 (lib/http/route.ts),
// never hang: a new connection, or a turn in the pool's queue when every connection is busy, is
// waited for this long at most, and so is the start of an interactive transaction (Prisma's default,
// 2 s, is short for a burst of joins on a busy machine). Keep-alive notices a connection whose server
// vanished without a word. No statement reaches a transaction's connection once the transaction
// is closed (lib/db/guard-transactions.ts).
const CONNECT_TIMEOUT_MS = 5000;

export function createPrismaClient(url = process.env.DATABASE_URL): PrismaClient {
  if (!url) throw new Error("DATABASE_URL is not set");
  const max = Number(process.env.DATABASE_POOL_SIZE || 10);
  return new PrismaClient({
    adapter: guardTransactions(new PrismaPg({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true })),
    transactionOptions: { maxWait: CONNECT_TIMEOUT_MS },
  });
}

// One client per process, created on first use (so `next build` never needs a database). Next.js
// dev reloads modules, so the instance lives on globalThis.
const holder = globalThis as unknown as { cohostPrisma?: PrismaClient };

function client(): PrismaClient {
  return (holder.cohostPrisma ??= createPrismaClient());
}

export const db = new Proxy({} as PrismaClient, {
  get(_target, key) {
    const c = client();
    const value = Reflect.get(c, key, c);
    return typeof value === "function" ? value.bind(c) : value;
  },
});

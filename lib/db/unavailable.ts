import { sqlState } from "./invalid-input.ts";

// Errors that mean "the database cannot be reached right now" rather than "this query is wrong": the
// server is down or restarting, a connection was cut, the pool is exhausted. Long-lived processes (the
// bot worker) retry writes that fail this way instead of dropping them; any other error would fail
// again the same way.
const PRISMA_CODES = new Set([
  "P1001", // can't reach the database server
  "P1002", // the server timed out
  "P1008", // operation timed out
  "P1017", // the server closed the connection
  "P2024", // timed out fetching a connection from the pool
]);
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
// pg's own words for a connection that went away or never came.
const PG_MESSAGES = ["Connection terminated", "connection error", "timeout exceeded when trying to connect", "Connection ended", "terminating connection"];

interface MaybeError {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown } } };
}

export function isDatabaseUnavailable(err: unknown): boolean {
  // Prisma wraps the driver's error; pg's pool wraps a socket error: look down the cause chain.
  for (let e = err as MaybeError | undefined, depth = 0; e && depth < 5; e = e.cause as MaybeError | undefined, depth++) {
    if (typeof e.code === "string" && (PRISMA_CODES.has(e.code) || SOCKET_CODES.has(e.code))) return true;
    const kind = e.meta?.driverAdapterError?.cause?.kind;
    if (typeof kind === "string" && ADAPTER_KINDS.has(kind)) return true;
    const state = sqlState(e);
    // Class 08: connection exception; 57P01-03: the server is shutting down or starting; 53300: too many connections.
    if (state && (state.startsWith("08") || state === "57P01" || state === "57P02" || state === "57P03" || state === "53300")) return true;
    if (typeof e.message === "string" && PG_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  }
  return false;
}

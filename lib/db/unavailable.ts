import { sqlState } from "./invalid-input.ts";

// Errors that mean "the database cannot serve us right now" (down, restarting, unreachable, out of
// connections, or too busy to hand out a connection in time) rather than "this request is wrong":
// lib/http/route.ts answers them with 503 and Retry-After, the pages with a "try again" state.
// Prisma (with the pg adapter) reports them under its own codes or wraps the driver's error; pg and
// pg-boss's own pool throw the driver's errors as they are.

const PRISMA_CODES = new Set([
  "P1001", // can't reach database server
  "P1002", // database server reached but timed out
  "P1008", // operation timed out
  "P1017", // server has closed the connection
  "P1018", // a statement refused because its transaction had expired meanwhile (./guard-transactions.ts)
  "P2024", // timed out fetching a connection from the pool
  "P2028", // transaction API error: no connection to start it in time, or it expired waiting
  "P2037", // too many database connections opened
]);

const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections", "TransactionAlreadyClosed"]);

// SQLSTATE class 08 (connection exception), 57P01-57P03 (shutting down, crashed, starting up),
// 53300 (too many connections).
const SQL_STATES = /^(08...|57P0[123]|53300)$/;

// Socket errors of pg's own connection (a system error with a syscall, not a wrapped fetch failure).
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

// pg and pg-pool's messages for a connection that ended or never came.
const PG_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly)/;

interface MaybeError {
  name?: unknown;
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  cause?: unknown;
  /** The pg adapter's error description (found as the cause of its DriverAdapterError). */
  kind?: unknown;
  /** Node's AggregateError when every address of a host refused. */
  errors?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown } } };
}

function isUnavailableHere(err: unknown, outermost: boolean): boolean {
  const e = (err ?? {}) as MaybeError;
  if (e.name === "PrismaClientInitializationError") return true;
  if (typeof e.code === "string" && PRISMA_CODES.has(e.code)) return true;
  const kind = e.meta?.driverAdapterError?.cause?.kind ?? e.kind;
  if (typeof kind === "string" && ADAPTER_KINDS.has(kind)) return true;
  const state = sqlState(err);
  if (state && SQL_STATES.test(state)) return true;
  // A bare socket error is pg's only when thrown as it is: inside another error (fetch's "fetch
  // failed", a mailer's) it is some other server that could not be reached.
  if (!outermost) return false;
  if (typeof e.code === "string" && typeof e.syscall === "string" && SOCKET_CODES.has(e.code)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isUnavailableHere(inner, true))) return true;
  return typeof e.message === "string" && PG_MESSAGES.test(e.message);
}

/** True when the error, or one it was caused by, says the database is unreachable or overloaded. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as MaybeError).cause, depth++) {
    if (isUnavailableHere(e, depth === 0)) return true;
  }
  return false;
}

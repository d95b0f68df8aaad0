// Database errors caused by the value a request carried rather than by the server: PostgreSQL's
// class 22 "data exception" (NUL bytes 22021, untranslatable characters 22P05, bad casts 22P02,
// numbers out of range 22003, text too long 22001, bad dates 22007/22008) and 54000 (a value too big
// for an index). Prisma reports some under its own codes and wraps the rest with the driver's error;
// PrismaClientValidationError means a value of the wrong type reached a query. All are the client's
// fault: lib/http/route.ts answers them with a 400, never a 500.
const PRISMA_INPUT_CODES = new Set([
  "P2000", // value too long for the column
  "P2006", // value not valid for the field type
  "P2007", // data validation error (22P02)
  "P2019", // input error
  "P2020", // value out of range (22003)
  "P2023", // inconsistent column data (e.g. a malformed uuid)
  "P2033", // number does not fit in 64 bits
]);

interface MaybeDbError {
  name?: unknown;
  code?: unknown;
  severity?: unknown;
  meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } };
  cause?: { originalCode?: unknown };
}

/** The SQLSTATE behind an error from Prisma (with the pg adapter) or from pg itself. */
export function sqlState(err: unknown): string | undefined {
  const e = (err ?? {}) as MaybeDbError;
  const state =
    e.meta?.driverAdapterError?.cause?.originalCode ??
    e.cause?.originalCode ??
    // pg's own DatabaseError carries the SQLSTATE as `code` next to a `severity`.
    (typeof e.severity === "string" ? e.code : undefined);
  return typeof state === "string" ? state : undefined;
}

export function isInvalidInputError(err: unknown): boolean {
  const e = (err ?? {}) as MaybeDbError;
  if (e.name === "PrismaClientValidationError") return true;
  if (typeof e.code === "string" && PRISMA_INPUT_CODES.has(e.code)) return true;
  const state = sqlState(err);
  return state !== undefined && (state.startsWith("22") || state === "54000");
}

import { requireUser, type AuthUser } from "../auth/require-user.ts";
import { isInvalidInputError, sqlState } from "../db/invalid-input.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { AppError } from "../errors/app-error.ts";
import { errorText, log } from "../log.ts";
import { ID_PATTERN, isIdParam } from "../validation/ids.ts";
import { hasInvalidCharacters } from "../validation/parse.ts";

type Params = Record<string, string>;
interface Context<P extends Params> {
  request: Request;
  params: P;
}
type Result = Response | object | null | void;

/** JSON for anything a handler returns; BigInt never crosses the wire (money is sent as USD numbers). */
export function json(body: unknown, init: ResponseInit = {}): Response {
  return Response.json(body ?? null, init);
}

/** Seconds a client should wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer for any request the database cannot serve right now: never a 500, never HTML. */
export function databaseUnavailable(): AppError {
  return new AppError("service_unavailable", "We can't reach the database right now. Please try again in a few seconds.", {
    headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}

// An outage fails every request at once: one log line per interval says so, with the count.
const OUTAGE_LOG_INTERVAL_MS = 10_000;
const outage = { loggedAt: 0, unlogged: 0 };

function logOutage(err: unknown): void {
  outage.unlogged++;
  const now = Date.now();
  if (now - outage.loggedAt < OUTAGE_LOG_INTERVAL_MS) return;
  const e = err as { code?: string; message?: string };
  log({ event: "api_database_unavailable", level: "warn", answered503: outage.unlogged, code: e?.code ?? null, detail: String(e?.message ?? err).trim().split("\n").pop() });
  outage.loggedAt = now;
  outage.unlogged = 0;
}

/** The JSON answer for a failure; `where` (method, path) goes into the log line of an unexpected one. */
export function errorResponse(err: unknown, where: Record<string, string> = {}): Response {
  if (err instanceof AppError) {
    return json(err.toJSON(), { status: err.status, headers: err.headers });
  }
  if (isDatabaseUnavailable(err)) {
    logOutage(err);
    return errorResponse(databaseUnavailable());
  }
  const code = (err as { code?: string })?.code;
  if (code === "P2025") return json({ error: "not_found", message: "Not found" }, { status: 404 });
  if (isInvalidInputError(err)) {
    // Validation should have caught it; the log names the gap without echoing the value.
    log({ event: "api_input_refused_by_database", level: "warn", ...where, sqlState: sqlState(err) ?? code ?? (err as Error).name });
    return json({ error: "bad_request", message: "The request contains invalid characters or an out-of-range value" }, { status: 400 });
  }
  log({ event: "api_unhandled_error", level: "error", ...where, error: errorText(err) });
  return json({ error: "internal_error", message: "Something went wrong. Please try again later." }, { status: 500 });
}

function toResponse(result: Result): Response {
  if (result instanceof Response) return result;
  if (result === undefined) return new Response(null, { status: 204 });
  return json(result);
}

/**
 * Path parameters and the query string, checked before any handler runs: an id parameter (`id`,
 * `…Id`) must look like an id, and no parameter may carry a NUL or a broken character. Such a path
 * names nothing (404); such a query is malformed (400).
 */
function checkInput(request: Request, params: Record<string, string | string[]>): void {
  for (const [name, value] of Object.entries(params)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (hasInvalidCharacters(part) || (isIdParam(name) && !ID_PATTERN.test(part))) throw new AppError("not_found", "Not found");
    }
  }
  for (const [key, value] of new URL(request.url).searchParams) {
    if (hasInvalidCharacters(key) || hasInvalidCharacters(value)) throw new AppError("bad_request", "The query string contains invalid characters");
  }
}

/** A public route handler: errors become JSON, never HTML. */
export function route<P extends Params = Params>(handler: (ctx: Context<P>) => Promise<Result> | Result) {
  return async (request: Request, segment?: { params: Promise<P> }): Promise<Response> => {
    try {
      const params = ((await segment?.params) ?? {}) as P;
      checkInput(request, params);
      return toResponse(await handler({ request, params }));
    } catch (err) {
      return errorResponse(err, { method: request.method, path: new URL(request.url).pathname });
    }
  };
}

/** A route handler that needs a signed-in user (bearer token or session cookie), else 401. */
export function userRoute<P extends Params = Params>(
  handler: (ctx: Context<P> & { user: AuthUser }) => Promise<Result> | Result,
) {
  return route<P>(async (ctx) => handler({ ...ctx, user: await requireUser(ctx.request) }));
}

/**
 * A user route that API keys may not call: managing API keys and webhooks, and the account's password.
 * A leaked key must not be able to mint more keys, send the user's events elsewhere or take the
 * account; these need the user signed in (the browser's session, or an access token from the password).
 */
export function signedInRoute<P extends Params = Params>(
  handler: (ctx: Context<P> & { user: AuthUser }) => Promise<Result> | Result,
) {
  return userRoute<P>((ctx) => {
    if (ctx.user.via === "api_key") throw new AppError("forbidden", "API keys cannot manage API keys, webhooks or the account (password, e-mail, sessions, deletion). Sign in to do this.");
    return handler(ctx);
  });
}

import { requireUser, type AuthUser } from "../auth/require-user.ts";
import { AppError } from "./errors.ts";

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

export function errorResponse(err: unknown): Response {
  if (err instanceof AppError) {
    return json(err.toJSON(), { status: err.status, headers: err.headers });
  }
  const code = (err as { code?: string })?.code;
  if (code === "P2025") return json({ error: "not_found", message: "Not found" }, { status: 404 });
  console.error("[api] unhandled error:", err);
  return json({ error: "internal_error", message: "Something went wrong. Please try again later." }, { status: 500 });
}

function toResponse(result: Result): Response {
  if (result instanceof Response) return result;
  if (result === undefined) return new Response(null, { status: 204 });
  return json(result);
}

/** A public route handler: errors become JSON, never HTML. */
export function route<P extends Params = Params>(handler: (ctx: Context<P>) => Promise<Result> | Result) {
  return async (request: Request, segment?: { params: Promise<P> }): Promise<Response> => {
    try {
      const params = ((await segment?.params) ?? {}) as P;
      return toResponse(await handler({ request, params }));
    } catch (err) {
      return errorResponse(err);
    }
  };
}

/** A route handler that needs a signed-in user (bearer token or session cookie), else 401. */
export function userRoute<P extends Params = Params>(
  handler: (ctx: Context<P> & { user: AuthUser }) => Promise<Result> | Result,
) {
  return route<P>(async (ctx) => handler({ ...ctx, user: await requireUser(ctx.request) }));
}

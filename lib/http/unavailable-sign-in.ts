import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { databaseUnavailable, errorResponse } from "./route.ts";
import { SIGN_IN_UNAVAILABLE } from "../auth/next-auth.ts";

type Handle = (request: Request) => Promise<Response>;

/**
 * next-auth's routes with a database that cannot be reached answered as our API answers: 503 and
 * Retry-After for a JSON sign-in (the URL with the error code stays in the body: next-auth's client reads
 * it), the sign-in page with the error for a browser's form post. Two ways it happens:
 * - the password could not be checked: authorize() says so and next-auth answers 401 with the code;
 * - the database went away after the password was checked, while the sign-in wrote this browser's
 *   device session (the jwt callback): next-auth does not catch that, and Next would answer an empty 500.
 */
export async function answeringSignInOutages(request: Request, handle: Handle): Promise<Response> {
  const copy = request.method === "POST" ? request.clone() : null;
  try {
    return await withUnavailableSignIn(await handle(request));
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    errorResponse(err); // the API's outage log line (one per 10 s, with the count); the answer is built below
    const url = `/signin?error=${SIGN_IN_UNAVAILABLE}`;
    if (await asksForJson(copy)) return unavailableWithUrl(new URL(url, request.url).href);
    return new Response(null, { status: 302, headers: { location: url } });
  }
}

/** next-auth's client posts `json=true` to be answered with JSON instead of a redirect. */
async function asksForJson(request: Request | null): Promise<boolean> {
  if (!request) return false;
  try {
    return new URLSearchParams(await request.text()).get("json") === "true";
  } catch {
    return false;
  }
}

async function withUnavailableSignIn(response: Response): Promise<Response> {
  if (response.status !== 401 || !response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.clone().json()) as { url?: unknown };
  if (typeof body.url !== "string" || new URL(body.url, "http://localhost").searchParams.get("error") !== SIGN_IN_UNAVAILABLE) return response;
  return unavailableWithUrl(body.url, response.headers); // next-auth's cookies (the CSRF one) stay
}

/** The API's 503 answer, with Retry-After, and next-auth's `url` (carrying the error code) in its body. */
function unavailableWithUrl(url: string, keep?: Headers): Response {
  const unavailable = databaseUnavailable();
  const headers = new Headers(keep);
  for (const [name, value] of Object.entries(unavailable.headers ?? {})) headers.set(name, value);
  return Response.json({ ...unavailable.toJSON(), url }, { status: unavailable.status, headers });
}

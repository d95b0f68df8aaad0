import { databaseUnavailable } from "./route.ts";
import { SIGN_IN_UNAVAILABLE } from "../auth/next-auth.ts";

/**
 * next-auth answers a JSON sign-in whose password could not be checked (the database was unreachable)
 * with 401 and an error URL. Our API answers such a request with 503 and Retry-After, so this one does
 * too; the URL stays in the body because next-auth's client reads the error code from it. Every other
 * answer, and the browser form post (a redirect to the sign-in page, which explains the error), passes
 * through unchanged.
 */
export async function withUnavailableSignIn(response: Response): Promise<Response> {
  if (response.status !== 401 || !response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.clone().json()) as { url?: unknown };
  if (typeof body.url !== "string" || new URL(body.url, "http://localhost").searchParams.get("error") !== SIGN_IN_UNAVAILABLE) return response;
  const unavailable = databaseUnavailable();
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(unavailable.headers ?? {})) headers.set(name, value);
  return Response.json({ ...unavailable.toJSON(), url: body.url }, { status: unavailable.status, headers });
}

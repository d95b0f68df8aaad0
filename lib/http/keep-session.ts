import { encode } from "next-auth/jwt";
import { servedOverHttps } from "../config.ts";
import { json } from "./route.ts";
import type { AuthUser } from "../auth/require-user.ts";
import { issueTokens } from "../auth/refresh-tokens.ts";
import { authSecret } from "../auth/secret.ts";
import { decodeSessionCookie } from "../auth/session-cookie.ts";
import { keepDeviceSession } from "../auth/device-sessions.ts";

const SESSION_MAX_AGE_S = 30 * 24 * 3600; // as lib/auth/next-auth.ts

const cookieName = () => (servedOverHttps() ? "__Secure-next-auth.session-token" : "next-auth.session-token");

function cookieHeader(value: string, maxAge: number): string {
  const expires = new Date(Date.now() + maxAge * 1000).toUTCString();
  return `${cookieName()}=${value}; Path=/; Expires=${expires}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${servedOverHttps() ? "; Secure" : ""}`;
}

/**
 * The answer to a request that just ended all of the user's sessions (password change, "sign out
 * other sessions"): the session that asked stays signed in. A browser gets its session cookie
 * re-issued under the new generation; an API client gets a fresh token pair in `tokens`.
 */
export async function answerKeepingSession(request: Request, user: AuthUser, body: object, sessionVersion: number): Promise<Response> {
  if (user.via === "bearer") return json({ ...body, tokens: await issueTokens(user.id) });
  const token = await decodeSessionCookie(request);
  const response = json(body);
  if (token) {
    await keepDeviceSession(token.sid, sessionVersion);
    const value = await encode({ token: { ...token, sv: sessionVersion }, secret: authSecret(), maxAge: SESSION_MAX_AGE_S });
    response.headers.append("set-cookie", cookieHeader(value, SESSION_MAX_AGE_S));
  }
  return response;
}

/** The answer that ends the browser's session (a deleted account). */
export function answerEndingSession(body: object): Response {
  const response = json(body);
  response.headers.append("set-cookie", cookieHeader("", 0));
  return response;
}

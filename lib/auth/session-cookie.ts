import { getToken, type JWT } from "next-auth/jwt";
import { servedOverHttps } from "../config.ts";
import { authSecret } from "./secret.ts";

function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0) out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
  }
  return out;
}

export interface SessionClaims {
  userId: string;
  /** The session generation the cookie was issued under (lib/auth/session-version.ts). */
  sessionVersion: unknown;
  /** The signed-in device the cookie belongs to (lib/auth/device-sessions.ts), when it names one. */
  sid?: string;
}

/** The decoded next-auth session cookie on this request, if it holds a validly signed session. */
export async function decodeSessionCookie(request: Request): Promise<JWT | null> {
  const cookies = parseCookies(request.headers.get("cookie"));
  if (!Object.keys(cookies).some((name) => name.includes("next-auth.session-token"))) return null;
  return getToken({
    req: { cookies, headers: Object.fromEntries(request.headers) } as never,
    secret: authSecret(),
    secureCookie: servedOverHttps(),
  });
}

/** The claims of the next-auth session cookie on this request, if it holds a validly signed session. */
export async function readSessionCookie(request: Request): Promise<SessionClaims | null> {
  const token = await decodeSessionCookie(request);
  return typeof token?.sub === "string" ? { userId: token.sub, sessionVersion: token.sv, ...(typeof token.sid === "string" ? { sid: token.sid } : {}) } : null;
}

import { authenticateApiKey, looksLikeApiKey } from "../api-keys/authenticate-api-key.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { verifyAccessToken } from "./access-token.ts";
import { readSessionCookie } from "./session-cookie.ts";
import { isCurrentVersion } from "./session-version.ts";
import { deviceSessionEnded } from "./device-sessions.ts";

export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  image: string | null;
  via: "bearer" | "session" | "api_key";
  /** The API key a request came with (via "api_key"), for checks that outlive the request (event streams). */
  keyId?: string;
  /** The session generation a token or cookie was issued under (not for API keys). */
  sessionVersion?: number;
  /** The signed-in device of a cookie session (lib/auth/device-sessions.ts). */
  sessionId?: string;
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The user's fields every authenticated request reads: who it is, and the session generation to check. */
export interface UserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  image: string | null;
  sessionVersion: number;
}

function readUser(userId: string): Promise<UserRow | null> {
  return db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, firstName: true, lastName: true, image: true, sessionVersion: true },
  });
}

/**
 * The only gate for /api: a bearer access token (non-browser clients), a personal API key (`ck_…`,
 * also a bearer token) or the next-auth session cookie (the browser). Cookie-authenticated writes
 * must come from our own origin (CSRF defence on top of SameSite=Lax cookies). A token or cookie
 * issued before the user's sessions were ended (password reset or change, "sign out other
 * sessions") is refused like an expired one; API keys are credentials of their own, revoked one by
 * one on the Developers page (and all at once by a password reset), so ending sessions leaves them working.
 */
export async function requireUser(request: Request): Promise<AuthUser> {
  return (await requireUserRow(request, readUser)).user;
}

/**
 * requireUser with the caller's own read of the user's row, for a route that needs more of the user
 * than requireUser reads (GET /api/me: the credit account): the check and the data in one statement.
 * The row is checked exactly as requireUser checks its own.
 */
export async function requireUserRow<R extends UserRow>(request: Request, read: (userId: string) => Promise<R | null>): Promise<{ user: AuthUser; row: R }> {
  const authorization = request.headers.get("authorization");
  let claims: { userId: string; sessionVersion: unknown; sid?: string } | null = null;
  let via: AuthUser["via"] = "bearer";
  let keyId: string | undefined;
  if (authorization) {
    const token = /^Bearer\s+(.+)$/i.exec(authorization)?.[1].trim();
    if (token && looksLikeApiKey(token)) {
      const key = await authenticateApiKey(token, request.method);
      claims = { userId: key.userId, sessionVersion: null };
      keyId = key.keyId;
      via = "api_key";
    } else {
      claims = token ? verifyAccessToken(token) : null;
      if (!claims) throw new AppError("unauthorized", "The access token is invalid or has expired");
    }
  } else {
    claims = await readSessionCookie(request);
    via = "session";
    if (claims && UNSAFE.has(request.method)) assertSameOrigin(request);
  }
  if (!claims) throw new AppError("unauthorized", "Authentication required");
  // A cookie of a device signed out on the account page is over, like one of an older generation.
  const [row, deviceEnded] = await Promise.all([read(claims.userId), via === "session" ? deviceSessionEnded(claims.userId, claims.sid) : false]);
  if (!row || deviceEnded || (via !== "api_key" && !isCurrentVersion(claims.sessionVersion, row.sessionVersion))) {
    throw new AppError("unauthorized", via === "bearer" ? "The access token is invalid or has expired" : "Authentication required");
  }
  const { id, email, firstName, lastName, image } = row;
  const credential = via === "api_key" ? { keyId } : { sessionVersion: row.sessionVersion, ...(claims.sid ? { sessionId: claims.sid } : {}) };
  return { user: { id, email, firstName, lastName, image, via, ...credential }, row };
}

function assertSameOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  if (!origin) return; // same-origin fetches from old browsers; SameSite=Lax still applies
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  let originHost: string | null = null;
  try {
    originHost = new URL(origin).host;
  } catch {
    /* malformed origin: refused below */
  }
  if (!host || originHost !== host) throw new AppError("forbidden", "Cross-site request refused");
}

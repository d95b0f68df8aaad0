import { authenticateApiKey, looksLikeApiKey } from "../api-keys/authenticate-api-key.ts";
import { db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";
import { verifyAccessToken } from "./access-token.ts";
import { sessionUserId } from "./session-cookie.ts";

export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  image: string | null;
  via: "bearer" | "session" | "api_key";
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The only gate for /api: a bearer access token (non-browser clients), a personal API key (`ck_…`,
 * also a bearer token) or the next-auth session cookie (the browser). Cookie-authenticated writes
 * must come from our own origin (CSRF defence on top of SameSite=Lax cookies).
 */
export async function requireUser(request: Request): Promise<AuthUser> {
  const authorization = request.headers.get("authorization");
  let userId: string | null = null;
  let via: AuthUser["via"] = "bearer";
  if (authorization) {
    const token = /^Bearer\s+(.+)$/i.exec(authorization)?.[1].trim();
    if (token && looksLikeApiKey(token)) {
      userId = (await authenticateApiKey(token, request.method)).userId;
      via = "api_key";
    } else {
      userId = token ? verifyAccessToken(token) : null;
      if (!userId) throw new AppError("unauthorized", "The access token is invalid or has expired");
    }
  } else {
    userId = await sessionUserId(request);
    via = "session";
    if (userId && UNSAFE.has(request.method)) assertSameOrigin(request);
  }
  if (!userId) throw new AppError("unauthorized", "Authentication required");
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, firstName: true, lastName: true, image: true },
  });
  if (!user) throw new AppError("unauthorized", "Authentication required");
  return { ...user, via };
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

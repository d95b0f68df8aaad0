import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "./secret.ts";

// Short-lived API access tokens: compact HS256 JWTs carrying the user id and the user's session
// generation (lib/auth/session-version.ts). The signature costs one HMAC; requireUser() compares the
// generation on the user read it does anyway, so ending all sessions also ends the access tokens
// issued before, without waiting for them to expire. Refresh tokens are revoked in the database.
export const ACCESS_TOKEN_TTL_SECONDS = Number(process.env.ACCESS_TOKEN_TTL_SECONDS || 900);

const b64 = (v: Buffer | string) => Buffer.from(v).toString("base64url");
const HEADER = b64(JSON.stringify({ alg: "HS256", typ: "JWT" }));

function sign(input: string): string {
  return createHmac("sha256", `${authSecret()}:access`).update(input).digest("base64url");
}

export interface AccessClaims {
  userId: string;
  /** The user's session generation when the token was issued (0 for tokens from before it existed). */
  sessionVersion: number;
}

export function issueAccessToken(userId: string, sessionVersion = 0, now = Date.now()): { token: string; expiresAt: number } {
  const iat = Math.floor(now / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const payload = b64(JSON.stringify({ sub: userId, sv: sessionVersion, iat, exp, typ: "access" }));
  return { token: `${HEADER}.${payload}.${sign(`${HEADER}.${payload}`)}`, expiresAt: exp };
}

/** The claims of a valid, unexpired access token, else null. */
export function verifyAccessToken(token: string, now = Date.now()): AccessClaims | null {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = Buffer.from(sign(`${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8"));
    if (claims.typ !== "access" || typeof claims.sub !== "string") return null;
    if (typeof claims.exp !== "number" || claims.exp * 1000 <= now) return null;
    return { userId: claims.sub, sessionVersion: typeof claims.sv === "number" ? claims.sv : 0 };
  } catch {
    return null;
  }
}

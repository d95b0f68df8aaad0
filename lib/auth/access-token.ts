import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "./secret.ts";

// Short-lived API access tokens: compact HS256 JWTs carrying the user id. Stateless to verify, so
// every /api request costs one HMAC, not a database read. Revocation works through the refresh
// token, which is checked against the database on every rotation.
export const ACCESS_TOKEN_TTL_SECONDS = Number(process.env.ACCESS_TOKEN_TTL_SECONDS || 900);

const b64 = (v: Buffer | string) => Buffer.from(v).toString("base64url");
const HEADER = b64(JSON.stringify({ alg: "HS256", typ: "JWT" }));

function sign(input: string): string {
  return createHmac("sha256", `${authSecret()}:access`).update(input).digest("base64url");
}

export function issueAccessToken(userId: string, now = Date.now()): { token: string; expiresAt: number } {
  const iat = Math.floor(now / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const payload = b64(JSON.stringify({ sub: userId, iat, exp, typ: "access" }));
  return { token: `${HEADER}.${payload}.${sign(`${HEADER}.${payload}`)}`, expiresAt: exp };
}

/** Returns the user id of a valid, unexpired access token, else null. */
export function verifyAccessToken(token: string, now = Date.now()): string | null {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = Buffer.from(sign(`${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8"));
    if (claims.typ !== "access" || typeof claims.sub !== "string") return null;
    if (typeof claims.exp !== "number" || claims.exp * 1000 <= now) return null;
    return claims.sub;
  } catch {
    return null;
  }
}

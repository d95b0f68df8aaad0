import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken, verifyAccessToken } from "./access-token";

describe("access tokens", () => {
  it("round-trips the user id until expiry", () => {
    const now = Date.now();
    const { token, expiresAt } = issueAccessToken("user-1", now);
    expect(expiresAt).toBe(Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS);
    expect(verifyAccessToken(token, now + 1000)).toBe("user-1");
    expect(verifyAccessToken(token, expiresAt * 1000)).toBeNull();
  });

  it("rejects tampered, foreign and malformed tokens", () => {
    const { token } = issueAccessToken("user-1");
    const [h, p, s] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ sub: "user-2", iat: 0, exp: 9e9, typ: "access" })).toString("base64url");
    expect(verifyAccessToken(`${h}.${forged}.${s}`)).toBeNull();
    expect(verifyAccessToken(`${h}.${p}.${s.slice(0, -2)}xx`)).toBeNull();
    expect(verifyAccessToken("not-a-token")).toBeNull();
    expect(verifyAccessToken(`${h}.${p}`)).toBeNull();
  });
});

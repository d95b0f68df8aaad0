import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken, verifyAccessToken } from "./access-token";
import { authSecret } from "./secret";

describe("access tokens", () => {
  it("round-trips the user id and session generation until expiry", () => {
    const now = Date.now();
    const { token, expiresAt } = issueAccessToken("user-1", 3, now);
    expect(expiresAt).toBe(Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SECONDS);
    expect(verifyAccessToken(token, now + 1000)).toEqual({ userId: "user-1", sessionVersion: 3 });
    expect(verifyAccessToken(token, expiresAt * 1000)).toBeNull();
  });

  it("reads a token issued before session generations existed (no sv claim) as generation 0", () => {
    const [h] = issueAccessToken("user-1").token.split(".");
    const payload = Buffer.from(JSON.stringify({ sub: "user-1", iat: 0, exp: 9e9, typ: "access" })).toString("base64url");
    const signature = createHmac("sha256", `${authSecret()}:access`).update(`${h}.${payload}`).digest("base64url");
    expect(verifyAccessToken(`${h}.${payload}.${signature}`)).toEqual({ userId: "user-1", sessionVersion: 0 });
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

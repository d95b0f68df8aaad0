import { OAuth2Server } from "oauth2-mock-server";
import type { IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizationUrl, exchangeCode, GrantRevokedError, refreshTokens, revokeGrant } from "@/lib/calendar/connect/oauth";
import type { ProviderConfig } from "@/lib/calendar/connect/providers";

// lib/calendar/connect's OAuth client (oauth4webapi) against a maintained OAuth 2.0 server,
// oauth2-mock-server, rather than only against our own stand-ins: the authorization request carries
// an S256 challenge, the code exchange sends the verifier that matches it (the server checks it),
// a refresh keeps the rotated refresh token, and a refused refresh is a lost grant. What this server
// cannot judge (docs/calendars.md): it does not insist on PKCE, codes are not one-time, client
// secrets are not checked and old refresh tokens keep working; test/fakes/calendar's token endpoint
// is strict about those.

let server: OAuth2Server;
let cfg: ProviderConfig;
const REDIRECT = "http://localhost:3000/api/calendars/connect/google/callback";
const authorizeQueries: URLSearchParams[] = [];
const tokenRequests: URLSearchParams[] = [];

beforeAll(async () => {
  server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const url = server.issuer.url!;
  server.service.on("beforeAuthorizeRedirect", (_redirect: unknown, req: IncomingMessage) => authorizeQueries.push(new URL(req.url!, url).searchParams));
  server.service.on("beforeResponse", (_response: unknown, req: IncomingMessage & { body: Record<string, string> }) => tokenRequests.push(new URLSearchParams(req.body)));
  cfg = {
    provider: "google",
    clientId: "cohost-client",
    clientSecret: "cohost-secret",
    authorizationEndpoint: `${url}/authorize`,
    tokenEndpoint: `${url}/token`,
    revocationEndpoint: `${url}/revoke`,
    apiBase: `${url}/calendar/v3`,
    scopes: ["https://www.googleapis.com/auth/calendar.events.readonly"],
    offlineParams: { access_type: "offline", prompt: "consent" },
  };
});
afterAll(async () => {
  await server.stop();
});

/** The browser at the authorization endpoint: the server's redirect back to Cohost's callback. */
async function consent(): Promise<{ callback: URL; state: string; verifier: string }> {
  const { url, state, verifier } = await authorizationUrl(cfg, REDIRECT);
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status).toBe(302);
  return { callback: new URL(res.headers.get("location")!), state, verifier };
}

describe("the calendar OAuth client against oauth2-mock-server", () => {
  it("asks with an S256 challenge and exchanges the code with the verifier the server checks against it", async () => {
    const { callback, state, verifier } = await consent();
    const asked = authorizeQueries.at(-1)!;
    expect(asked.get("code_challenge_method")).toBe("S256");
    expect(asked.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(callback.searchParams.get("state")).toBe(state);

    const tokens = await exchangeCode(cfg, callback, state, verifier, REDIRECT);
    expect(tokens.accessToken).toBeTruthy();
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const sent = tokenRequests.at(-1)!;
    expect(Object.fromEntries(sent)).toMatchObject({ grant_type: "authorization_code", code: callback.searchParams.get("code"), redirect_uri: REDIRECT, code_verifier: verifier, client_id: "cohost-client", client_secret: "cohost-secret" });
  });

  it("fails the exchange when the verifier is not the one the challenge was made from (the server's PKCE check)", async () => {
    const { callback, state } = await consent();
    const other = await authorizationUrl(cfg, REDIRECT);
    const err = await exchangeCode(cfg, callback, state, other.verifier, REDIRECT).catch((e: unknown) => e);
    // oauth2-mock-server answers a failed check with 400 and a problem+json body naming it.
    const answer = (err as { cause?: Response }).cause!;
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("code_verifier provided does not match code_challenge");
  });

  it("refuses a callback whose state is not the one it sent", async () => {
    const { callback, verifier } = await consent();
    await expect(exchangeCode(cfg, callback, "another-state", verifier, REDIRECT)).rejects.toThrow();
  });

  it("keeps the rotated refresh token, and the old one when the server sends none", async () => {
    const first = await refreshTokens(cfg, "refresh-1");
    expect(tokenRequests.at(-1)!.get("grant_type")).toBe("refresh_token");
    expect(tokenRequests.at(-1)!.get("refresh_token")).toBe("refresh-1");
    expect(first.refreshToken).toBeTruthy();
    expect(first.refreshToken).not.toBe("refresh-1");

    server.service.once("beforeResponse", (response: { body: Record<string, unknown> }) => {
      delete response.body.refresh_token;
    });
    const second = await refreshTokens(cfg, first.refreshToken!);
    expect(second.refreshToken).toBe(first.refreshToken);
    expect(second.accessToken).toBeTruthy();
  });

  it("takes invalid_grant on refresh for a lost grant, and another failure for a failure", async () => {
    server.service.once("beforeResponse", (response: { body: unknown; statusCode: number }) => {
      response.statusCode = 400;
      response.body = { error: "invalid_grant", error_description: "Token has been expired or revoked." };
    });
    const lost = refreshTokens(cfg, "refresh-2");
    await expect(lost).rejects.toBeInstanceOf(GrantRevokedError);
    await expect(lost).rejects.toThrow("Token has been expired or revoked.");

    server.service.once("beforeResponse", (response: { body: unknown; statusCode: number }) => {
      response.statusCode = 503;
      response.body = { error: "temporarily_unavailable" };
    });
    const down = refreshTokens(cfg, "refresh-3");
    await expect(down).rejects.not.toBeInstanceOf(GrantRevokedError);
  });

  it("revokes at the revocation endpoint", async () => {
    const revoked: string[] = [];
    server.service.once("beforeRevoke", (_response: unknown, req: IncomingMessage) => revoked.push(req.url!));
    await revokeGrant(cfg, "refresh-4");
    expect(revoked).toEqual(["/revoke"]);
  });
});

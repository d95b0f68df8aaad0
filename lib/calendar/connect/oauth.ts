import * as oauth from "oauth4webapi";
import { webFetch } from "../../net/web-fetch.ts";
import type { ProviderConfig } from "./providers.ts";

// The OAuth 2.0 client for calendar connections, over oauth4webapi (docs/calendars.md: a small,
// maintained, dependency-free client that takes any endpoints, so the same code talks to Google,
// Microsoft and the local stand-ins). Authorization code with PKCE (S256) and a state bound to the
// user's session; its requests go through lib/net like all outbound HTTP.

/** The grant no longer works (revoked, expired, the user removed the app): the connection needs a reconnect. */
export class GrantRevokedError extends Error {}

export interface Tokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date;
  scope: string;
}

const MAX_BYTES = 1_000_000;
const fetcher = webFetch({ guarded: false, userAgent: "Cohost calendars", maxBytes: MAX_BYTES, peer: "calendar provider" });

// The endpoints are the operator's configuration, not user input (no private-address guard); the
// stand-ins in tests are http on 127.0.0.1, which oauth4webapi refuses unless allowed.
function requestOptions(cfg: ProviderConfig) {
  return {
    [oauth.customFetch]: (url: string, init: oauth.CustomFetchOptions<string, unknown>) =>
      fetcher(url, { method: init.method, headers: init.headers, body: init.body === undefined || init.body === null ? undefined : String(init.body), signal: init.signal ?? undefined }),
    [oauth.allowInsecureRequests]: cfg.tokenEndpoint.startsWith("http://"),
  };
}

function server(cfg: ProviderConfig): oauth.AuthorizationServer {
  return {
    issuer: new URL(cfg.authorizationEndpoint).origin,
    authorization_endpoint: cfg.authorizationEndpoint,
    token_endpoint: cfg.tokenEndpoint,
    ...(cfg.revocationEndpoint ? { revocation_endpoint: cfg.revocationEndpoint } : {}),
  };
}

const clientOf = (cfg: ProviderConfig): oauth.Client => ({ client_id: cfg.clientId });

export async function authorizationUrl(cfg: ProviderConfig, redirectUri: string): Promise<{ url: string; state: string; verifier: string }> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(cfg.authorizationEndpoint);
  const params: Record<string, string> = {
    client_id: cfg.clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    scope: cfg.scopes.join(" "),
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    ...cfg.offlineParams,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { url: url.href, state, verifier };
}

function tokensOf(res: oauth.TokenEndpointResponse, previousRefresh: string | null): Tokens {
  return {
    accessToken: res.access_token,
    // A provider that rotates refresh tokens sends a new one; one that does not keeps the old.
    refreshToken: res.refresh_token ?? previousRefresh,
    expiresAt: new Date(Date.now() + (res.expires_in ?? 3600) * 1000),
    scope: typeof res.scope === "string" ? res.scope : "",
  };
}

/** The callback's parameters (checked against the state) exchanged for tokens with the PKCE verifier. */
export async function exchangeCode(cfg: ProviderConfig, callback: URL, expectedState: string, verifier: string, redirectUri: string): Promise<Tokens> {
  const as = server(cfg);
  const params = oauth.validateAuthResponse(as, clientOf(cfg), callback.searchParams, expectedState);
  const res = await oauth.authorizationCodeGrantRequest(as, clientOf(cfg), oauth.ClientSecretPost(cfg.clientSecret), params, redirectUri, verifier, requestOptions(cfg));
  return tokensOf(await oauth.processAuthorizationCodeResponse(as, clientOf(cfg), res), null);
}

const REVOKED_CODES = new Set(["invalid_grant", "unauthorized_client", "invalid_client"]);

export async function refreshTokens(cfg: ProviderConfig, refreshToken: string): Promise<Tokens> {
  const as = server(cfg);
  try {
    const res = await oauth.refreshTokenGrantRequest(as, clientOf(cfg), oauth.ClientSecretPost(cfg.clientSecret), refreshToken, requestOptions(cfg));
    return tokensOf(await oauth.processRefreshTokenResponse(as, clientOf(cfg), res), refreshToken);
  } catch (err) {
    if (err instanceof oauth.ResponseBodyError && REVOKED_CODES.has(err.error)) throw new GrantRevokedError(err.error_description || err.error);
    throw err;
  }
}

/** Revokes the grant at the provider (RFC 7009; revoking the refresh token ends the whole grant at Google). */
export async function revokeGrant(cfg: ProviderConfig, token: string): Promise<void> {
  if (!cfg.revocationEndpoint) return;
  const res = await oauth.revocationRequest(server(cfg), clientOf(cfg), oauth.ClientSecretPost(cfg.clientSecret), token, requestOptions(cfg));
  await oauth.processRevocationResponse(res);
}

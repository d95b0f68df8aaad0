import { createHash, randomBytes } from "node:crypto";

// The authorization server half both stand-ins share: codes bound to client, redirect URI and PKCE
// challenge (S256 only), one-time; access tokens that expire; refresh tokens that rotate (when
// `rotate`) and can be revoked, which ends the whole grant.

export interface Grant {
  id: string;
  scope: string;
  revoked: boolean;
}

interface Code {
  grant: Grant;
  clientId: string;
  redirectUri: string;
  challenge: string;
  used: boolean;
}

export class OAuthGrants {
  readonly codes = new Map<string, Code>();
  readonly access = new Map<string, { grant: Grant; expiresAt: number }>();
  readonly refresh = new Map<string, Grant>();
  readonly grants: Grant[] = [];
  /** Seconds an access token lives (tests shorten it to see refreshes). */
  accessTtl = 3600;
  readonly client: { id: string; secret: string };
  readonly rotate: boolean;
  constructor(client: { id: string; secret: string }, rotate: boolean) {
    this.client = client;
    this.rotate = rotate;
  }

  /** Checks an authorization request; returns the problem, or null. */
  checkAuthorization(q: URLSearchParams, allowedScopes: string[], extra: string[]): string | null {
    const known = new Set(["client_id", "redirect_uri", "response_type", "scope", "state", "code_challenge", "code_challenge_method", ...extra]);
    for (const k of q.keys()) if (!known.has(k)) return `unknown parameter ${k}`;
    if (q.get("client_id") !== this.client.id) return "invalid_client";
    if (q.get("response_type") !== "code") return "unsupported_response_type";
    if (!q.get("redirect_uri")) return "redirect_uri missing";
    if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge")) return "PKCE with S256 is required";
    const scopes = (q.get("scope") ?? "").split(" ").filter(Boolean);
    if (!scopes.length || scopes.some((s) => !allowedScopes.includes(s))) return `invalid_scope ${q.get("scope")}`;
    return null;
  }

  issueCode(q: URLSearchParams): string {
    const grant: Grant = { id: randomBytes(6).toString("hex"), scope: q.get("scope") ?? "", revoked: false };
    this.grants.push(grant);
    const code = randomBytes(16).toString("base64url");
    this.codes.set(code, { grant, clientId: q.get("client_id")!, redirectUri: q.get("redirect_uri")!, challenge: q.get("code_challenge")!, used: false });
    return code;
  }

  private tokens(grant: Grant, refresh?: string) {
    const access = `at-${randomBytes(12).toString("hex")}`;
    this.access.set(access, { grant, expiresAt: Date.now() + this.accessTtl * 1000 });
    let refreshToken = refresh;
    if (!refreshToken || this.rotate) {
      if (refreshToken) this.refresh.delete(refreshToken);
      refreshToken = `rt-${randomBytes(12).toString("hex")}`;
      this.refresh.set(refreshToken, grant);
    }
    return { access_token: access, token_type: "Bearer", expires_in: this.accessTtl, scope: grant.scope, ...(refresh && !this.rotate ? {} : { refresh_token: refreshToken }) };
  }

  /** The token endpoint: [status, body]. */
  token(form: URLSearchParams): [number, object] {
    if (form.get("client_id") !== this.client.id || form.get("client_secret") !== this.client.secret) return [401, { error: "invalid_client" }];
    if (form.get("grant_type") === "authorization_code") {
      const code = this.codes.get(form.get("code") ?? "");
      if (!code || code.used || code.grant.revoked) return [400, { error: "invalid_grant", error_description: "Bad code" }];
      code.used = true;
      if (code.redirectUri !== form.get("redirect_uri")) return [400, { error: "invalid_grant", error_description: "redirect_uri mismatch" }];
      const challenge = createHash("sha256").update(form.get("code_verifier") ?? "").digest("base64url");
      if (challenge !== code.challenge) return [400, { error: "invalid_grant", error_description: "code_verifier does not match" }];
      return [200, this.tokens(code.grant)];
    }
    if (form.get("grant_type") === "refresh_token") {
      const grant = this.refresh.get(form.get("refresh_token") ?? "");
      if (!grant || grant.revoked) return [400, { error: "invalid_grant", error_description: "Token has been expired or revoked." }];
      return [200, this.tokens(grant, form.get("refresh_token")!)];
    }
    return [400, { error: "unsupported_grant_type" }];
  }

  /** The grant behind a bearer token, or null (missing, unknown, expired or revoked). */
  bearer(header: string | undefined): Grant | null {
    const token = /^Bearer (.+)$/.exec(header ?? "")?.[1];
    const entry = token ? this.access.get(token) : undefined;
    return entry && !entry.grant.revoked && entry.expiresAt > Date.now() ? entry.grant : null;
  }

  revokeToken(token: string): boolean {
    const grant = this.refresh.get(token) ?? this.access.get(token)?.grant;
    if (!grant) return false;
    grant.revoked = true;
    return true;
  }

  /** Revokes every grant (the user removed the app in their account). */
  revokeAll(): void {
    for (const g of this.grants) g.revoked = true;
  }
}

export function consentPage(title: string, q: URLSearchParams, action: string): string {
  const hidden = [...q.entries()].map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">`).join("");
  return `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>Cohost wants to see your calendar events.</p>
<form method="post" action="${action}">${hidden}<button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Deny</button></form></body></html>`;
}

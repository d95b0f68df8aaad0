import { afterEach, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { unstable_doesMiddlewareMatch, unstable_getResponseFromNextConfig } from "next/experimental/testing/server";
import { encode } from "next-auth/jwt";
import { authOptions } from "@/lib/auth/next-auth";
import nextConfig from "@/next.config";
import { config as proxyConfig, proxy } from "@/proxy";
import { createUser } from "@/test/users";

// Issue 12's headers, through proxy.ts as Next.js runs it: a NextRequest in, the response (and the
// request headers it hands on to the page) out.
const ENV = { ...process.env };
afterEach(() => {
  for (const name of ["APP_URL", "NEXT_PUBLIC_ANALYTICS_URL", "NEXT_PUBLIC_SENTRY_DSN", "NODE_ENV"]) {
    if (ENV[name] === undefined) delete process.env[name];
    else process.env[name] = ENV[name];
  }
});

/** A session token of a real user: the guard also checks the user's session generation. */
async function sessionToken(): Promise<string> {
  const { user } = await createUser();
  return encode({ token: { sub: user.id, sv: 0 }, secret: process.env.NEXTAUTH_SECRET! });
}

async function signedInCookie(): Promise<string> {
  return `next-auth.session-token=${await sessionToken()}`;
}

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await proxy(new NextRequest(`http://localhost:3000${path}`, { headers }));
  return { response, headers: response.headers, csp: response.headers.get("content-security-policy") ?? "" };
}

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `) || d === name);

describe("security headers on pages", () => {
  it("a nonce-based policy with no eval, no framing and nothing but Cohost to connect to", async () => {
    const { csp, headers } = await get("/signin");
    const nonce = /'nonce-([A-Za-z0-9+/=]{24})'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(directive(csp, "script-src")).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(csp).not.toContain("unsafe-eval");
    expect(directive(csp, "default-src")).toBe("default-src 'self'");
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(csp, "object-src")).toBe("object-src 'none'");
    expect(directive(csp, "base-uri")).toBe("base-uri 'none'");
    expect(directive(csp, "form-action")).toBe("form-action 'self'");
    expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
    expect(directive(csp, "media-src")).toBe("media-src 'self' blob: mediastream:");
    expect(directive(csp, "upgrade-insecure-requests")).toBeUndefined();
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("strict-transport-security")).toBeNull();
    // Next.js reads the nonce from the CSP header of the request it renders.
    expect(headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    expect(headers.get("x-middleware-request-x-nonce")).toBe(nonce);
  });

  it("a fresh nonce for every request", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) nonces.add((await get("/signin")).headers.get("x-middleware-request-x-nonce")!);
    expect(nonces.size).toBe(5);
  });

  it("the same headers on a signed-in page and on the guard's redirect", async () => {
    const page = await get("/agents", { cookie: await signedInCookie() });
    expect(page.response.status).toBe(200);
    expect(directive(page.csp, "script-src")).toContain("'strict-dynamic'");
    const redirect = await get("/agents");
    expect(redirect.response.status).toBe(307);
    expect(redirect.headers.get("location")).toBe("http://localhost:3000/signin?returnUrl=%2Fagents");
    expect(directive(redirect.csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(redirect.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("the microphone for Cohost's own pages (client navigation keeps a page's policy into the test room); camera, location and the rest never; API answers nothing", async () => {
    const policy = async (path: string) => (await get(path, { cookie: await signedInCookie() })).headers.get("permissions-policy")!;
    for (const path of ["/", "/agents", "/signin", "/meetings/cm0abc/details", "/rooms", "/rooms/cm0abc"]) {
      const value = await policy(path);
      expect(value, path).toContain("microphone=(self)");
      expect(value, path).not.toContain("microphone=()");
      for (const feature of ["camera", "geolocation", "payment", "usb", "display-capture"]) expect(value, path).toContain(`${feature}=()`);
    }
    for (const path of ["/api/agents", "/api/rooms"]) expect((await api(path)).headers.get("permissions-policy"), path).toContain("microphone=()");
  });

  it("lets analytics and the error reporter connect, by origin; a relative analytics URL is 'self'", async () => {
    process.env.NEXT_PUBLIC_ANALYTICS_URL = "https://stats.example.com/api/collect";
    process.env.NEXT_PUBLIC_SENTRY_DSN = "https://public-key@o123.ingest.sentry.io/4567";
    expect(directive((await get("/signin")).csp, "connect-src")).toBe("connect-src 'self' https://stats.example.com https://o123.ingest.sentry.io");
    process.env.NEXT_PUBLIC_ANALYTICS_URL = "/__analytics/collect";
    process.env.NEXT_PUBLIC_SENTRY_DSN = "not a url";
    expect(directive((await get("/signin")).csp, "connect-src")).toBe("connect-src 'self'");
  });

  it("eval only for the development server", async () => {
    (process.env as Record<string, string>).NODE_ENV = "development";
    expect(directive((await get("/signin")).csp, "script-src")).toContain("'unsafe-eval'");
  });
});

/** What Next.js adds to an API answer from next.config.ts (the proxy does not run for /api but NextAuth's). */
async function api(path: string, headers: Record<string, string> = {}) {
  const response = await unstable_getResponseFromNextConfig({ url: `http://localhost:3000${path}`, nextConfig, headers });
  return { headers: response.headers, csp: response.headers.get("content-security-policy") ?? "" };
}

describe("security headers on API answers", () => {
  it("a policy that allows nothing, plus the common headers, from next.config.ts on every API path", async () => {
    for (const path of ["/api/agents", "/api/me", "/api/no/such/thing", "/api/auth/session"]) {
      const { csp, headers } = await api(path);
      expect(csp, path).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
      expect(headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(headers.get("x-frame-options"), path).toBe("DENY");
      expect(headers.get("permissions-policy"), path).toContain("camera=()");
      expect(headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("the proxy runs for pages and NextAuth's routes only", () => {
    const runs = (url: string) => unstable_doesMiddlewareMatch({ config: proxyConfig, url, nextConfig });
    for (const url of ["/", "/agents", "/signin", "/rooms/r1", "/api/auth/session", "/api/auth/callback/google", "/favicon.ico"]) expect(runs(url), url).toBe(true);
    for (const url of ["/api/me", "/api/health", "/api/agents/a1", "/_next/static/chunks/x.js"]) expect(runs(url), url).toBe(false);
  });

  it("NextAuth's routes get the API headers from the proxy too; no nonce is made", async () => {
    const { csp, headers } = await get("/api/auth/session");
    expect(csp).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("permissions-policy")).toContain("microphone=()");
    expect(headers.get("x-middleware-request-x-nonce")).toBeNull();
  });

  it("a bot's saved meeting page is shown sandboxed: its styles, none of its scripts", async () => {
    expect((await api("/api/meetings/m1/artifacts/2026-08-21T10-15-30-123Z.html")).csp).toBe(
      "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect((await api("/api/meetings/m1/artifacts/2026-08-21T10-15-30-123Z.png")).csp).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  });
});

describe("on https", () => {
  it("HSTS, upgrade-insecure-requests and Secure cookies", async () => {
    process.env.APP_URL = "https://cohost.example.com";
    const page = await get("/signin?lng=de");
    expect(page.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(directive(page.csp, "upgrade-insecure-requests")).toBe("upgrade-insecure-requests");
    expect(directive(page.csp, "img-src")).toBe("img-src 'self' data: blob: https:");
    expect(page.headers.get("set-cookie")).toMatch(/^lng=de; .*Secure/);
    expect((await get("/api/auth/session")).headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    // API answers: whenever the TLS proxy in front says the request came over https.
    expect((await api("/api/me", { "x-forwarded-proto": "https" })).headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect((await api("/api/me", { "x-forwarded-proto": "https, http" })).headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    for (const proto of ["http", "http, https"]) expect((await api("/api/me", { "x-forwarded-proto": proto })).headers.get("strict-transport-security"), proto).toBeNull();
    expect(authOptions().useSecureCookies).toBe(true);
  });

  it("none of that on plain http (local runs)", async () => {
    const page = await get("/signin?lng=de");
    expect(page.headers.get("set-cookie")).toMatch(/^lng=de; /);
    expect(page.headers.get("set-cookie")).not.toMatch(/Secure/);
    expect(authOptions().useSecureCookies).toBe(false);
  });

  it("the session cookie is found under its https name", async () => {
    process.env.APP_URL = "https://cohost.example.com";
    const token = await sessionToken();
    const secureName = await get("/agents", { cookie: `__Secure-next-auth.session-token=${token}` });
    expect(secureName.response.status).toBe(200);
    const plainName = await get("/agents", { cookie: `next-auth.session-token=${token}` });
    expect(plainName.response.status).toBe(307);
  });
});

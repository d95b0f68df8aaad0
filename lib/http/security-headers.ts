import { servedOverHttps } from "../config.ts";
import { storageMediaOrigin } from "../storage/media-origin.ts";
import { ARTIFACT_HTML_POLICY } from "../meetings/meeting-artifacts.ts";

// The security headers of every page and API answer (docs/security.md explains each choice). Pages
// get a nonce-based Content-Security-Policy from proxy.ts, per request; API answers, which are JSON
// and never rendered, get one that allows nothing at all. Those are the same for every API answer,
// so next.config.ts sends them (apiHeaderRules) and the proxy does not run for /api but NextAuth's
// routes: a proxy invocation costs every API request more than its whole database read.

// Powerful features Cohost never uses, switched off for every document and anything it embeds. Only
// names Chromium knows: an unknown one is a console warning on every page (e2e/hardening.spec.ts
// watches for them).
const FEATURES_OFF = [
  "accelerometer",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "midi",
  "payment",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

/** The origin of an absolute http(s) URL; undefined for relative URLs (covered by 'self') and junk. */
function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where page scripts may send data besides Cohost itself: the analytics collector and the error
 * reporter. Both are NEXT_PUBLIC_ settings, inlined at build time here and in the browser alike.
 */
function reportingOrigins(): string[] {
  const origins = [originOf(process.env.NEXT_PUBLIC_ANALYTICS_URL), originOf(process.env.NEXT_PUBLIC_SENTRY_DSN)];
  return [...new Set(origins.filter((o): o is string => Boolean(o)))];
}

function pagePolicy(nonce: string, opts: { dev?: boolean } = {}): string {
  const https = servedOverHttps();
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // Next.js puts the nonce on its own scripts; 'strict-dynamic' trusts the chunks they load.
    // React needs eval only for its development error overlay.
    ["script-src", "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(opts.dev ? ["'unsafe-eval'"] : [])],
    // Style attributes and the <style> tags Radix injects at run time carry no nonce; styles cannot
    // run script, so inline styles stay allowed.
    ["style-src", "'self'", "'unsafe-inline'"],
    // Profile pictures come from the identity provider's host (Google: https). A local http
    // deployment may use a local identity provider, hence http: there.
    ["img-src", "'self'", "data:", "blob:", "https:", ...(https ? [] : ["http:"])],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'", ...reportingOrigins()],
    // The test room plays agent audio from WebRTC streams and blobs; recordings come from the store.
    ["media-src", "'self'", "blob:", "mediastream:", ...[storageMediaOrigin()].filter((o): o is string => Boolean(o))],
    ["worker-src", "'self'", "blob:"],
    ["frame-src", "'none'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
    ...(https ? [["upgrade-insecure-requests"] as [string]] : []),
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/** API answers are data: nothing in them may load, run or be framed. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The microphone is Cohost's own on every page, never an embedded frame's. A document keeps the
 * policy it was loaded with while the app navigates on the client, so a page that denied it would
 * deny it to the test room reached from there ("Try in the test room", a link, the send dialog);
 * only the test room asks for it (docs/security.md). API answers are data and get nothing.
 */
function permissionsPolicy(page: boolean): string {
  return [...FEATURES_OFF.map((f) => `${f}=()`), page ? "microphone=(self)" : "microphone=()"].join(", ");
}

const HSTS = "max-age=63072000; includeSubDomains";

function commonHeaders(page: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": permissionsPolicy(page),
    // Older browsers that ignore frame-ancestors.
    "X-Frame-Options": "DENY",
  };
}

/**
 * Every header for one answer the proxy handles. `nonce` is given for pages (the same nonce goes into
 * the request's CSP header, from which Next.js stamps it on its scripts); without one the API policy
 * applies (NextAuth's routes).
 */
export function securityHeaders(nonce?: string, opts: { dev?: boolean } = {}): Record<string, string> {
  return {
    "Content-Security-Policy": nonce ? pagePolicy(nonce, opts) : API_POLICY,
    ...commonHeaders(Boolean(nonce)),
    ...(servedOverHttps() ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

type HeaderRule = { source: string; has?: { type: "header"; key: string; value: string }[]; headers: { key: string; value: string }[] };
const list = (headers: Record<string, string>) => Object.entries(headers).map(([key, value]) => ({ key, value }));

/**
 * The API answers' headers as next.config.ts `headers()` rules (a later rule overrides an earlier
 * one's header). They are fixed at build time, while `APP_URL` is a run-time setting, so HSTS goes on
 * the answers to requests the TLS proxy in front says came over https (X-Forwarded-Proto; docs/deploy.md).
 * Browsers ignore HSTS on plain http anyway, and learn it from the first page they load.
 */
export function apiHeaderRules(): HeaderRule[] {
  return [
    { source: "/api/:path*", headers: list({ "Content-Security-Policy": API_POLICY, ...commonHeaders(false) }) },
    { source: "/api/meetings/:id/artifacts/:file(.+\\.html)", headers: list({ "Content-Security-Policy": ARTIFACT_HTML_POLICY }) },
    // The first value is the client's side of the first proxy ("https, http" after two hops).
    { source: "/api/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: "https(?:,.*)?" }], headers: list({ "Strict-Transport-Security": HSTS }) },
  ];
}

/** A fresh, unguessable nonce per page request. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

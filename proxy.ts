import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { isUsableCallbackUrl, unusableCallbackCookies, withoutCookies } from "./lib/auth/callback-url";
import { sessionState } from "./lib/auth/session-version";
import { databaseReachable } from "./lib/db/reachable";
import { requestLocale, unavailablePage } from "./lib/http/unavailable-page";
import { servedOverHttps } from "./lib/config";
import { hasInvalidCharacters } from "./lib/validation/parse";
import { newNonce, securityHeaders } from "./lib/http/security-headers";
import { LOCALE_COOKIE, LOCALES } from "./lib/i18n/locale";

// Runs before every page request and NextAuth's /api/auth/* (not Next's static assets, not the rest
// of /api: their security headers are static and come from next.config.ts, so an API call does not
// pay for a proxy invocation):
// - puts the security headers on every answer (lib/http/security-headers.ts); a page request gets a
//   fresh CSP nonce, passed on in the request's own CSP header, from which Next.js stamps it on its
//   scripts (and x-nonce for our own inline script);
// - redirect-only guard (spec §2): keeps signed-out visitors away from guarded pages (test rooms
//   are open to anyone with their unguessable link). Every /api handler re-checks the user itself;
// - remembers a `?lng=` language choice;
// - keeps junk callback URLs away from NextAuth, which would answer them with a 500
//   (lib/auth/callback-url.ts).
const PUBLIC_PAGES = ["/signin", "/signup", "/reset-password", "/cookie", "/rooms"];

function isPublic(pathname: string): boolean {
  return PUBLIC_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

// Files with an extension (icons, robots.txt) and API calls are not guarded pages.
function isPage(pathname: string): boolean {
  return !pathname.startsWith("/api/") && !/\.[a-zA-Z0-9]+$/.test(pathname);
}

function withLanguage(request: NextRequest, response: NextResponse): NextResponse {
  const lng = request.nextUrl.searchParams.get("lng")?.toLowerCase().split(/[-_]/)[0];
  if (lng && (LOCALES as readonly string[]).includes(lng)) {
    response.cookies.set(LOCALE_COOKIE, lng, { path: "/", sameSite: "lax", secure: servedOverHttps(), maxAge: 365 * 24 * 3600 });
  }
  return response;
}

function secured(response: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/**
 * 503 with Retry-After and a page that retries by itself (lib/http/unavailable-page.ts), for a page
 * loaded while the database is down. Only for a document: the app's own navigations (RSC fetches,
 * which ask for no HTML) keep the shell and show the outage in it (app/(app)/error.tsx).
 */
function isDocument(request: NextRequest): boolean {
  return request.headers.get("sec-fetch-dest") === "document" || (request.headers.get("accept") ?? "").includes("text/html");
}

function unavailable(request: NextRequest): NextResponse | null {
  if (!isDocument(request)) return null;
  const page = unavailablePage(requestLocale(request.cookies.get(LOCALE_COOKIE)?.value, request.headers.get("accept-language")));
  return new NextResponse(page.body, { status: page.status, headers: page.headers });
}

async function guard(request: NextRequest, next: () => NextResponse): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  // A test room is public but is read from the database as it renders: one `SELECT 1` first, so an
  // outage is a 503 that retries rather than a 500.
  if (pathname.startsWith("/rooms/") && isDocument(request) && !(await databaseReachable().catch(() => true))) return unavailable(request) ?? next();
  if (pathname === "/signup") {
    const url = new URL("/signin", request.url);
    url.search = request.nextUrl.search;
    url.searchParams.set("screen", "signup");
    return NextResponse.redirect(url);
  }
  if (isPublic(pathname)) return next();
  const token = await getToken({ req: request, secret: process.env.NEXTAUTH_SECRET || process.env.AUTH_SECRET, secureCookie: servedOverHttps() });
  // A session ended elsewhere (password reset or change, "sign out other sessions") is signed out
  // here: one primary-key read per guarded page (lib/auth/session-version.ts). While the database
  // cannot be reached the session is taken at its word (an outage signs nobody out) and a page load
  // is answered 503 (below); the app's own navigations go ahead and show the outage in the shell,
  // and every API call checks the session again.
  const state = token?.sub ? await sessionState(token.sub, token.sv, token.sid).catch(() => "current" as const) : "current";
  const ended = state === "ended";
  if (!token?.sub || ended) {
    const url = new URL("/signin", request.url);
    url.searchParams.set("returnUrl", `${pathname}${search}`);
    // Say why: the password was changed or the sessions ended on another device (issue 31).
    if (ended) url.searchParams.set("notice", "session-ended");
    const response = NextResponse.redirect(url);
    if (ended) forgetSessionCookies(request, response);
    return response;
  }
  if (state === "unavailable") return unavailable(request) ?? next();
  return next();
}

function forgetSessionCookies(request: NextRequest, response: NextResponse): void {
  for (const { name } of request.cookies.getAll()) {
    if (name.includes("next-auth.session-token")) {
      response.cookies.set(name, "", { path: "/", expires: new Date(0), httpOnly: true, sameSite: "lax", secure: name.startsWith("__Secure-") });
    }
  }
}

/** NextAuth's routes get a clean query: no broken characters, a callbackUrl it can parse. */
function authQueryProblem(request: NextRequest): string | null {
  for (const [key, value] of request.nextUrl.searchParams) {
    if (hasInvalidCharacters(key) || hasInvalidCharacters(value)) return "The query string contains invalid characters";
  }
  const callbackUrl = request.nextUrl.searchParams.get("callbackUrl");
  if (callbackUrl !== null && !isUsableCallbackUrl(callbackUrl, request.nextUrl.origin)) return "callbackUrl must be a URL";
  return null;
}

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  const requestHeaders = new Headers(request.headers);
  const badCookies = unusableCallbackCookies(request.headers.get("cookie"), request.nextUrl.origin);
  if (badCookies.length) requestHeaders.set("cookie", withoutCookies(request.headers.get("cookie")!, badCookies));
  // The request goes on without them, and the browser is told to forget them.
  const forgetBadCookies = (response: NextResponse) => {
    for (const name of badCookies) response.cookies.set(name, "", { path: "/", expires: new Date(0), secure: name.startsWith("__Secure-") });
    return response;
  };

  if (!isPage(pathname)) {
    const problem = pathname.startsWith("/api/auth/") ? authQueryProblem(request) : null;
    const response = problem
      ? NextResponse.json({ error: "bad_request", message: problem }, { status: 400 })
      : badCookies.length
        ? NextResponse.next({ request: { headers: requestHeaders } })
        : NextResponse.next();
    return forgetBadCookies(secured(response, securityHeaders()));
  }

  const nonce = newNonce();
  const headers = securityHeaders(nonce, { dev: process.env.NODE_ENV === "development" });
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]);
  const response = await guard(request, () => NextResponse.next({ request: { headers: requestHeaders } }));
  return forgetBadCookies(secured(withLanguage(request, response), headers));
}

export const config = {
  // Everything but Next's build assets (hashed, immutable files served with their own headers) and
  // the API, whose own handlers check the user; NextAuth's routes need the query and cookie checks.
  matcher: ["/((?!_next/static/|_next/image|api/).*)", "/api/auth/:path*"],
};

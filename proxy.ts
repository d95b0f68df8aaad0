import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { servedOverHttps } from "./lib/config";
import { newNonce, securityHeaders } from "./lib/http/security-headers";
import { LOCALE_COOKIE, LOCALES } from "./lib/i18n/locale";

// Runs before every page and API request (not Next's static assets):
// - puts the security headers on every answer (lib/http/security-headers.ts); a page request gets a
//   fresh CSP nonce, passed on in the request's own CSP header, from which Next.js stamps it on its
//   scripts (and x-nonce for our own inline script);
// - redirect-only guard (spec §2): keeps signed-out visitors away from guarded pages. Every /api
//   handler re-checks the user itself;
// - remembers a `?lng=` language choice.
const PUBLIC_PAGES = ["/signin", "/signup", "/reset-password", "/cookie"];

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

async function guard(request: NextRequest, next: () => NextResponse): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  if (pathname === "/signup") {
    const url = new URL("/signin", request.url);
    url.search = request.nextUrl.search;
    url.searchParams.set("screen", "signup");
    return NextResponse.redirect(url);
  }
  if (isPublic(pathname)) return next();
  const token = await getToken({ req: request, secret: process.env.NEXTAUTH_SECRET || process.env.AUTH_SECRET, secureCookie: servedOverHttps() });
  if (!token?.sub) {
    const url = new URL("/signin", request.url);
    url.searchParams.set("returnUrl", `${pathname}${search}`);
    return NextResponse.redirect(url);
  }
  return next();
}

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (!isPage(pathname)) return secured(NextResponse.next(), securityHeaders(pathname));

  const nonce = newNonce();
  const headers = securityHeaders(pathname, nonce, { dev: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]);
  const response = await guard(request, () => NextResponse.next({ request: { headers: requestHeaders } }));
  return secured(withLanguage(request, response), headers);
}

export const config = {
  // Everything but Next's build assets (hashed, immutable files served with their own headers).
  matcher: ["/((?!_next/static/|_next/image).*)"],
};

import { NextResponse, type NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { LOCALE_COOKIE, LOCALES } from "./lib/i18n/locale";

// Redirect-only guard (spec §2). Every /api handler re-checks the user itself; this only keeps
// signed-out visitors away from guarded pages and remembers a `?lng=` language choice. Test rooms
// are open to anyone with their (unguessable) link.
const PUBLIC_PAGES = ["/signin", "/signup", "/reset-password", "/cookie", "/rooms"];

function isPublic(pathname: string): boolean {
  return PUBLIC_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

function withLanguage(request: NextRequest, response: NextResponse): NextResponse {
  const lng = request.nextUrl.searchParams.get("lng")?.toLowerCase().split(/[-_]/)[0];
  if (lng && (LOCALES as readonly string[]).includes(lng)) {
    response.cookies.set(LOCALE_COOKIE, lng, { path: "/", sameSite: "lax", maxAge: 365 * 24 * 3600 });
  }
  return response;
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname === "/signup") {
    const url = new URL("/signin", request.url);
    url.search = request.nextUrl.search;
    url.searchParams.set("screen", "signup");
    return withLanguage(request, NextResponse.redirect(url));
  }
  if (isPublic(pathname)) return withLanguage(request, NextResponse.next());

  const token = await getToken({ req: request, secret: process.env.NEXTAUTH_SECRET || process.env.AUTH_SECRET });
  if (!token?.sub) {
    const url = new URL("/signin", request.url);
    url.searchParams.set("returnUrl", `${pathname}${search}`);
    return withLanguage(request, NextResponse.redirect(url));
  }
  return withLanguage(request, NextResponse.next());
}

export const config = {
  // Pages only: not /api, not Next's assets, not files with an extension (fonts, icons).
  matcher: ["/((?!api/|_next/|.*\\.[a-zA-Z0-9]+$).*)"],
};

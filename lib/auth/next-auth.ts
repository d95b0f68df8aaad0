import type { NextAuthOptions } from "next-auth";
import { headers } from "next/headers";
import CredentialsProvider from "next-auth/providers/credentials";
import GoogleProvider from "next-auth/providers/google";
import { servedOverHttps } from "../config.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { AppError } from "../errors/app-error.ts";
import { log } from "../log.ts";
import { LIMITS, enforce } from "../rate-limit/rate-limit.ts";
import { authenticate } from "./accounts.ts";
import { upsertGoogleUser, type GoogleProfile } from "./google-user.ts";
import { emailSchema } from "./schema.ts";
import { sessionIsCurrent, sessionVersionOf } from "./session-version.ts";
import { startDeviceSession } from "./device-sessions.ts";

// Thrown by the jwt callback for a cookie whose session was ended: next-auth then answers "no
// session" and clears the cookie. Expected, so not logged as an error.
const SESSION_ENDED = "session_ended";

export function googleEnabled(): boolean {
  return Boolean(process.env.GOOGLE_CLIENT_ID && process.env.GOOGLE_CLIENT_SECRET);
}

function googleProvider() {
  const issuer = (process.env.GOOGLE_ISSUER || "https://accounts.google.com").replace(/\/$/, "");
  return GoogleProvider({
    clientId: process.env.GOOGLE_CLIENT_ID!,
    clientSecret: process.env.GOOGLE_CLIENT_SECRET!,
    issuer,
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    authorization: { params: { scope: "openid email profile" } },
  });
}

/** The sign-in error code (`?error=`) when the database could not be reached to check a password. */
export const SIGN_IN_UNAVAILABLE = "service_unavailable";

function forwardedFor(headers: Record<string, unknown> | undefined): string {
  const value = headers?.["x-forwarded-for"];
  return (typeof value === "string" ? value.split(",")[0].trim() : "") || "unknown";
}

/** The signing-in browser's User-Agent (the sign-in runs inside its request). */
async function userAgent(): Promise<string> {
  try {
    return (await headers()).get("user-agent") ?? "";
  } catch {
    return ""; // outside a request (tests calling the callback directly)
  }
}

// The browser's sign-in (cookie sessions, JWT strategy). Non-browser clients use /api/token.
// Error codes thrown from authorize() reach the sign-in screen as ?error=<code>.
export function authOptions(): NextAuthOptions {
  return {
    secret: process.env.NEXTAUTH_SECRET || process.env.AUTH_SECRET,
    // Secure (and __Secure-/__Host- prefixed) cookies exactly when Cohost is served over https; the
    // readers (proxy.ts, session-cookie.ts) use the same rule to find them.
    useSecureCookies: servedOverHttps(),
    session: { strategy: "jwt", maxAge: 30 * 24 * 3600, updateAge: 24 * 3600 },
    pages: { signIn: "/signin", error: "/signin" },
    logger: {
      error(code, metadata) {
        if (code === "JWT_SESSION_ERROR" && (metadata as { message?: string })?.message === SESSION_ENDED) return;
        log({ event: "next_auth_error", level: "error", code, metadata });
      },
    },
    providers: [
      CredentialsProvider({
        name: "E-mail",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          try {
            await enforce(`auth-ip:${forwardedFor(req?.headers)}`, LIMITS.authPerIp());
            const email = emailSchema.parse(credentials?.email ?? "");
            const user = await authenticate(email, credentials?.password ?? "");
            return { id: user.id, email: user.email, name: user.name, sessionVersion: user.sessionVersion };
          } catch (err) {
            if (err instanceof AppError && (err.code === "email_not_verified" || err.code === "rate_limited")) {
              throw new Error(err.code);
            }
            // Not "wrong password" when we could not check it (app/api/auth answers 503).
            if (isDatabaseUnavailable(err)) throw new Error(SIGN_IN_UNAVAILABLE);
            return null;
          }
        },
      }),
      ...(googleEnabled() ? [googleProvider()] : []),
    ],
    callbacks: {
      async signIn({ account, profile }) {
        if (account?.provider !== "google") return true;
        const p = profile as GoogleProfile | undefined;
        return Boolean(p?.email && p.email_verified !== false);
      },
      async jwt({ token, user, account, profile }) {
        if (account?.provider === "google" && profile) {
          token.sub = await upsertGoogleUser(profile as GoogleProfile);
          token.sv = await sessionVersionOf(token.sub);
          token.sid = await startDeviceSession(token.sub, await userAgent(), token.sv as number);
        } else if (user) {
          token.sub = user.id;
          token.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
          // This browser is a signed-in device of its own (the account page lists it).
          token.sid = await startDeviceSession(token.sub, await userAgent(), token.sv as number);
        } else if (token.sub && !(await sessionIsCurrent(token.sub, token.sv, token.sid).catch(() => true))) {
          // Every later read of the cookie (pages, the client's session refresh): a session issued
          // before the user's sessions were ended is over. A database that cannot be reached ends
          // nobody's session (next-auth would clear the cookie): API calls check again anyway.
          throw new Error(SESSION_ENDED);
        }
        return token;
      },
      async session({ session, token }) {
        if (session.user) (session.user as { id?: string }).id = token.sub;
        return session;
      },
      // Only same-site redirects after sign-in or sign-out.
      async redirect({ url, baseUrl }) {
        if (url.startsWith("/") && !url.startsWith("//")) return `${baseUrl}${url}`;
        try {
          if (new URL(url).origin === baseUrl) return url;
        } catch {
          /* fall through */
        }
        return baseUrl;
      },
    },
  };
}

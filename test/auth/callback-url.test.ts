import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";

// NextAuth answers a callbackUrl it cannot parse with a 500 and then sees no session anywhere; the
// proxy keeps such values away from it (the e2e suite sends the same junk to the real routes).
const run = (path: string, cookie?: string) => proxy(new NextRequest(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} }));

describe("junk callback URLs never reach NextAuth", () => {
  it("refuses a callbackUrl NextAuth cannot parse, or any junk in its query, with a JSON 400", async () => {
    for (const [query, message] of [
      ["callbackUrl=javascript%3Aalert(1)", "callbackUrl must be a URL"],
      ["callbackUrl=%3A%2F%2F", "callbackUrl must be a URL"],
      ["callbackUrl=%00", "The query string contains invalid characters"],
      ["error=%00", "The query string contains invalid characters"],
    ]) {
      const response = await run(`/api/auth/signin/google?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ error: "bad_request", message });
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("passes usable callback URLs on (NextAuth's redirect callback keeps them on this site)", async () => {
    for (const query of ["callbackUrl=%2Fbilling", "callbackUrl=https%3A%2F%2Felsewhere.example%2Fx", "error=CredentialsSignin"]) {
      const response = await run(`/api/auth/signin/google?${query}`);
      expect(response.status, query).toBe(200);
      expect(response.headers.get("x-middleware-next")).toBe("1");
    }
  });

  it("drops a tampered callback-url cookie from the request, keeps the others, and tells the browser to forget it", async () => {
    for (const path of ["/api/auth/session", "/signin"]) {
      const response = await run(path, "next-auth.callback-url=%00; next-auth.session-token=abc.def; lng=de");
      expect(response.headers.get("x-middleware-request-cookie"), path).toBe("next-auth.session-token=abc.def; lng=de");
      expect(response.headers.get("set-cookie"), path).toMatch(/^next-auth\.callback-url=; Path=\/; Expires=Thu, 01 Jan 1970/);
    }
    // A usable one goes on untouched.
    const fine = await run("/api/auth/session", "next-auth.callback-url=http%3A%2F%2Flocalhost%3A3000%2Fagents; next-auth.session-token=abc");
    expect(fine.headers.get("x-middleware-override-headers")).toBeNull();
    expect(fine.headers.get("set-cookie")).toBeNull();
  });
});

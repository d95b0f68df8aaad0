import { expect } from "vitest";
import { GET as connectRoute } from "@/app/api/calendars/connect/[provider]/route";
import { GET as callbackRoute } from "@/app/api/calendars/connect/[provider]/callback/route";

// The connect flow as the browser walks it: our connect link, the stand-in's consent page and its
// "Allow", the redirect back to our callback with the cookie the connect link set.

const CONSENT_PATHS: Record<string, string> = { google: "/o/oauth2/v2/auth/consent", microsoft: "/common/oauth2/v2.0/authorize/consent" };

export async function startConnecting(headers: Record<string, string>, provider: string, agentId: string) {
  const start = await connectRoute(new Request(`http://localhost:3000/api/calendars/connect/${provider}?agentId=${agentId}&back=/calendar`, { headers }), { params: Promise.resolve({ provider }) });
  expect(start.status).toBe(303);
  return { consentUrl: new URL(start.headers.get("location")!), cookie: start.headers.get("set-cookie")!.split(";")[0] };
}

/** Allows at the stand-in's consent page; the address it sends the browser back to. */
export async function allow(fakesUrl: string, provider: string, consentUrl: URL): Promise<string> {
  expect((await fetch(consentUrl)).status).toBe(200);
  const consent = await fetch(`${fakesUrl}${CONSENT_PATHS[provider]}`, { method: "POST", body: new URLSearchParams({ ...Object.fromEntries(consentUrl.searchParams), decision: "allow" }), redirect: "manual" });
  return consent.headers.get("location")!;
}

export async function callback(headers: Record<string, string>, provider: string, back: string, cookie: string): Promise<Response> {
  return callbackRoute(new Request(back, { headers: { ...headers, cookie: [headers.cookie, cookie].filter(Boolean).join("; ") } }), { params: Promise.resolve({ provider }) });
}

/** Connects a calendar of `provider` for the agent; the page the browser ends on. */
export async function connect(fakesUrl: string, headers: Record<string, string>, provider: string, agentId: string): Promise<string> {
  const { consentUrl, cookie } = await startConnecting(headers, provider, agentId);
  expect(consentUrl.origin).toBe(fakesUrl);
  expect(consentUrl.searchParams.get("code_challenge_method")).toBe("S256");
  const done = await callback(headers, provider, await allow(fakesUrl, provider, consentUrl), cookie);
  expect(done.status).toBe(303);
  return done.headers.get("location")!;
}

import { appUrl, servedOverHttps } from "../../config.ts";
import { decryptSecret, encryptSecret } from "../../crypto/secrets.ts";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors/app-error.ts";
import { authorizationUrl } from "./oauth.ts";
import { isConnectProvider, providerConfig, type ConnectProvider } from "./providers.ts";

// "Connect Google Calendar" / "Connect Microsoft 365 / Outlook": the browser is sent to the
// provider's consent page. The PKCE verifier and the state travel in a short-lived cookie, encrypted
// with APP_ENCRYPTION_KEY and naming the signed-in user: the callback accepts only its own state, for
// the same user (the state is bound to the session).

export const CONNECT_COOKIE = "cohost_calendar_connect";
const COOKIE_PATH = "/api/calendars/connect";
const TTL_MS = 10 * 60_000;

export interface PendingConnect {
  state: string;
  verifier: string;
  userId: string;
  agentId: string;
  provider: ConnectProvider;
  back: string;
  expiresAt: number;
}

export const redirectUri = (provider: ConnectProvider) => `${appUrl()}/api/calendars/connect/${provider}/callback`;

/** Where the user returns to: the page they came from (a path of ours, never another origin). */
export function backPath(back: string | null): string {
  return back && /^\/(calendar|agents\/[A-Za-z0-9_-]+\/calendar)$/.test(back) ? back : "/calendar";
}

export function withProblem(back: string, problem: string): string {
  return `${appUrl()}${back}?connectError=${encodeURIComponent(problem)}`;
}

function cookie(value: string, maxAgeSeconds: number): string {
  return `${CONNECT_COOKIE}=${value}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${servedOverHttps() ? "; Secure" : ""}`;
}
export const clearedCookie = () => cookie("", 0);

export function readPending(cookieHeader: string | null): PendingConnect | null {
  const raw = cookieHeader?.split(/;\s*/).find((c) => c.startsWith(`${CONNECT_COOKIE}=`))?.slice(CONNECT_COOKIE.length + 1);
  if (!raw) return null;
  try {
    const pending = JSON.parse(decryptSecret(decodeURIComponent(raw))) as PendingConnect;
    return pending.expiresAt > Date.now() ? pending : null;
  } catch {
    return null;
  }
}

/** The provider's consent page (with the cookie to set), or the page to go back to with the problem. */
export async function startConnect(userId: string, provider: string, query: URLSearchParams): Promise<{ location: string; cookie?: string }> {
  const back = backPath(query.get("back"));
  if (!isConnectProvider(provider)) throw new AppError("not_found", "Unknown calendar provider");
  const cfg = providerConfig(provider);
  if (!cfg) return { location: withProblem(back, `The operator of this Cohost has not set up ${provider === "google" ? "Google" : "Microsoft"} calendars`) };
  const agentId = query.get("agentId");
  const agents = await db.agent.findMany({ where: { userId, ...(agentId ? { id: agentId } : {}) }, select: { id: true }, take: 2 });
  if (agents.length !== 1) return { location: withProblem(back, agents.length === 0 ? "Create an agent first: calendar events are meetings for an agent to join" : "Choose the agent this calendar is for") };
  const { url, state, verifier } = await authorizationUrl(cfg, redirectUri(provider));
  const pending: PendingConnect = { state, verifier, userId, agentId: agents[0].id, provider, back, expiresAt: Date.now() + TTL_MS };
  return { location: url, cookie: cookie(encodeURIComponent(encryptSecret(JSON.stringify(pending))), TTL_MS / 1000) };
}

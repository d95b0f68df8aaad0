// Signed-in bots (issue 27, docs/platforms.md "Signed-in bots"): which sites a stored browser session
// belongs to. A session is a bearer credential for the whole account, so only its provider's own
// cookies and origins are ever kept, and it is loaded only for that provider's meetings.

export const BOT_SESSION_PROVIDERS = ["google", "microsoft"] as const;
export type BotSessionProvider = (typeof BOT_SESSION_PROVIDERS)[number];

/** The provider's own domains: a host that is one of them or below one of them. */
const DOMAINS: Record<BotSessionProvider, string[]> = {
  google: ["google.com"],
  microsoft: ["login.microsoftonline.com", "live.com", "teams.microsoft.com", "teams.cloud.microsoft"],
};

/** The meeting platform whose meetings a provider's account joins. */
const PLATFORM: Record<BotSessionProvider, string> = { google: "meet", microsoft: "teams" };

/** Whether a cookie domain (".google.com") or host belongs to the provider. */
export function domainBelongsTo(provider: BotSessionProvider, domain: string): boolean {
  const host = domain.trim().toLowerCase().replace(/^\./, "");
  return host !== "" && DOMAINS[provider].some((d) => host === d || host.endsWith(`.${d}`));
}

/** Whether an origin ("https://meet.google.com") belongs to the provider (https only). */
export function originBelongsTo(provider: BotSessionProvider, origin: string): boolean {
  try {
    const url = new URL(origin);
    return url.protocol === "https:" && url.origin === origin && domainBelongsTo(provider, url.hostname);
  } catch {
    return false;
  }
}

/** The provider whose session a meeting on `platform` may use, if any (Zoom and the test room: none). */
export function providerForPlatform(platform: string): BotSessionProvider | null {
  return BOT_SESSION_PROVIDERS.find((p) => PLATFORM[p] === platform) ?? null;
}

export interface StoredCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: "Strict" | "Lax" | "None";
}

/** A Playwright storageState as kept: cookies and each origin's localStorage. */
export interface BotStorageState {
  cookies: StoredCookie[];
  origins: { origin: string; localStorage: { name: string; value: string }[] }[];
}

/** Only the provider's cookies and origins of `state`. */
export function keepProviderOnly(provider: BotSessionProvider, state: BotStorageState): BotStorageState {
  return {
    cookies: state.cookies.filter((c) => domainBelongsTo(provider, c.domain)),
    origins: state.origins.filter((o) => originBelongsTo(provider, o.origin)),
  };
}

import type { CalendarSource } from "../../generated/prisma/client.ts";

// The OAuth clients and API addresses of the two calendar providers (docs/calendars.md, "Connected
// calendars"). The operator registers one OAuth client with each and sets its id and secret; the
// addresses default to the real services and are set to the local stand-ins in tests.

export type ConnectProvider = Extract<CalendarSource, "google" | "microsoft">;

export interface ProviderConfig {
  provider: ConnectProvider;
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** RFC 7009 revocation (Google); Microsoft has none for one app's grant. */
  revocationEndpoint: string | null;
  /** The API's base (Google: …/calendar/v3, Graph: …/v1.0). */
  apiBase: string;
  /** Least scopes: read-only calendar events, plus a refresh token. */
  scopes: string[];
  /** Extra authorization parameters that ask for a refresh token. */
  offlineParams: Record<string, string>;
}

const trim = (url: string) => url.replace(/\/+$/, "");

export function providerConfig(provider: ConnectProvider): ProviderConfig | null {
  if (provider === "google") {
    const clientId = process.env.GOOGLE_CALENDAR_CLIENT_ID || process.env.GOOGLE_CLIENT_ID;
    const clientSecret = process.env.GOOGLE_CALENDAR_CLIENT_SECRET || process.env.GOOGLE_CLIENT_SECRET;
    if (!clientId || !clientSecret) return null;
    const accounts = trim(process.env.GOOGLE_ACCOUNTS_URL || "https://accounts.google.com");
    const oauth2 = trim(process.env.GOOGLE_OAUTH2_URL || "https://oauth2.googleapis.com");
    return {
      provider,
      clientId,
      clientSecret,
      authorizationEndpoint: `${accounts}/o/oauth2/v2/auth`,
      tokenEndpoint: `${oauth2}/token`,
      revocationEndpoint: `${oauth2}/revoke`,
      apiBase: `${trim(process.env.GOOGLE_CALENDAR_API_URL || "https://www.googleapis.com")}/calendar/v3`,
      scopes: ["https://www.googleapis.com/auth/calendar.events.readonly"],
      // access_type=offline gives a refresh token; prompt=consent gives one again on a reconnect.
      offlineParams: { access_type: "offline", prompt: "consent", include_granted_scopes: "false" },
    };
  }
  const clientId = process.env.MICROSOFT_CLIENT_ID;
  const clientSecret = process.env.MICROSOFT_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  const login = `${trim(process.env.MICROSOFT_LOGIN_URL || "https://login.microsoftonline.com")}/${process.env.MICROSOFT_TENANT || "common"}/oauth2/v2.0`;
  return {
    provider,
    clientId,
    clientSecret,
    authorizationEndpoint: `${login}/authorize`,
    tokenEndpoint: `${login}/token`,
    revocationEndpoint: null,
    apiBase: `${trim(process.env.MICROSOFT_GRAPH_URL || "https://graph.microsoft.com")}/v1.0`,
    scopes: ["offline_access", "Calendars.Read"],
    offlineParams: { prompt: "select_account" },
  };
}

export function isConnectProvider(value: string): value is ConnectProvider {
  return value === "google" || value === "microsoft";
}

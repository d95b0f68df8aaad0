import { randomBytes, randomUUID } from "node:crypto";
import type { CalendarConnection } from "../../generated/prisma/client.ts";
import { appUrl } from "../../config.ts";
import { sha256 } from "../../crypto/random-token.ts";
import { decryptSecret } from "../../crypto/secrets.ts";
import { db } from "../../db/client.ts";
import { apiRequest, ProviderApiError } from "./provider-api.ts";
import type { ProviderConfig } from "./providers.ts";

// Changes in seconds: a Google push channel (events.watch) or a Graph subscription per connected
// calendar, pointing at Cohost's push endpoints (app/api/calendars/push/…). Each carries a secret
// (Google's channel token, Graph's clientState) whose SHA-256 is kept to check notifications. Made
// after a sync when there is none, renewed when it expires within a day (Google: a new channel, the
// old one stopped; Graph: PATCH of its expiry), stopped on disconnect. Providers reach only public
// https addresses: without one (a laptop) the calendar is polled (docs/calendars.md).

const DAY_MS = 24 * 3600_000;
/** Google's channels live up to a week unless the ttl says otherwise; Graph's event subscriptions up to ~3 days are safe. */
const GOOGLE_TTL_S = 7 * 24 * 3600;
const GRAPH_TTL_MS = 3 * DAY_MS - 3600_000;

/** The base address providers send notifications to, or null when Cohost is not reachable from the internet. */
export function pushBase(): string | null {
  const explicit = process.env.CALENDAR_PUSH_URL;
  if (explicit) return explicit.replace(/\/+$/, "");
  const url = new URL(appUrl());
  const local = /^(localhost|127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|\[::1\]|.*\.local$|.*\.internal$)/.test(url.hostname);
  return url.protocol === "https:" && !local ? url.origin : null;
}

type Fields = Pick<CalendarConnection, "channelId" | "channelResourceId" | "channelSecretHash" | "channelExpiresAt">;

async function createChannel(cfg: ProviderConfig, token: string, base: string): Promise<Fields> {
  const secret = randomBytes(24).toString("base64url");
  if (cfg.provider === "google") {
    const body = (await apiRequest(cfg, `${cfg.apiBase}/calendars/primary/events/watch`, token, {
      method: "POST",
      body: { id: randomUUID(), type: "web_hook", address: `${base}/api/calendars/push/google`, token: secret, params: { ttl: String(GOOGLE_TTL_S) } },
    })) as { id: string; resourceId: string; expiration?: string };
    return { channelId: body.id, channelResourceId: body.resourceId, channelSecretHash: sha256(secret), channelExpiresAt: new Date(Number(body.expiration ?? Date.now() + GOOGLE_TTL_S * 1000)) };
  }
  const body = (await apiRequest(cfg, `${cfg.apiBase}/subscriptions`, token, {
    method: "POST",
    body: {
      changeType: "created,updated,deleted",
      notificationUrl: `${base}/api/calendars/push/microsoft`,
      lifecycleNotificationUrl: `${base}/api/calendars/push/microsoft/lifecycle`,
      resource: "me/events",
      expirationDateTime: new Date(Date.now() + GRAPH_TTL_MS).toISOString(),
      clientState: secret,
    },
  })) as { id: string; expirationDateTime: string };
  return { channelId: body.id, channelResourceId: null, channelSecretHash: sha256(secret), channelExpiresAt: new Date(body.expirationDateTime) };
}

/** Stops the connection's channel at the provider (a channel already gone is fine). */
export async function stopPush(cfg: ProviderConfig, conn: Fields & { accessTokenEnc: string }, token?: string): Promise<void> {
  if (!conn.channelId) return;
  const bearer = token ?? decryptSecret(conn.accessTokenEnc);
  try {
    if (cfg.provider === "google") await apiRequest(cfg, `${cfg.apiBase}/channels/stop`, bearer, { method: "POST", body: { id: conn.channelId, resourceId: conn.channelResourceId } });
    else await apiRequest(cfg, `${cfg.apiBase}/subscriptions/${encodeURIComponent(conn.channelId)}`, bearer, { method: "DELETE" });
  } catch (err) {
    if (!(err instanceof ProviderApiError && / 404/.test(err.message))) throw err;
  }
}

/** After a sync: a channel when there is none (and Cohost is reachable), renewed within a day of its end. */
export async function ensurePush(cfg: ProviderConfig, conn: CalendarConnection, token: string, now = new Date()): Promise<void> {
  const base = pushBase();
  if (!base) return;
  if (conn.channelId && conn.channelExpiresAt && conn.channelExpiresAt.getTime() - now.getTime() > DAY_MS) return;
  let fields: Fields | null = null;
  if (conn.channelId && cfg.provider === "microsoft") {
    try {
      const renewed = (await apiRequest(cfg, `${cfg.apiBase}/subscriptions/${encodeURIComponent(conn.channelId)}`, token, { method: "PATCH", body: { expirationDateTime: new Date(now.getTime() + GRAPH_TTL_MS).toISOString() } })) as { expirationDateTime: string };
      fields = { ...conn, channelExpiresAt: new Date(renewed.expirationDateTime) };
    } catch {
      fields = null; // gone: a new subscription below
    }
  }
  if (!fields) {
    fields = await createChannel(cfg, token, base);
    if (conn.channelId) await stopPush(cfg, conn, token).catch(() => {});
  }
  await db.calendarConnection.update({ where: { id: conn.id }, data: { channelId: fields.channelId, channelResourceId: fields.channelResourceId, channelSecretHash: fields.channelSecretHash, channelExpiresAt: fields.channelExpiresAt } });
}

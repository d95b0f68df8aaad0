import { timingSafeEqual } from "node:crypto";
import { sha256 } from "../../crypto/random-token.ts";
import { db } from "../../db/client.ts";
import { log } from "../../log.ts";
import { requestImport } from "../request-import.ts";

// Notifications from the providers (no session: the channel's secret is the credential). Each one
// that checks out asks for one incremental sync of its calendar in the jobs process; the import
// queue keeps at most one waiting per calendar, so a burst of notifications costs one sync and no
// calendar can crowd out another's. Answers are quick and say nothing about what exists.

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function syncChannel(channelId: string, secret: string, resourceId?: string | null): Promise<boolean> {
  const conn = await db.calendarConnection.findFirst({ where: { channelId }, select: { calendarId: true, channelSecretHash: true, channelResourceId: true, reconnectReason: true } });
  if (!conn?.channelSecretHash || !same(conn.channelSecretHash, sha256(secret))) return false;
  if (resourceId !== undefined && conn.channelResourceId !== resourceId) return false;
  if (!conn.reconnectReason) await db.$transaction((tx) => requestImport(tx, conn.calendarId));
  return true;
}

/** Google: X-Goog-Channel-ID, -Token, -Resource-ID, -Resource-State ("sync" opens a channel). */
export async function receiveGoogle(headers: Headers): Promise<number> {
  const channelId = headers.get("x-goog-channel-id");
  const token = headers.get("x-goog-channel-token");
  const state = headers.get("x-goog-resource-state");
  if (!channelId || !token) return 400;
  if (state === "sync") return 200;
  const ok = await syncChannel(channelId, token, headers.get("x-goog-resource-id"));
  if (!ok) log({ event: "calendar_push_refused", level: "warn", provider: "google", channelId });
  return 200;
}

interface GraphNotification {
  subscriptionId?: string;
  clientState?: string;
  lifecycleEvent?: string;
}

function isNotification(n: unknown): n is Required<Pick<GraphNotification, "subscriptionId" | "clientState">> & GraphNotification {
  const o = n as GraphNotification | null;
  return typeof o === "object" && o !== null && typeof o.subscriptionId === "string" && o.subscriptionId !== "" && typeof o.clientState === "string" && o.clientState !== "";
}

/** Graph: a batch of change (or lifecycle) notifications, each with its subscription's clientState. */
export async function receiveGraph(body: unknown): Promise<number> {
  const value = (body as { value?: GraphNotification[] } | null)?.value;
  if (!Array.isArray(value)) return 400;
  for (const n of value.slice(0, 100) as unknown[]) {
    if (!isNotification(n)) continue;
    // The clientState proves the notification is Graph's for this subscription: nothing is done
    // for one that does not carry it.
    const conn = await db.calendarConnection.findFirst({ where: { channelId: n.subscriptionId }, select: { id: true, channelSecretHash: true } });
    if (!conn?.channelSecretHash || !same(conn.channelSecretHash, sha256(n.clientState))) {
      log({ event: "calendar_push_refused", level: "warn", provider: "microsoft", channelId: n.subscriptionId });
      continue;
    }
    // reauthorizationRequired, subscriptionRemoved, missed: a sync, which renews or recreates the
    // subscription (a removed one is forgotten first) and catches up on what was missed.
    if (n.lifecycleEvent === "subscriptionRemoved") await db.calendarConnection.update({ where: { id: conn.id }, data: { channelExpiresAt: new Date(0) } });
    else if (n.lifecycleEvent === "reauthorizationRequired") await db.calendarConnection.update({ where: { id: conn.id }, data: { channelExpiresAt: new Date() } });
    await syncChannel(n.subscriptionId, n.clientState);
  }
  return 202;
}

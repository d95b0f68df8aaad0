import type { CalendarConnection, Prisma } from "../../generated/prisma/client.ts";
import { appUrl } from "../../config.ts";
import { db } from "../../db/client.ts";
import { QUEUES, jobSender } from "../../jobs/boss.ts";
import { errorText, log } from "../../log.ts";
import { sendNotice } from "../../mail/send.ts";
import { calendarReconnectMail } from "../../mail/templates.ts";
import { importEvents } from "../import-events.ts";
import { AGENT_RULES, IMPORT_TRANSACTION } from "../import-window.ts";
import { accessToken } from "./access-token.ts";
import { GrantRevokedError } from "./oauth.ts";
import { ensurePush } from "./push-channel.ts";
import { apiRequest, ThrottledError, UnauthorizedError } from "./provider-api.ts";
import { graphAccountEmail, pullChanges } from "./pull-changes.ts";
import { providerConfig, type ConnectProvider } from "./providers.ts";

// A connected calendar's sync, in the jobs process (the calendar-import job and the schedule): the
// changes since the last sync applied to the kept events and imported like any calendar's
// occurrences, in one transaction with the new sync token. A revoked grant marks the connection
// "Reconnect" and e-mails the owner once; the imported events are kept (never deleted silently).

export const PROVIDER_NAMES: Record<ConnectProvider, string> = { google: "Google", microsoft: "Microsoft" };

async function markReconnect(conn: CalendarConnection, reason: string): Promise<string> {
  const message = `Cohost lost access to this calendar (${reason}). Reconnect it; its events are kept meanwhile.`;
  const claimed = await db.calendarConnection.updateMany({ where: { id: conn.id, reconnectMailedAt: null }, data: { reconnectReason: reason, reconnectMailedAt: new Date() } });
  await db.calendarConnection.updateMany({ where: { id: conn.id }, data: { reconnectReason: reason } });
  await db.calendar.updateMany({ where: { id: conn.calendarId }, data: { syncError: message, lastAttemptAt: new Date() } });
  if (claimed.count) {
    const user = await db.user.findUnique({ where: { id: conn.userId }, select: { email: true } });
    if (user) await sendNotice(calendarReconnectMail(user.email, PROVIDER_NAMES[conn.provider as ConnectProvider], conn.accountEmail, reason, `${appUrl()}/calendar`));
  }
  log({ event: "calendar_connection_revoked", calendarId: conn.calendarId, userId: conn.userId, reason });
  return message;
}

/** Asks for another sync after the provider's Retry-After. */
async function retryLater(calendarId: string, seconds: number): Promise<void> {
  const boss = await jobSender();
  await boss.send(QUEUES.calendarImport, { calendarId }, { singletonKey: `${calendarId}:retry`, startAfter: seconds });
  await db.calendar.updateMany({ where: { id: calendarId }, data: { importRequestedAt: new Date() } });
}

export async function syncConnectedCalendar(calendarId: string, now = new Date()): Promise<string | null> {
  const calendar = await db.calendar.findUnique({ where: { id: calendarId }, include: { ...AGENT_RULES, connection: true } });
  const conn = calendar?.connection;
  if (!calendar || !conn) return null;
  if (conn.reconnectReason) return calendar.syncError;
  const provider = conn.provider as ConnectProvider;
  const cfg = providerConfig(provider);
  if (!cfg) {
    const message = `The operator of this Cohost has not set up ${PROVIDER_NAMES[provider]} calendars; its events are kept as they were.`;
    await db.calendar.updateMany({ where: { id: calendarId }, data: { syncError: message, lastAttemptAt: now } });
    return message;
  }
  try {
    let token = await accessToken(cfg, conn);
    let retried = false;
    const get = async (url: string, headers?: Record<string, string>): Promise<unknown> => {
      try {
        return await apiRequest(cfg, url, token, { headers });
      } catch (err) {
        // A 401 with a token that should still be fresh: refresh once, then the grant is gone.
        if (!(err instanceof UnauthorizedError) || retried) throw err;
        retried = true;
        token = await accessToken(cfg, conn, true);
        return apiRequest(cfg, url, token, { headers });
      }
    };
    // Where a sync's time goes (the provider's pages, reading/expanding, the import), in the log line.
    const began = performance.now();
    let fetchMs = 0;
    let pages = 0;
    const timedGet = async (url: string, headers?: Record<string, string>): Promise<unknown> => {
      const t = performance.now();
      try {
        return await get(url, headers);
      } finally {
        fetchMs += performance.now() - t;
        pages++;
      }
    };
    const pulled = await pullChanges(cfg, conn, timedGet, now);
    const pulledAt = performance.now();
    const accountEmail = pulled.accountEmail ?? (conn.accountEmail || (provider === "microsoft" ? await graphAccountEmail(cfg, token) : null));
    await db.$transaction(async (tx) => {
      const joinRule = { rule: conn.joinRule, keyword: conn.joinKeyword };
      await importEvents(tx, { calendarId, userId: calendar.userId, agent: calendar.agent, window: pulled.window, joinRule }, pulled.instances);
      const name = accountEmail && !conn.accountEmail ? { name: `${PROVIDER_NAMES[provider]} · ${accountEmail}`.slice(0, 100) } : {};
      await tx.calendar.update({ where: { id: calendarId }, data: { lastSyncedAt: now, lastAttemptAt: now, syncError: null, ...name } });
      await tx.calendarConnection.update({
        where: { id: conn.id },
        data: { items: pulled.items as Prisma.InputJsonValue, syncState: pulled.syncState, syncWindowStart: pulled.syncWindowStart, ...(accountEmail ? { accountEmail } : {}) },
      });
    }, IMPORT_TRANSACTION);
    const ms = (n: number) => Math.round(n);
    log({ event: "calendar_connection_synced", calendarId, provider, pages, occurrences: pulled.instances.length, fetchMs: ms(fetchMs), expandMs: ms(pulledAt - began - fetchMs), importMs: ms(performance.now() - pulledAt) });
    // Push notifications after the first good sync, renewed before they end; polling meanwhile.
    await ensurePush(cfg, conn, token, now).catch((err) => log({ event: "calendar_push_failed", level: "warn", calendarId, error: errorText(err) }));
    return null;
  } catch (err) {
    if (err instanceof GrantRevokedError) return markReconnect(conn, err.message || "access revoked");
    if (err instanceof UnauthorizedError) return markReconnect(conn, "the provider no longer accepts Cohost's access");
    let message = `Could not sync the calendar: ${err instanceof Error ? err.message : String(err)}. Its events are kept as they were.`;
    if (err instanceof ThrottledError) {
      message = err.message;
      await retryLater(calendarId, err.retryAfterSeconds);
    } else log({ event: "calendar_connection_sync_failed", level: "error", calendarId, userId: calendar.userId, error: errorText(err) });
    await db.calendar.updateMany({ where: { id: calendarId }, data: { syncError: message, lastAttemptAt: now } });
    return message;
  }
}

import type { CalendarConnection } from "../../generated/prisma/client.ts";
import type { CalendarInstance } from "../parse-ics.ts";
import { importWindow } from "../import-window.ts";
import { applyGoogleChanges, googleInstances, type GoogleEvent } from "./google-events.ts";
import { applyGraphChanges, graphInstances, type GraphEvent } from "./graph-events.ts";
import { apiRequest, SyncGoneError } from "./provider-api.ts";
import type { ProviderConfig } from "./providers.ts";

// One sync's reading: the changes since the last sync token (Google) or delta link (Graph), applied
// to the kept events; without a token (first sync, or after Google's 410) a full sync from scratch.

export interface Pulled {
  items: Record<string, unknown>;
  syncState: string;
  syncWindowStart: Date | null;
  accountEmail: string | null;
  instances: CalendarInstance[];
  window: { from: Date; to: Date };
}

const MAX_PAGES = 200;
const DAY_MS = 24 * 3600_000;

type Get = (url: string, headers?: Record<string, string>) => Promise<unknown>;

interface GooglePage {
  items?: GoogleEvent[];
  nextPageToken?: string;
  nextSyncToken?: string;
  summary?: string;
}

async function pullGoogle(cfg: ProviderConfig, conn: CalendarConnection, get: Get, now: Date): Promise<Pulled> {
  let syncToken = conn.syncState;
  let items: Record<string, GoogleEvent> = syncToken ? { ...(conn.items as unknown as Record<string, GoogleEvent>) } : {};
  const base = `${cfg.apiBase}/calendars/primary/events`;
  let pageToken: string | undefined;
  let summary: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const params = new URLSearchParams({ maxResults: "250" });
    // A sync token takes no filters; the full sync reads from a month back (older events never come into the window).
    if (syncToken) params.set("syncToken", syncToken);
    else params.set("timeMin", new Date(now.getTime() - 30 * DAY_MS).toISOString());
    if (pageToken) params.set("pageToken", pageToken);
    let body: GooglePage;
    try {
      body = (await get(`${base}?${params}`)) as GooglePage;
    } catch (err) {
      if (!(err instanceof SyncGoneError) || !syncToken) throw err;
      // 410: the token expired or was invalidated; everything is read again.
      syncToken = null;
      items = {};
      pageToken = undefined;
      continue;
    }
    summary ??= body.summary ?? null;
    applyGoogleChanges(items, body.items ?? []);
    if (body.nextPageToken) {
      pageToken = body.nextPageToken;
      continue;
    }
    if (!body.nextSyncToken) throw new Error("Google gave neither a next page nor a sync token");
    const window = importWindow(now);
    return { items, syncState: body.nextSyncToken, syncWindowStart: null, accountEmail: summary?.includes("@") ? summary : null, instances: await googleInstances(items, window), window };
  }
  throw new Error("Too many pages");
}

interface GraphPage {
  value?: GraphEvent[];
  "@odata.nextLink"?: string;
  "@odata.deltaLink"?: string;
}

/** A delta round's window is fixed when it opens: a new round opens when the window has slid a day. */
async function pullGraph(cfg: ProviderConfig, conn: CalendarConnection, get: Get, now: Date): Promise<Pulled> {
  try {
    return await graphRound(cfg, conn, get, now, false);
  } catch (err) {
    // 410: Graph no longer knows the delta token; a new round reads the window again.
    if (err instanceof SyncGoneError) return graphRound(cfg, conn, get, now, true);
    throw err;
  }
}

async function graphRound(cfg: ProviderConfig, conn: CalendarConnection, get: Get, now: Date, restart: boolean): Promise<Pulled> {
  const fresh = restart || !conn.syncState || !conn.syncWindowStart || now.getTime() - conn.syncWindowStart.getTime() > DAY_MS;
  const windowStart = fresh ? now : conn.syncWindowStart!;
  const window = importWindow(windowStart);
  const items: Record<string, GraphEvent> = fresh ? {} : { ...(conn.items as unknown as Record<string, GraphEvent>) };
  let url = fresh ? `${cfg.apiBase}/me/calendarView/delta?${new URLSearchParams({ startDateTime: window.from.toISOString(), endDateTime: window.to.toISOString() })}` : conn.syncState!;
  const headers = { prefer: 'outlook.timezone="UTC", odata.maxpagesize=100' };
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = (await get(url, headers)) as GraphPage;
    applyGraphChanges(items, body.value ?? []);
    if (body["@odata.nextLink"]) {
      url = body["@odata.nextLink"];
      continue;
    }
    if (!body["@odata.deltaLink"]) throw new Error("Graph gave neither a next link nor a delta link");
    return { items, syncState: body["@odata.deltaLink"], syncWindowStart: windowStart, accountEmail: null, instances: graphInstances(items), window };
  }
  throw new Error("Too many pages");
}

export function pullChanges(cfg: ProviderConfig, conn: CalendarConnection, get: Get, now: Date): Promise<Pulled> {
  return cfg.provider === "google" ? pullGoogle(cfg, conn, get, now) : pullGraph(cfg, conn, get, now);
}

/** The account's address for a new Graph connection (its calendar's owner). */
export async function graphAccountEmail(cfg: ProviderConfig, token: string): Promise<string | null> {
  const body = (await apiRequest(cfg, `${cfg.apiBase}/me/calendar`, token)) as { owner?: { address?: string } };
  return body.owner?.address ?? null;
}

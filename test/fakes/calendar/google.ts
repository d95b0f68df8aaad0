import type http from "node:http";
import { randomBytes } from "node:crypto";
import { consentPage, OAuthGrants } from "./oauth-grants.ts";

// A stand-in for Google's OAuth 2.0 endpoints (accounts.google.com/o/oauth2/v2/auth,
// oauth2.googleapis.com/token and /revoke) and Calendar API v3 events.list on the primary calendar,
// speaking the real wire shapes: pages (maxResults, nextPageToken), nextSyncToken on the last page,
// incremental changes with deleted events as status "cancelled", 410 fullSyncRequired for an
// invalidated sync token, 400 for unknown parameters and for filters combined with syncToken, 401
// without a valid token, and throttling (403 rateLimitExceeded or 429 with Retry-After) on demand.

export const GOOGLE_SCOPE = "https://www.googleapis.com/auth/calendar.events.readonly";

interface Person {
  email?: string;
  displayName?: string;
  self?: boolean;
  responseStatus?: string;
}

interface Stored {
  event: Record<string, unknown> & { id: string };
  seq: number;
}

const LIST_PARAMS = new Set(["maxResults", "pageToken", "syncToken", "timeMin", "timeMax", "showDeleted", "singleEvents", "orderBy", "q", "updatedMin", "iCalUID", "timeZone", "maxAttendees", "alwaysIncludeEmail", "eventTypes", "showHiddenInvitations", "privateExtendedProperty", "sharedExtendedProperty", "key", "alt", "prettyPrint", "fields", "quotaUser"]);
const NOT_WITH_SYNC = ["timeMin", "timeMax", "q", "updatedMin", "iCalUID", "orderBy", "privateExtendedProperty", "sharedExtendedProperty"];

export class GoogleCalendarFake {
  readonly grants: OAuthGrants;
  readonly events = new Map<string, Stored>();
  seq = 1;
  /** Sync tokens issued before this sequence answer 410. */
  invalidBefore = 0;
  /** The next N list requests are throttled. */
  throttle: { count: number; status: 403 | 429; retryAfter: number } = { count: 0, status: 429, retryAfter: 1 };
  readonly requests: string[] = [];
  /** Push channels opened with events.watch (stopped ones are removed). */
  readonly channels = new Map<string, { id: string; resourceId: string; token?: string; address: string; expiration: number }>();
  email = "grace.hopper@example.test";

  constructor(client = { id: "e2e-google-client", secret: "e2e-google-secret" }) {
    this.grants = new OAuthGrants(client, false);
  }

  private messages = 1;
  /** Tells every channel the calendar changed, as Google does (a POST without body to its address). */
  async notify(): Promise<number[]> {
    return Promise.all([...this.channels.values()].map(async (c) => (await fetch(c.address, { method: "POST", headers: pushHeaders(c, ++this.messages) })).status));
  }

  put(event: Record<string, unknown> & { id: string }): void {
    const previous = this.events.get(event.id)?.event;
    const merged: Record<string, unknown> & { id: string } = { kind: "calendar#event", etag: `"${this.seq}"`, status: "confirmed", sequence: 0, ...previous, ...event, updated: new Date().toISOString() };
    // Like Google: every event has an organiser (the calendar's owner unless given), and `self` marks
    // the owner among organiser and attendees (only there, only true). A cancelled instance comes bare.
    if (!(merged.status === "cancelled" && merged.recurringEventId)) {
      merged.organizer = this.person((merged.organizer as Person | undefined) ?? { email: this.email });
      merged.creator ??= merged.organizer;
      if (Array.isArray(merged.attendees)) merged.attendees = (merged.attendees as Person[]).map((a) => ({ responseStatus: "needsAction", ...this.person(a) }));
    }
    this.events.set(event.id, { event: merged, seq: this.seq++ });
  }

  private person(p: Person): Person {
    const { self: _, ...rest } = p;
    return p.email?.toLowerCase() === this.email.toLowerCase() ? { ...rest, self: true } : rest;
  }

  remove(id: string): void {
    const stored = this.events.get(id);
    if (stored) this.events.set(id, { event: { id, kind: "calendar#event", status: "cancelled" }, seq: this.seq++ });
  }

  /** Answers a request meant for Google; false when the path is not Google's. */
  handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: string): boolean {
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json; charset=UTF-8", ...headers });
      res.end(JSON.stringify(json));
    };
    if (url.pathname === "/o/oauth2/v2/auth" && req.method === "GET") {
      const problem = this.grants.checkAuthorization(url.searchParams, [GOOGLE_SCOPE], ["access_type", "prompt", "include_granted_scopes", "login_hint"]);
      if (problem) {
        res.writeHead(400, { "content-type": "text/html" });
        res.end(`<h1>Error 400: ${problem}</h1>`);
      } else {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(consentPage("Sign in with Google", url.searchParams, "/o/oauth2/v2/auth/consent"));
      }
      return true;
    }
    if (url.pathname === "/o/oauth2/v2/auth/consent" && req.method === "POST") {
      const form = new URLSearchParams(body);
      const target = new URL(form.get("redirect_uri")!);
      if (form.get("decision") === "allow") target.searchParams.set("code", this.grants.issueCode(form));
      else target.searchParams.set("error", "access_denied");
      target.searchParams.set("state", form.get("state") ?? "");
      res.writeHead(302, { location: target.href });
      res.end();
      return true;
    }
    if (url.pathname === "/token" && req.method === "POST") {
      const [status, json] = this.grants.token(new URLSearchParams(body));
      send(status, json);
      return true;
    }
    if (url.pathname === "/revoke" && req.method === "POST") {
      const ok = this.grants.revokeToken(new URLSearchParams(body).get("token") ?? "");
      send(ok ? 200 : 400, ok ? {} : { error: "invalid_token", error_description: "Token expired or revoked" });
      return true;
    }
    if (url.pathname === "/calendar/v3/calendars/primary/events/watch" && req.method === "POST") {
      if (!this.grants.bearer(req.headers.authorization)) return send(401, { error: { code: 401, message: "Invalid Credentials" } }), true;
      const b = JSON.parse(body) as { id?: string; type?: string; address?: string; token?: string; params?: { ttl?: string } };
      if (!b.id || b.type !== "web_hook" || !b.address) return send(400, { error: { code: 400, message: "Missing id, type or address" } }), true;
      if (this.channels.has(b.id)) return send(400, { error: { code: 400, message: `Channel id ${b.id} not unique` } }), true;
      const channel = { id: b.id, resourceId: `res-${newEventId()}`, token: b.token, address: b.address, expiration: Date.now() + Number(b.params?.ttl ?? 604800) * 1000 };
      this.channels.set(b.id, channel);
      send(200, { kind: "api#channel", id: channel.id, resourceId: channel.resourceId, resourceUri: `${url.origin}/calendar/v3/calendars/primary/events?alt=json`, token: channel.token, expiration: String(channel.expiration) });
      return true;
    }
    if (url.pathname === "/calendar/v3/channels/stop" && req.method === "POST") {
      const b = JSON.parse(body) as { id?: string; resourceId?: string };
      const channel = b.id ? this.channels.get(b.id) : undefined;
      if (!channel || channel.resourceId !== b.resourceId) return send(404, { error: { code: 404, message: `Channel '${b.id}' not found for project` } }), true;
      this.channels.delete(channel.id);
      res.writeHead(204).end();
      return true;
    }
    if (url.pathname === "/calendar/v3/calendars/primary/events" && req.method === "GET") {
      this.requests.push(url.search);
      this.list(req, url, send);
      return true;
    }
    return false;
  }

  private list(req: http.IncomingMessage, url: URL, send: (status: number, json: unknown, headers?: Record<string, string>) => void): void {
    const error = (code: number, reason: string, message: string, headers: Record<string, string> = {}) => send(code, { error: { code, message, errors: [{ domain: "global", reason, message }] } }, headers);
    if (!this.grants.bearer(req.headers.authorization)) return error(401, "authError", "Request had invalid authentication credentials.");
    const q = url.searchParams;
    for (const k of q.keys()) if (!LIST_PARAMS.has(k)) return error(400, "badRequest", `Invalid parameter: ${k}`);
    if (this.throttle.count > 0) {
      this.throttle.count--;
      return this.throttle.status === 429
        ? error(429, "rateLimitExceeded", "Rate Limit Exceeded", { "retry-after": String(this.throttle.retryAfter) })
        : error(403, "rateLimitExceeded", "Rate Limit Exceeded");
    }
    const syncToken = q.get("syncToken");
    if (syncToken && NOT_WITH_SYNC.some((k) => q.has(k))) return error(400, "invalid", "Sync token cannot be used with other request restrictions.");
    const max = Math.min(2500, Number(q.get("maxResults") ?? 250));
    if (!Number.isInteger(max) || max < 1) return error(400, "invalid", "Invalid value for maxResults");
    let since = 0;
    if (syncToken) {
      const m = /^sync-(\d+)$/.exec(syncToken);
      if (!m || Number(m[1]) < this.invalidBefore) return error(410, "fullSyncRequired", "Sync token is no longer valid, a full sync is required.");
      since = Number(m[1]);
    }
    // A page token carries where the listing began (the sequence at that time) and the offset.
    const page = q.get("pageToken");
    const [at, offset] = page ? (Buffer.from(page, "base64url").toString().split(":").map(Number) as [number, number]) : [this.seq, 0];
    const timeMin = q.get("timeMin") ? Date.parse(q.get("timeMin")!) : null;
    const all = [...this.events.values()]
      .filter((s) => s.seq > since && s.seq < at)
      .filter((s) => (syncToken ? true : s.event.status !== "cancelled" || Boolean(s.event.recurringEventId)))
      .filter((s) => !timeMin || s.event.recurrence || endOf(s.event) >= timeMin)
      .sort((a, b) => a.seq - b.seq);
    const slice = all.slice(offset, offset + max);
    const more = offset + max < all.length;
    send(200, {
      kind: "calendar#events",
      etag: `"${at}"`,
      summary: this.email,
      updated: new Date().toISOString(),
      timeZone: "Europe/Berlin",
      accessRole: "reader",
      defaultReminders: [],
      ...(more ? { nextPageToken: Buffer.from(`${at}:${offset + max}`).toString("base64url") } : { nextSyncToken: `sync-${at - 1}` }),
      items: slice.map((s) => s.event),
    });
  }
}

/** The headers Google sends a channel's address when the calendar changed. */
export function pushHeaders(channel: { id: string; resourceId: string; token?: string; expiration: number }, messageNumber: number): Record<string, string> {
  return {
    "x-goog-channel-id": channel.id,
    "x-goog-channel-token": channel.token ?? "",
    "x-goog-channel-expiration": new Date(channel.expiration).toUTCString(),
    "x-goog-resource-id": channel.resourceId,
    "x-goog-resource-state": "exists",
    "x-goog-resource-uri": "https://www.googleapis.com/calendar/v3/calendars/primary/events?alt=json",
    "x-goog-message-number": String(messageNumber),
  };
}

function endOf(event: Record<string, unknown>): number {
  const end = event.end as { dateTime?: string; date?: string } | undefined;
  return Date.parse(end?.dateTime ?? end?.date ?? "9999-12-31");
}

export const newEventId = () => randomBytes(8).toString("hex");

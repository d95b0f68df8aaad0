import type http from "node:http";
import { randomBytes } from "node:crypto";
import { consentPage, OAuthGrants } from "./oauth-grants.ts";

// A stand-in for the Microsoft identity platform (login.microsoftonline.com/{tenant}/oauth2/v2.0/…,
// refresh tokens rotated on every use) and Microsoft Graph v1.0: /me/calendar, /me/calendarView/delta
// (startDateTime/endDateTime required on a round's first request, pages by Prefer: odata.maxpagesize,
// @odata.nextLink and @odata.deltaLink with opaque tokens, removals as @removed, 410 for a token it
// no longer knows, 429 with Retry-After on demand, 400 for unknown query options) and subscriptions
// (the validation handshake before creating one, PATCH to renew, DELETE), and change notifications.

const SCOPES = ["offline_access", "Calendars.Read", "openid", "profile", "email", "User.Read"];
const AUTH_EXTRA = ["prompt", "login_hint", "response_mode", "domain_hint"];

interface Stored {
  event: Record<string, unknown> & { id: string };
  seq: number;
  removed: boolean;
}

interface Subscription {
  id: string;
  notificationUrl: string;
  lifecycleNotificationUrl?: string;
  clientState?: string;
  expirationDateTime: string;
  resource: string;
}

export class GraphFake {
  readonly grants: OAuthGrants;
  readonly events = new Map<string, Stored>();
  readonly subscriptions = new Map<string, Subscription>();
  seq = 1;
  /** Delta tokens issued before this sequence answer 410. */
  invalidBefore = 0;
  throttle = { count: 0, retryAfter: 1 };
  owner = { name: "Ada Lovelace", address: "ada@contoso.test" };

  constructor(client = { id: "e2e-microsoft-client", secret: "e2e-microsoft-secret" }) {
    this.grants = new OAuthGrants(client, true);
  }

  put(event: Record<string, unknown> & { id: string }): void {
    const previous = this.events.get(event.id)?.event;
    const merged: Record<string, unknown> & { id: string } = { "@odata.etag": `W/"${this.seq}"`, type: "singleInstance", isCancelled: false, isAllDay: false, ...previous, ...event };
    // Like Graph: an organiser always (the mailbox's owner unless given), isOrganizer, and the owner's
    // responseStatus ("organizer" for their own meetings, "notResponded" for a new invitation).
    const organizer = (merged.organizer as { emailAddress?: { address?: string } } | undefined) ?? { emailAddress: { name: this.owner.name, address: this.owner.address } };
    const mine = organizer.emailAddress?.address?.toLowerCase() === this.owner.address.toLowerCase();
    merged.organizer = organizer;
    merged.isOrganizer = mine;
    merged.responseStatus ??= { response: mine ? "organizer" : "notResponded", time: "0001-01-01T00:00:00Z" };
    this.events.set(event.id, { event: merged, seq: this.seq++, removed: false });
  }

  remove(id: string): void {
    if (this.events.has(id)) this.events.set(id, { event: { id }, seq: this.seq++, removed: true });
  }

  handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: string): boolean {
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json; odata.metadata=minimal", ...headers });
      res.end(JSON.stringify(json));
    };
    const error = (status: number, code: string, message: string, headers: Record<string, string> = {}) => send(status, { error: { code, message, innerError: { "request-id": randomBytes(8).toString("hex") } } }, headers);
    const login = /^\/([^/]+)\/oauth2\/v2\.0\/(authorize|authorize\/consent|token)$/.exec(url.pathname);
    if (login && login[2] === "authorize" && req.method === "GET") {
      const problem = this.grants.checkAuthorization(url.searchParams, SCOPES, AUTH_EXTRA);
      res.writeHead(problem ? 400 : 200, { "content-type": "text/html; charset=utf-8" });
      res.end(problem ? `<h1>AADSTS: ${problem}</h1>` : consentPage("Permissions requested", url.searchParams, `/${login[1]}/oauth2/v2.0/authorize/consent`));
      return true;
    }
    if (login && login[2] === "authorize/consent" && req.method === "POST") {
      const form = new URLSearchParams(body);
      const target = new URL(form.get("redirect_uri")!);
      if (form.get("decision") === "allow") target.searchParams.set("code", this.grants.issueCode(form));
      else target.searchParams.set("error", "access_denied");
      target.searchParams.set("state", form.get("state") ?? "");
      res.writeHead(302, { location: target.href }).end();
      return true;
    }
    if (login && login[2] === "token" && req.method === "POST") {
      const [status, json] = this.grants.token(new URLSearchParams(body));
      send(status, json);
      return true;
    }
    if (!url.pathname.startsWith("/v1.0/")) return false;
    if (!this.grants.bearer(req.headers.authorization)) return error(401, "InvalidAuthenticationToken", "Access token has expired or is not yet valid."), true;
    if (url.pathname === "/v1.0/me/calendar" && req.method === "GET") {
      send(200, { "@odata.context": `${url.origin}/v1.0/$metadata#users('me')/calendar/$entity`, id: "AAMkCal", name: "Calendar", owner: this.owner });
      return true;
    }
    if (url.pathname === "/v1.0/me/calendarView/delta" && req.method === "GET") {
      if (this.throttle.count > 0) {
        this.throttle.count--;
        return error(429, "TooManyRequests", "Please retry again later.", { "retry-after": String(this.throttle.retryAfter) }), true;
      }
      this.delta(req, url, send, error);
      return true;
    }
    if (url.pathname === "/v1.0/subscriptions" && req.method === "POST") {
      void this.subscribe(JSON.parse(body) as Subscription & { changeType?: string }, url, send, error);
      return true;
    }
    const sub = /^\/v1\.0\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (sub) {
      const existing = this.subscriptions.get(decodeURIComponent(sub[1]));
      if (!existing) return error(404, "ResourceNotFound", "The object was not found."), true;
      if (req.method === "PATCH") {
        existing.expirationDateTime = (JSON.parse(body) as { expirationDateTime: string }).expirationDateTime;
        send(200, existing);
      } else if (req.method === "DELETE") {
        this.subscriptions.delete(existing.id);
        res.writeHead(204).end();
      } else error(405, "MethodNotAllowed", "Method not allowed");
      return true;
    }
    error(400, "BadRequest", `Resource not found for the segment '${url.pathname.split("/").pop()}' (${req.method} ${url.pathname}).`);
    return true;
  }

  private delta(req: http.IncomingMessage, url: URL, send: (s: number, j: unknown) => void, error: (s: number, c: string, m: string) => void): void {
    const q = url.searchParams;
    const allowed = new Set(["startDateTime", "endDateTime", "$deltatoken", "$skiptoken"]);
    for (const k of q.keys()) if (!allowed.has(k)) return error(400, "BadRequest", `The query parameter '${k}' is not supported with delta.`);
    const token = q.get("$deltatoken") ?? q.get("$skiptoken");
    let state: { from: number; to: number; since: number; at: number; offset: number };
    if (token) {
      try {
        state = JSON.parse(Buffer.from(token, "base64url").toString());
      } catch {
        return error(400, "BadRequest", "Invalid token");
      }
      if (q.has("$deltatoken")) {
        if (state.since < this.invalidBefore) return error(410, "SyncStateNotFound", "The sync state generation is not found. Resync required.");
        state = { ...state, since: state.since, at: this.seq, offset: 0 };
      }
    } else {
      const from = Date.parse(q.get("startDateTime") ?? "");
      const to = Date.parse(q.get("endDateTime") ?? "");
      if (!Number.isFinite(from) || !Number.isFinite(to)) return error(400, "ErrorInvalidParameter", "This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.");
      state = { from, to, since: 0, at: this.seq, offset: 0 };
    }
    const size = Math.min(1000, Number(/odata\.maxpagesize=(\d+)/.exec(String(req.headers.prefer ?? ""))?.[1] ?? 100));
    const inWindow = (e: Record<string, unknown>) => {
      const start = Date.parse(`${(e.start as { dateTime: string }).dateTime}Z`);
      return start < state.to && Date.parse(`${(e.end as { dateTime: string }).dateTime}Z`) > state.from;
    };
    const changed = [...this.events.values()]
      .filter((s) => s.seq > state.since && s.seq < state.at && (s.removed ? state.since > 0 : inWindow(s.event)))
      .sort((a, b) => a.seq - b.seq);
    const page = changed.slice(state.offset, state.offset + size);
    const more = state.offset + size < changed.length;
    const link = (name: string, s: object) => `${url.origin}/v1.0/me/calendarView/delta?${name}=${Buffer.from(JSON.stringify(s)).toString("base64url")}`;
    send(200, {
      "@odata.context": `${url.origin}/v1.0/$metadata#Collection(event)`,
      ...(more ? { "@odata.nextLink": link("$skiptoken", { ...state, offset: state.offset + size }) } : { "@odata.deltaLink": link("$deltatoken", { ...state, since: state.at - 1, offset: 0 }) }),
      value: page.map((s) => (s.removed ? { "@odata.type": "#microsoft.graph.event", id: s.event.id, "@removed": { reason: "deleted" } } : { "@odata.type": "#microsoft.graph.event", ...s.event })),
    });
  }

  private async subscribe(b: Subscription & { changeType?: string }, url: URL, send: (s: number, j: unknown) => void, error: (s: number, c: string, m: string) => void): Promise<void> {
    if (!b.notificationUrl || !b.resource || !b.expirationDateTime || !b.changeType) return error(400, "InvalidRequest", "Missing a required property");
    const token = randomBytes(16).toString("hex");
    const check = await fetch(`${b.notificationUrl}?validationToken=${encodeURIComponent(token)}`, { method: "POST", headers: { "content-type": "text/plain" }, signal: AbortSignal.timeout(10_000) }).catch(() => null);
    if (!check || check.status !== 200 || (await check.text()) !== token) return error(400, "ValidationError", "Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request.");
    const sub: Subscription = { id: randomBytes(8).toString("hex"), notificationUrl: b.notificationUrl, lifecycleNotificationUrl: b.lifecycleNotificationUrl, clientState: b.clientState, expirationDateTime: b.expirationDateTime, resource: b.resource };
    this.subscriptions.set(sub.id, sub);
    send(201, { "@odata.context": `${url.origin}/v1.0/$metadata#subscriptions/$entity`, ...sub, changeType: b.changeType });
  }

  /** A change notification for every subscription, as Graph posts them. */
  async notify(lifecycleEvent?: string): Promise<number[]> {
    return Promise.all(
      [...this.subscriptions.values()].map(async (s) => {
        const item = lifecycleEvent
          ? { subscriptionId: s.id, clientState: s.clientState, lifecycleEvent, subscriptionExpirationDateTime: s.expirationDateTime, tenantId: "tenant" }
          : { subscriptionId: s.id, clientState: s.clientState, changeType: "updated", resource: `Users/me/Events/x`, subscriptionExpirationDateTime: s.expirationDateTime, tenantId: "tenant" };
        const target = lifecycleEvent ? (s.lifecycleNotificationUrl ?? s.notificationUrl) : s.notificationUrl;
        return (await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ value: [item] }) })).status;
      }),
    );
  }
}

import { Client } from "@microsoft/microsoft-graph-client";
import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as graphPushRoute } from "@/app/api/calendars/push/microsoft/route";
import { accessToken } from "@/lib/calendar/connect/access-token";
import { providerConfig } from "@/lib/calendar/connect/providers";
import { runCalendarImport } from "@/lib/calendar/run-import";
import { db } from "@/lib/db/client";
import { startCalendarFakes, type CalendarFakes } from "@/test/fakes/calendar/server";
import { closeNow, listenLocally } from "@/test/fakes/local-server";
import { userWithAgent } from "../meetings/fixtures.ts";
import { agentCalendar, listCalendars } from "./api.ts";
import { connect } from "./connect.ts";

// Microsoft 365 / Outlook calendars connected over OAuth and synced with Graph's calendarView/delta,
// against the local stand-in of the identity platform and Graph (test/fakes/calendar), which
// Microsoft's own Graph client judges first.

let fakes: CalendarFakes;
// Cohost's push endpoint as Graph reaches it: the route handler behind a loopback server.
let cohost: http.Server;
let cohostUrl: string;
beforeAll(async () => {
  fakes = await startCalendarFakes();
  cohost = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const answer = await graphPushRoute(new Request(`http://localhost:3000${req.url}`, { method: "POST", headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) }), { params: Promise.resolve({}) });
    res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
  });
  cohostUrl = `http://127.0.0.1:${await listenLocally(cohost)}`;
});
afterAll(async () => {
  await fakes.close();
  await closeNow(cohost);
});
beforeEach(() => {
  Object.assign(process.env, fakes.env, { APP_URL: "http://localhost:3000" });
});

const HOUR = 3600_000;
const utc = (ms: number) => new Date(ms).toISOString().replace("Z", "0000");
const graphEvent = (id: string, subject: string, inHours: number, extra: Record<string, unknown> = {}) => ({
  id,
  subject,
  start: { dateTime: utc(Date.now() + inHours * HOUR), timeZone: "UTC" },
  end: { dateTime: utc(Date.now() + (inHours + 1) * HOUR), timeZone: "UTC" },
  organizer: { emailAddress: { name: "Ada", address: "Ada@Contoso.test" } },
  responseStatus: { response: "organizer" },
  ...extra,
});

describe("the Graph stand-in, judged by Microsoft's own client", () => {
  it("pages a delta round with Prefer: odata.maxpagesize, ends it with a deltaLink, gives changes and removals with it, and 410 for a stale one", async () => {
    const g = fakes.graph;
    const code = g.grants.issueCode(new URLSearchParams({ client_id: "e2e-microsoft-client", redirect_uri: "http://x/cb", scope: "Calendars.Read", code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM" }));
    const [, tokens] = g.grants.token(new URLSearchParams({ grant_type: "authorization_code", client_id: "e2e-microsoft-client", client_secret: "e2e-microsoft-secret", code, redirect_uri: "http://x/cb", code_verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk" }));
    const token = (tokens as { access_token: string }).access_token;
    // The client attaches its auth provider's token to https Graph hosts only, and its default
    // transport loses request headers under Node 24: the last middleware sends the request with the
    // token (everything before it, request building, paging links and error parsing, is the SDK's).
    const send = {
      execute: async (context: { request: RequestInfo; options?: RequestInit; response?: Response }) => {
        const h = new Headers(context.options?.headers);
        h.set("authorization", `Bearer ${token}`);
        context.response = await fetch(context.request, { ...context.options, headers: h });
      },
    };
    const client = Client.initWithMiddleware({ middleware: send, baseUrl: `${fakes.url}/` });
    // It takes a full link (nextLink, deltaLink) as absolute only over https: the stand-in's are given as paths.
    const api = (path: string) => client.api(path.startsWith(fakes.url) ? path.slice(`${fakes.url}/v1.0`.length) : path);
    for (let i = 0; i < 3; i++) g.put(graphEvent(`sdk${i}-${Date.now()}`, `SDK ${i}`, 24 + i));
    const window = { startDateTime: new Date(Date.now() - HOUR).toISOString(), endDateTime: new Date(Date.now() + 60 * 24 * HOUR).toISOString() };
    let page = await api("/me/calendarView/delta").query(window).header("Prefer", "odata.maxpagesize=2").get();
    expect(page["@odata.nextLink"]).toBeTruthy();
    const seen: string[] = page.value.map((e: { subject: string }) => e.subject);
    while (page["@odata.nextLink"]) {
      page = await api(page["@odata.nextLink"]).header("Prefer", "odata.maxpagesize=2").get();
      seen.push(...page.value.map((e: { subject: string }) => e.subject));
    }
    expect(seen).toEqual(expect.arrayContaining(["SDK 0", "SDK 1", "SDK 2"]));
    const deltaLink = page["@odata.deltaLink"];
    expect(deltaLink).toBeTruthy();
    const removedId = [...g.events.keys()].at(-1)!;
    g.remove(removedId);
    g.put(graphEvent("sdk-new", "New one", 30));
    const changes = await api(deltaLink).get();
    expect(changes.value).toEqual(expect.arrayContaining([expect.objectContaining({ id: removedId, "@removed": { reason: "deleted" } }), expect.objectContaining({ subject: "New one" })]));
    await expect(api("/me/calendarView/delta").query({ ...window, $select: "subject" }).get()).rejects.toMatchObject({ statusCode: 400 });
    g.invalidBefore = g.seq;
    await expect(api(deltaLink).get()).rejects.toMatchObject({ statusCode: 410 });
    g.invalidBefore = 0;
    g.throttle = { count: 1, retryAfter: 7 };
    await expect(api("/me/calendar").get()).resolves.toMatchObject({ owner: { address: "ada@contoso.test" } });
    g.throttle = { count: 0, retryAfter: 1 };
  });
});

describe("a connected Microsoft calendar", () => {
  it("does not take a refresh token another sync just rotated for a revoked grant", async () => {
    const { headers, agent } = await userWithAgent();
    await connect(fakes.url, headers, "microsoft", agent.id);
    const cal = (await listCalendars(headers)).body.find((c: { source: string }) => c.source === "microsoft");
    await db.calendarConnection.update({ where: { calendarId: cal.id }, data: { accessTokenExpiresAt: new Date() } });
    const cfg = providerConfig("microsoft")!;
    const first = await db.calendarConnection.findUniqueOrThrow({ where: { calendarId: cal.id } });
    const second = { ...first };
    const token = await accessToken(cfg, first);
    // The second sync read the row before the first refreshed; its refresh token is rotated away.
    expect(await accessToken(cfg, second)).toBe(token);
    expect(fakes.graph.grants.bearer(`Bearer ${token}`)).not.toBeNull();
  });


  it("connects, imports the occurrences with their Teams links, subscribes after a validation handshake, syncs on a notification with its clientState, and waits out a 429", async () => {
    process.env.CALENDAR_PUSH_URL = cohostUrl;
    try {
      const { headers, agent } = await userWithAgent();
      const g = fakes.graph;
      const stamp = Date.now();
      g.put(graphEvent(`one-${stamp}`, "Quarterly review", 48, { onlineMeeting: { joinUrl: "https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0" } }));
      g.put(graphEvent(`occ1-${stamp}`, "Standup", 26, { type: "occurrence", seriesMasterId: `series-${stamp}`, originalStart: new Date(Date.now() + 26 * HOUR).toISOString(), body: { contentType: "html", content: '<a href="https://zoom.us/j/987654321">Join</a>' } }));
      g.put(graphEvent(`occ2-${stamp}`, "Standup", 50, { type: "occurrence", seriesMasterId: `series-${stamp}`, originalStart: new Date(Date.now() + 50 * HOUR).toISOString(), body: { contentType: "html", content: '<a href="https://zoom.us/j/987654321">Join</a>' } }));
      expect(await connect(fakes.url, headers, "microsoft", agent.id)).toBe("http://localhost:3000/calendar?connected=microsoft");
      const cal = (await listCalendars(headers)).body.find((c: { source: string }) => c.source === "microsoft");
      await runCalendarImport(cal.id);
      const titles = async () => ((await agentCalendar(headers, agent.id)).body.events as { title: string; status: string; meetingUrl: string }[]).filter((e) => e.status !== "cancelled").map((e) => `${e.title} ${e.meetingUrl}`).sort();
      expect(await titles()).toEqual(["Quarterly review https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0", "Standup https://zoom.us/j/987654321", "Standup https://zoom.us/j/987654321"]);
      expect((await listCalendars(headers)).body.find((c: { id: string }) => c.id === cal.id)).toMatchObject({ name: "Microsoft · ada@contoso.test", connection: { push: true }, error: null });
      const conn = await db.calendarConnection.findUniqueOrThrow({ where: { calendarId: cal.id } });
      expect(g.subscriptions.get(conn.channelId!)).toMatchObject({ notificationUrl: `${cohostUrl}/api/calendars/push/microsoft`, resource: "me/events" });

      // A cancelled occurrence and a Graph notification: the sync it asks for applies it.
      g.put({ ...graphEvent(`occ2-${stamp}`, "Standup", 50), isCancelled: true });
      g.remove(`one-${stamp}`);
      const forged = await fetch(`${cohostUrl}/api/calendars/push/microsoft`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ value: [{ subscriptionId: conn.channelId, clientState: "forged", changeType: "updated" }] }) });
      expect(forged.status).toBe(202);
      expect((await listCalendars(headers)).body.find((c: { id: string }) => c.id === cal.id).importing).toBe(false);
      expect(await g.notify()).toEqual([202]);
      expect((await listCalendars(headers)).body.find((c: { id: string }) => c.id === cal.id).importing).toBe(true);
      g.throttle = { count: 1, retryAfter: 7 };
      await runCalendarImport(cal.id);
      expect((await listCalendars(headers)).body.find((c: { id: string }) => c.id === cal.id).error).toMatch(/slow down; trying again in 7 s/);
      await db.calendar.update({ where: { id: cal.id }, data: { importRequestedAt: new Date() } });
      await runCalendarImport(cal.id);
      expect(await titles()).toEqual(["Standup https://zoom.us/j/987654321"]);
    } finally {
      delete process.env.CALENDAR_PUSH_URL;
    }
  });
});

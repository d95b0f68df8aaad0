import { calendar as googleCalendar, auth as googleAuth } from "@googleapis/calendar";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as connectRoute } from "@/app/api/calendars/connect/[provider]/route";
import { POST as googlePushRoute } from "@/app/api/calendars/push/google/route";
import { pushHeaders } from "@/test/fakes/calendar/google";
import { DELETE as deleteCalendarRoute } from "@/app/api/calendars/[id]/route";
import { runCalendarImport } from "@/lib/calendar/run-import";
import { decryptSecret } from "@/lib/crypto/secrets";
import { db } from "@/lib/db/client";
import { startCalendarFakes, type CalendarFakes } from "@/test/fakes/calendar/server";
import { startSmtpCapture } from "@/test/support/smtp";
import { userWithAgent } from "../meetings/fixtures.ts";
import { listCalendars, agentCalendar } from "./api.ts";
import { allow, callback, connect, startConnecting } from "./connect.ts";

// Google calendars connected over OAuth and synced incrementally, against the local stand-in of
// Google's OAuth endpoints and Calendar API v3 (test/fakes/calendar), which Google's own client
// (@googleapis/calendar) judges first.

let fakes: CalendarFakes;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  fakes = await startCalendarFakes();
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await fakes.close();
  await smtp.close();
});
beforeEach(() => {
  Object.assign(process.env, fakes.env, { GOOGLE_CLIENT_ID: "e2e-google-client", GOOGLE_CLIENT_SECRET: "e2e-google-secret", APP_URL: "http://localhost:3000", SMTP_URL: smtp.url });
});

const DAY = 24 * 3600_000;
const inDays = (d: number, hour = 10) => {
  const t = new Date(Date.now() + d * DAY);
  t.setUTCHours(hour, 0, 0, 0);
  return t.toISOString();
};
const meet = (code: string) => `https://meet.google.com/${code}`;

describe("the Google stand-in, judged by Google's own client", () => {
  it("pages, gives a sync token on the last page, lists changes with it, and answers 410 for an invalidated one", async () => {
    const g = fakes.google;
    const grantCode = g.grants.issueCode(new URLSearchParams({ client_id: "e2e-google-client", redirect_uri: "http://x/cb", scope: "s", code_challenge: "c" }));
    void grantCode;
    const [, tokens] = g.grants.token(new URLSearchParams({ grant_type: "refresh_token", client_id: "e2e-google-client", client_secret: "e2e-google-secret", refresh_token: "none" }));
    expect(tokens).toMatchObject({ error: "invalid_grant" });
    const code = g.grants.issueCode(new URLSearchParams({ client_id: "e2e-google-client", redirect_uri: "http://x/cb", scope: "s", code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM" }));
    const [status, issued] = g.grants.token(new URLSearchParams({ grant_type: "authorization_code", client_id: "e2e-google-client", client_secret: "e2e-google-secret", code, redirect_uri: "http://x/cb", code_verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk" }));
    expect(status).toBe(200);
    const client = new googleAuth.OAuth2("e2e-google-client", "e2e-google-secret");
    client.setCredentials({ access_token: (issued as { access_token: string }).access_token });
    const api = googleCalendar({ version: "v3", auth: client, rootUrl: `${fakes.url}/` });
    for (let i = 0; i < 3; i++) g.put({ id: `sdk${i}x${Date.now()}`, summary: `SDK ${i}`, start: { dateTime: inDays(1) }, end: { dateTime: inDays(1, 11) } });
    const first = await api.events.list({ calendarId: "primary", maxResults: 2, timeMin: new Date(Date.now() - 30 * DAY).toISOString() });
    expect(first.data.nextPageToken).toBeTruthy();
    expect(first.data.nextSyncToken).toBeUndefined();
    let page = first;
    while (page.data.nextPageToken) page = await api.events.list({ calendarId: "primary", maxResults: 2, pageToken: page.data.nextPageToken, timeMin: new Date(Date.now() - 30 * DAY).toISOString() });
    const syncToken = page.data.nextSyncToken!;
    expect(syncToken).toBeTruthy();
    g.put({ id: "sdkchanged", summary: "Changed", start: { dateTime: inDays(2) }, end: { dateTime: inDays(2, 11) } });
    const changes = await api.events.list({ calendarId: "primary", syncToken });
    expect(changes.data.items?.map((e) => e.summary)).toEqual(["Changed"]);
    await expect(api.events.list({ calendarId: "primary", syncToken, timeMin: new Date().toISOString() })).rejects.toMatchObject({ status: 400 });
    g.invalidBefore = g.seq;
    await expect(api.events.list({ calendarId: "primary", syncToken })).rejects.toMatchObject({ status: 410 });
    g.invalidBefore = 0;
  });
});

async function connectGoogle(headers: Record<string, string>, agentId: string): Promise<string> {
  return connect(fakes.url, headers, "google", agentId);
}

describe("a connected Google calendar", () => {
  it("connects with PKCE, syncs incrementally, resyncs after a 410, and keeps its events when the grant is revoked", async () => {
    const { headers, agent, user } = await userWithAgent();
    const g = fakes.google;
    const id = `ev${Date.now()}`;
    g.put({ id, summary: "Design review", start: { dateTime: inDays(3) }, end: { dateTime: inDays(3, 11) }, hangoutLink: meet("abc-defg-hij"), organizer: { email: "Boss@Example.test" } });
    g.put({ id: `${id}s`, summary: "Weekly", start: { dateTime: inDays(1, 9), timeZone: "Europe/Berlin" }, end: { dateTime: inDays(1, 10), timeZone: "Europe/Berlin" }, recurrence: ["RRULE:FREQ=WEEKLY;COUNT=3"], conferenceData: { entryPoints: [{ entryPointType: "video", uri: "https://zoom.us/j/123456789" }] } });
    const location = await connectGoogle(headers, agent.id);
    expect(location).toBe("http://localhost:3000/calendar?connected=google");
    const listed = (await listCalendars(headers)).body as { id: string; source: string; importing: boolean; connection: unknown }[];
    const cal = listed.find((c) => c.source === "google")!;
    expect(cal).toMatchObject({ importing: true, connection: { reconnectReason: null, joinRule: "all" } });
    expect(JSON.stringify(listed)).not.toMatch(/at-|rt-/);
    const conn = await db.calendarConnection.findUniqueOrThrow({ where: { calendarId: cal.id } });
    expect(conn.accessTokenEnc).toMatch(/^v1:/);

    await runCalendarImport(cal.id);
    const titles = async () => ((await agentCalendar(headers, agent.id)).body.events as { title: string; status: string; meetingUrl: string }[]).filter((e) => e.status !== "cancelled").map((e) => `${e.title} ${e.meetingUrl}`).sort();
    expect(await titles()).toEqual(["Design review https://meet.google.com/abc-defg-hij", "Weekly https://zoom.us/j/123456789", "Weekly https://zoom.us/j/123456789", "Weekly https://zoom.us/j/123456789"]);
    const after = (await listCalendars(headers)).body.find((c: { id: string }) => c.id === cal.id);
    expect(after).toMatchObject({ name: "Google · grace.hopper@example.test", connection: { accountEmail: "grace.hopper@example.test" }, error: null });

    // An incremental sync: one change and one deletion, read with the sync token only.
    g.put({ id, summary: "Design review (moved)", start: { dateTime: inDays(4) }, end: { dateTime: inDays(4, 11) } });
    g.put({ id: `${id}s_x`, recurringEventId: `${id}s`, originalStartTime: { dateTime: inDays(8, 9), timeZone: "Europe/Berlin" }, status: "cancelled" });
    await db.calendar.update({ where: { id: cal.id }, data: { importRequestedAt: new Date() } });
    await runCalendarImport(cal.id);
    expect(g.requests.at(-1)).toMatch(/syncToken=sync-/);
    expect(await titles()).toEqual(["Design review (moved) https://meet.google.com/abc-defg-hij", "Weekly https://zoom.us/j/123456789", "Weekly https://zoom.us/j/123456789"]);

    // 410: the token is invalid; a full sync reads everything again and the events stay right.
    g.invalidBefore = g.seq;
    g.remove(id);
    await db.calendar.update({ where: { id: cal.id }, data: { importRequestedAt: new Date() } });
    await runCalendarImport(cal.id);
    g.invalidBefore = 0;
    expect(g.requests.at(-1)).toMatch(/timeMin=/);
    expect(await titles()).toEqual(["Weekly https://zoom.us/j/123456789", "Weekly https://zoom.us/j/123456789"]);

    // The user removes Cohost's access at Google: the next refresh fails, the connection asks for a
    // reconnect, the owner gets one e-mail, and the events stay.
    await db.calendarConnection.update({ where: { id: conn.id }, data: { accessTokenExpiresAt: new Date() } });
    g.grants.revokeAll();
    for (let i = 0; i < 2; i++) {
      await db.calendar.update({ where: { id: cal.id }, data: { importRequestedAt: new Date() } });
      await runCalendarImport(cal.id);
    }
    const broken = (await listCalendars(headers)).body.find((c: { id: string }) => c.id === cal.id);
    expect(broken.connection.reconnectReason).toMatch(/expired or revoked/);
    expect(broken.error).toMatch(/Reconnect it; its events are kept/);
    expect((await smtp.arrived(user.email, 1)).filter((m) => /Reconnect your Google calendar/.test(m.subject ?? ""))).toHaveLength(1);
    expect(await titles()).toHaveLength(2);

    // Reconnecting repairs the same calendar.
    await connectGoogle(headers, agent.id);
    const repaired = (await listCalendars(headers)).body.filter((c: { source: string }) => c.source === "google");
    expect(repaired).toHaveLength(1);
    expect(repaired[0].connection.reconnectReason).toBeNull();
  });

  it("opens a push channel when Cohost is reachable, syncs on a notification with the right token only, and stops it and revokes the grant on disconnect", async () => {
    process.env.CALENDAR_PUSH_URL = "https://cohost.example.test";
    try {
      const { headers, agent } = await userWithAgent();
      await connectGoogle(headers, agent.id);
      const cal = (await listCalendars(headers)).body.find((c: { source: string }) => c.source === "google");
      await runCalendarImport(cal.id);
      const conn = await db.calendarConnection.findUniqueOrThrow({ where: { calendarId: cal.id } });
      const channel = fakes.google.channels.get(conn.channelId!)!;
      expect(channel.address).toBe("https://cohost.example.test/api/calendars/push/google");
      expect((await listCalendars(headers)).body.find((c: { id: string }) => c.id === cal.id)).toMatchObject({ importing: false, connection: { push: true } });

      const notify = (h: Record<string, string>) => googlePushRoute(new Request("http://localhost:3000/api/calendars/push/google", { method: "POST", headers: h }), { params: Promise.resolve({}) });
      expect((await notify({ ...pushHeaders(channel, 2), "x-goog-channel-token": "wrong" })).status).toBe(200);
      expect((await listCalendars(headers)).body.find((c: { id: string }) => c.id === cal.id).importing).toBe(false);
      expect((await notify(pushHeaders(channel, 3))).status).toBe(200);
      expect((await listCalendars(headers)).body.find((c: { id: string }) => c.id === cal.id).importing).toBe(true);

      const refresh = decryptSecret(conn.refreshTokenEnc!);
      const removed = await deleteCalendarRoute(new Request(`http://localhost:3000/api/calendars/${cal.id}`, { method: "DELETE", headers }), { params: Promise.resolve({ id: cal.id }) });
      expect(removed.status).toBe(200);
      expect(fakes.google.channels.has(conn.channelId!)).toBe(false);
      const [, after] = fakes.google.grants.token(new URLSearchParams({ grant_type: "refresh_token", client_id: "e2e-google-client", client_secret: "e2e-google-secret", refresh_token: refresh }));
      expect(after).toMatchObject({ error: "invalid_grant" });
    } finally {
      delete process.env.CALENDAR_PUSH_URL;
    }
  });

  it("refuses a callback whose state is not the session's own", async () => {
    const a = await userWithAgent();
    const b = await userWithAgent();
    const { consentUrl, cookie } = await startConnecting(a.headers, "google", a.agent.id);
    expect(consentUrl.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/calendar.events.readonly");
    const back = await allow(fakes.url, "google", consentUrl);
    // B's session with A's cookie, and A's session with a state that is not the one it started.
    expect((await callback(b.headers, "google", back, cookie)).headers.get("location")).toMatch(/connectError=/);
    expect((await callback(a.headers, "google", back.replace(/state=[^&]+/, "state=forged"), cookie)).headers.get("location")).toMatch(/connectError=/);
    expect(await db.calendarConnection.count({ where: { userId: { in: [a.user.id, b.user.id] } } })).toBe(0);
  });

  it("says the operator has not set it up when the client id is missing", async () => {
    delete process.env.GOOGLE_CLIENT_ID;
    delete process.env.GOOGLE_CALENDAR_CLIENT_ID;
    const { headers, agent } = await userWithAgent();
    const start = await connectRoute(new Request(`http://localhost:3000/api/calendars/connect/google?agentId=${agent.id}`, { headers }), { params: Promise.resolve({ provider: "google" }) });
    expect(decodeURIComponent(start.headers.get("location")!)).toMatch(/has not set up Google calendars/);
  });
});

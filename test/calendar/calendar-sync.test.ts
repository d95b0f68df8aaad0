import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NOT_A_FEED_MESSAGE } from "@/lib/calendar/sync-calendar";
import { syncDueCalendars } from "@/lib/calendar/sync-due-calendars";
import { db } from "@/lib/db/client";
import { startJob, userWithAgent } from "../meetings/fixtures.ts";
import { agentCalendar, listCalendars, subscribe, syncCalendar, updateEvent, upload } from "./api.ts";
import { at, MEET, vcalendar, ZOOM, type TestEvent } from "./ics.ts";

// A calendar server whose answer each test sets: an ICS body, an error status or junk.
let server: http.Server;
let base: string;
const feeds = new Map<string, { status: number; body: string }>();
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const feed = feeds.get(req.url!) ?? { status: 404, body: "no such calendar" };
    res.writeHead(feed.status, { "content-type": "text/calendar" }).end(feed.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  process.env.ALLOW_PRIVATE_PROVIDER_URLS = "1";
});

let feedNo = 0;
function serve(events: TestEvent[] | string, status = 200): string {
  const path = `/feed-${++feedNo}.ics`;
  feeds.set(path, { status, body: typeof events === "string" ? events : vcalendar(events) });
  return path;
}
const replace = (path: string, events: TestEvent[] | string, status = 200) => feeds.set(path, { status, body: typeof events === "string" ? events : vcalendar(events) });

type Event = { id: string; title: string; status: string; start: string; meetingId: string | null };
const eventsOf = async (headers: Record<string, string>, agentId: string) => (await agentCalendar(headers, agentId)).body.events as Event[];

async function subscribed(events: TestEvent[]) {
  const u = await userWithAgent();
  const path = serve(events);
  const res = await subscribe(u.headers, { url: `${base}${path}`, agentId: u.agent.id });
  expect(res.status).toBe(201);
  return { ...u, path, calendarId: res.body.id as string, calendar: res.body };
}

describe("subscriptions", () => {
  it("imports a subscribed address, shows only its host, and subscribing again re-reads the same calendar", async () => {
    const { headers, agent, path, calendar } = await subscribed([{ uid: "a@test", start: at(1), location: ZOOM, title: "Standup" }]);
    expect(calendar).toMatchObject({ source: "subscription", name: "127.0.0.1", eventCount: 1, error: null, urlHint: `${base}/…` });
    const again = await subscribe(headers, { url: `${base}${path}`, agentId: agent.id, name: "Ignored" });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(calendar.id);
    expect(await db.meeting.count({ where: { agentId: agent.id } })).toBe(1);
  });

  it("says how many events the import left out and why: no meeting link, all-day (issue 31)", async () => {
    const day = at(2).toISOString().slice(0, 10).replaceAll("-", "");
    const holiday = ["BEGIN:VEVENT", "UID:holiday@test", "DTSTAMP:19700101T000000Z", `DTSTART;VALUE=DATE:${day}`, "SUMMARY:Holiday", "END:VEVENT"].join("\r\n");
    const events: TestEvent[] = [
      { uid: "a@test", start: at(1), location: ZOOM, title: "Standup" },
      { uid: "b@test", start: at(1, 2), location: "Room 4", title: "Lunch" },
      { uid: "c@test", start: at(1, 4), title: "Focus time" },
    ];
    const u = await userWithAgent();
    const path = serve(vcalendar(events).replace("END:VCALENDAR", `${holiday}\r\nEND:VCALENDAR`));
    const res = await subscribe(u.headers, { url: `${base}${path}`, agentId: u.agent.id });
    expect(res.body).toMatchObject({ eventCount: 1, skipped: { noLink: 2, allDay: 1 } });
    // Once the feed gives them links, nothing is left out.
    replace(path, events.map((e) => ({ ...e, location: ZOOM, start: e.start })));
    expect((await syncCalendar(u.headers, res.body.id)).body).toMatchObject({ eventCount: 3, skipped: { noLink: 0, allDay: 0 } });
  });

  it("refuses an address that gives no calendar, saving nothing", async () => {
    const { headers, user } = await userWithAgent();
    const missing = await subscribe(headers, { url: `${base}/nothing-here.ics` });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("The calendar server answered with an error (404)");
    const html = await subscribe(headers, { url: `${base}${serve("<!doctype html><title>Sign in</title>")}` });
    expect(html.body).toMatchObject({ error: "validation_error", message: NOT_A_FEED_MESSAGE, issues: [{ path: "url" }] });
    expect(await db.calendar.count({ where: { userId: user.id } })).toBe(0);
  });

  it("re-fetching the same feed creates no duplicates", async () => {
    const { headers, agent, calendarId } = await subscribed([
      { uid: "a@test", start: at(1), location: ZOOM },
      { uid: "b@test", start: at(2), location: MEET },
    ]);
    for (let i = 0; i < 3; i++) expect((await syncCalendar(headers, calendarId)).body).toMatchObject({ eventCount: 2, error: null });
    expect(await db.calendarEvent.count({ where: { agentId: agent.id } })).toBe(2);
    expect(await db.meeting.count({ where: { agentId: agent.id } })).toBe(2);
    expect(await db.meetingEvent.count({ where: { meeting: { agentId: agent.id } } })).toBe(2);
  });

  it("moves the meeting when the event moves (higher SEQUENCE), and ignores an older copy", async () => {
    const { headers, agent, path, calendarId } = await subscribed([{ uid: "a@test", start: at(1), location: ZOOM, title: "Review" }]);
    const [before] = await eventsOf(headers, agent.id);
    replace(path, [{ uid: "a@test", start: at(2, 3), location: ZOOM, title: "Review (moved)", sequence: 1 }]);
    await syncCalendar(headers, calendarId);
    const [moved] = await eventsOf(headers, agent.id);
    expect(moved).toMatchObject({ id: before.id, title: "Review (moved)", start: at(2, 3).toISOString(), meetingId: before.meetingId });
    const meeting = await db.meeting.findUniqueOrThrow({ where: { id: before.meetingId! }, include: { events: { orderBy: { createdAt: "asc" } } } });
    expect(meeting.scheduledStart.toISOString()).toBe(at(2, 3).toISOString());
    expect(meeting.events.map((e) => [e.fromStatus, e.toStatus, e.reason])).toEqual([
      [null, "scheduled", "calendar"],
      ["scheduled", "scheduled", "rescheduled"],
    ]);
    expect((await startJob(meeting.id))!.startAfter.toISOString()).toBe(new Date(at(2, 3).getTime() - 120_000).toISOString());

    // An older copy (SEQUENCE 0) of the same event changes nothing.
    replace(path, [{ uid: "a@test", start: at(1), location: ZOOM, title: "Review", sequence: 0 }]);
    await syncCalendar(headers, calendarId);
    expect((await eventsOf(headers, agent.id))[0]).toMatchObject({ title: "Review (moved)", start: at(2, 3).toISOString() });
  });

  it("lets the organiser's newer version replace the user's edit", async () => {
    const { headers, agent, path, calendarId } = await subscribed([{ uid: "a@test", start: at(1), location: ZOOM, title: "Original" }]);
    const [event] = await eventsOf(headers, agent.id);
    await updateEvent(headers, agent.id, event.id, { title: "My title" });
    await syncCalendar(headers, calendarId);
    expect((await eventsOf(headers, agent.id))[0].title).toBe("My title");
    replace(path, [{ uid: "a@test", start: at(1), location: ZOOM, title: "Organiser's update", sequence: 1 }]);
    await syncCalendar(headers, calendarId);
    expect((await eventsOf(headers, agent.id))[0]).toMatchObject({ title: "Organiser's update" });
  });

  it("cancels the meeting when the event is cancelled or removed from the feed", async () => {
    const { headers, agent, path, calendarId } = await subscribed([
      { uid: "a@test", start: at(1), location: ZOOM, title: "Cancelled later" },
      { uid: "b@test", start: at(2), location: MEET, title: "Removed later" },
    ]);
    replace(path, [{ uid: "a@test", start: at(1), location: ZOOM, title: "Cancelled later", sequence: 1, status: "CANCELLED" }]);
    await syncCalendar(headers, calendarId);
    const events = await eventsOf(headers, agent.id);
    expect(events.map((e) => [e.title, e.status])).toEqual([
      ["Cancelled later", "cancelled"],
      ["Removed later", "cancelled"],
    ]);
    const meetings = await db.meeting.findMany({ where: { agentId: agent.id }, orderBy: { scheduledStart: "asc" } });
    expect(meetings.map((m) => [m.status, m.statusReason])).toEqual([
      ["cancelled", "calendar_event_cancelled"],
      ["cancelled", "calendar_event_removed"],
    ]);
    for (const m of meetings) expect((await startJob(m.id))?.state).toBe("cancelled");

    // Un-cancelled by the organiser: confirmed again, with a new meeting at the same place and time.
    replace(path, [{ uid: "a@test", start: at(1), location: ZOOM, title: "Back on", sequence: 2 }]);
    await syncCalendar(headers, calendarId);
    const back = (await eventsOf(headers, agent.id))[0];
    expect(back).toMatchObject({ title: "Back on", status: "confirmed", meetingStatus: "scheduled" });
    expect(await db.meeting.count({ where: { agentId: agent.id, status: "scheduled" } })).toBe(1);
  });

  it("follows a recurring series: a moved occurrence moves its meeting, an excluded one cancels it", async () => {
    const series: TestEvent = { uid: "series@test", start: at(1, 2), location: ZOOM, title: "Weekly", rrule: "FREQ=WEEKLY;COUNT=4" };
    const { headers, agent, path, calendarId } = await subscribed([series]);
    const before = await eventsOf(headers, agent.id);
    expect(before.map((e) => e.start)).toEqual([0, 7, 14, 21].map((d) => at(1 + d, 2).toISOString()));

    const feed = vcalendar([series, { uid: "series@test", recurrenceId: at(8, 2), start: at(9, 4), location: ZOOM, title: "Weekly (moved)", sequence: 1 }]).replace(
      "RRULE:FREQ=WEEKLY;COUNT=4",
      `RRULE:FREQ=WEEKLY;COUNT=4\r\nEXDATE:${at(15, 2).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`,
    );
    replace(path, feed);
    await syncCalendar(headers, calendarId);
    const after = await eventsOf(headers, agent.id);
    expect(after.map((e) => [e.start, e.title, e.status])).toEqual([
      [at(1, 2).toISOString(), "Weekly", "confirmed"],
      [at(9, 4).toISOString(), "Weekly (moved)", "confirmed"],
      [at(15, 2).toISOString(), "Weekly", "cancelled"],
      [at(22, 2).toISOString(), "Weekly", "confirmed"],
    ]);
    expect(after[1].id).toBe(before[1].id);
    expect(after[1].meetingId).toBe(before[1].meetingId);
    const meetings = await db.meeting.findMany({ where: { agentId: agent.id }, orderBy: { scheduledStart: "asc" } });
    expect(meetings.map((m) => [m.scheduledStart.toISOString(), m.status])).toEqual([
      [at(1, 2).toISOString(), "scheduled"],
      [at(9, 4).toISOString(), "scheduled"],
      [at(15, 2).toISOString(), "cancelled"],
      [at(22, 2).toISOString(), "scheduled"],
    ]);
  });

  it("keeps the last good events and shows the error when the feed fails, until it recovers", async () => {
    const { headers, agent, path, calendarId, calendar } = await subscribed([{ uid: "a@test", start: at(1), location: ZOOM, title: "Kept" }]);
    for (const [status, body, message] of [
      [500, "oops", "The calendar server answered with an error (500)"],
      [200, "<html>Please sign in</html>", NOT_A_FEED_MESSAGE],
    ] as const) {
      replace(path, body, status);
      const res = await syncCalendar(headers, calendarId);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ error: message, eventCount: 1, lastSyncedAt: calendar.lastSyncedAt });
      expect((await eventsOf(headers, agent.id)).map((e) => [e.title, e.status])).toEqual([["Kept", "confirmed"]]);
      expect(await db.meeting.count({ where: { agentId: agent.id, status: "scheduled" } })).toBe(1);
    }
    expect((await listCalendars(headers)).body[0].error).toBe(NOT_A_FEED_MESSAGE);
    replace(path, [{ uid: "a@test", start: at(1), location: ZOOM, title: "Kept" }]);
    const ok = await syncCalendar(headers, calendarId);
    expect(ok.body.error).toBeNull();
    expect(new Date(ok.body.lastSyncedAt).getTime()).toBeGreaterThan(new Date(calendar.lastSyncedAt).getTime());
  });
});

describe("scheduled sync", () => {
  it("re-reads subscriptions not tried for 15 minutes and uploads daily, each once per round", async () => {
    const { calendarId, path, agent, headers } = await subscribed([{ uid: "a@test", start: at(1), location: ZOOM, title: "Before" }]);
    const uploaded = await upload(headers, vcalendar([{ uid: "u@test", start: at(2), location: MEET }]), { agentId: agent.id });
    // Other tests' calendars may be due as well and a round takes at most 20: rounds run until none is
    // left, as the schedule's rounds would. Returns how many calendars were read successfully.
    const allDue = async () => {
      let synced = 0;
      for (let round = await syncDueCalendars(); round.synced + round.failed > 0; round = await syncDueCalendars()) synced += round.synced;
      return synced;
    };
    // The agent has the upload's event too: the subscription's is found by its UID.
    const subscribedEvent = () => db.calendarEvent.findFirstOrThrow({ where: { agentId: agent.id, uid: "a@test" } });
    replace(path, [{ uid: "a@test", start: at(1), location: ZOOM, title: "After", sequence: 1 }]);
    // Just synced: not due.
    await allDue();
    expect((await subscribedEvent()).title).toBe("Before");

    await db.calendar.update({ where: { id: calendarId }, data: { lastAttemptAt: new Date(Date.now() - 16 * 60_000) } });
    expect(await allDue()).toBeGreaterThanOrEqual(1);
    expect((await subscribedEvent()).title).toBe("After");
    // Claimed by that round: the next ones skip it.
    replace(path, [{ uid: "a@test", start: at(1), location: ZOOM, title: "Later still", sequence: 2 }]);
    await allDue();
    expect((await subscribedEvent()).title).toBe("After");

    const attemptOf = async (id: string) => (await db.calendar.findUniqueOrThrow({ where: { id } })).lastAttemptAt!.getTime();
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await db.calendar.update({ where: { id: uploaded.body.id }, data: { lastAttemptAt: twoHoursAgo } });
    await allDue();
    expect(await attemptOf(uploaded.body.id)).toBe(twoHoursAgo.getTime());
    await db.calendar.update({ where: { id: uploaded.body.id }, data: { lastAttemptAt: new Date(Date.now() - 25 * 3600_000) } });
    await allDue();
    expect(await attemptOf(uploaded.body.id)).toBeGreaterThan(Date.now() - 60_000);
    expect((await db.calendar.findUniqueOrThrow({ where: { id: uploaded.body.id } })).syncError).toBeNull();
  });

  it("two imports of the same events at once make one event and one meeting each", async () => {
    const { headers, agent } = await userWithAgent();
    const events = [
      { uid: "a@test", start: at(1), location: ZOOM },
      { uid: "b@test", start: at(2), location: MEET },
    ];
    const results = await Promise.all([upload(headers, vcalendar(events, "One"), { agentId: agent.id }), upload(headers, vcalendar(events, "Two"), { agentId: agent.id })]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(await db.calendarEvent.count({ where: { agentId: agent.id } })).toBe(2);
    expect(await db.meeting.count({ where: { agentId: agent.id } })).toBe(2);
  });
});

describe("meetings the user cancelled", () => {
  it("stay cancelled when their event changes later", async () => {
    const { headers, agent, path, calendarId } = await subscribed([{ uid: "a@test", start: at(1), location: ZOOM, title: "Sync" }]);
    const [event] = await eventsOf(headers, agent.id);
    const { POST: cancelRoute } = await import("@/app/api/meetings/[id]/cancel/route");
    const { call } = await import("../http.ts");
    expect((await call(cancelRoute, { method: "POST", headers, params: { id: event.meetingId! } })).status).toBe(200);
    replace(path, [{ uid: "a@test", start: at(1), location: ZOOM, title: "Sync (agenda added)", sequence: 1 }]);
    await syncCalendar(headers, calendarId);
    expect((await eventsOf(headers, agent.id))[0]).toMatchObject({ title: "Sync (agenda added)", meetingId: event.meetingId, meetingStatus: "cancelled" });
    expect(await db.meeting.count({ where: { agentId: agent.id } })).toBe(1);
  });
});

describe("limits", () => {
  it("caps fetches a user starts at 30 a minute (429 with Retry-After)", async () => {
    const { headers, calendarId } = await subscribed([{ uid: "a@test", start: at(1), location: ZOOM }]);
    // The subscription itself was the first fetch of the window.
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push((await syncCalendar(headers, calendarId)).status);
    expect(answers.filter((s) => s === 200)).toHaveLength(29);
    const limited = await syncCalendar(headers, calendarId);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

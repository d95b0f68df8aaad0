import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POST as syncRoute } from "@/app/api/calendars/[id]/sync/route";
import { createAgent } from "@/lib/agents/create-agent";
import { runCalendarImport } from "@/lib/calendar/run-import";
import { NOT_A_CALENDAR_MESSAGE } from "@/lib/calendar/parse-ics";
import { db } from "@/lib/db/client";
import { validAgent } from "../agents/fixtures.ts";
import { startJob, userWithAgent } from "../meetings/fixtures.ts";
import { call } from "../http.ts";
import { createUser } from "../users.ts";
import { agentCalendar, deleteCalendar, listCalendars, subscribe, upload } from "./api.ts";
import { at, MEET, TEAMS, vcalendar, ZOOM } from "./ics.ts";

const meetingsOf = (agentId: string) => db.meeting.findMany({ where: { agentId }, orderBy: { scheduledStart: "asc" } });

describe("POST /api/calendars (upload)", () => {
  it("imports linked events as confirmed agent events, each with one scheduled meeting; events without a link are not agent events", async () => {
    const { headers, agent } = await userWithAgent();
    const text = vcalendar(
      [
        { uid: "a@test", start: at(1, 2), title: "Planning", location: ZOOM, organizer: "boss@example.com" },
        { uid: "b@test", start: at(2, 3), end: at(2, 4), title: "Review", description: `Join: ${MEET}` },
        { uid: "c@test", start: at(3), title: "Lunch", location: "Café" },
      ],
      "Work",
    );
    const res = await upload(headers, text, { agentId: agent.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Work", source: "upload", agentId: agent.id, agentName: agent.name, eventCount: 2, error: null, urlHint: null });
    expect(Object.keys(res.body).sort()).toEqual(["agentId", "agentName", "connection", "createdAt", "error", "eventCount", "id", "importing", "lastSyncedAt", "name", "skipped", "source", "urlHint"].sort());
    expect(new Date(res.body.lastSyncedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const calendar = await agentCalendar(headers, agent.id);
    expect(calendar.status).toBe(200);
    expect(calendar.body.hasToken).toBe(false);
    const meetings = await meetingsOf(agent.id);
    expect(calendar.body.events).toEqual([
      expect.objectContaining({
        title: "Planning",
        start: at(1, 2).toISOString(),
        end: at(1, 3).toISOString(),
        meetingUrl: ZOOM,
        platform: "zoom",
        status: "confirmed",
        organizerEmail: "boss@example.com",
        meetingId: meetings[0].id,
        meetingStatus: "scheduled",
      }),
      expect.objectContaining({ title: "Review", meetingUrl: MEET, platform: "meet", status: "confirmed", organizerEmail: null, meetingId: meetings[1].id }),
    ]);
    expect(meetings.map((m) => [m.title, m.meetingUrl, m.status, m.scheduledStart.toISOString()])).toEqual([
      ["Planning", ZOOM, "scheduled", at(1, 2).toISOString()],
      ["Review", MEET, "scheduled", at(2, 3).toISOString()],
    ]);
    // Each meeting's bot is queued to start 2 minutes before its start.
    expect((await startJob(meetings[0].id))!.startAfter.toISOString()).toBe(new Date(at(1, 2).getTime() - 120_000).toISOString());
  });

  it("answers at once with the calendar importing and one queued import job, which the jobs process's run carries out", async () => {
    const { headers, agent } = await userWithAgent();
    const res = await upload(headers, vcalendar([{ uid: "q@test", start: at(1), location: ZOOM }], "Queued"), { agentId: agent.id });
    expect(res.status).toBe(201);
    expect(res.queued).toMatchObject({ name: "Queued", importing: true, eventCount: 0, lastSyncedAt: null, error: null });
    expect(res.body).toMatchObject({ id: res.queued.id, importing: false, eventCount: 1, error: null });
    const jobsOf = (id: string) => db.$queryRaw<{ data: unknown; state: string }[]>`SELECT data, state::text FROM pgboss.job WHERE name = 'calendar-import' AND singleton_key = ${id}`;
    expect(await jobsOf(res.body.id)).toEqual([{ data: { calendarId: res.body.id }, state: "created" }]);
    // Asked again while that job still waits: it covers the new request too, no second job.
    const refreshed = await call(syncRoute, { method: "POST", headers, params: { id: res.body.id } });
    expect(refreshed.body).toMatchObject({ id: res.body.id, importing: true });
    expect(await jobsOf(res.body.id)).toHaveLength(1);
    // A job whose import already ran (a retry after a crash) does nothing.
    await runCalendarImport(res.body.id);
    expect(await runCalendarImport(res.body.id)).toEqual({ imported: false, error: null });
  });

  it("refuses a file that is not a calendar with a clear message and imports nothing", async () => {
    const { headers, agent, user } = await userWithAgent();
    const vcard = fs.readFileSync(path.join(import.meta.dirname, "fixtures/not-a-calendar.ics"), "utf8");
    for (const text of [vcard, "<html><body>Sign in</body></html>", ""]) {
      const res = await upload(headers, text, { agentId: agent.id });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "validation_error", message: NOT_A_CALENDAR_MESSAGE, issues: [{ path: "file", message: NOT_A_CALENDAR_MESSAGE }] });
    }
    expect(await db.calendar.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.calendarEvent.count({ where: { userId: user.id } })).toBe(0);
  });

  it("re-importing the same file, or a changed copy of it, creates no duplicate events or meetings", async () => {
    const { headers, agent } = await userWithAgent();
    const events = [
      { uid: "a@test", start: at(1), location: ZOOM },
      { uid: "b@test", start: at(2), location: TEAMS },
    ];
    const first = await upload(headers, vcalendar(events), { agentId: agent.id });
    const again = await upload(headers, vcalendar(events), { agentId: agent.id });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    // Another export of the same calendar (other bytes, same UIDs) is another calendar carrying the same events.
    const copy = await upload(headers, vcalendar(events, "Exported again"), { agentId: agent.id }, "copy.ics");
    expect(copy.status).toBe(201);
    expect(copy.body.id).not.toBe(first.body.id);
    expect(copy.body.eventCount).toBe(2);
    expect(await db.calendarEvent.count({ where: { agentId: agent.id } })).toBe(2);
    expect(await db.meeting.count({ where: { agentId: agent.id } })).toBe(2);
  });

  it("uses the user's only agent when none is named, and asks when there are several or none", async () => {
    const { headers, agent, user } = await userWithAgent();
    const text = vcalendar([{ uid: "a@test", start: at(1), location: ZOOM }]);
    const res = await upload(headers, text, {}, "team-calendar.ics");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ agentId: agent.id, name: "team-calendar" });

    await createAgent(user.id, validAgent({ name: "Second" }));
    const ambiguous = await upload(headers, vcalendar([{ uid: "z@test", start: at(1), location: MEET }]));
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body).toMatchObject({ error: "validation_error", message: "Choose the agent this calendar is for", issues: [{ path: "agentId" }] });

    const lonely = await createUser();
    const none = await upload(lonely.headers, text);
    expect(none.body.message).toBe("Create an agent first: calendar events are meetings for an agent to join");
  });

  it("refuses a missing file, a file over the size limit and another user's agent", async () => {
    const { headers, agent } = await userWithAgent();
    const other = await userWithAgent();
    const form = new FormData();
    form.set("agentId", agent.id);
    const { "content-type": _, ...rest } = headers;
    const { POST } = await import("@/app/api/calendars/route");
    const noFile = await POST(new Request("http://localhost:3000/api/calendars", { method: "POST", headers: rest, body: form }), { params: Promise.resolve({}) });
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).message).toBe("Choose an .ics file to upload");

    const huge = vcalendar([{ uid: "a@test", start: at(1), location: ZOOM, description: "x".repeat(5.2 * 1024 * 1024) }]);
    const big = await upload(headers, huge, { agentId: agent.id });
    expect(big.status).toBe(400);
    expect(big.body.message).toBe("The file is larger than 5 MB");

    const foreign = await upload(headers, vcalendar([{ uid: "a@test", start: at(1), location: ZOOM }]), { agentId: other.agent.id });
    expect(foreign.status).toBe(404);
    expect(await db.calendar.count({ where: { agentId: other.agent.id } })).toBe(0);
  });
});

describe("POST /api/calendars (subscribe): validation", () => {
  it.each([
    [{}, "url", "Enter the calendar's address"],
    [{ url: "ftp://example.com/cal.ics" }, "url", "Calendar addresses must start with https://, http:// or webcal://"],
    [{ url: "https://me:pw@example.com/cal.ics" }, "url", "Calendar addresses with a user name or password are not supported"],
    [{ url: "http://169.254.169.254/latest" }, "url", "That address points to a private network address"],
    [{ url: "webcal://localhost:3000/api/feeds/x.ics" }, "url", "That address points to a private network address"],
    [{ url: "https://example.com/cal.ics", name: "x".repeat(101) }, "name", "The name must be at most 100 characters"],
  ])("refuses %j", async (body, field, message) => {
    const { headers, user } = await userWithAgent();
    const res = await subscribe(headers, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "validation_error", message, issues: [{ path: field, message }] });
    expect(await db.calendar.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("GET /api/calendars and DELETE /api/calendars/{id}", () => {
  it("lists the user's calendars only, oldest first", async () => {
    const { headers, agent } = await userWithAgent();
    const other = await userWithAgent();
    await upload(other.headers, vcalendar([{ uid: "o@test", start: at(1), location: ZOOM }]));
    const a = await upload(headers, vcalendar([{ uid: "a@test", start: at(1), location: ZOOM }], "A"), { agentId: agent.id });
    const b = await upload(headers, vcalendar([{ uid: "b@test", start: at(1), location: MEET }], "B"), { agentId: agent.id });
    const res = await listCalendars(headers);
    expect(res.status).toBe(200);
    expect(res.body.map((c: { id: string; name: string; eventCount: number }) => [c.id, c.name, c.eventCount])).toEqual([
      [a.body.id, "A", 1],
      [b.body.id, "B", 1],
    ]);
  });

  it("cancels only the meetings no other calendar still carries", async () => {
    const { headers, agent } = await userWithAgent();
    const shared = { uid: "shared@test", start: at(1), location: ZOOM, title: "Shared" };
    const own = { uid: "own@test", start: at(2), location: MEET, title: "Own" };
    const first = await upload(headers, vcalendar([shared, own], "First"), { agentId: agent.id });
    const second = await upload(headers, vcalendar([shared], "Second"), { agentId: agent.id });

    const res = await deleteCalendar(headers, first.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true, cancelledMeetings: 1 });
    const meetings = await meetingsOf(agent.id);
    expect(meetings.map((m) => [m.title, m.status, m.statusReason])).toEqual([
      ["Shared", "scheduled", null],
      ["Own", "cancelled", "calendar_removed"],
    ]);
    // The removed event is gone from the agent's calendar; its meeting stays in the history.
    expect((await agentCalendar(headers, agent.id)).body.events.map((e: { title: string }) => e.title)).toEqual(["Shared"]);

    expect((await deleteCalendar(headers, second.body.id)).body).toEqual({ deleted: true, cancelledMeetings: 1 });
    expect((await meetingsOf(agent.id)).map((m) => m.status)).toEqual(["cancelled", "cancelled"]);
    expect(await db.calendarEvent.count({ where: { agentId: agent.id } })).toBe(0);
    expect((await deleteCalendar(headers, second.body.id)).status).toBe(404);
  });
});

describe("deleting an agent", () => {
  it("takes its calendars and events with it", async () => {
    const { headers, agent, user } = await userWithAgent();
    await upload(headers, vcalendar([{ uid: "a@test", start: at(1), location: ZOOM }]), { agentId: agent.id });
    const { DELETE } = await import("@/app/api/agents/[id]/route");
    const { call } = await import("../http.ts");
    const res = await call(DELETE, { method: "DELETE", headers, params: { id: agent.id } });
    expect(res.body).toEqual({ deleted: true, cancelledMeetings: 1 });
    expect(await db.calendar.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.calendarEvent.count({ where: { userId: user.id } })).toBe(0);
    expect((await listCalendars(headers)).body).toEqual([]);
  });
});

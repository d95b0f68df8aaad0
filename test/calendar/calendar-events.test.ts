import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { ACCEPTED_LINKS_MESSAGE } from "@/lib/meetings/meeting-url";
import { startJob, userWithAgent } from "../meetings/fixtures.ts";
import { agentCalendar, confirm, deleteCalendar, deleteEvent, listCalendars, restoreEvent, syncCalendar, updateEvent, upload, userEvents } from "./api.ts";
import { at, MEET, TEAMS, vcalendar, ZOOM, type TestEvent } from "./ics.ts";

type Event = { id: string; title: string; status: string; meetingId: string | null; start: string };

async function agentWith(settings: { accessControlEnabled?: boolean; whitelistedEmails?: string[]; requireConfirmation?: boolean }) {
  const u = await userWithAgent();
  await db.agent.update({ where: { id: u.agent.id }, data: settings });
  return u;
}

async function importEvents(headers: Record<string, string>, agentId: string, events: TestEvent[]) {
  const res = await upload(headers, vcalendar(events), { agentId });
  expect(res.status).toBe(201);
  const calendar = await agentCalendar(headers, agentId);
  return { calendarId: res.body.id as string, events: calendar.body.events as Event[] };
}

const meetingCount = (agentId: string) => db.meeting.count({ where: { agentId } });

describe("access control and confirmation", () => {
  it("blocks organisers outside the whitelist (case-insensitive) when access control is on; no meeting for blocked events", async () => {
    const { headers, agent } = await agentWith({ accessControlEnabled: true, whitelistedEmails: ["boss@example.com"] });
    const { events } = await importEvents(headers, agent.id, [
      { uid: "a@test", start: at(1), location: ZOOM, organizer: "Boss@Example.com", title: "From boss" },
      { uid: "b@test", start: at(2), location: MEET, organizer: "stranger@elsewhere.com", title: "From stranger" },
      { uid: "c@test", start: at(3), location: TEAMS, title: "No organiser" },
    ]);
    expect(events.map((e) => [e.title, e.status, e.meetingId !== null])).toEqual([
      ["From boss", "confirmed", true],
      ["From stranger", "blocked", false],
      ["No organiser", "blocked", false],
    ]);
    expect(await meetingCount(agent.id)).toBe(1);
  });

  it("keeps events pending when the agent requires confirmation; confirming schedules exactly one meeting, however often", async () => {
    const { headers, agent } = await agentWith({ requireConfirmation: true });
    const { events } = await importEvents(headers, agent.id, [{ uid: "a@test", start: at(1, 5), location: ZOOM, title: "Pending" }]);
    expect(events[0]).toMatchObject({ status: "pending", meetingId: null });
    expect(await meetingCount(agent.id)).toBe(0);

    const first = await confirm(headers, agent.id, events[0].id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: events[0].id, status: "confirmed", meetingStatus: "scheduled" });
    const meeting = await db.meeting.findUniqueOrThrow({ where: { id: first.body.meetingId } });
    expect(meeting).toMatchObject({ agentId: agent.id, meetingUrl: ZOOM, title: "Pending", status: "scheduled", calendarEventId: events[0].id });
    expect(await startJob(meeting.id)).not.toBeNull();

    const second = await confirm(headers, agent.id, events[0].id);
    expect(second.body).toMatchObject({ status: "confirmed", meetingId: meeting.id });
    expect(await meetingCount(agent.id)).toBe(1);
  });

  it("lets the owner confirm a blocked event; refuses cancelled and finished ones", async () => {
    const { headers, agent } = await agentWith({ accessControlEnabled: true, whitelistedEmails: ["boss@example.com"] });
    const { events } = await importEvents(headers, agent.id, [
      { uid: "past@test", start: at(-2), location: ZOOM, organizer: "x@y.com", title: "Over" },
      { uid: "blocked@test", start: at(1), location: MEET, organizer: "x@y.com", title: "Blocked" },
      { uid: "gone@test", start: at(2), location: TEAMS, status: "CANCELLED", title: "Cancelled" },
    ]);
    const [over, blocked, gone] = events;
    expect([over.status, blocked.status, gone.status]).toEqual(["blocked", "blocked", "cancelled"]);
    expect((await confirm(headers, agent.id, blocked.id)).body).toMatchObject({ status: "confirmed", meetingStatus: "scheduled" });
    const cancelled = await confirm(headers, agent.id, gone.id);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body).toEqual({ error: "conflict", message: "This event was cancelled in its calendar, so it cannot be confirmed." });
    const finished = await confirm(headers, agent.id, over.id);
    expect(finished.status).toBe(409);
    expect(finished.body.message).toBe("This event is over, so it cannot be confirmed.");
  });

  it("applies changed agent settings to unconfirmed events on the next import, but never un-confirms a confirmed one", async () => {
    const { headers, agent } = await agentWith({ requireConfirmation: true });
    const { calendarId, events } = await importEvents(headers, agent.id, [
      { uid: "a@test", start: at(1), location: ZOOM, title: "A" },
      { uid: "b@test", start: at(2), location: MEET, title: "B" },
    ]);
    await confirm(headers, agent.id, events[0].id);
    await db.agent.update({ where: { id: agent.id }, data: { requireConfirmation: false, accessControlEnabled: true, whitelistedEmails: [] } });
    await syncCalendar(headers, calendarId);
    const after = (await agentCalendar(headers, agent.id)).body.events as Event[];
    expect(after.map((e) => [e.title, e.status])).toEqual([
      ["A", "confirmed"],
      ["B", "blocked"],
    ]);
    await db.agent.update({ where: { id: agent.id }, data: { accessControlEnabled: false } });
    await syncCalendar(headers, calendarId);
    const confirmedNow = (await agentCalendar(headers, agent.id)).body.events as Event[];
    expect(confirmedNow.map((e) => [e.title, e.status, e.meetingId !== null])).toEqual([
      ["A", "confirmed", true],
      ["B", "confirmed", true],
    ]);
  });
});

describe("PUT and DELETE …/calendar/events/{eventId}", () => {
  it("edits title, times and link; the meeting follows, and the edit survives a re-import of the same version", async () => {
    const { headers, agent } = await userWithAgent();
    const { calendarId, events } = await importEvents(headers, agent.id, [{ uid: "a@test", start: at(1), location: ZOOM, title: "Original" }]);
    const res = await updateEvent(headers, agent.id, events[0].id, {
      ...events[0],
      title: "Renamed",
      start: at(3, 1).toISOString(),
      end: at(3, 2).toISOString(),
      meetingUrl: "meet.google.com/XKQ-WBNR-TPA",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Renamed", start: at(3, 1).toISOString(), end: at(3, 2).toISOString(), meetingUrl: MEET, platform: "meet", edited: true });
    const meeting = await db.meeting.findUniqueOrThrow({ where: { id: res.body.meetingId } });
    expect(meeting).toMatchObject({ title: "Renamed", meetingUrl: MEET, platform: "meet", status: "scheduled" });
    expect(meeting.scheduledStart.toISOString()).toBe(at(3, 1).toISOString());
    expect((await startJob(meeting.id))!.startAfter.toISOString()).toBe(new Date(at(3, 1).getTime() - 120_000).toISOString());

    await syncCalendar(headers, calendarId);
    expect(((await agentCalendar(headers, agent.id)).body.events as Event[]).map((e) => [e.title, e.start])).toEqual([["Renamed", at(3, 1).toISOString()]]);
    expect(await meetingCount(agent.id)).toBe(1);
  });

  it.each([
    [{ meetingUrl: "https://example.com/call" }, 400, ACCEPTED_LINKS_MESSAGE],
    [{ start: "tomorrow" }, 400, "The start must be a date and time (ISO 8601)"],
    [{ end: "2020-01-01T00:00:00Z" }, 400, "The end must be after the start"],
    [{ title: "x".repeat(501) }, 400, "The title must be at most 500 characters"],
  ])("refuses %j", async (body, status, message) => {
    const { headers, agent } = await userWithAgent();
    const { events } = await importEvents(headers, agent.id, [{ uid: "a@test", start: at(1), location: ZOOM }]);
    const res = await updateEvent(headers, agent.id, events[0].id, body);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  });

  it("refuses moving an event onto another event of the same link and time", async () => {
    const { headers, agent } = await userWithAgent();
    const { events } = await importEvents(headers, agent.id, [
      { uid: "a@test", start: at(1), location: ZOOM },
      { uid: "b@test", start: at(2), location: ZOOM },
    ]);
    const res = await updateEvent(headers, agent.id, events[1].id, { start: at(1).toISOString() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This agent already has an event for this meeting link at that time.");
  });

  it("deletes an event: hidden, its meeting cancelled, and not brought back by the next import", async () => {
    const { headers, agent } = await userWithAgent();
    const { calendarId, events } = await importEvents(headers, agent.id, [
      { uid: "a@test", start: at(1), location: ZOOM, title: "Keep" },
      { uid: "b@test", start: at(2), location: MEET, title: "Drop" },
    ]);
    const res = await deleteEvent(headers, agent.id, events[1].id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: events[1].id, deleted: true });
    const meeting = await db.meeting.findUniqueOrThrow({ where: { id: events[1].meetingId! } });
    expect(meeting).toMatchObject({ status: "cancelled", statusReason: "calendar_event_deleted" });

    await syncCalendar(headers, calendarId);
    expect(((await agentCalendar(headers, agent.id)).body.events as Event[]).map((e) => e.title)).toEqual(["Keep"]);
    expect((await listCalendars(headers)).body[0].eventCount).toBe(1);
    expect(await db.meeting.count({ where: { agentId: agent.id, status: "scheduled" } })).toBe(1);
    expect((await deleteEvent(headers, agent.id, events[1].id)).status).toBe(404);
  });

  it("restores a deleted event (undo): shown again with a new meeting; only deleted events can be restored", async () => {
    const { headers, agent } = await userWithAgent();
    const { calendarId, events } = await importEvents(headers, agent.id, [{ uid: "a@test", start: at(1), location: ZOOM, title: "Oops" }]);
    expect((await restoreEvent(headers, agent.id, events[0].id)).status).toBe(404);
    await deleteEvent(headers, agent.id, events[0].id);
    const intruder = await userWithAgent();
    expect((await restoreEvent(intruder.headers, agent.id, events[0].id)).status).toBe(404);
    expect((await restoreEvent(intruder.headers, intruder.agent.id, events[0].id)).status).toBe(404);
    const res = await restoreEvent(headers, agent.id, events[0].id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: events[0].id, title: "Oops", status: "confirmed", meetingStatus: "scheduled" });
    expect(res.body.meetingId).not.toBe(events[0].meetingId);
    const meetings = await db.meeting.findMany({ where: { agentId: agent.id }, orderBy: { createdAt: "asc" } });
    expect(meetings.map((m) => [m.status, m.statusReason])).toEqual([
      ["cancelled", "calendar_event_deleted"],
      ["scheduled", null],
    ]);
    expect(await startJob(res.body.meetingId)).toMatchObject({ state: "created" });
    // Its calendar carries it as before: the next import changes nothing.
    await syncCalendar(headers, calendarId);
    expect(((await agentCalendar(headers, agent.id)).body.events as Event[]).map((e) => [e.title, e.meetingId])).toEqual([["Oops", res.body.meetingId]]);
    expect((await restoreEvent(headers, agent.id, events[0].id)).status).toBe(404);
  });
});

describe("isolation", () => {
  it("answers 404 for another user's calendar, agent or event, and for an event under another agent's path", async () => {
    const owner = await userWithAgent();
    const { calendarId, events } = await importEvents(owner.headers, owner.agent.id, [{ uid: "a@test", start: at(1), location: ZOOM }]);
    const intruder = await userWithAgent();
    const eventId = events[0].id;
    const calls = [
      agentCalendar(intruder.headers, owner.agent.id),
      confirm(intruder.headers, owner.agent.id, eventId),
      updateEvent(intruder.headers, owner.agent.id, eventId, { title: "Mine now" }),
      deleteEvent(intruder.headers, owner.agent.id, eventId),
      restoreEvent(intruder.headers, owner.agent.id, eventId),
      // The intruder's own agent in the path does not reach the owner's event either.
      confirm(intruder.headers, intruder.agent.id, eventId),
      updateEvent(intruder.headers, intruder.agent.id, eventId, { title: "Mine now" }),
      deleteEvent(intruder.headers, intruder.agent.id, eventId),
      deleteCalendar(intruder.headers, calendarId),
      syncCalendar(intruder.headers, calendarId),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    expect((await userEvents(intruder.headers)).body.events).toEqual([]);
    expect((await listCalendars(intruder.headers)).body).toEqual([]);

    const untouched = await db.calendarEvent.findUniqueOrThrow({ where: { id: eventId } });
    expect(untouched).toMatchObject({ title: "Sync", deletedAt: null, status: "confirmed" });
    expect(await db.calendar.count({ where: { id: calendarId } })).toBe(1);
  });
});

describe("GET /api/calendars/events", () => {
  it("lists every agent's events with their agent, within ?from/?to", async () => {
    const { headers, agent, user } = await userWithAgent();
    const { createAgent } = await import("@/lib/agents/create-agent");
    const { validAgent } = await import("../agents/fixtures.ts");
    const second = await createAgent(user.id, validAgent({ name: "Second" }));
    await importEvents(headers, agent.id, [{ uid: "a@test", start: at(1), location: ZOOM, title: "First's" }]);
    await importEvents(headers, second.id, [{ uid: "b@test", start: at(5), location: MEET, title: "Second's" }]);
    const all = await userEvents(headers);
    expect(all.status).toBe(200);
    expect(all.body.hasToken).toBe(false);
    expect(all.body.events.map((e: { title: string; agentName: string }) => [e.title, e.agentName])).toEqual([
      ["First's", agent.name],
      ["Second's", "Second"],
    ]);
    const ranged = await userEvents(headers, `?from=${encodeURIComponent(at(3).toISOString())}&to=${encodeURIComponent(at(10).toISOString())}`);
    expect(ranged.body.events.map((e: { title: string }) => e.title)).toEqual(["Second's"]);
    const bad = await userEvents(headers, `?from=${encodeURIComponent(at(3).toISOString())}&to=${encodeURIComponent(at(1).toISOString())}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("to must be after from and at most 400 days later");
  });
});

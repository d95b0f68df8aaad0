import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PATCH as calendarPatchRoute } from "@/app/api/calendars/[id]/route";
import { PATCH as eventPatchRoute } from "@/app/api/agents/[id]/calendar/events/[eventId]/route";
import { runCalendarImport } from "@/lib/calendar/run-import";
import { db } from "@/lib/db/client";
import { startCalendarFakes, type CalendarFakes } from "@/test/fakes/calendar/server";
import { call } from "../http.ts";
import { userWithAgent } from "../meetings/fixtures.ts";
import { agentCalendar, listCalendars, updateEvent, upload } from "./api.ts";
import { at, vcalendar } from "./ics.ts";
import { connect } from "./connect.ts";

// Which meetings the agent joins from a connected calendar (issue 28): the owner's answer and
// whether they organise the event, kept by the sync from the stand-ins of Google Calendar and
// Microsoft Graph (test/fakes/calendar); the calendar's rule applied at import; the per-event switch
// over it; and the event's "Cohost will join" / "Cohost won't join: why".

let fakes: CalendarFakes;
beforeAll(async () => {
  fakes = await startCalendarFakes();
});
afterAll(async () => {
  await fakes.close();
});
beforeEach(() => {
  Object.assign(process.env, fakes.env, { GOOGLE_CLIENT_ID: "e2e-google-client", GOOGLE_CLIENT_SECRET: "e2e-google-secret", APP_URL: "http://localhost:3000" });
});

type Headers = Record<string, string>;
interface Event {
  id: string;
  title: string;
  status: string;
  meetingId: string | null;
  meetingStatus: string | null;
  myResponse: string | null;
  organizedByMe: boolean | null;
  joinOverride: boolean | null;
  join: { willJoin: boolean; reason: string | null; keyword: string | null; text: string };
}

const DAY = 24 * 3600_000;
const inDays = (d: number, hour = 10) => {
  const t = new Date(Date.now() + d * DAY);
  t.setUTCHours(hour, 0, 0, 0);
  return t.toISOString();
};
const letters = (n: number) => [...randomBytes(n)].map((b) => String.fromCharCode(97 + (b % 26))).join("");
const meetLink = () => `https://meet.google.com/${letters(3)}-${letters(4)}-${letters(3)}`;
const ME = "grace.hopper@example.test";
const BOSS = "boss@example.test";

const setRule = (headers: Headers, id: string, body: unknown) => call(calendarPatchRoute, { method: "PATCH", headers, body, params: { id } });
const switchEvent = (headers: Headers, agentId: string, eventId: string, join: boolean | null) =>
  call(eventPatchRoute, { method: "PATCH", headers, body: { join }, params: { id: agentId, eventId } });

/** The agent's events of this test (the stand-in is shared by the file), by title. */
async function eventsOf(headers: Headers, agentId: string, tag: string): Promise<Record<string, Event>> {
  const events = (await agentCalendar(headers, agentId)).body.events as Event[];
  return Object.fromEntries(events.filter((e) => e.title.startsWith(tag)).map((e) => [e.title.slice(tag.length + 1), e]));
}

async function sync(calendarId: string) {
  await db.calendar.update({ where: { id: calendarId }, data: { importRequestedAt: new Date() } });
  await runCalendarImport(calendarId);
}

/** A Google event on the owner's calendar: organised by them, or an invitation with their answer. */
function googleEvent(tag: string, title: string, day: number, answer: "organizer" | "accepted" | "declined" | "needsAction" | "tentative") {
  const invited = answer !== "organizer";
  return {
    id: `${tag}${letters(6)}`,
    summary: `${tag} ${title}`,
    start: { dateTime: inDays(day) },
    end: { dateTime: inDays(day, 11) },
    hangoutLink: meetLink(),
    organizer: { email: invited ? BOSS : ME },
    attendees: invited ? [{ email: BOSS, responseStatus: "accepted" }, { email: ME, responseStatus: answer }] : [{ email: ME, responseStatus: "accepted" }, { email: "guest@example.test" }],
  };
}

async function connectedGoogle(tag: string) {
  const { headers, agent, user } = await userWithAgent();
  const g = fakes.google;
  const ids: Record<string, string> = {};
  for (const [title, day, answer] of [
    ["Planning", 2, "organizer"],
    ["Standup", 3, "accepted"],
    ["Board review", 4, "declined"],
    ["Retro", 5, "needsAction"],
    ["Offsite", 6, "tentative"],
  ] as const) {
    const event = googleEvent(tag, title, day, answer);
    ids[title] = event.id;
    g.put(event);
  }
  await connect(fakes.url, headers, "google", agent.id);
  const cal = (await listCalendars(headers)).body.find((c: { source: string }) => c.source === "google");
  await runCalendarImport(cal.id);
  return { headers, agent, user, cal, ids };
}

describe("which meetings the agent joins from a connected Google calendar", () => {
  it("keeps the owner's answer, applies each rule at the import a rule change queues, and never joins a declined event under 'accepted'", async () => {
    const tag = `R${letters(5)}`;
    const { headers, agent, cal, ids } = await connectedGoogle(tag);

    // "Every event with a meeting link" (the default): all joined, each with the owner's answer kept.
    let events = await eventsOf(headers, agent.id, tag);
    expect(Object.fromEntries(Object.entries(events).map(([t, e]) => [t, [e.myResponse, e.organizedByMe, e.status, e.join.text]]))).toEqual({
      Planning: ["accepted", true, "confirmed", "Cohost will join"],
      Standup: ["accepted", false, "confirmed", "Cohost will join"],
      "Board review": ["declined", false, "confirmed", "Cohost will join"],
      Retro: ["needsAction", false, "confirmed", "Cohost will join"],
      Offsite: ["tentative", false, "confirmed", "Cohost will join"],
    });
    const boardMeeting = events["Board review"].meetingId!;
    expect(boardMeeting).toBeTruthy();

    // "Only events I accepted": the change queues an import at once; declined and unanswered are out.
    const changed = await setRule(headers, cal.id, { joinRule: "accepted" });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ importing: true, connection: { joinRule: "accepted", joinKeyword: null } });
    await runCalendarImport(cal.id);
    events = await eventsOf(headers, agent.id, tag);
    expect(Object.fromEntries(Object.entries(events).map(([t, e]) => [t, e.join.text]))).toEqual({
      Planning: "Cohost will join",
      Standup: "Cohost will join",
      "Board review": "Cohost won't join: you declined",
      Retro: "Cohost won't join: you haven't accepted",
      Offsite: "Cohost won't join: you haven't accepted",
    });
    expect(events["Board review"]).toMatchObject({ status: "skipped", join: { willJoin: false, reason: "declined" }, meetingStatus: "cancelled" });
    expect(await db.meeting.findUniqueOrThrow({ where: { id: boardMeeting } })).toMatchObject({ status: "cancelled", statusReason: "calendar_event_skipped" });

    // The owner accepts the retro at Google: an incremental sync (sync token only) brings the answer;
    // the answers it did not carry are kept.
    fakes.google.put({ id: ids.Retro, attendees: [{ email: BOSS, responseStatus: "accepted" }, { email: ME, responseStatus: "accepted" }] });
    await sync(cal.id);
    expect(fakes.google.requests.at(-1)).toMatch(/syncToken=sync-/);
    events = await eventsOf(headers, agent.id, tag);
    expect(events.Retro).toMatchObject({ myResponse: "accepted", status: "confirmed", join: { willJoin: true } });
    expect(events["Board review"]).toMatchObject({ myResponse: "declined", status: "skipped", join: { reason: "declined" } });
    expect(events.Retro.meetingStatus).toBe("scheduled");

    // "Only events I organise".
    await setRule(headers, cal.id, { joinRule: "organized" });
    await runCalendarImport(cal.id);
    events = await eventsOf(headers, agent.id, tag);
    expect(Object.entries(events).filter(([, e]) => e.join.willJoin).map(([t]) => t)).toEqual(["Planning"]);
    expect(events.Standup.join.text).toBe("Cohost won't join: not organised by you");

    // "Only events whose title contains a word" (any case).
    await setRule(headers, cal.id, { joinRule: "keyword", joinKeyword: "REVIEW" });
    await runCalendarImport(cal.id);
    events = await eventsOf(headers, agent.id, tag);
    expect(Object.entries(events).filter(([, e]) => e.join.willJoin).map(([t]) => t)).toEqual(["Board review"]);
    expect(events.Planning.join).toEqual({ willJoin: false, reason: "keyword", keyword: "REVIEW", text: `Cohost won't join: title doesn't contain "REVIEW"` });
    expect(events["Board review"].meetingStatus).toBe("scheduled");

    // An event the user renamed keeps its details through imports, but the rule reads its title as it is now.
    expect((await updateEvent(headers, agent.id, events.Planning.id, { title: `${tag} Planning review` })).status).toBe(200);
    await sync(cal.id);
    expect((await eventsOf(headers, agent.id, tag))["Planning review"]).toMatchObject({ status: "confirmed", join: { willJoin: true } });

    // Back to every event: all joined again.
    await setRule(headers, cal.id, { joinRule: "all" });
    await runCalendarImport(cal.id);
    expect(Object.values(await eventsOf(headers, agent.id, tag)).every((e) => e.join.willJoin && e.status === "confirmed")).toBe(true);
  });

  it("validates the rule, and only connected calendars of the user have one", async () => {
    const tag = `V${letters(5)}`;
    const { headers, cal } = await connectedGoogle(tag);
    const noWord = await setRule(headers, cal.id, { joinRule: "keyword", joinKeyword: "  " });
    expect(noWord.status).toBe(400);
    expect(JSON.stringify(noWord.body)).toMatch(/Enter the word the title must contain/);
    expect((await setRule(headers, cal.id, { joinRule: "sometimes" })).status).toBe(400);
    const other = await userWithAgent();
    expect((await setRule(other.headers, cal.id, { joinRule: "accepted" })).status).toBe(404);
    const ics = await upload(other.headers, vcalendar([{ uid: "u1", start: at(2), title: "File", location: meetLink() }]));
    expect((await setRule(other.headers, ics.body.id, { joinRule: "accepted" })).status).toBe(409);
  });

  it("switches one event on or off over the rule; the agent's access control and confirmation still apply", async () => {
    const tag = `S${letters(5)}`;
    const { headers, agent, cal } = await connectedGoogle(tag);
    await setRule(headers, cal.id, { joinRule: "accepted" });
    await runCalendarImport(cal.id);
    let events = await eventsOf(headers, agent.id, tag);

    // On for the declined one: it is joined, and stays so through the next import.
    const on = await switchEvent(headers, agent.id, events["Board review"].id, true);
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ status: "confirmed", joinOverride: true, meetingStatus: "scheduled", join: { willJoin: true, text: "Cohost will join" } });
    // Off for an accepted one: not joined, its meeting cancelled, also through the next import.
    const off = await switchEvent(headers, agent.id, events.Standup.id, false);
    expect(off.body).toMatchObject({ status: "skipped", joinOverride: false, meetingStatus: "cancelled", join: { willJoin: false, reason: "switched_off", text: "Cohost won't join: switched off for this event" } });
    await sync(cal.id);
    events = await eventsOf(headers, agent.id, tag);
    expect(events["Board review"]).toMatchObject({ status: "confirmed", join: { willJoin: true } });
    expect(events.Standup).toMatchObject({ status: "skipped", join: { reason: "switched_off" } });

    // Back to the rule: the accepted one is joined again, with a new meeting.
    const back = await switchEvent(headers, agent.id, events.Standup.id, null);
    expect(back.body).toMatchObject({ status: "confirmed", joinOverride: null, meetingStatus: "scheduled", join: { willJoin: true } });

    // Switched on, access control still decides (the organiser is not allowed), then confirmation.
    await db.agent.update({ where: { id: agent.id }, data: { accessControlEnabled: true, whitelistedEmails: ["someone@example.test"] } });
    const blocked = await switchEvent(headers, agent.id, events.Retro.id, true);
    expect(blocked.body).toMatchObject({ status: "blocked", meetingStatus: "cancelled", join: { willJoin: false, reason: "access_control", text: "Cohost won't join: organiser not allowed (access control)" } });
    await db.agent.update({ where: { id: agent.id }, data: { accessControlEnabled: false, requireConfirmation: true } });
    const pending = await switchEvent(headers, agent.id, events.Offsite.id, true);
    expect(pending.body).toMatchObject({ status: "pending", join: { willJoin: false, reason: "needs_confirmation", text: "Cohost won't join: waiting for your confirmation" } });

    expect((await call(eventPatchRoute, { method: "PATCH", headers, body: { join: "yes" }, params: { id: agent.id, eventId: events.Offsite.id } })).status).toBe(400);
    const other = await userWithAgent();
    expect((await switchEvent(other.headers, agent.id, events.Offsite.id, true)).status).toBe(404);
  });
});

describe("which meetings the agent joins from a connected Microsoft calendar", () => {
  it("keeps Graph's responseStatus and isOrganizer, and leaves a declined event out under 'accepted'", async () => {
    const { headers, agent } = await userWithAgent();
    const tag = `M${letters(5)}`;
    const g = fakes.graph;
    const teams = () => `https://teams.microsoft.com/l/meetup-join/19%3ameeting_${letters(10)}%40thread.v2/0`;
    const at = (h: number) => new Date(Date.now() + h * 3600_000).toISOString().replace("Z", "0000");
    const put = (title: string, h: number, organizer: string, response?: string) =>
      g.put({
        id: `${tag}-${letters(6)}`,
        subject: `${tag} ${title}`,
        start: { dateTime: at(h), timeZone: "UTC" },
        end: { dateTime: at(h + 1), timeZone: "UTC" },
        onlineMeeting: { joinUrl: teams() },
        organizer: { emailAddress: { name: organizer, address: organizer } },
        ...(response ? { responseStatus: { response, time: new Date().toISOString() } } : {}),
      });
    put("Own", 30, "ada@contoso.test");
    put("Yes", 31, "boss@contoso.test", "accepted");
    put("Maybe", 32, "boss@contoso.test", "tentativelyAccepted");
    put("No", 33, "boss@contoso.test", "declined");
    put("Unanswered", 34, "boss@contoso.test");
    await connect(fakes.url, headers, "microsoft", agent.id);
    const cal = (await listCalendars(headers)).body.find((c: { source: string }) => c.source === "microsoft");
    await setRule(headers, cal.id, { joinRule: "accepted" });
    await runCalendarImport(cal.id);
    const events = await eventsOf(headers, agent.id, tag);
    expect(Object.fromEntries(Object.entries(events).map(([t, e]) => [t, [e.myResponse, e.organizedByMe, e.join.text]]))).toEqual({
      Own: ["accepted", true, "Cohost will join"],
      Yes: ["accepted", false, "Cohost will join"],
      Maybe: ["tentative", false, "Cohost won't join: you haven't accepted"],
      No: ["declined", false, "Cohost won't join: you declined"],
      Unanswered: ["needsAction", false, "Cohost won't join: you haven't accepted"],
    });
  });
});

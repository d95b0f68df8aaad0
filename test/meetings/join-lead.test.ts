import { describe, expect, it } from "vitest";
import { POST as create } from "@/app/api/agents/route";
import { GET as getOne, PUT as update } from "@/app/api/agents/[id]/route";
import { POST as joinRoute } from "@/app/api/meetings/join/route";
import { createAgent } from "@/lib/agents/create-agent";
import { db } from "@/lib/db/client";
import { holdQueuedMeetings } from "@/lib/meetings/hold-queued-meetings";
import { call } from "../http.ts";
import { createUser } from "../users.ts";
import { validAgent } from "../agents/fixtures.ts";
import { agentCalendar, syncCalendar, upload, updateEvent } from "../calendar/api.ts";
import { at, vcalendar, ZOOM, type TestEvent } from "../calendar/ics.ts";
import { startJob, userWithAgent } from "./fixtures.ts";

// The agent's "Join N minutes before the start" (joinLeadMinutes): when a scheduled meeting's start
// job is due. Unset, the operator's MEETING_JOIN_LEAD_SECONDS (120 s in tests) applies.

type Headers = Record<string, string>;
const MIN = 60_000;
const join = (headers: Headers, body: unknown) => call(joinRoute, { headers, body, path: "/api/meetings/join" });
const setLead = (agentId: string, joinLeadMinutes: number | null) => db.agent.update({ where: { id: agentId }, data: { joinLeadMinutes } });
const dueAt = async (meetingId: string) => (await startJob(meetingId))!.startAfter.toISOString();
const before = (start: Date, ms: number) => new Date(start.getTime() - ms).toISOString();

async function importEvents(headers: Headers, agentId: string, events: TestEvent[]) {
  const res = await upload(headers, vcalendar(events), { agentId });
  expect(res.status).toBe(201);
  const calendar = await agentCalendar(headers, agentId);
  return { calendarId: res.body.id as string, events: calendar.body.events as { id: string; meetingId: string | null; start: string; end: string | null }[] };
}

describe("scheduled API joins", () => {
  it.each([
    [10, 10 * MIN],
    [0, 0],
    [15, 15 * MIN],
    [null, 120_000],
  ])("an agent joining %s minutes before the start gets its start job that long before", async (lead, ms) => {
    const { headers, agent } = await userWithAgent();
    await setLead(agent.id, lead);
    const startAt = new Date(Date.now() + 3 * 60 * MIN);
    const res = await join(headers, { agentId: agent.id, meetingUrl: ZOOM, startAt: startAt.toISOString() });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("scheduled");
    expect(await dueAt(res.body.id)).toBe(before(startAt, ms));
  });

  it("a meeting starting within the agent's lead time is joined at once; one outside it (lead 0) waits", async () => {
    const { headers, agent } = await userWithAgent();
    await setLead(agent.id, 10);
    const soon = await join(headers, { agentId: agent.id, meetingUrl: ZOOM, startAt: new Date(Date.now() + 5 * MIN).toISOString() });
    expect(soon.body.status).toBe("joining");
    await setLead(agent.id, 0);
    // Within the operator's 2 minutes, but this agent joins at the start.
    const startAt = new Date(Date.now() + MIN);
    const later = await join(headers, { agentId: agent.id, meetingUrl: "https://meet.google.com/abc-defg-hij", startAt: startAt.toISOString() });
    expect(later.body.status).toBe("scheduled");
    expect(await dueAt(later.body.id)).toBe(startAt.toISOString());
  });
});

describe("calendar meetings", () => {
  it("are launched by each agent's own lead time, and a changed setting applies to meetings scheduled afterwards", async () => {
    const { headers, agent, user } = await userWithAgent();
    await setLead(agent.id, 15);
    const other = await createAgent(user.id, validAgent({ name: "Default lead" }));
    const mine = await importEvents(headers, agent.id, [{ uid: "a@test", start: at(1), location: ZOOM, title: "Planning" }]);
    const theirs = await importEvents(headers, other.id, [{ uid: "b@test", start: at(1), location: ZOOM, title: "Planning" }]);
    expect(await dueAt(mine.events[0].meetingId!)).toBe(before(at(1), 15 * MIN));
    expect(await dueAt(theirs.events[0].meetingId!)).toBe(before(at(1), 120_000));

    // Changed afterwards: the meeting already scheduled keeps its start job, also through a re-import…
    await setLead(agent.id, 5);
    await syncCalendar(headers, mine.calendarId);
    expect(await dueAt(mine.events[0].meetingId!)).toBe(before(at(1), 15 * MIN));
    // …until its event moves: then it is scheduled anew, with the lead as it is now.
    const moved = await updateEvent(headers, agent.id, mine.events[0].id, { ...mine.events[0], title: "Planning", start: at(2).toISOString(), end: at(2, 1).toISOString(), meetingUrl: ZOOM });
    expect(moved.status).toBe(200);
    expect(await dueAt(mine.events[0].meetingId!)).toBe(before(at(2), 5 * MIN));
  });
});

describe("a worker with no free bot", () => {
  it("marks a scheduled meeting as waiting only once its own start job is due, not by the operator's lead time", async () => {
    const { headers, agent } = await userWithAgent();
    await setLead(agent.id, 0);
    const startAt = new Date(Date.now() + MIN);
    const res = await join(headers, { agentId: agent.id, meetingUrl: ZOOM, startAt: startAt.toISOString() });
    expect(res.body.status).toBe("scheduled");
    expect(await holdQueuedMeetings()).not.toContain(res.body.id);
    expect((await db.meeting.findUniqueOrThrow({ where: { id: res.body.id } })).status).toBe("scheduled");

    // Its start job falls due (moved into the past, as time would): now it waits for a bot.
    const job = await startJob(res.body.id);
    await db.$executeRaw`UPDATE pgboss.job SET start_after = now() - interval '10 seconds' WHERE id = ${job!.id}::uuid`;
    expect(await holdQueuedMeetings()).toContain(res.body.id);
    expect((await db.meeting.findUniqueOrThrow({ where: { id: res.body.id } })).status).toBe("joining");
  });
});

describe("the agent API", () => {
  it("stores, returns and keeps the lead time; null goes back to the server's default", async () => {
    const { headers } = await createUser();
    const created = await call(create, { body: validAgent({ joinLeadMinutes: 7 }), headers });
    expect(created.status).toBe(201);
    expect(created.body.joinLeadMinutes).toBe(7);
    const id = created.body.id as string;
    const got = await call(getOne, { headers, params: { id } });
    expect(got.body.joinLeadMinutes).toBe(7);
    // An update that leaves it out keeps it.
    const renamed = await call(update, { method: "PUT", headers, params: { id }, body: { name: "Renamed" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.joinLeadMinutes).toBe(7);
    const reset = await call(update, { method: "PUT", headers, params: { id }, body: { joinLeadMinutes: null } });
    expect(reset.body.joinLeadMinutes).toBeNull();
    expect((await db.agent.findUniqueOrThrow({ where: { id } })).joinLeadMinutes).toBeNull();
    const plain = await call(create, { body: validAgent(), headers });
    expect(plain.body.joinLeadMinutes).toBeNull();
  });

  it.each([0, 15])("accepts %s minutes", async (minutes) => {
    const { headers } = await createUser();
    const res = await call(create, { body: validAgent({ joinLeadMinutes: minutes }), headers });
    expect(res.status).toBe(201);
    expect(res.body.joinLeadMinutes).toBe(minutes);
  });

  it.each([16, -1, 2.5, "5"])("refuses %j minutes with the field's message, saving nothing", async (minutes) => {
    const { headers, user } = await createUser();
    const res = await call(create, { body: validAgent({ joinLeadMinutes: minutes }), headers });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path: "joinLeadMinutes", message: "The join lead time must be a whole number of minutes from 0 to 15" });
    expect(await db.agent.count({ where: { userId: user.id } })).toBe(0);
  });
});


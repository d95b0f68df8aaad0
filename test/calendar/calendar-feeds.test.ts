import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { GET as feedRoute, HEAD as feedHeadRoute } from "@/app/api/feeds/[token]/route";
import { POST as regenerateAgentRoute } from "@/app/api/agents/[id]/calendar/regenerate-token/route";
import { POST as regenerateUserRoute } from "@/app/api/calendars/regenerate-token/route";
import { GET as showAgentFeedRoute } from "@/app/api/agents/[id]/calendar/feed/route";
import { GET as showUserFeedRoute } from "@/app/api/calendars/feed/route";
import { POST as joinRoute } from "@/app/api/meetings/join/route";
import { POST as cancelRoute } from "@/app/api/meetings/[id]/cancel/route";
import { createAgent } from "@/lib/agents/create-agent";
import { sha256 } from "@/lib/crypto/random-token";
import { db } from "@/lib/db/client";
import { validAgent } from "../agents/fixtures.ts";
import { call } from "../http.ts";
import { userWithAgent } from "../meetings/fixtures.ts";
import { agentCalendar, userEvents } from "./api.ts";
import { at, MEET, ZOOM } from "./ics.ts";

type Headers = Record<string, string>;
const regenerateAgent = (headers: Headers, agentId: string) => call(regenerateAgentRoute, { method: "POST", headers, params: { id: agentId } });
const regenerateUser = (headers: Headers) => call(regenerateUserRoute, { method: "POST", headers });
const showAgentFeed = (headers: Headers, agentId: string) => call(showAgentFeedRoute, { headers, params: { id: agentId } });
const showUserFeed = (headers: Headers) => call(showUserFeedRoute, { headers });
const schedule = (headers: Headers, agentId: string, meetingUrl: string, startAt: Date, title: string) =>
  call(joinRoute, { headers, body: { agentId, meetingUrl, startAt: startAt.toISOString(), title } });

/** Fetches a feed the way a calendar app does: no session, no bearer token. */
async function fetchFeed(feedUrl: string, method: "GET" | "HEAD" = "GET") {
  const token = new URL(feedUrl).pathname.split("/").pop()!;
  const request = new Request(feedUrl, { method });
  const response = await (method === "GET" ? feedRoute : feedHeadRoute)(request, { params: Promise.resolve({ token }) });
  return { status: response.status, type: response.headers.get("content-type"), cache: response.headers.get("cache-control"), text: await response.text() };
}

const eventsIn = async (text: string) =>
  Object.values(await ical.async.parseICS(text))
    .filter((c): c is VEvent => c?.type === "VEVENT")
    .sort((a, b) => a.start.getTime() - b.start.getTime());

describe("agent feed", () => {
  it("gives a tokenised address, stored hashed, serving the agent's meetings without a session", async () => {
    const { headers, agent, user } = await userWithAgent();
    const other = await createAgent(user.id, validAgent({ name: "Other agent" }));
    const first = await schedule(headers, agent.id, ZOOM, at(1), "Kick-off");
    const second = await schedule(headers, agent.id, MEET, at(2), "Retro");
    await schedule(headers, other.id, MEET, at(3), "Not this agent's");
    await call(cancelRoute, { method: "POST", headers, params: { id: second.body.id } });

    const res = await regenerateAgent(headers, agent.id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["feedUrl", "token"]);
    expect(res.body.feedUrl).toBe(`http://localhost:3000/api/feeds/${res.body.token}.ics`);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await db.agent.findUniqueOrThrow({ where: { id: agent.id } });
    expect(stored.calendarTokenHash).toBe(sha256(res.body.token));
    // Kept encrypted, never in the clear, so its owner can see the address again.
    expect(JSON.stringify(stored)).not.toContain(res.body.token);
    expect(stored.calendarTokenEnc).toMatch(/^v1:/);
    expect((await agentCalendar(headers, agent.id)).body.hasToken).toBe(true);

    const feed = await fetchFeed(res.body.feedUrl);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe("text/calendar; charset=utf-8");
    expect(feed.cache).toBe("private, no-store");
    expect(feed.text).toContain(`X-WR-CALNAME:Cohost – ${agent.name}`);
    const events = await eventsIn(feed.text);
    expect(events.map((e) => [e.uid, e.summary, e.status, e.start.toISOString()])).toEqual([
      [`meeting-${first.body.id}@cohost`, "Kick-off", "CONFIRMED", at(1).toISOString()],
      [`meeting-${second.body.id}@cohost`, "Retro", "CANCELLED", at(2).toISOString()],
    ]);
    expect((await fetchFeed(res.body.feedUrl, "HEAD")).text).toBe("");
  });

  it("shows the current address again to its owner only, uncached; an address made before it was kept encrypted cannot be shown", async () => {
    const { headers, agent } = await userWithAgent();
    expect((await showAgentFeed(headers, agent.id)).body).toEqual({ feedUrl: null });
    const made = await regenerateAgent(headers, agent.id);
    const shown = await showAgentFeed(headers, agent.id);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ feedUrl: made.body.feedUrl });
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    const intruder = await userWithAgent();
    expect((await showAgentFeed(intruder.headers, agent.id)).status).toBe(404);
    // An address from before: the feed still works, but there is nothing to show until a new one is made.
    await db.agent.update({ where: { id: agent.id }, data: { calendarTokenEnc: null } });
    expect((await showAgentFeed(headers, agent.id)).body).toEqual({ feedUrl: null });
    expect((await agentCalendar(headers, agent.id)).body.hasToken).toBe(true);
    expect((await fetchFeed(made.body.feedUrl)).status).toBe(200);
  });

  it("leaves test-room calls out", async () => {
    const { headers, agent, user } = await userWithAgent();
    await schedule(headers, agent.id, ZOOM, at(1), "Real meeting");
    await db.meeting.create({ data: { userId: user.id, agentId: agent.id, title: "Trying it out", meetingUrl: "http://localhost:3000/rooms/r1", platform: "room", status: "completed", scheduledStart: at(1, 3) } });
    const feed = await fetchFeed((await regenerateAgent(headers, agent.id)).body.feedUrl);
    expect((await eventsIn(feed.text)).map((e) => e.summary)).toEqual(["Real meeting"]);
  });

  it("regenerating kills the old address at once", async () => {
    const { headers, agent } = await userWithAgent();
    const old = await regenerateAgent(headers, agent.id);
    const fresh = await regenerateAgent(headers, agent.id);
    expect(fresh.body.token).not.toBe(old.body.token);
    const dead = await fetchFeed(old.body.feedUrl);
    expect(dead.status).toBe(404);
    expect(JSON.parse(dead.text)).toEqual({ error: "not_found", message: "This calendar address is unknown or was replaced" });
    expect((await fetchFeed(fresh.body.feedUrl)).status).toBe(200);
  });

  it("refuses another user's agent and unknown tokens", async () => {
    const owner = await userWithAgent();
    const intruder = await userWithAgent();
    expect((await regenerateAgent(intruder.headers, owner.agent.id)).status).toBe(404);
    expect((await db.agent.findUniqueOrThrow({ where: { id: owner.agent.id } })).calendarTokenHash).toBeNull();
    for (const token of ["nope", "x".repeat(43), "../../etc/passwd"]) {
      expect((await fetchFeed(`http://localhost:3000/api/feeds/${encodeURIComponent(token)}.ics`)).status).toBe(404);
    }
  });
});

describe("user feed", () => {
  it("serves all the user's agents' meetings and nobody else's; its token is separate from the agents'", async () => {
    const { headers, agent, user } = await userWithAgent();
    const other = await createAgent(user.id, validAgent({ name: "Second" }));
    const stranger = await userWithAgent();
    await schedule(headers, agent.id, ZOOM, at(1), "First agent's");
    await schedule(headers, other.id, MEET, at(2), "Second agent's");
    await schedule(stranger.headers, stranger.agent.id, MEET, at(1, 5), "Someone else's");

    expect((await userEvents(headers)).body.hasToken).toBe(false);
    const res = await regenerateUser(headers);
    expect(res.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).calendarFeedTokenHash).toBe(sha256(res.body.token));
    expect((await userEvents(headers)).body.hasToken).toBe(true);
    const feed = await fetchFeed(res.body.feedUrl);
    expect(feed.text).toContain("X-WR-CALNAME:Cohost – all agents");
    expect((await eventsIn(feed.text)).map((e) => e.summary)).toEqual(["First agent's", "Second agent's"]);
    expect((await eventsIn(feed.text))[1].description).toContain("Second joins this Google Meet meeting.");

    expect((await showUserFeed(headers)).body).toEqual({ feedUrl: res.body.feedUrl });
    const again = await regenerateUser(headers);
    expect((await showUserFeed(headers)).body).toEqual({ feedUrl: again.body.feedUrl });
    expect((await fetchFeed(res.body.feedUrl)).status).toBe(404);
    expect((await fetchFeed(again.body.feedUrl)).status).toBe(200);
  });
});

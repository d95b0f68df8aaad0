import { randomUUID } from "node:crypto";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { artifactPrefix } from "@/lib/meetings/meeting-artifacts";
import { openStorage } from "@/lib/storage/open-storage";
import { regenerateAgentToken } from "@/lib/calendar/feed-token";
import { db } from "@/lib/db/client";
import { EVENT_TYPES } from "@/lib/events/types";
import { createRoom } from "@/lib/rooms/create-room";
import { joinRoom } from "@/lib/rooms/join-room";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { createUser } from "@/test/users";
import type { RouteFile } from "./routes";

// A user who owns one real thing for every path parameter of the API, so requests that walk every
// route (junk-input.test.ts, database-outage.test.ts) reach the handler's work, not an early 404.

export type Params = Record<string, string | string[]>;

// A new address per joining participant keeps the per-IP room-join limit out of the way.
let seeded = 0;

/** A fresh user owning one record of each kind the API addresses, and what the public routes need. */
export async function seedUser() {
  const { user, headers } = await createUser();
  const userId = user.id;
  const agent = await db.agent.create({ data: { userId, name: "Walker", sttProviderId: "deepgram", aiProviderId: "openai", ttsProviderId: "elevenlabs" } });
  const inADay = new Date(Date.now() + 24 * 3600_000);
  const meeting = await db.meeting.create({ data: { userId, agentId: agent.id, title: "Walk", meetingUrl: "https://zoom.us/j/1", platform: "zoom", scheduledStart: inADay } });
  // Just read, like an upload: not due for the scheduled sync, whose rounds other test files count.
  const calendar = await db.calendar.create({ data: { userId, agentId: agent.id, name: "Walk", source: "upload", lastAttemptAt: new Date() } });
  const event = await db.calendarEvent.create({
    data: { userId, agentId: agent.id, title: "Walk", startsAt: inADay, meetingUrl: "https://zoom.us/j/2", platform: "zoom" },
  });
  const topUp = await db.topUp.create({ data: { userId, amountMicros: 25_000_000n, method: "test_checkout" } });
  // The test room's public routes: a room with two people in it (signals go from one to the other).
  const room = await createRoom(userId);
  const joiner = () => new Request("http://localhost:3000/api/rooms", { headers: { "x-forwarded-for": `10.99.${seeded >> 8 & 255}.${seeded++ & 255}` } });
  const walker = await joinRoom(room.id, { name: "Walker" }, joiner());
  const peer = await joinRoom(room.id, { name: "Peer" }, joiner());
  // The agent's meeting feed, and a failure screenshot of the meeting as the bot leaves one.
  const feed = await regenerateAgentToken(userId, agent.id);
  // (Stamped now: a capture sweeps meetings whose newest capture is 30 days old.)
  const artifact = `${new Date().toISOString().replace(/[:.]/g, "-")}.png`;
  await openStorage().put(artifactPrefix(meeting.id) + artifact, Buffer.from("89504e470d0a1a0a", "hex"));

  // An API key, and a webhook endpoint with one delivery of one event.
  const { apiKey } = await createApiKey(userId, { name: "Walk", scope: "read" });
  const { endpoint } = await createEndpoint(userId, { url: "https://hooks.example.com/walk", events: [EVENT_TYPES[0]] });
  const apiEvent = await db.apiEvent.create({ data: { id: `evt_walk_${randomUUID()}`, userId, type: EVENT_TYPES[0], data: {}, dispatchedAt: new Date() } });
  const delivery = await db.webhookDelivery.create({ data: { endpointId: endpoint.id, eventId: apiEvent.id } });
  // A signed-in browser of the user (the account page's devices).
  const device = await db.deviceSession.create({ data: { userId, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0" } });

  const records: Record<string, string> = {
    Agent: agent.id,
    Meeting: meeting.id,
    Calendar: calendar.id,
    CalendarEvent: event.id,
    TopUp: topUp.id,
    Room: room.id,
    RoomParticipant: walker.participant.id,
    ApiKey: apiKey.id,
    WebhookEndpoint: endpoint.id,
    WebhookDelivery: delivery.id,
    DeviceSession: device.id,
  };
  return {
    userId,
    token: headers.authorization,
    records,
    /** Path parameters that are not record ids. */
    values: { token: `${feed.token}.ics`, file: artifact, kind: "stt", providerId: "deepgram", provider: "google" } as Record<string, string>,
    /** The room participant's key (their routes take it in the body or the query) and the peer to signal. */
    participantKey: walker.key,
    peerId: peer.participant.id,
  };
}

export type SeededUser = Awaited<ReturnType<typeof seedUser>>;

// Folders whose [id] names a record of a table with another name.
const FOLDER_TABLES: Record<string, string> = { "test-checkout": "TopUp", webhooks: "WebhookEndpoint", devices: "DeviceSession" };

/**
 * Real values for a route's parameters: a catch-all gets one segment, a value parameter its value,
 * an id the seeded record it names (by its name, or for `id` by its folder). `unresolved` lists the
 * parameters nothing was seeded for.
 */
export function goodParams(route: RouteFile, user: SeededUser): { params: Params; unresolved: string[] } {
  const params: Params = {};
  const unresolved: string[] = [];
  route.segments.forEach((s, i) => {
    if (!s.param) return;
    const { name, catchAll } = s.param;
    if (catchAll) return void (params[name] = ["walk"]);
    if (user.values[name]) return void (params[name] = user.values[name]);
    const folder = route.segments[i - 1]?.name ?? "";
    const stem = (name === "id" ? folder : name.replace(/Id$/, "")).toLowerCase().replace(/[^a-z0-9]/g, "").replace(/s$/, "");
    const tables = Object.keys(user.records);
    const table = FOLDER_TABLES[folder] ?? tables.find((t) => t.toLowerCase() === stem) ?? tables.find((t) => t.toLowerCase().endsWith(stem));
    if (table) params[name] = user.records[table];
    else unresolved.push(name);
  });
  return { params, unresolved };
}

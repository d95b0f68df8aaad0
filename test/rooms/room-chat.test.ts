import { afterEach, describe, expect, it } from "vitest";
import { POST as createRoute } from "@/app/api/rooms/route";
import { POST as joinRoute } from "@/app/api/rooms/[id]/participants/route";
import { GET as eventsRoute } from "@/app/api/rooms/[id]/participants/[participantId]/events/route";
import { POST as chatRoute } from "@/app/api/rooms/[id]/participants/[participantId]/chat/route";
import { ROOM_LIMITS } from "@/lib/rooms/limits";
import { call } from "../http";
import { createUser } from "../users";
import { SseReader } from "./sse";

// The test room's chat (POST …/chat, the `chat` event of the room's stream): a line is sent as the
// participant its key proves, and everyone receives it stamped with that participant's id — what an
// agent in the room trusts for the sender's rights (docs/tools.md), never the name.

const open: SseReader[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.cancel()));
});

async function roomWith(...names: string[]) {
  const { headers } = await createUser();
  const room = (await call(createRoute, { method: "POST", headers })).body as { id: string };
  const people = [];
  for (const name of names) {
    const res = await call(joinRoute, { body: { name }, params: { id: room.id } });
    expect(res.status).toBe(201);
    people.push(res.body as { participant: { id: string; name: string }; key: string });
  }
  return { roomId: room.id, people };
}

async function stream(roomId: string, p: { participant: { id: string }; key: string }) {
  const request = new Request(`http://localhost:3000/api/rooms/${roomId}/participants/${p.participant.id}/events?key=${encodeURIComponent(p.key)}`);
  const response = await eventsRoute(request, { params: Promise.resolve({ id: roomId, participantId: p.participant.id }) });
  expect(response.status).toBe(200);
  const reader = new SseReader(response.body!);
  open.push(reader);
  return reader;
}

const send = (roomId: string, participantId: string, body: unknown) => call(chatRoute, { body, params: { id: roomId, participantId } });
type Line = { id: string; fromId: string; name: string; text: string };

describe("the room's chat", () => {
  it("sends a line as the participant the key proves; everyone gets it stamped with the sender's id, and a newcomer gets the backlog", async () => {
    const { roomId, people } = await roomWith("Grace", "Grace");
    const [owner, namesake] = people;
    const reader = await stream(roomId, owner);
    const sent = await send(roomId, namesake.participant.id, { key: namesake.key, text: "  Cohost, what is on my calendar?  " });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ fromId: namesake.participant.id, name: "Grace", text: "Cohost, what is on my calendar?" });
    const event = await reader.next((e) => e.event === "chat" && (e.data as Line[]).length > 0);
    expect((event.data as Line[]).map((l) => [l.fromId, l.text])).toEqual([[namesake.participant.id, "Cohost, what is on my calendar?"]]);

    const later = (await call(joinRoute, { body: { name: "Priya" }, params: { id: roomId } })).body as { participant: { id: string }; key: string };
    const backlog = await (await stream(roomId, later)).next((e) => e.event === "chat");
    expect((backlog.data as Line[]).map((l) => l.text)).toEqual(["Cohost, what is on my calendar?"]);
  });

  it("refuses a wrong key, an empty or too long line, and a sender who types too fast", async () => {
    const { roomId, people } = await roomWith("Ada");
    const [ada] = people;
    expect((await send(roomId, ada.participant.id, { key: "wrong", text: "hi" })).status).toBe(404);
    const empty = await send(roomId, ada.participant.id, { key: ada.key, text: "   " });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain("Type a message");
    expect((await send(roomId, ada.participant.id, { key: ada.key, text: "x".repeat(ROOM_LIMITS.maxChatChars + 1) })).status).toBe(400);
    for (let i = 0; i < ROOM_LIMITS.maxChatPerMinute; i++) expect((await send(roomId, ada.participant.id, { key: ada.key, text: `line ${i}` })).status).toBe(201);
    const tooFast = await send(roomId, ada.participant.id, { key: ada.key, text: "one more" });
    expect(tooFast.status).toBe(429);
    expect(JSON.stringify(tooFast.body)).toContain("too fast");
  });
});

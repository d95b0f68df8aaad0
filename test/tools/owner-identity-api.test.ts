import { describe, expect, it } from "vitest";
import { POST as ownerRoute } from "@/app/api/meetings/[id]/owner/route";
import { GET as detailsRoute } from "@/app/api/meetings/[id]/details/route";
import { POST as createRoomRoute } from "@/app/api/rooms/route";
import { POST as joinRoute } from "@/app/api/rooms/[id]/participants/route";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { db } from "@/lib/db/client";
import { claimRun, heartbeat, saveParticipants } from "@/lib/meetings/bot-runs";
import { transitionMeeting } from "@/lib/meetings/transitions";
import { call, freshClientAddress } from "../http";
import { userWithAgent } from "../meetings/fixtures.ts";
import { createUser } from "../users";

// Who the owner is, as the API records it (docs/tools.md, "Who is the owner"): in the test room, the
// participant who joined with the owner's session; on Meet, Teams and Zoom, the participant the owner
// confirmed with "That's me". A display name proves nothing.

const address = freshClientAddress(77);

describe("the test room records who joined signed in", () => {
  it("the owner's session marks the owner's participant; a guest with the owner's exact name, or another account, is not the owner", async () => {
    const owner = await createUser({ firstName: "Grace", lastName: "Hopper" });
    const other = await createUser({ firstName: "Grace", lastName: "Hopper" });
    const room = (await call(createRoomRoute, { method: "POST", headers: owner.headers })).body as { id: string };
    const join = (headers: Record<string, string>) => call(joinRoute, { body: { name: "Grace Hopper" }, params: { id: room.id }, headers: { ...address(), ...headers } });
    const signedIn = await join(owner.headers);
    const guest = await join({});
    const stranger = await join(other.headers);
    // A credential that does not hold joins as a guest: the room is open to anyone with the link.
    const broken = await join({ authorization: "Bearer not-a-token" });
    for (const r of [signedIn, guest, stranger, broken]) expect(r.status, JSON.stringify(r.body)).toBe(201);
    const rows = await db.roomParticipant.findMany({ where: { roomId: room.id }, orderBy: { joinedAt: "asc" }, select: { id: true, name: true, userId: true } });
    expect(rows.map((r) => [r.id, r.name, r.userId])).toEqual([
      [signedIn.body.participant.id, "Grace Hopper", owner.user.id],
      [guest.body.participant.id, "Grace Hopper", null],
      [stranger.body.participant.id, "Grace Hopper", other.user.id],
      [broken.body.participant.id, "Grace Hopper", null],
    ]);
  });
});

describe("That's me: the owner confirms their participant on Meet, Teams and Zoom", () => {
  async function liveMeeting(platform: "meet" | "room" = "meet") {
    const { user, headers, agent } = await userWithAgent();
    const url = platform === "room" ? "https://cohost.example/rooms/AAAAAAAAAAAAAAAAAAAAAA" : "https://meet.google.com/abc-defg-hij";
    const meeting = await db.meeting.create({ data: { userId: user.id, agentId: agent.id, meetingUrl: url, platform, scheduledStart: new Date() } });
    const t = await db.$transaction((tx) => transitionMeeting(tx, meeting.id, { to: "joining", reason: "join_requested", verb: "started" }));
    const ref = { meetingId: meeting.id, runId: t.runId!, workerId: "w" };
    await claimRun(ref);
    await saveParticipants(meeting.id, [
      { id: "bot", name: "Cohost", isAgent: true },
      { id: "spaces/1/devices/7", name: "Ada Lovelace" },
      { id: "spaces/1/devices/9", name: "Ada Lovelace (Guest)" },
    ]);
    const people = await db.meetingParticipant.findMany({ where: { meetingId: meeting.id }, orderBy: { externalId: "asc" } });
    const byExternal = Object.fromEntries(people.map((p) => [p.externalId, p.id]));
    return { user, headers, meeting, ref, byExternal };
  }
  const confirm = (id: string, participantId: string | null, headers: Record<string, string>) => call(ownerRoute, { body: { participantId }, params: { id }, headers });

  it("binds to the participant's platform id for this meeting, reaches the running bot, shows on the page, and can be taken back", async () => {
    const { headers, meeting, ref, byExternal } = await liveMeeting();
    expect(await heartbeat(ref)).toMatchObject({ ownerParticipantId: null });
    const res = await confirm(meeting.id, byExternal["spaces/1/devices/7"], headers);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await heartbeat(ref)).toMatchObject({ ownerParticipantId: "spaces/1/devices/7" });
    const details = await call(detailsRoute, { params: { id: meeting.id }, headers });
    expect(details.body.participants.map((p: { name: string; isOwner: boolean }) => [p.name, p.isOwner]).sort()).toEqual([
      ["Ada Lovelace (Guest)", false],
      ["Ada Lovelace", true],
      ["Cohost", false],
    ]);
    expect((await confirm(meeting.id, null, headers)).status).toBe(200);
    expect(await heartbeat(ref)).toMatchObject({ ownerParticipantId: null });
  });

  it("refuses the agent itself, someone who left, another user's meeting, an API key, the test room and a meeting that is over", async () => {
    const { user, headers, meeting, byExternal } = await liveMeeting();
    expect((await confirm(meeting.id, byExternal.bot, headers)).body).toMatchObject({ error: "conflict", message: "This participant is not in the meeting now." });
    await saveParticipants(meeting.id, [{ id: "bot", name: "Cohost", isAgent: true }]);
    expect((await confirm(meeting.id, byExternal["spaces/1/devices/7"], headers)).status).toBe(409);
    const stranger = await createUser();
    expect((await confirm(meeting.id, null, stranger.headers)).status).toBe(404);
    const { key } = await createApiKey(user.id, { name: "Full", scope: "full" });
    expect((await confirm(meeting.id, null, { authorization: `Bearer ${key}`, "content-type": "application/json" })).status).toBe(403);
    const room = await liveMeeting("room");
    expect((await confirm(room.meeting.id, room.byExternal["spaces/1/devices/7"], room.headers)).body).toMatchObject({ error: "conflict", message: "In the test room you are recognised by joining signed in; there is nothing to confirm." });
    await db.$transaction((tx) => transitionMeeting(tx, meeting.id, { to: "completed", reason: "user_stopped", verb: "stopped" }));
    expect((await confirm(meeting.id, null, headers)).body).toMatchObject({ error: "conflict", message: "The agent is not in this meeting now." });
    expect((await db.meeting.findUniqueOrThrow({ where: { id: meeting.id } })).ownerParticipantId).toBeNull();
  });
});

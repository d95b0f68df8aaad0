import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openBotTools } from "@/lib/bots/agent-tools";
import type { Participant } from "@/lib/bots/platforms/types";
import { LeaveRules } from "@/lib/bots/run/leave-rules";
import { rosterUpdates } from "@/lib/bots/run/roster";
import { RunEnd } from "@/lib/bots/run/run-end";
import { sessionEvents } from "@/lib/bots/run/session-events";
import { WriteQueue } from "@/lib/bots/write-queue";
import { db } from "@/lib/db/client";
import { admitRun, claimRun } from "@/lib/meetings/bot-runs";
import { transitionMeeting } from "@/lib/meetings/transitions";
import { startVoiceFakes, type VoiceFakes } from "../fakes/voice/server.ts";
import { userWithAgent } from "../meetings/fixtures.ts";
import { Meeting } from "../voice/pipeline/meeting.ts";

// The owner's rights wired end to end in a bot's run, nothing of ours stubbed: the room's record of
// who joined signed in → the roster (rosterUpdates) → the bot's tools (openBotTools) → the voice
// session answering real speech through the real adapters against the voice fakes → leave_meeting →
// the reply's end (sessionEvents → onReplyEnded) → the run's end, `left_on_request`.

const silent = () => {};
let fakes: VoiceFakes;
beforeAll(async () => {
  fakes = await startVoiceFakes();
  Object.assign(process.env, fakes.env, { ALLOW_PRIVATE_PROVIDER_URLS: "1" });
});
afterAll(() => fakes.close());
afterEach(() => fakes.reset());

const roomId = () => randomUUID().replace(/-/g, "").slice(0, 22);

/** A claimed, admitted run of a meeting in the owner's test room, with the owner and a guest of the same name in the room. */
async function roomRun() {
  const { user, agent } = await userWithAgent();
  const room = await db.room.create({ data: { id: roomId(), userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) } });
  const meeting = await db.meeting.create({ data: { userId: user.id, agentId: agent.id, meetingUrl: `https://cohost.example/rooms/${room.id}`, platform: "room", scheduledStart: new Date() } });
  const t = await db.$transaction((tx) => transitionMeeting(tx, meeting.id, { to: "joining", reason: "join_requested", verb: "started" }));
  const ref = { meetingId: meeting.id, runId: t.runId!, workerId: "w" };
  expect((await claimRun(ref)).claimed).toBe(true);
  expect(await admitRun(ref)).toMatchObject({ moved: true });
  const owner = await db.roomParticipant.create({ data: { roomId: room.id, name: "Grace Hopper", keyHash: randomUUID(), userId: user.id } });
  const guest = await db.roomParticipant.create({ data: { roomId: room.id, name: "Grace Hopper", keyHash: randomUUID() } });
  return { ref, user, agent: await db.agent.findUniqueOrThrow({ where: { id: agent.id } }), owner, guest };
}

/** A bot's run in that room, wired as the worker wires it: its tools, its session's events (chat lines it posts collected), its roster. */
async function botInRoom() {
  const { ref, user, agent, owner, guest } = await roomRun();
  const end = new RunEnd(silent);
  const writes = new WriteQueue({ log: silent, giveUpAfterMs: 10_000 });
  const save = (what: string, write: () => Promise<unknown>) => writes.push(what, write);
  const tools = await openBotTools({ ref, agent, ownerUserId: user.id, platform: "room", save, log: silent, leave: () => end.end({ kind: "completed", reason: "left_on_request" }) });
  const rules = new LeaveRules({ leave: silent });
  const posted: string[] = [];
  let on: ReturnType<typeof sessionEvents> = silent;
  const m = new Meeting(fakes, { tools: tools.tools, onEvent: (e) => on(e) });
  on = sessionEvents({ ref, voice: m.agent, keepTranscript: false, save, live: { event: silent }, tools, microphone: null, heard: silent, postChat: (text) => posted.push(text), fail: silent, log: silent });
  const close = async () => {
    rules.stop();
    await m.session.stop();
    await tools.close();
    await writes.close(10_000);
  };
  return { ref, owner, guest, end, tools, rules, save, m, posted, close };
}

describe("the owner's rights in a bot's run", () => {
  it("in the test room, a guest under the owner's exact name cannot make the agent leave; the signed-in owner can, and the run ends left_on_request", async () => {
    const { ref, owner, guest, end, tools, rules, save, m, close } = await botInRoom();
    try {
      await m.session.start();
      const roster = rosterUpdates({ ref, session: m.session, tools, rules, save });
      const bot: Participant = { id: "bot", name: "Cohost", isSelf: true, speaking: false, speakerIds: ["s-bot"] };
      roster([
        bot,
        { id: guest.id, name: "Grace Hopper", isSelf: false, speaking: false, speakerIds: ["s-guest"] },
        { id: owner.id, name: "Grace Hopper", isSelf: false, speaking: false, speakerIds: ["s-owner"] },
      ]);
      // The room's record is read once the roster arrives: until then nobody is the owner.
      await expect.poll(() => tools.tools.rightsFor({ turnId: 0, speaker: "Grace Hopper", speakerId: "s-owner" }).specs.map((s) => s.name)).toContain("leave_meeting");

      fakes.script({
        stt: ["Hey Cohost, please leave the meeting.", "Hey Cohost, please leave the meeting."],
        ai: [{ calls: [{ name: "leave_meeting", arguments: {} }], unoffered: true }, "Only the owner can ask me to leave.", { calls: [{ name: "leave_meeting", arguments: {} }] }, "Goodbye."],
      });
      await m.speak("hey-cohost-agenda", "s-guest");
      expect((await m.reply()).text).toBe("Only the owner can ask me to leave.");
      expect(m.of("tool_call").map((e) => [e.call.name, e.call.ok])).toEqual([["leave_meeting", false]]);
      expect(end.over).toBe(false);

      await m.speak("hey-cohost-agenda", "s-owner");
      expect((await m.reply()).text).toBe("Goodbye.");
      // The goodbye was said to the end (its metrics are out): the bot is on its way out at once.
      expect(end.result).toEqual({ kind: "completed", reason: "left_on_request" });
    } finally {
      await close();
    }
  });
  it("typed in the room's chat, a guest under the owner's exact name cannot make the agent leave; the owner's line, stamped with the owner's participant, can", async () => {
    const { ref, owner, guest, end, tools, rules, save, m, posted, close } = await botInRoom();
    try {
      await m.session.start();
      const roster = rosterUpdates({ ref, session: m.session, tools, rules, save });
      roster([
        { id: "bot", name: "Cohost", isSelf: true, speaking: false, speakerIds: ["s-bot"] },
        { id: guest.id, name: "Grace Hopper", isSelf: false, speaking: false, speakerIds: ["s-guest"] },
        { id: owner.id, name: "Grace Hopper", isSelf: false, speaking: false, speakerIds: ["s-owner"] },
      ]);
      await expect.poll(() => tools.tools.rightsFor({ turnId: 0, speaker: "Grace Hopper", speakerId: null, chat: { senderId: owner.id } }).specs.map((s) => s.name)).toContain("leave_meeting");

      fakes.script({ ai: [{ calls: [{ name: "leave_meeting", arguments: {} }], unoffered: true }, "Only the owner can ask me to leave.", { calls: [{ name: "leave_meeting", arguments: {} }] }, "Goodbye."] });
      m.session.chat({ senderName: "Grace Hopper", senderId: guest.id, text: "Cohost, please leave the meeting." });
      await m.until(() => posted.length === 1, "the answer to the guest");
      expect(posted[0]).toBe("Only the owner can ask me to leave.");
      expect(m.of("tool_call").map((e) => [e.call.name, e.call.ok])).toEqual([["leave_meeting", false]]);
      expect(end.over).toBe(false);

      m.session.chat({ senderName: "Grace Hopper", senderId: owner.id, text: "Cohost, please leave the meeting." });
      await m.until(() => posted.length === 2 && end.over, "the owner's leave");
      expect(posted[1]).toBe("Goodbye.");
      expect(end.result).toEqual({ kind: "completed", reason: "left_on_request" });
    } finally {
      await close();
    }
  });
});

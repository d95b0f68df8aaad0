import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent } from "@/lib/agents/create-agent";
import { db } from "@/lib/db/client";
import type { AgentMcpServer } from "@/lib/generated/prisma/client";
import type { MeetingScope } from "@/lib/tools/builtin/builtin-tool";
import { localTime } from "@/lib/tools/builtin/local-time";
import { speakerIsOwner } from "@/lib/tools/meeting-owner";
import { openMeetingTools } from "@/lib/tools/open-meeting-tools";
import { BUILTIN_TOOL_NAMES, builtinPolicy, mcpToolPolicy } from "@/lib/tools/tool-policies";
import { callRefusal } from "@/lib/tools/tool-rights";
import type { ToolContext } from "@/lib/tools/types";
import { startMcpFake, type McpFake } from "@/test/fakes/mcp/server";
import { createUser } from "@/test/users";
import { validAgent } from "../agents/fixtures";

// The built-in tools every agent has (notes, action items, time, its calendar, leaving), and the
// toolbox a bot opens: built-ins plus every MCP server that answers, named so nothing collides.

let mcp: McpFake;
beforeAll(async () => {
  mcp = await startMcpFake();
  process.env.ALLOW_PRIVATE_TOOL_URLS = "1";
});
afterAll(async () => {
  delete process.env.ALLOW_PRIVATE_TOOL_URLS;
  await mcp.close();
});

const grace: ToolContext = { turnId: 1, speaker: "Grace Hopper", speakerId: "p-grace" };

async function scope(over: Partial<MeetingScope> = {}) {
  const owner = await createUser({ firstName: "Grace", lastName: "Hopper" });
  const agent = await createAgent(owner.user.id, validAgent());
  const meeting = await db.meeting.create({ data: { userId: owner.user.id, agentId: agent.id, meetingUrl: `https://meet.google.com/${randomUUID()}`, platform: "meet", status: "in_progress", scheduledStart: new Date() } });
  const left: ToolContext[] = [];
  const s: MeetingScope = { meetingId: meeting.id, agentId: agent.id, timeZone: "Asia/Kolkata", ownerName: "Grace Hopper", isOwner: (c) => c.speakerId === "p-grace", leaveAfterReply: (c) => left.push(c), ...over };
  return { s, meeting, agent, left, owner };
}
const server = (name: string, url: string, disabledTools: string[] = [], everyoneTools: string[] = []) => ({ id: randomUUID(), agentId: "a", name, url, tokenEnc: null, tokenHint: null, headersEnc: null, headerNames: [], disabledTools, everyoneTools, actingTools: [], position: 0 }) as unknown as AgentMcpServer;
const run = async (s: MeetingScope, name: string, args: Record<string, unknown>, context = grace) => (await openMeetingTools([], s)).tools.run(name, args, context, new AbortController().signal);

describe("built-in tools", () => {
  it("add_note and add_action_item write the meeting's notes, with who asked; a due date must be a date", async () => {
    const { s, meeting } = await scope();
    expect(await run(s, "add_note", { text: "  Ask legal about the terms. " })).toEqual({ text: "Noted." });
    expect(await run(s, "add_action_item", { text: "Send the deck", owner: "Priya", due: "2026-12-01" })).toEqual({ text: "Action item recorded for Priya, due 2026-12-01." });
    expect(await run(s, "add_action_item", { text: "Book a room", due: "Friday" })).toEqual({ text: 'The due date must be a date as YYYY-MM-DD, not "Friday".', isError: true });
    expect(await run(s, "add_action_item", { text: "Fix the bug", due: "2026-02-30" })).toMatchObject({ isError: true });
    expect(await run(s, "add_note", { text: "" })).toMatchObject({ isError: true });
    // Speech the platform did not tag with a participant: who asked is unknown.
    await run(s, "add_note", { text: "Untagged." }, { turnId: 2, speaker: "Participant", speakerId: null });
    const notes = await db.meetingNote.findMany({ where: { meetingId: meeting.id }, orderBy: { createdAt: "asc" } });
    expect(notes.map((n) => [n.kind, n.text, n.owner, n.due, n.askedBy])).toEqual([
      ["note", "Ask legal about the terms.", null, null, "Grace Hopper"],
      ["action_item", "Send the deck", "Priya", "2026-12-01", "Grace Hopper"],
      ["note", "Untagged.", null, null, null],
    ]);
  });

  it("current_time answers in the agent's time zone", async () => {
    const { s } = await scope();
    const before = localTime(new Date(), "Asia/Kolkata");
    const answer = JSON.parse((await run(s, "current_time", {})).text);
    const after = localTime(new Date(), "Asia/Kolkata");
    expect(answer).toMatchObject({ timeZone: "Asia/Kolkata", utcOffset: "+05:30" });
    expect([before.date, after.date]).toContain(answer.date);
    expect([before.time, after.time]).toContain(answer.time);
  });

  it("upcoming_meetings lists the agent's calendar in its time zone: its events still to come and meetings sent without one", async () => {
    const { s, agent, owner } = await scope({ timeZone: "Europe/Berlin" });
    const inDays = (d: number, hourUtc: number) => {
      const t = new Date(Date.now() + d * 86_400_000);
      t.setUTCHours(hourUtc, 0, 0, 0);
      return t;
    };
    const event = (title: string, startsAt: Date, status: "pending" | "confirmed" | "cancelled" | "blocked", deletedAt: Date | null = null) =>
      db.calendarEvent.create({ data: { userId: owner.user.id, agentId: agent.id, title, startsAt, meetingUrl: `https://meet.google.com/${randomUUID()}`, platform: "meet", status, deletedAt } });
    await event("Planning", inDays(2, 8), "confirmed");
    await event("Board", inDays(1, 13), "pending");
    await event("Cancelled one", inDays(1, 9), "cancelled");
    await event("Deleted one", inDays(1, 10), "confirmed", new Date());
    await event("Far away", inDays(20, 9), "confirmed");
    await db.meeting.create({ data: { userId: owner.user.id, agentId: agent.id, title: "Ad hoc", meetingUrl: `https://meet.google.com/${randomUUID()}`, platform: "meet", status: "scheduled", scheduledStart: inDays(3, 15) } });
    // Without a title it is named after where it is, as on every page.
    await db.meeting.create({ data: { userId: owner.user.id, agentId: agent.id, meetingUrl: "https://zoom.us/j/85212345678", platform: "zoom", status: "scheduled", scheduledStart: inDays(4, 9) } });
    const other = await createAgent(owner.user.id, validAgent({ name: "Other" }));
    await db.calendarEvent.create({ data: { userId: owner.user.id, agentId: other.id, title: "Not mine", startsAt: inDays(1, 9), meetingUrl: `https://meet.google.com/${randomUUID()}`, platform: "meet", status: "confirmed" } });

    const listed = JSON.parse((await run(s, "upcoming_meetings", {})).text);
    const berlin = (d: Date) => localTime(d, "Europe/Berlin");
    expect(listed).toEqual({
      timeZone: "Europe/Berlin",
      meetings: [
        { title: "Board", start: `${berlin(inDays(1, 13)).weekday} ${berlin(inDays(1, 13)).date} ${berlin(inDays(1, 13)).time}`, status: "awaiting confirmation" },
        { title: "Planning", start: `${berlin(inDays(2, 8)).weekday} ${berlin(inDays(2, 8)).date} ${berlin(inDays(2, 8)).time}`, status: "confirmed" },
        { title: "Ad hoc", start: `${berlin(inDays(3, 15)).weekday} ${berlin(inDays(3, 15)).date} ${berlin(inDays(3, 15)).time}`, status: "confirmed" },
        { title: "Zoom meeting 852 1234 5678", start: `${berlin(inDays(4, 9)).weekday} ${berlin(inDays(4, 9)).date} ${berlin(inDays(4, 9)).time}`, status: "confirmed" },
      ],
    });
    expect(JSON.parse((await run(s, "upcoming_meetings", { days: 31 })).text).meetings.map((m: { title: string }) => m.title)).toContain("Far away");
    expect(JSON.parse((await run({ ...s, agentId: other.id }, "upcoming_meetings", {})).text).meetings.map((m: { title: string }) => m.title)).toEqual(["Not mine"]);
    const idle = await createAgent(owner.user.id, validAgent({ name: "Idle" }));
    expect((await run({ ...s, agentId: idle.id }, "upcoming_meetings", { days: 0.4 })).text).toBe("No meetings in the next 1 days.");
  });

  it("leave_meeting leaves after the reply only for the meeting's owner", async () => {
    const { s, left } = await scope();
    expect(await run(s, "leave_meeting", {}, { turnId: 3, speaker: "Bob", speakerId: "p-bob" })).toEqual({
      text: "Not run: not allowed for this speaker: leave_meeting is for the meeting's owner only, and this speaker is not verified as the owner.",
      isError: true,
    });
    // Bob under Grace's name is still Bob.
    expect((await run(s, "leave_meeting", {}, { turnId: 4, speaker: "Grace Hopper", speakerId: "p-bob" })).isError).toBe(true);
    expect(left).toEqual([]);
    expect((await run(s, "leave_meeting", {})).text).toBe("You leave the meeting right after this reply. Say a short goodbye.");
    expect(left).toEqual([grace]);
  });
});

describe("who is the meeting's owner: never a display name", () => {
  const person = (id: string, name: string, speakerIds: string[] = [`s-${id}`]) => ({ id, name, isSelf: false, speakerIds });
  const bot = { id: "bot", name: "Grace Hopper", isSelf: true, speakerIds: ["s-bot"] };
  const turn = (speakerId: string | null, speaker = "Grace Hopper"): ToolContext => ({ turnId: 1, speaker, speakerId });

  it("in the test room: the participant who joined with the owner's session, whatever anyone is called", () => {
    const roster = [bot, person("owner", "Grace Hopper"), person("guest", "Grace Hopper"), person("bob", "Bob")];
    const session = { kind: "session" as const, participantIds: new Set(["owner"]) };
    expect(speakerIsOwner(turn("s-owner"), roster, session)).toBe(true);
    // A guest who took the owner's exact name is a guest.
    expect(speakerIsOwner(turn("s-guest"), roster, session)).toBe(false);
    expect(speakerIsOwner(turn("s-bob", "Bob"), roster, session)).toBe(false);
    // Untagged speech, a voice nobody in the roster carries, a voice two people carry (a mix): nobody's.
    expect(speakerIsOwner(turn(null), roster, session)).toBe(false);
    expect(speakerIsOwner(turn("s-gone"), roster, session)).toBe(false);
    expect(speakerIsOwner(turn("mix"), [person("owner", "Grace Hopper", ["mix"]), person("bob", "Bob", ["mix"])], session)).toBe(false);
    // The signed-in session proves nothing about the bot's own voice.
    expect(speakerIsOwner(turn("s-bot"), roster, { kind: "session", participantIds: new Set(["bot"]) })).toBe(false);
  });

  it("on Meet, Teams and Zoom: only the participant the owner confirmed, and not while a namesake is in the call", () => {
    const confirmed = { kind: "confirmed" as const, participantId: "p1" };
    expect(speakerIsOwner(turn("s-p1"), [bot, person("p1", "Grace Hopper"), person("bob", "Bob")], confirmed)).toBe(true);
    // Nobody confirmed: nobody is the owner, even by the owner's exact name.
    expect(speakerIsOwner(turn("s-p1"), [bot, person("p1", "Grace Hopper")], { kind: "confirmed", participantId: null })).toBe(false);
    expect(speakerIsOwner(turn("s-p2"), [bot, person("p1", "Grace Hopper"), person("p2", "Grace Hopper (Guest)")], confirmed)).toBe(false);
    // Someone else shows the confirmed participant's name: suspended for everyone until they leave.
    const twins = [bot, person("p1", "Grace Hopper"), person("p2", "grace  HOPPER")];
    expect(speakerIsOwner(turn("s-p1"), twins, confirmed)).toBe(false);
    expect(speakerIsOwner(turn("s-p2"), twins, confirmed)).toBe(false);
    expect(speakerIsOwner(turn("s-p1"), [bot, person("p1", "Grace Hopper"), person("p2", "Grace Hopper (Guest)")], confirmed)).toBe(true);
  });
});

describe("who may use which tool", () => {
  const owner = { isOwner: true };
  const guest = { isOwner: false };
  it("owner-only tools are for the verified owner, everyone's for anyone, switched-off ones for nobody", () => {
    expect(callRefusal("upcoming_meetings", { audience: "owner", acts: false }, owner, false)).toBeNull();
    expect(callRefusal("upcoming_meetings", { audience: "owner", acts: false }, guest, false)).toMatch(/^not allowed for this speaker: upcoming_meetings is for the meeting's owner only/);
    expect(callRefusal("current_time", { audience: "everyone", acts: false }, guest, false)).toBeNull();
    expect(callRefusal("crm_lookup", { audience: "off", acts: false }, owner, false)).toBe("crm_lookup is not available in this meeting");
    expect(callRefusal("made_up", undefined, owner, false)).toBe("made_up is not available in this meeting");
  });

  it("a tool that acts runs only before any tool result was read in the reply, even for the owner", () => {
    const send = { audience: "owner" as const, acts: true };
    expect(callRefusal("send_mail", send, owner, false)).toBeNull();
    expect(callRefusal("send_mail", send, owner, true)).toMatch(/^send_mail acts for the owner and runs only when the person asks for it in their own words/);
    expect(callRefusal("send_mail", send, guest, false)).toMatch(/^not allowed for this speaker/);
    // Reading after a result is fine.
    expect(callRefusal("upcoming_meetings", { audience: "owner", acts: false }, owner, true)).toBeNull();
    expect(callRefusal("post", { audience: "everyone", acts: true }, guest, true)).toMatch(/acts for the owner/);
  });

  it("the defaults: the calendar and leaving are the owner's, notes and the time everyone's, MCP tools the owner's until opened", () => {
    expect(Object.fromEntries(BUILTIN_TOOL_NAMES.map((n) => [n, builtinPolicy(n, {})]))).toEqual({
      add_note: { audience: "everyone", acts: false },
      add_action_item: { audience: "everyone", acts: false },
      current_time: { audience: "everyone", acts: false },
      upcoming_meetings: { audience: "owner", acts: false },
      leave_meeting: { audience: "owner", acts: true },
    });
    // What the owner chose counts, within what the tool allows: leave_meeting is never for everyone.
    expect(builtinPolicy("upcoming_meetings", { upcoming_meetings: "everyone" })).toEqual({ audience: "everyone", acts: false });
    expect(builtinPolicy("leave_meeting", { leave_meeting: "everyone" })).toEqual({ audience: "owner", acts: true });
    expect(builtinPolicy("leave_meeting", { leave_meeting: "off" })).toEqual({ audience: "off", acts: true });
    expect(builtinPolicy("add_note", { add_note: "nonsense" })).toEqual({ audience: "everyone", acts: false });
    const lists = { disabledTools: ["hang"], everyoneTools: ["add"], actingTools: ["file_ticket"] };
    expect(mcpToolPolicy(lists, "multiply")).toEqual({ audience: "owner", acts: false });
    expect(mcpToolPolicy(lists, "add")).toEqual({ audience: "everyone", acts: false });
    expect(mcpToolPolicy(lists, "file_ticket")).toEqual({ audience: "owner", acts: true });
    expect(mcpToolPolicy(lists, "hang")).toEqual({ audience: "off", acts: false });
  });
});

describe("the meeting's toolbox", () => {
  it("offers the built-ins and every server that answers; a broken server is reported, not fatal; clashing names get the server's name", async () => {
    const { s } = await scope();
    const box = await openMeetingTools([server("Calc", mcp.url, ["hang", "big_report"]), server("Second calc", mcp.url, ["slow_lookup", "file_ticket", "hang", "big_report"]), server("Gone", "http://127.0.0.1:9/mcp")], s);
    try {
      expect(box.problems).toEqual([{ server: "Gone", message: "Could not reach the server" }]);
      expect(box.tools.specs.map((t) => t.name)).toEqual([
        "add_note", "add_action_item", "current_time", "upcoming_meetings", "leave_meeting",
        "multiply", "add", "slow_lookup", "file_ticket",
        "Second_calc_multiply", "Second_calc_add",
      ]);
      expect(box.tools.specs.find((t) => t.name === "multiply")!.parameters).not.toHaveProperty("$schema");
      expect(box.serverOf("Second_calc_add")).toBe("Second calc");
      expect(box.serverOf("add_note")).toBeNull();
      const before = mcp.connections;
      expect(await box.tools.run("Second_calc_multiply", { a: 6, b: 7 }, grace, new AbortController().signal)).toEqual({ text: "42", isError: false });
      for (const a of [1, 2, 3]) await box.tools.run("add", { a, b: 1 }, grace, new AbortController().signal);
      // Calls reuse the sessions' kept-alive connections: no handshake per call.
      expect(mcp.connections).toBe(before);
      expect(await box.tools.run("nothing_here", {}, grace, new AbortController().signal)).toEqual({ text: "There is no tool named nothing_here.", isError: true });
      // Bob is not the owner: he is offered what everyone may use, and a call outside it is refused by the toolbox too.
      const bob: ToolContext = { turnId: 2, speaker: "Bob", speakerId: "p-bob" };
      expect(box.tools.rightsFor(bob).specs.map((t) => t.name)).toEqual(["add_note", "add_action_item", "current_time"]);
      expect(box.tools.rightsFor(grace).specs).toEqual(box.tools.specs);
      const calls = mcp.calls.length;
      expect(await box.tools.run("multiply", { a: 6, b: 7 }, bob, new AbortController().signal)).toEqual({ text: expect.stringMatching(/^Not run: not allowed for this speaker: multiply is for the meeting's owner only/), isError: true });
      expect(mcp.calls.length).toBe(calls);
    } finally {
      await box.close();
    }
    expect(mcp.sessions.closed).toBe(mcp.sessions.opened);
  });
});

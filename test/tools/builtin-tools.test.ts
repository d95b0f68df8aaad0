import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent } from "@/lib/agents/create-agent";
import { db } from "@/lib/db/client";
import type { AgentMcpServer } from "@/lib/generated/prisma/client";
import type { MeetingScope } from "@/lib/tools/builtin/builtin-tool";
import { localTime } from "@/lib/tools/builtin/local-time";
import { speakerIsOwner } from "@/lib/tools/meeting-owner";
import { openMeetingTools } from "@/lib/tools/open-meeting-tools";
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
  const s: MeetingScope = { meetingId: meeting.id, agentId: agent.id, timeZone: "Asia/Kolkata", ownerName: "Grace Hopper", isOwner: (c) => c.speaker === "Grace Hopper", leaveAfterReply: (c) => left.push(c), ...over };
  return { s, meeting, agent, left, owner };
}
const server = (name: string, url: string, disabledTools: string[] = []) => ({ id: randomUUID(), agentId: "a", name, url, tokenEnc: null, tokenHint: null, headersEnc: null, headerNames: [], disabledTools, position: 0 }) as unknown as AgentMcpServer;
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
    expect((await run(s, "leave_meeting", {}, { turnId: 3, speaker: "Bob", speakerId: "p-bob" })).text).toBe(
      "Not leaving: only Grace Hopper (the meeting's owner) can ask you to leave, and this request came from Bob. Say so briefly.",
    );
    expect(left).toEqual([]);
    expect((await run(s, "leave_meeting", {})).text).toBe("You leave the meeting right after this reply. Say a short goodbye.");
    expect(left).toEqual([grace]);
  });
});

describe("who is the meeting's owner (leave_meeting)", () => {
  const roster = (...names: string[]) => names.map((name) => ({ name, isSelf: false }));
  it("the speaker's display name must be the owner's, the audio tagged with a participant, and the name unique in the call", () => {
    expect(speakerIsOwner("Grace Hopper", grace, roster("Grace Hopper", "Bob"))).toBe(true);
    expect(speakerIsOwner("Grace Hopper", { ...grace, speaker: "  grace   HÖPPER " }, roster("Grace Höpper"))).toBe(true);
    expect(speakerIsOwner("Grace Hopper", { ...grace, speaker: "Bob" }, roster("Grace Hopper", "Bob"))).toBe(false);
    expect(speakerIsOwner("Grace Hopper", { ...grace, speakerId: null }, roster("Grace Hopper"))).toBe(false);
    expect(speakerIsOwner("Grace Hopper", grace, roster("Grace Hopper", "Grace Hopper"))).toBe(false);
    expect(speakerIsOwner("Grace Hopper", grace, [{ name: "Grace Hopper", isSelf: true }, ...roster("Bob")])).toBe(false);
    expect(speakerIsOwner("", { ...grace, speaker: "" }, roster(""))).toBe(false);
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
    } finally {
      await box.close();
    }
    expect(mcp.sessions.closed).toBe(mcp.sessions.opened);
  });
});

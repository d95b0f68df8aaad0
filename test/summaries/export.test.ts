import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/meetings/[id]/export/route";
import { createAgent } from "@/lib/agents/create-agent";
import { db } from "@/lib/db/client";
import { call } from "@/test/http";
import { createUser } from "@/test/users";
import { validAgent } from "../agents/fixtures";

// A meeting as a download: minutes and transcript as Markdown, text and JSON; the spoken transcript
// as WebVTT and SRT subtitles (no tool lines), times into the meeting.

async function meetingWithMinutes() {
  const owner = await createUser();
  const agent = await createAgent(owner.user.id, validAgent({ name: "Cohost" }));
  const meeting = await db.meeting.create({
    data: { userId: owner.user.id, agentId: agent.id, title: "Launch review: Q4", meetingUrl: `https://meet.google.com/${randomUUID()}`, platform: "meet", status: "completed", scheduledStart: new Date("2026-11-25T09:00:00Z"), startedAt: new Date("2026-11-25T09:01:00Z") },
  });
  await db.transcriptSegment.createMany({
    data: [
      { meetingId: meeting.id, speaker: "Grace", text: "Cohost, what is 17 times 23?", startMs: 125_000, endMs: 127_500 },
      { meetingId: meeting.id, speaker: "Cohost", isAgent: true, text: 'Tool multiply {"a":17,"b":23}: ok (0.1 s)', startMs: 128_000, endMs: 128_100, tool: { name: "multiply", server: "Calculator", arguments: '{"a":17,"b":23}', durationMs: 100, ok: true, error: null } },
      { meetingId: meeting.id, speaker: "Cohost", isAgent: true, text: "It is 391. --> done", startMs: 129_000, endMs: 131_250, interrupted: true },
      { meetingId: meeting.id, speaker: "Priya", text: "Thanks.\nNext topic.", startMs: 3_725_000, endMs: 3_726_000 },
    ],
  });
  await db.meetingNote.createMany({ data: [{ meetingId: meeting.id, kind: "note", text: "Check the numbers." }, { meetingId: meeting.id, kind: "action_item", text: "Send the deck", owner: "Priya", due: "2026-12-01" }] });
  await db.meetingSummary.create({ data: { meetingId: meeting.id, status: "done", summary: "We reviewed the launch.", decisions: ["Launch on Friday."], actionItems: [{ text: "Update notes", owner: "Grace", due: null }] } });
  return { owner, meeting };
}

const download = (headers: Record<string, string>, id: string, format: string) => call(exportRoute, { headers, params: { id }, path: `/api/meetings/${id}/export?format=${format}` });

describe("GET /api/meetings/{id}/export", () => {
  it("Markdown and text carry the summary, decisions, action items, notes and the whole transcript", async () => {
    const { owner, meeting } = await meetingWithMinutes();
    const md = await download(owner.headers, meeting.id, "md");
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(md.headers.get("content-disposition")).toBe(`attachment; filename="Launch-review-Q4.md"; filename*=UTF-8''Launch-review-Q4.md`);
    expect(md.body).toBe(
      [
        "# Launch review: Q4",
        "",
        "2026-11-25 09:01 UTC · Agent: Cohost",
        "",
        "## Summary",
        "We reviewed the launch.",
        "",
        "## Decisions",
        "- Launch on Friday.",
        "",
        "## Action items",
        "- Update notes (Grace)",
        "",
        "## Notes taken in the meeting",
        "- Check the numbers.",
        "- Action item: Send the deck (Priya, due 2026-12-01)",
        "",
        "## Transcript",
        "",
        "- **[02:05] Grace:** Cohost, what is 17 times 23?",
        '- *[02:08] Tool multiply {"a":17,"b":23}: ok (0.1 s)*',
        "- **[02:09] Cohost:** It is 391. --> done",
        "- **[1:02:05] Priya:** Thanks. Next topic.",
        "",
      ].join("\n"),
    );
    const txt = await download(owner.headers, meeting.id, "txt");
    expect(txt.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(txt.body).toContain("DECISIONS\n- Launch on Friday.");
    expect(txt.body).toContain('[02:08] (Tool multiply {"a":17,"b":23}: ok (0.1 s))');
  });

  it("WebVTT and SRT are subtitles of what was said: cues timed into the meeting, no tool lines, no cue breakers", async () => {
    const { owner, meeting } = await meetingWithMinutes();
    const vtt = await download(owner.headers, meeting.id, "vtt");
    expect(vtt.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(vtt.body).toBe(
      [
        "WEBVTT",
        "",
        "1",
        "00:02:05.000 --> 00:02:07.500",
        "<v Grace>Cohost, what is 17 times 23?",
        "",
        "2",
        "00:02:09.000 --> 00:02:11.250",
        "<v Cohost>It is 391. → done",
        "",
        "3",
        "01:02:05.000 --> 01:02:06.000",
        "<v Priya>Thanks. Next topic.",
        "",
      ].join("\n"),
    );
    const srt = await download(owner.headers, meeting.id, "srt");
    expect(srt.body).toBe(
      ["1", "00:02:05,000 --> 00:02:07,500", "Grace: Cohost, what is 17 times 23?", "", "2", "00:02:09,000 --> 00:02:11,250", "Cohost: It is 391. → done", "", "3", "01:02:05,000 --> 01:02:06,000", "Priya: Thanks. Next topic.", ""].join("\n"),
    );
  });

  it("names and words chosen by participants cannot break the file: Markdown escaped, WebVTT entities, no stray line breaks", async () => {
    const owner = await createUser();
    const agent = await createAgent(owner.user.id, validAgent({ name: "Cohost" }));
    const meeting = await db.meeting.create({
      data: { userId: owner.user.id, agentId: agent.id, title: "Sync", meetingUrl: `https://meet.google.com/${randomUUID()}`, platform: "meet", status: "completed", scheduledStart: new Date(), startedAt: new Date() },
    });
    await db.transcriptSegment.create({ data: { meetingId: meeting.id, speaker: "**Boss** [login](https://evil.example)", text: "R&D <b>now</b>\r\n\r\n--> 00:00:00.000 --> 00:00:01.000\rnext", startMs: 0, endMs: 1000 } });
    const md = (await download(owner.headers, meeting.id, "md")).body as string;
    expect(md).toContain("- **[00:00] \\*\\*Boss\\*\\* \\[login\\]\\(https://evil\\.example\\):** R&amp;D &lt;b>now&lt;/b> --> 00:00:00.000 --> 00:00:01.000 next\n");
    const vtt = (await download(owner.headers, meeting.id, "vtt")).body as string;
    expect(vtt.split("\n").slice(2)).toEqual(["1", "00:00:00.000 --> 00:00:01.000", "<v **Boss** [login](https://evil.example)>R&amp;D &lt;b&gt;now&lt;/b&gt; → 00:00:00.000 → 00:00:01.000 next", ""]);
    const srt = (await download(owner.headers, meeting.id, "srt")).body as string;
    expect(srt).not.toContain("\r");
    expect(srt.split("\n")).toEqual(["1", "00:00:00,000 --> 00:00:01,000", "**Boss** [login](https://evil.example): R&D ‹b›now‹/b› → 00:00:00.000 → 00:00:01.000 next", ""]);
  });

  it("JSON holds everything, structured", async () => {
    const { owner, meeting } = await meetingWithMinutes();
    const json = (await download(owner.headers, meeting.id, "json")).body;
    expect(json).toMatchObject({ title: "Launch review: Q4", agentName: "Cohost", summary: { status: "done", decisions: ["Launch on Friday."] } });
    expect(json.notes.map((n: { kind: string }) => n.kind)).toEqual(["note", "action_item"]);
    expect(json.transcript).toHaveLength(4);
    expect(json.transcript[1]).toMatchObject({ tool: { name: "multiply", ok: true }, startMs: 128_000 });
  });

  it("a meeting without a title is named after where it is, in the file and its name", async () => {
    const owner = await createUser();
    const agent = await createAgent(owner.user.id, validAgent({ name: "Cohost" }));
    const meeting = await db.meeting.create({
      data: { userId: owner.user.id, agentId: agent.id, meetingUrl: "https://zoom.us/j/85212345678", platform: "zoom", status: "completed", scheduledStart: new Date("2026-11-25T09:00:00Z") },
    });
    const md = await download(owner.headers, meeting.id, "md");
    expect(md.body.split("\n")[0]).toBe("# Zoom meeting 852 1234 5678");
    expect(md.headers.get("content-disposition")).toBe(`attachment; filename="Zoom-meeting-852-1234-5678.md"; filename*=UTF-8''Zoom-meeting-852-1234-5678.md`);
    expect((await download(owner.headers, meeting.id, "json")).body.title).toBe("Zoom meeting 852 1234 5678");
  });

  it("an unknown format is a 400; another user's meeting is a 404", async () => {
    const { owner, meeting } = await meetingWithMinutes();
    const bad = await download(owner.headers, meeting.id, "docx");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Choose a format: md, txt, vtt, srt, json");
    const stranger = await createUser();
    expect((await download(stranger.headers, meeting.id, "md")).status).toBe(404);
  });
});

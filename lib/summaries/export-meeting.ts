import { z } from "zod";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { parseWith } from "../validation/parse.ts";
import { actionItemLine } from "../mail/templates.ts";
import { englishMeetingTitle } from "../meetings/english-meeting-title.ts";
import { clockTime } from "./transcript-lines.ts";
import { serializeNote, serializeSummary } from "../meetings/serialize-summary.ts";

export const EXPORT_FORMATS = ["md", "txt", "vtt", "srt", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS, { error: `Choose a format: ${EXPORT_FORMATS.join(", ")}` }) });

const TYPES: Record<ExportFormat, string> = {
  md: "text/markdown; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  vtt: "text/vtt; charset=utf-8",
  srt: "application/x-subrip; charset=utf-8",
  json: "application/json; charset=utf-8",
};

interface Line {
  speaker: string;
  isAgent: boolean;
  text: string;
  /** Into the meeting (from the agent's admission). */
  startMs: number;
  endMs: number;
  tool: { name: string; ok: boolean } | null;
  /** Typed in the meeting's chat: in the transcripts as "Name (chat)", not in the subtitles (they are what was spoken). */
  chat: boolean;
}

interface Export {
  /** The meeting's title, or the one made from where it is (never empty). */
  title: string;
  agentName: string | null;
  startedAt: Date | null;
  summary: ReturnType<typeof serializeSummary>;
  notes: ReturnType<typeof serializeNote>[];
  lines: Line[];
}

/** 00:01:02.345 (WebVTT) or 00:01:02,345 (SRT). */
function cueTime(ms: number, separator: "." | ","): string {
  const t = Math.max(0, Math.round(ms));
  const h = String(Math.floor(t / 3_600_000)).padStart(2, "0");
  const m = String(Math.floor((t % 3_600_000) / 60_000)).padStart(2, "0");
  const s = String(Math.floor((t % 60_000) / 1000)).padStart(2, "0");
  return `${h}:${m}:${s}${separator}${String(t % 1000).padStart(3, "0")}`;
}

/** One line of speech on one line of the file (any line break: \n, \r, U+2028/9). */
const oneLine = (text: string) => text.replace(/\s*[\r\n\u2028\u2029]+\s*/g, " ");
/** Cue text may not hold a blank line or "-->". */
const cueText = (text: string) => oneLine(text).replace(/-->/g, "→");
/** WebVTT cue text: `&`, `<` and `>` are markup there, so they are written as entities. */
const vttEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** SRT has no escapes but players read `<…>` as tags: angle brackets become look-alikes. */
const srtEscape = (text: string) => text.replace(/</g, "‹").replace(/>/g, "›");
/** A name (chosen by whoever joined) as plain text in Markdown: its markup characters escaped. */
const mdName = (text: string) => oneLine(text).replace(/[\\`*_{}[\]()#+\-.!|~>]/g, "\\$&").replace(/&/g, "&amp;").replace(/</g, "&lt;");
/** Spoken text in Markdown: no raw HTML. */
const mdText = (text: string) => oneLine(text).replace(/&/g, "&amp;").replace(/</g, "&lt;");

function minutesSections(e: Export, heading: (text: string) => string, item: (text: string) => string): string[] {
  const out: string[] = [];
  const s = e.summary;
  if (s?.status === "done") {
    out.push(heading("Summary"), s.summary, "");
    if (s.decisions.length) out.push(heading("Decisions"), ...s.decisions.map(item), "");
    if (s.actionItems.length) out.push(heading("Action items"), ...s.actionItems.map((a) => item(actionItemLine(a))), "");
  }
  if (e.notes.length) out.push(heading("Notes taken in the meeting"), ...e.notes.map((n) => item(n.kind === "note" ? n.text : `Action item: ${actionItemLine(n)}`)), "");
  return out;
}

function render(e: Export, format: ExportFormat): string {
  const { title } = e;
  const date = e.startedAt?.toISOString().slice(0, 16).replace("T", " ");
  const speech = e.lines.filter((l) => !l.tool && !l.chat);
  const who = (l: Line) => (l.chat ? `${l.speaker} (chat)` : l.speaker);
  switch (format) {
    case "md":
      return [
        `# ${title}`,
        "",
        [date && `${date} UTC`, e.agentName && `Agent: ${e.agentName}`].filter(Boolean).join(" · "),
        "",
        ...minutesSections(e, (h) => `## ${h}`, (i) => `- ${i}`),
        "## Transcript",
        "",
        ...e.lines.map((l) => (l.tool ? `- *[${clockTime(l.startMs)}] ${mdText(l.text)}*` : `- **[${clockTime(l.startMs)}] ${mdName(who(l))}:** ${mdText(l.text)}`)),
        "",
      ].join("\n");
    case "txt":
      return [
        title,
        [date && `${date} UTC`, e.agentName && `Agent: ${e.agentName}`].filter(Boolean).join(" - "),
        "",
        ...minutesSections(e, (h) => h.toUpperCase(), (i) => `- ${i}`),
        "TRANSCRIPT",
        ...e.lines.map((l) => (l.tool ? `[${clockTime(l.startMs)}] (${oneLine(l.text)})` : `[${clockTime(l.startMs)}] ${who(l)}: ${oneLine(l.text)}`)),
        "",
      ].join("\n");
    case "vtt":
      return ["WEBVTT", "", ...speech.flatMap((l, i) => [String(i + 1), `${cueTime(l.startMs, ".")} --> ${cueTime(Math.max(l.endMs, l.startMs + 500), ".")}`, `<v ${vttEscape(oneLine(l.speaker))}>${vttEscape(cueText(l.text))}`, ""])].join("\n");
    case "srt":
      return speech.flatMap((l, i) => [String(i + 1), `${cueTime(l.startMs, ",")} --> ${cueTime(Math.max(l.endMs, l.startMs + 500), ",")}`, `${srtEscape(oneLine(l.speaker))}: ${srtEscape(cueText(l.text))}`, ""]).join("\n");
    case "json":
      return JSON.stringify({ title: e.title, agentName: e.agentName, startedAt: e.startedAt, summary: e.summary, notes: e.notes, transcript: e.lines }, null, 2);
  }
}

/**
 * GET /api/meetings/{id}/export?format=md|txt|vtt|srt|json: the user's meeting as a download —
 * summary, decisions, action items, notes and transcript (Markdown, plain text, JSON), or the spoken
 * transcript as subtitles (WebVTT, SRT). Times count from the start of the meeting. Another user's meeting is 404.
 */
export async function exportMeeting(userId: string, meetingId: string, query: URLSearchParams): Promise<Response> {
  const { format } = parseWith(exportQuerySchema, Object.fromEntries(query));
  const meeting = await db.meeting.findFirst({ where: { id: meetingId, userId }, include: { agent: { select: { name: true } }, summary: true } });
  if (!meeting) throw new AppError("not_found", "Meeting not found");
  const [segments, notes] = await Promise.all([
    db.transcriptSegment.findMany({ where: { meetingId }, orderBy: [{ startMs: "asc" }, { id: "asc" }] }),
    db.meetingNote.findMany({ where: { meetingId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  const title = englishMeetingTitle({ ...meeting, agentName: meeting.agent?.name });
  const body = render(
    {
      title,
      agentName: meeting.agent?.name ?? null,
      startedAt: meeting.startedAt,
      summary: serializeSummary(meeting.summary),
      notes: notes.map(serializeNote),
      lines: segments.map((s) => ({
        speaker: s.speaker,
        isAgent: s.isAgent,
        text: s.text,
        startMs: s.startMs,
        endMs: s.endMs,
        tool: s.tool ? { name: (s.tool as { name: string }).name, ok: (s.tool as { ok: boolean }).ok } : null,
        chat: s.chat,
      })),
    },
    format,
  );
  const name = title.replace(/[^\p{L}\p{N} _-]+/gu, "").trim().replace(/\s+/g, "-").slice(0, 60) || "meeting";
  return new Response(body, {
    headers: {
      "content-type": TYPES[format],
      "content-disposition": `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}.${format}"; filename*=UTF-8''${encodeURIComponent(name)}.${format}`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

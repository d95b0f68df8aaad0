import type { Operation } from "../contract/operation.ts";
import { meetingSummaryResponse } from "../meetings/serialize-summary.ts";
import { exportQuerySchema } from "./export-meeting.ts";

// What the summaries runtime answers over HTTP: writing a meeting's summary again, and the export.

export const SUMMARY_OPERATIONS: Operation[] = [
  { method: "post", path: "/api/meetings/{id}/summary", operationId: "writeMeetingSummary", tag: "Meetings", summary: "Write an ended meeting's summary (again), e.g. after it failed", auth: "user", responses: { 200: meetingSummaryResponse } },
  {
    method: "get", path: "/api/meetings/{id}/export", operationId: "exportMeeting", tag: "Meetings", summary: "The transcript, summary and notes as a download", auth: "user", query: exportQuerySchema,
    responses: { 200: { mediaTypes: ["text/markdown", "text/plain", "text/vtt", "application/x-subrip", "application/json"], description: "Markdown, plain text, WebVTT, SRT or JSON" } },
  },
];

import type { Prisma } from "../generated/prisma/client.ts";
import { FINAL_STATUSES, type MeetingStatus } from "./status.ts";
import { insertMany } from "../db/insert-many.ts";
import { newEventId, recordEvent, recordMeetingEvent } from "../events/record-event.ts";

type Tx = Prisma.TransactionClient;

interface MeetingRef {
  id: string;
  userId: string;
  agentId: string | null;
}

/**
 * meeting.status_changed for every transition (from null when the meeting is created), and meeting.ended when it reaches a final status
 * (its transcript, usage and cost are added when it is sent: lib/webhooks/relay-events.ts).
 */
export async function recordStatusChange(tx: Tx, m: MeetingRef, from: MeetingStatus | null, to: MeetingStatus, reason: string | null): Promise<void> {
  const data = { meetingId: m.id, agentId: m.agentId, fromStatus: from, status: to, reason };
  await recordMeetingEvent(tx, { userId: m.userId, meetingId: m.id, type: "meeting.status_changed", data });
  if ((FINAL_STATUSES as readonly MeetingStatus[]).includes(to)) {
    await recordEvent(tx, { userId: m.userId, meetingId: m.id, type: "meeting.ended", data: { meetingId: m.id, agentId: m.agentId, status: to, reason } });
  }
}

/**
 * meeting.status_changed (created as scheduled) for meetings created together, as a calendar import
 * creates hundreds: one statement, and each event is number 1 of its new meeting's stream.
 */
export async function recordMeetingsScheduled(tx: Tx, meetings: MeetingRef[], reason: string): Promise<void> {
  if (meetings.length === 0) return;
  await insertMany(
    tx,
    "ApiEvent",
    meetings.map((m) => ({
      id: newEventId(),
      userId: m.userId,
      meetingId: m.id,
      meetingSeq: 1,
      type: "meeting.status_changed",
      data: { meetingId: m.id, agentId: m.agentId, fromStatus: null, status: "scheduled", reason },
    })),
  );
}

export interface SegmentData {
  id: string;
  speaker: string;
  isAgent: boolean;
  text: string;
  startMs: number;
  endMs: number;
  interrupted: boolean;
  /** Typed in the meeting's chat, not spoken. */
  chat: boolean;
}

/** meeting.transcript.segment, in the transaction that saves the segment. */
export async function recordTranscriptSegment(tx: Tx, m: { id: string; userId: string }, segment: SegmentData): Promise<void> {
  await recordMeetingEvent(tx, { userId: m.userId, meetingId: m.id, type: "meeting.transcript.segment", data: { meetingId: m.id, segment: { ...segment } } });
}

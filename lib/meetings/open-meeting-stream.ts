import { db } from "../db/client.ts";
import { listenHub } from "../db/listen-hub.ts";
import { AppError } from "../errors/app-error.ts";
import { errorText, log } from "../log.ts";
import { coalescedDrain } from "../sse/coalesced-drain.ts";
import { openEventStream } from "../sse/event-stream.ts";
import { lastEventId } from "../sse/last-event-id.ts";
import { FINAL_STATUSES, type MeetingStatus } from "./status.ts";
import { runStillWriting } from "./run-writes.ts";
import { reserveStream } from "../auth/open-streams.ts";
import type { AuthUser } from "../auth/require-user.ts";
import { EVENTS_CHANNEL, eventBody } from "../events/types.ts";

// GET /api/meetings/{id}/events: the meeting's status changes and transcript segments as Server-Sent
// Events (lib/sse), each with its number in the meeting's stream as the SSE id. A reconnecting client
// sends the last id it got (Last-Event-ID) and gets everything after it; `?since=now` starts with what
// comes next instead of the whole history. A comment line every 15 s keeps proxies from closing a
// quiet stream. When the meeting reaches a final status and its run's last writes are in
// (lib/meetings/run-writes.ts), the stream sends `end` and closes; asked
// again with nothing new it answers 204, which tells EventSource to stop reconnecting.

const HEARTBEAT_MS = 15_000;
/** While a run still writes after the final status, how often the stream looks again without a NOTIFY. */
const RECHECK_MS = 5_000;
const PAGE = 500;
const isFinal = (s: string) => (FINAL_STATUSES as readonly string[]).includes(s);

interface StreamRow {
  id: string;
  meetingSeq: number;
  type: string;
  data: unknown;
  createdAt: Date;
}

// The streams of one meeting in this process wake on the same notification at the same place: they
// share one read (one query per notification, not one per open stream).
const reading = new Map<string, Promise<StreamRow[]>>();

function readAfter(meetingId: string, cursor: number): Promise<StreamRow[]> {
  const key = `${meetingId}:${cursor}`;
  let read = reading.get(key);
  if (!read) {
    read = db.apiEvent
      .findMany({ where: { meetingId, meetingSeq: { gt: cursor } }, orderBy: { meetingSeq: "asc" }, take: PAGE, select: { id: true, meetingSeq: true, type: true, data: true, createdAt: true } })
      .then((rows) => rows as StreamRow[])
      .finally(() => reading.delete(key));
    reading.set(key, read);
  }
  return read;
}

export async function openMeetingStream(opts: {
  userId: string;
  meetingId: string;
  lastEventId: string | null;
  since: string | null;
  signal?: AbortSignal;
  heartbeatMs?: number;
  /** Who opened it, when through the API: the stream counts against their limits and ends when their credentials do (lib/auth/open-streams.ts). */
  caller?: AuthUser;
}): Promise<ReadableStream<Uint8Array> | null> {
  const { meetingId, userId } = opts;
  const meeting = await db.meeting.findFirst({ where: { id: meetingId, userId }, select: { status: true } });
  if (!meeting) throw new AppError("not_found", "Meeting not found");
  const latest = async () =>
    (await db.apiEvent.aggregate({ where: { meetingId, meetingSeq: { not: null } }, _max: { meetingSeq: true } }))._max.meetingSeq ?? 0;

  const resumeAfter = lastEventId(opts.lastEventId, 9);
  let cursor = resumeAfter !== null ? Number(resumeAfter) : opts.since === "now" ? await latest() : 0;
  if (isFinal(meeting.status) && cursor >= (await latest()) && !(await runStillWriting(meetingId))) return null;
  let status: string = meeting.status;
  const slot = opts.caller ? reserveStream(opts.caller) : null;

  return openEventStream({
    heartbeatMs: opts.heartbeatMs ?? HEARTBEAT_MS,
    signal: opts.signal,
    onClose: () => slot?.release(),
    async start(stream) {
      let recheck: NodeJS.Timeout | undefined;
      // Credentials no longer valid: say so (EventSource would otherwise reconnect into a 401) and close.
      // Past its longest life: close; EventSource reconnects with Last-Event-ID, authenticated anew.
      slot?.attach((reason) => {
        if (reason === "credentials") stream.send("unauthorized", { message: "The credentials this stream was opened with are no longer valid." });
        stream.close();
      });
      const wake = coalescedDrain(
        async () => {
          for (;;) {
            const rows = await readAfter(meetingId, cursor);
            for (const row of rows) {
              cursor = row.meetingSeq;
              stream.send(row.type, { id: row.id, ...eventBody(row) }, row.meetingSeq);
              if (row.type === "meeting.status_changed") status = (row.data as { status: MeetingStatus }).status;
            }
            if (rows.length < PAGE) break;
          }
          // `end` only after the run's final writes (its last transcript lines): until it releases the
          // meeting (a NOTIFY wakes this drain) or its grace is over (re-checked every few seconds).
          if (isFinal(status)) {
            if (await runStillWriting(meetingId)) {
              recheck ??= setTimeout(() => ((recheck = undefined), wake()), RECHECK_MS);
              return;
            }
            stream.send("end", { status });
            stream.close();
          }
        },
        { closed: () => stream.closed, failed: (err) => log({ event: "meeting_stream_read_failed", level: "error", meetingId, userId, error: errorText(err) }) },
      );
      const unsubscribe = await listenHub(EVENTS_CHANNEL, "events").subscribe(meetingId, wake);
      wake();
      return () => {
        clearTimeout(recheck);
        unsubscribe();
      };
    },
  });
}

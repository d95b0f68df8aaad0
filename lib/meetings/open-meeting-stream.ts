import { db } from "../db/client.ts";
import { listenHub } from "../db/listen-hub.ts";
import { AppError } from "../errors/app-error.ts";
import { FINAL_STATUSES, type MeetingStatus } from "./status.ts";
import { EVENTS_CHANNEL, eventBody } from "../events/types.ts";

// GET /api/meetings/{id}/events: the meeting's status changes and transcript segments as Server-Sent
// Events, each with its number in the meeting's stream as the SSE id. A reconnecting client sends the
// last id it got (Last-Event-ID) and gets everything after it; `?since=now` starts with what comes
// next instead of the whole history. A comment line every 15 s keeps proxies from closing a quiet
// stream. When the meeting reaches a final status the stream sends `end` and closes; asked again
// with nothing new it answers 204, which tells EventSource to stop reconnecting.

const HEARTBEAT_MS = 15_000;
const PAGE = 500;
const encoder = new TextEncoder();
const isFinal = (s: string) => (FINAL_STATUSES as readonly string[]).includes(s);

interface StreamRow {
  id: string;
  meetingSeq: number;
  type: string;
  data: unknown;
  createdAt: Date;
}

function parseCursor(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

export async function openMeetingStream(opts: {
  userId: string;
  meetingId: string;
  lastEventId: string | null;
  since: string | null;
  signal?: AbortSignal;
  heartbeatMs?: number;
}): Promise<ReadableStream<Uint8Array> | null> {
  const { meetingId } = opts;
  const meeting = await db.meeting.findFirst({ where: { id: meetingId, userId: opts.userId }, select: { status: true } });
  if (!meeting) throw new AppError("not_found", "Meeting not found");
  const latest = async () =>
    (await db.apiEvent.aggregate({ where: { meetingId, meetingSeq: { not: null } }, _max: { meetingSeq: true } }))._max.meetingSeq ?? 0;

  let cursor = parseCursor(opts.lastEventId) ?? (opts.since === "now" ? await latest() : 0);
  if (isFinal(meeting.status) && cursor >= (await latest())) return null;

  let closed = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let unsubscribe: (() => void) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let status: string = meeting.status;

  const write = (text: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      close();
    }
  };
  const close = () => {
    if (closed) return;
    closed = true;
    if (heartbeat) clearInterval(heartbeat);
    unsubscribe?.();
    try {
      controller.close();
    } catch {
      // the client went first
    }
  };

  // Reads are serialised and coalesced: at most one runs, one more is queued.
  let again = false;
  let running: Promise<void> | null = null;
  const wake = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => (running = null));
  };

  async function drain() {
    do {
      again = false;
      try {
        for (;;) {
          const rows = await db.apiEvent.findMany({
            where: { meetingId, meetingSeq: { gt: cursor } },
            orderBy: { meetingSeq: "asc" },
            take: PAGE,
            select: { id: true, meetingSeq: true, type: true, data: true, createdAt: true },
          });
          for (const row of rows as StreamRow[]) {
            cursor = row.meetingSeq;
            write(`id: ${row.meetingSeq}\nevent: ${row.type}\ndata: ${JSON.stringify({ id: row.id, ...eventBody(row) })}\n\n`);
            if (row.type === "meeting.status_changed") status = (row.data as { status: MeetingStatus }).status;
          }
          if (rows.length < PAGE) break;
        }
        if (isFinal(status)) {
          write(`event: end\ndata: ${JSON.stringify({ status })}\n\n`);
          close();
        }
      } catch (err) {
        console.error("[events] meeting stream read failed:", err);
        again = true;
        await new Promise((r) => setTimeout(r, 500));
      }
    } while (again && !closed);
  }

  const stream = new ReadableStream<Uint8Array>({
    async start(c) {
      controller = c;
      unsubscribe = await listenHub(EVENTS_CHANNEL, "events").subscribe(meetingId, wake);
      write("retry: 2000\n\n");
      wake();
      heartbeat = setInterval(() => write(": ping\n\n"), opts.heartbeatMs ?? HEARTBEAT_MS);
    },
    cancel() {
      close();
    },
  });
  opts.signal?.addEventListener("abort", close, { once: true });
  return stream;
}

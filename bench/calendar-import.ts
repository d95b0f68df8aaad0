// `npm run bench:calendar-import`: one .ics with BENCH_EVENTS linked events (default 500) plus a daily
// series and as many events without a link, imported for one agent (every event confirmed, so each
// schedules a meeting and its pg-boss job); then the same file re-imported (nothing changes), then a
// copy with a tenth of the events moved (SEQUENCE + 1). Prints the seconds of each step as JSON.
// The upload goes the way it does in production: the web's part (check, store, queue) answers, and a
// jobs process (started here, as `npm run jobs` would: pg-boss woken by NOTIFY) imports it;
// first_import_seconds runs from the upload until the events and meetings are in.
// Then connected calendars (bench/lib/connected-sync.ts): an initial sync of BENCH_CONNECTED_EVENTS
// (default 2000; BENCH_EVENTS when set) occurrences from the Google and the Microsoft stand-in, and
// an incremental sync of 10 changes, under "connected". BENCH_PART=ics or connected runs one part.
import { PrismaPg } from "@prisma/adapter-pg";
import { randomBytes, randomUUID } from "node:crypto";
import { PrismaClient } from "../lib/generated/prisma/client.ts";
import { startCalendarFakes } from "../test/fakes/calendar/server.ts";
import { benchConnectedSync, type SyncPhases } from "./lib/connected-sync.ts";
import { benchDatabase } from "./lib/database.ts";
import { loadAverage } from "./lib/proc-stats.ts";

// The jobs' log lines (lib/log.ts writes them to stdout) go to stderr: stdout is the bench's JSON alone.
// The connected calendars' sync phases are read from their log line.
const printJson = console.log.bind(console);
const phases = new Map<string, SyncPhases>();
const imported = new Map<string, () => void>();
console.log = (...args: unknown[]) => {
  const text = typeof args[0] === "string" ? args[0] : "";
  if (text.includes('"calendar_connection_synced"')) {
    const line = JSON.parse(text) as SyncPhases & { calendarId: string };
    phases.set(line.calendarId, { pages: line.pages, occurrences: line.occurrences, fetchMs: line.fetchMs, expandMs: line.expandMs, importMs: line.importMs });
  } else if (text.includes('"calendar_imported"')) {
    const id = (JSON.parse(text) as { calendarId: string }).calendarId;
    imported.get(id)?.();
    imported.delete(id);
  }
  console.error(...args);
};
/** Resolves when the jobs process logs the calendar's import as done (no polling beside the sync). */
const importDone = (calendarId: string) => new Promise<void>((resolve) => imported.set(calendarId, resolve));
const loadBefore = loadAverage();

const EVENTS = Number(process.env.BENCH_EVENTS || 500);
const CONNECTED_EVENTS = Number(process.env.BENCH_CONNECTED_EVENTS || process.env.BENCH_EVENTS || 2000);
const PART = process.env.BENCH_PART || "all";
const HOUR = 3600_000;
process.env.APP_ENCRYPTION_KEY ||= randomBytes(32).toString("base64"); // connections' tokens are stored encrypted

const database = await benchDatabase();
// The process's Prisma client (lib/db/client.ts takes the one on globalThis), counting its statements.
let statements = 0;
const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url, max: 10 }), log: [{ emit: "event", level: "query" }] });
// BENCH_STATEMENTS=1: the statements' total database time by kind, on stderr at the end.
const statementTime = new Map<string, { count: number; ms: number }>();
prisma.$on("query", (e) => {
  statements++;
  if (!process.env.BENCH_STATEMENTS) return;
  const kind = e.query.replace(/\s+/g, " ").slice(0, 90);
  const entry = statementTime.get(kind) ?? { count: 0, ms: 0 };
  entry.count++;
  entry.ms += Number(e.duration);
  statementTime.set(kind, entry);
});
(globalThis as unknown as { cohostPrisma?: PrismaClient }).cohostPrisma = prisma;
const { db } = await import("../lib/db/client.ts");
const { parseIcs } = await import("../lib/calendar/parse-ics.ts");
const { uploadCalendar } = await import("../lib/calendar/add-calendar.ts");
const { syncCalendar } = await import("../lib/calendar/sync-calendar.ts");
const { importWindow } = await import("../lib/calendar/import-window.ts");
const { jobSender, startJobWorker } = await import("../lib/jobs/boss.ts");
const { workCalendarJobs } = await import("../lib/calendar/work-calendar-jobs.ts");

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
const base = Math.ceil(Date.now() / HOUR) * HOUR;
function calendar(moved: number): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Cohost bench//EN"];
  for (let i = 0; i < EVENTS; i++) {
    const shift = i < moved ? 1 : 0;
    const start = new Date(base + (i % 1000) * 3 * HOUR + shift * HOUR);
    lines.push("BEGIN:VEVENT", `UID:bench-${i}@cohost`, `SEQUENCE:${shift}`, `DTSTART:${stamp(start)}`, `DTEND:${stamp(new Date(start.getTime() + HOUR))}`);
    lines.push(`SUMMARY:Meeting ${i}`, `DESCRIPTION:Join: https://us02web.zoom.us/j/${String(85_000_000_000 + i)}?pwd=bench`, "END:VEVENT");
    lines.push("BEGIN:VEVENT", `UID:bench-nolink-${i}@cohost`, `DTSTART:${stamp(start)}`, `SUMMARY:Focus time ${i}`, "END:VEVENT");
  }
  lines.push("BEGIN:VEVENT", "UID:bench-daily@cohost", `DTSTART:${stamp(new Date(base))}`, "RRULE:FREQ=DAILY", "LOCATION:https://meet.google.com/abc-defg-hij", "SUMMARY:Daily", "END:VEVENT");
  lines.push("END:VCALENDAR", "");
  return lines.join("\r\n");
}

const seconds = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now();
  await fn();
  return Number(((performance.now() - t0) / 1000).toFixed(2));
};

async function benchIcs() {
  const user = await db.user.create({ data: { email: `bench-${randomUUID()}@example.test` } });
  const agent = await db.agent.create({ data: { userId: user.id, name: "Bench", sttProviderId: "deepgram", aiProviderId: "openai", ttsProviderId: "elevenlabs" } });
  const text = calendar(0);
  let occurrences = 0;
  const parse = await seconds(async () => {
    occurrences = (await parseIcs(text, importWindow())).instances.length;
  });
  const jobs = await startJobWorker(database.url, { listen: true });
  await workCalendarJobs(jobs, "bench");
  let calendarId = "";
  let uploadRequest = 0;
  const firstImport = await seconds(async () => {
    uploadRequest = await seconds(async () => {
      calendarId = (await uploadCalendar(user.id, { fileName: "bench.ics", text, fields: { agentId: agent.id } })).calendar.id;
    });
    while ((await db.calendar.findUniqueOrThrow({ where: { id: calendarId }, select: { importRequestedAt: true } })).importRequestedAt) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  await jobs.stop({ graceful: true });
  const events = await db.calendarEvent.count({ where: { agentId: agent.id } });
  const meetings = await db.meeting.count({ where: { agentId: agent.id } });
  const reimport = await seconds(() => syncCalendar(calendarId));
  await db.calendar.update({ where: { id: calendarId }, data: { content: calendar(Math.floor(EVENTS / 10)) } });
  const moveTenth = await seconds(() => syncCalendar(calendarId));
  return {
    bytes: Buffer.byteLength(text),
    occurrences_in_window: occurrences,
    agent_events: events,
    meetings,
    parse_seconds: parse,
    upload_request_seconds: uploadRequest,
    first_import_seconds: firstImport,
    unchanged_reimport_seconds: reimport,
    reimport_moving_a_tenth_seconds: moveTenth,
  };
}

/** Google's and Microsoft's stand-ins in this process, their calendars synced by a jobs process's worker. */
async function benchConnected() {
  const fakes = await startCalendarFakes();
  Object.assign(process.env, fakes.env, { GOOGLE_CLIENT_ID: "e2e-google-client", GOOGLE_CLIENT_SECRET: "e2e-google-secret" });
  delete process.env.CALENDAR_PUSH_URL; // not reachable from the internet: no push channel, polled
  const jobs = await startJobWorker(database.url, { listen: true });
  await workCalendarJobs(jobs, "bench");
  try {
    const deps = { fakes, statements: () => statements, phases: (id: string) => phases.get(id), importDone };
    return {
      google: await benchConnectedSync("google", CONNECTED_EVENTS, deps),
      microsoft: await benchConnectedSync("microsoft", CONNECTED_EVENTS, deps),
    };
  } finally {
    await jobs.stop({ graceful: true });
    await fakes.close();
  }
}

try {
  const ics = PART === "connected" ? undefined : await benchIcs();
  const connected = PART === "ics" ? undefined : await benchConnected();
  if (process.env.BENCH_STATEMENTS) console.error([...statementTime].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25).map(([k, v]) => `${String(Math.round(v.ms)).padStart(6)} ms ${String(v.count).padStart(5)}× ${k}`).join("\n"));
  printJson(JSON.stringify({ ...ics, connected, load_average: { before: loadBefore, after: loadAverage() } }));
  await db.$disconnect();
  // Scheduling sent start jobs through this process's pg-boss: stop it before its database goes.
  await (await jobSender()).stop({ graceful: false });
} finally {
  await database.stop();
}

// `npm run bench:calendar-import`: one .ics with BENCH_EVENTS linked events (default 500) plus a daily
// series and as many events without a link, imported for one agent (every event confirmed, so each
// schedules a meeting and its pg-boss job); then the same file re-imported (nothing changes), then a
// copy with a tenth of the events moved (SEQUENCE + 1). Prints the seconds of each step as JSON.
// The upload goes the way it does in production: the web's part (check, store, queue) answers, and a
// jobs process (started here, as `npm run jobs` would: pg-boss woken by NOTIFY) imports it;
// first_import_seconds runs from the upload until the events and meetings are in.
import { randomUUID } from "node:crypto";
import { benchDatabase } from "./lib/database.ts";
import { loadAverage } from "./lib/proc-stats.ts";

// The jobs' log lines (lib/log.ts writes them to stdout) go to stderr: stdout is the bench's JSON alone.
const printJson = console.log.bind(console);
console.log = console.error.bind(console);
const loadBefore = loadAverage();

const EVENTS = Number(process.env.BENCH_EVENTS || 500);
const HOUR = 3600_000;

const database = await benchDatabase();
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

try {
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
  printJson(
    JSON.stringify({
      bytes: Buffer.byteLength(text),
      occurrences_in_window: occurrences,
      agent_events: events,
      meetings,
      parse_seconds: parse,
      upload_request_seconds: uploadRequest,
      first_import_seconds: firstImport,
      unchanged_reimport_seconds: reimport,
      reimport_moving_a_tenth_seconds: moveTenth,
      load_average: { before: loadBefore, after: loadAverage() },
    }),
  );
  await db.$disconnect();
  // Scheduling sent start jobs through this process's pg-boss: stop it before its database goes.
  await (await jobSender()).stop({ graceful: false });
} finally {
  await database.stop();
}

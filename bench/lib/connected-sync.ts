import { randomUUID } from "node:crypto";
import type { CalendarFakes } from "../../test/fakes/calendar/server.ts";

// bench:calendar-import's connected calendars: a Google and a Microsoft account's calendar of
// `occurrences` meetings in the import window (four in five single events, the rest weekly series of
// four, one series in ten with a moved instance), served by the local stand-ins (Google pages of 250
// with series as RRULEs, Graph pages of 100 with series expanded), connected to a fresh agent and
// synced by the jobs process's calendar-import job as after "Connect": the whole job's wall time,
// the job's own phases (its `calendar_connection_synced` log line: provider pages, reading and
// expanding, the import transaction), events and meetings written, Prisma statements, then an
// incremental sync of 10 changed events.

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export interface SyncPhases {
  pages: number;
  occurrences: number;
  fetchMs: number;
  expandMs: number;
  importMs: number;
}

export interface ConnectedBenchDeps {
  fakes: CalendarFakes;
  /** Statements sent by Prisma so far. */
  statements: () => number;
  /** The phases of the last sync the jobs process logged for this calendar. */
  phases: (calendarId: string) => SyncPhases | undefined;
  /** Resolves when the jobs process has finished the calendar's next import job. */
  importDone: (calendarId: string) => Promise<void>;
}

const letters = (n: number, width: number) => {
  let s = "";
  for (let i = 0; i < width; i++, n = Math.floor(n / 26)) s += String.fromCharCode(97 + (n % 26));
  return s;
};
const meetCode = (n: number) => `${letters(n, 3)}-${letters(n + 7, 4)}-${letters(n + 13, 3)}`;
const graphTime = (ms: number) => ({ dateTime: new Date(ms).toISOString().replace("Z", "0000"), timeZone: "UTC" });

interface Plan {
  singles: { i: number; start: number }[];
  series: { j: number; start: number; moved: boolean }[];
}

function plan(occurrences: number, base: number): Plan {
  const seriesCount = Math.floor(occurrences / 20);
  const singleCount = occurrences - seriesCount * 4;
  const spread = Math.floor((55 * DAY) / Math.max(1, singleCount) / (15 * 60_000)) * 15 * 60_000 || 15 * 60_000;
  return {
    singles: Array.from({ length: singleCount }, (_, i) => ({ i, start: base + i * spread })),
    series: Array.from({ length: seriesCount }, (_, j) => ({ j, start: base + (j % 28) * DAY + (7 + (j % 9)) * HOUR + 30 * 60_000, moved: j % 10 === 0 })),
  };
}

function googleEvents(p: Plan): Record<string, unknown>[] {
  const when = (ms: number) => ({ dateTime: new Date(ms).toISOString(), timeZone: "Europe/Berlin" });
  const out: Record<string, unknown>[] = [];
  for (const s of p.singles) {
    out.push({ id: `single${s.i}`, summary: `Meeting ${s.i}`, start: when(s.start), end: when(s.start + HOUR), location: `https://us02web.zoom.us/j/${85_000_000_000 + s.i}`, organizer: { email: "grace.hopper@example.test", self: true } });
  }
  for (const s of p.series) {
    const master = `series${s.j}`;
    out.push({ id: master, summary: `Weekly ${s.j}`, start: when(s.start), end: when(s.start + HOUR / 2), recurrence: ["RRULE:FREQ=WEEKLY;COUNT=4"], hangoutLink: `https://meet.google.com/${meetCode(s.j)}`, organizer: { email: "grace.hopper@example.test", self: true } });
    if (s.moved) {
      const original = s.start + 7 * DAY;
      out.push({ id: `${master}_moved`, recurringEventId: master, originalStartTime: when(original), summary: `Weekly ${s.j} (moved)`, start: when(original + HOUR), end: when(original + 1.5 * HOUR), hangoutLink: `https://meet.google.com/${meetCode(s.j)}` });
    }
  }
  return out;
}

function graphEvents(p: Plan): Record<string, unknown>[] {
  const organizer = { emailAddress: { name: "Ada Lovelace", address: "ada@contoso.test" } };
  const out: Record<string, unknown>[] = [];
  for (const s of p.singles) {
    out.push({ id: `single${s.i}`, subject: `Meeting ${s.i}`, start: graphTime(s.start), end: graphTime(s.start + HOUR), isOnlineMeeting: true, onlineMeeting: { joinUrl: `https://teams.microsoft.com/l/meetup-join/19%3ameeting_bench${s.i}%40thread.v2/0` }, organizer, isOrganizer: true, responseStatus: { response: "organizer" } });
  }
  for (const s of p.series) {
    for (let k = 0; k < 4; k++) {
      const original = s.start + k * 7 * DAY;
      const start = s.moved && k === 1 ? original + HOUR : original;
      out.push({
        id: `series${s.j}_${k}`,
        type: s.moved && k === 1 ? "exception" : "occurrence",
        seriesMasterId: `series${s.j}`,
        originalStart: new Date(original).toISOString(),
        subject: `Weekly ${s.j}`,
        start: graphTime(start),
        end: graphTime(start + HOUR / 2),
        isOnlineMeeting: true,
        onlineMeeting: { joinUrl: `https://teams.microsoft.com/l/meetup-join/19%3ameeting_series${s.j}%40thread.v2/0` },
        organizer,
        isOrganizer: false,
        responseStatus: { response: "accepted" },
      });
    }
  }
  return out;
}

export async function benchConnectedSync(provider: "google" | "microsoft", occurrences: number, deps: ConnectedBenchDeps) {
  const { db } = await import("../../lib/db/client.ts");
  const { encryptSecret } = await import("../../lib/crypto/secrets.ts");
  const { requestImport } = await import("../../lib/calendar/request-import.ts");
  const { fakes } = deps;
  const base = Math.ceil(Date.now() / HOUR) * HOUR + HOUR;
  const p = plan(occurrences, base);
  const items = provider === "google" ? googleEvents(p) : graphEvents(p);
  const stand = provider === "google" ? fakes.google : fakes.graph;
  for (const e of items) stand.put(e as { id: string });

  // The tokens a consent gives (the OAuth dance is not what is measured here).
  const grants = stand.grants;
  const code = grants.issueCode(new URLSearchParams({ client_id: grants.client.id, redirect_uri: "http://bench/cb", scope: provider === "google" ? "https://www.googleapis.com/auth/calendar.events.readonly" : "offline_access Calendars.Read", code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM" }));
  const [, tokens] = grants.token(new URLSearchParams({ grant_type: "authorization_code", client_id: grants.client.id, client_secret: grants.client.secret, code, redirect_uri: "http://bench/cb", code_verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk" }));
  const { access_token, refresh_token, expires_in } = tokens as { access_token: string; refresh_token: string; expires_in: number };

  const user = await db.user.create({ data: { email: `bench-${provider}-${randomUUID()}@example.test` } });
  const agent = await db.agent.create({ data: { userId: user.id, name: `Bench ${provider}`, sttProviderId: "deepgram", aiProviderId: "openai", ttsProviderId: "elevenlabs" } });
  const calendar = await db.calendar.create({ data: { userId: user.id, agentId: agent.id, name: provider, source: provider, lastAttemptAt: new Date() } });
  await db.calendarConnection.create({
    data: { userId: user.id, calendarId: calendar.id, provider, accessTokenEnc: encryptSecret(access_token), refreshTokenEnc: encryptSecret(refresh_token), accessTokenExpiresAt: new Date(Date.now() + expires_in * 1000), scope: "" },
  });

  /** One calendar-import job, as "Connect" or a push notification asks for it, until it is done. */
  const syncJob = async () => {
    const statementsBefore = deps.statements();
    const t0 = performance.now();
    const done = deps.importDone(calendar.id);
    await db.$transaction((tx) => requestImport(tx, calendar.id));
    await done;
    const seconds = Number(((performance.now() - t0) / 1000).toFixed(2));
    const statements = deps.statements() - statementsBefore;
    const { syncError } = await db.calendar.findUniqueOrThrow({ where: { id: calendar.id }, select: { syncError: true } });
    if (syncError) throw new Error(`${provider} sync failed: ${syncError}`);
    return { job_seconds: seconds, phases_ms: deps.phases(calendar.id), prisma_statements: statements };
  };

  const initial = await syncJob();
  const events = await db.calendarEvent.count({ where: { agentId: agent.id } });
  const meetings = await db.meeting.count({ where: { agentId: agent.id } });
  if (events !== occurrences || meetings !== occurrences) throw new Error(`${provider}: ${events} events and ${meetings} meetings for ${occurrences} occurrences`);

  // Ten events changed at the provider: moved by half an hour.
  for (const s of p.singles.slice(0, 10)) {
    const start = s.start + HOUR / 2;
    stand.put(provider === "google" ? { id: `single${s.i}`, start: { dateTime: new Date(start).toISOString() }, end: { dateTime: new Date(start + HOUR).toISOString() } } : { id: `single${s.i}`, start: graphTime(start), end: graphTime(start + HOUR) });
  }
  const incremental = await syncJob();
  const moved = await db.calendarEvent.count({ where: { agentId: agent.id, startsAt: { in: p.singles.slice(0, 10).map((s) => new Date(s.start + HOUR / 2)) } } });
  if (moved !== Math.min(10, p.singles.length)) throw new Error(`${provider}: the incremental sync moved ${moved} events, not 10`);
  return { provider_items: items.length, occurrences_in_window: occurrences, agent_events: events, meetings, initial, incremental_10_changes: incremental };
}

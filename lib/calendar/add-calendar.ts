import { sha256 } from "../crypto/random-token.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { parseWith } from "../validation/parse.ts";
import { CalendarFetchError, checkCalendarUrl, enforceFetchLimit } from "./fetch-ics.ts";
import { calendarName, calendarText, NotACalendarError } from "./parse-ics.ts";
import type { Upload } from "./read-upload.ts";
import { requestImport } from "./request-import.ts";
import { subscribeSchema, uploadFieldsSchema } from "./schema.ts";
import { calendarDto, type CalendarDto } from "./serialize.ts";
import { readFeed } from "./sync-calendar.ts";

// POST /api/calendars: an uploaded .ics file or a subscribed ICS address becomes one of an agent's
// calendars, and the jobs process is asked to import it (the answer says `importing: true` until it
// has). Nothing is saved when the file or the address gives no calendar. Adding what the agent
// already has (the same file, the same address) imports it again into the existing calendar instead
// of adding a second one.

const MAX_CALENDARS_PER_USER = 25;

const invalid = (path: string, message: string) => new AppError("validation_error", message, { issues: [{ path, message }] });

/** The agent a calendar is for: the one named, or the user's only agent. */
export async function resolveAgent(userId: string, agentId: string | undefined): Promise<{ id: string }> {
  if (agentId) {
    const agent = await db.agent.findFirst({ where: { id: agentId, userId }, select: { id: true } });
    if (!agent) throw new AppError("not_found", "Agent not found", { issues: [{ path: "agentId", message: "Agent not found" }] });
    return agent;
  }
  const agents = await db.agent.findMany({ where: { userId }, select: { id: true }, take: 2 });
  if (agents.length === 1) return agents[0];
  throw invalid("agentId", agents.length === 0 ? "Create an agent first: calendar events are meetings for an agent to join" : "Choose the agent this calendar is for");
}

export async function assertRoom(userId: string): Promise<void> {
  if ((await db.calendar.count({ where: { userId } })) >= MAX_CALENDARS_PER_USER) {
    throw new AppError("conflict", `You can have at most ${MAX_CALENDARS_PER_USER} calendars. Remove one first.`);
  }
}

function nameFrom(...candidates: (string | null | undefined)[]): string {
  return (candidates.map((c) => c?.trim()).find(Boolean) ?? "Calendar").slice(0, 100);
}

/** Saves the calendar with what its import needs and asks the jobs process to import it, in one transaction. */
async function create(
  userId: string,
  agentId: string,
  data: { name: string; source: "upload" | "subscription"; sourceUrl?: string; content: string; contentHash?: string },
): Promise<string> {
  return db.$transaction(async (tx) => {
    // Attempted now: the scheduled sync leaves it to the import just asked for.
    const calendar = await tx.calendar.create({ data: { ...data, userId, agentId, lastAttemptAt: new Date() }, select: { id: true } });
    await requestImport(tx, calendar.id);
    return calendar.id;
  });
}

/** Adding what the agent already has imports it again (the file or address may have changed). */
async function importAgain(userId: string, id: string): Promise<{ calendar: CalendarDto; created: boolean }> {
  await db.$transaction((tx) => requestImport(tx, id));
  return { calendar: await calendarDto(userId, id), created: false };
}

export async function uploadCalendar(userId: string, upload: Upload): Promise<{ calendar: CalendarDto; created: boolean }> {
  const fields = parseWith(uploadFieldsSchema, upload.fields);
  const agent = await resolveAgent(userId, fields.agentId);
  let text: string;
  try {
    text = calendarText(upload.text);
  } catch (err) {
    if (err instanceof NotACalendarError) throw invalid("file", err.message);
    throw err;
  }
  const contentHash = sha256(upload.text);
  const same = await db.calendar.findFirst({ where: { userId, agentId: agent.id, source: "upload", contentHash }, select: { id: true } });
  if (same) return importAgain(userId, same.id);
  await assertRoom(userId);
  const name = nameFrom(fields.name, calendarName(text), upload.fileName.replace(/\.(ics|ical|ifb|icalendar)$/i, ""));
  const id = await create(userId, agent.id, { name, source: "upload", content: upload.text, contentHash });
  return { calendar: await calendarDto(userId, id), created: true };
}

export async function subscribeCalendar(userId: string, body: unknown): Promise<{ calendar: CalendarDto; created: boolean }> {
  const input = parseWith(subscribeSchema, body);
  const checked = checkCalendarUrl(input.url);
  if ("problem" in checked) throw invalid("url", checked.problem);
  const agent = await resolveAgent(userId, input.agentId);
  await enforceFetchLimit(userId);
  const same = await db.calendar.findFirst({ where: { userId, agentId: agent.id, source: "subscription", sourceUrl: checked.url }, select: { id: true } });
  if (same) return importAgain(userId, same.id);
  await assertRoom(userId);
  // Fetched here, so a wrong address is refused with its reason before anything is saved; the jobs
  // process imports this copy instead of fetching it again.
  let text: string;
  try {
    text = await readFeed(checked.url);
  } catch (err) {
    if (err instanceof CalendarFetchError) throw invalid("url", err.message);
    throw err;
  }
  const name = nameFrom(input.name, calendarName(text), new URL(checked.url).hostname);
  const id = await create(userId, agent.id, { name, source: "subscription", sourceUrl: checked.url, content: text });
  return { calendar: await calendarDto(userId, id), created: true };
}

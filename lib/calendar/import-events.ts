import type { CalendarEvent, CalendarEventSource, Prisma } from "../generated/prisma/client.ts";
import type { MeetingLink } from "../meetings/meeting-url.ts";
import { chunks } from "../db/chunks.ts";
import { insertMany } from "../db/insert-many.ts";
import { withoutJoinInstructions } from "./clean-description.ts";
import { scheduleNewEventMeetings, syncEventMeeting } from "./event-meeting.ts";
import type { AccessRules } from "./event-status.ts";
import { findMeetingLink } from "./find-meeting-link.ts";
import { joinStatus, ruleMiss, type JoinRule } from "./join-rule.ts";
import type { CalendarInstance } from "./parse-ics.ts";

// Brings one calendar's occurrences into its agent's events (ARCHITECTURE §5). An agent has one
// event per meeting link and start, whichever calendars (and UIDs) carry it, so importing the same
// file twice, re-fetching a feed or carrying one invitation in two calendars never makes a second
// event or meeting. An event is found by this calendar's source row, else by UID + RECURRENCE-ID,
// else by link + start. A copy with a lower SEQUENCE than the one imported is stale and ignored;
// one with the same SEQUENCE does not undo the user's own edits. Confirmed events get their meeting
// (moved with them); cancelled or removed ones lose it.

const MAX_TITLE = 500;
const MAX_DESCRIPTION = 4000;

interface ImportTarget {
  calendarId: string;
  userId: string;
  agent: AccessRules & { id: string };
  /** The window the occurrences were expanded over: only sources inside it can have been removed. */
  window: { from: Date; to: Date };
  /** A connected calendar's rule for which meetings the agent joins; ICS imports leave the rule's verdict as it is. */
  joinRule?: JoinRule;
}

type Event = CalendarEvent;
const keyOf = (uid: string, recurrenceId: string) => `${uid}\u0000${recurrenceId}`;
const slotOf = (meetingUrl: string, start: Date) => `${meetingUrl}\u0000${start.toISOString()}`;

function fieldsOf(i: CalendarInstance, link: MeetingLink) {
  return {
    title: i.title.slice(0, MAX_TITLE),
    description: withoutJoinInstructions(i.description).slice(0, MAX_DESCRIPTION) || null,
    organizerEmail: i.organizerEmail,
    startsAt: i.start,
    endsAt: i.end,
    meetingUrl: link.url,
    platform: link.platform,
  };
}

/**
 * The join fields of an occurrence: the owner's answer (kept when this calendar does not say), the
 * rule's verdict on the title it will have, and the status after the rule, the user's switch and the
 * agent's access rules. `current` is the event as it is (null for a new one).
 */
function joinFields(target: ImportTarget, i: CalendarInstance, current: Event | null, next: { title: string; organizerEmail: string | null; status: Event["status"] | null }) {
  const myResponse = i.attendance?.response ?? current?.myResponse ?? null;
  const organizedByMe = i.attendance?.organizer ?? current?.organizedByMe ?? null;
  const joinRuleMiss = target.joinRule ? ruleMiss(target.joinRule, { title: next.title, myResponse, organizedByMe }) : (current?.joinRuleMiss ?? null);
  const status = joinStatus(target.agent, { status: next.status, organizerEmail: next.organizerEmail, joinOverride: current?.joinOverride ?? null, joinRuleMiss });
  return { myResponse, organizedByMe, joinRuleMiss, status };
}

function differs(event: Event, next: Partial<Event>): boolean {
  return Object.entries(next).some(([k, v]) => {
    const current = event[k as keyof Event];
    return current instanceof Date && v instanceof Date ? current.getTime() !== v.getTime() : current !== v;
  });
}

/** The agent's events this import may touch, indexed the three ways an occurrence is matched. */
class EventIndex {
  private byId = new Map<string, Event>();
  private byKey = new Map<string, Event>();
  private bySlot = new Map<string, Event>();
  constructor(events: Event[]) {
    for (const e of events) this.put(e);
  }
  put(e: Event, previous?: Event) {
    if (previous) this.bySlot.delete(slotOf(previous.meetingUrl, previous.startsAt));
    this.byId.set(e.id, e);
    if (e.uid && !this.byKey.has(keyOf(e.uid, e.recurrenceId))) this.byKey.set(keyOf(e.uid, e.recurrenceId), e);
    this.bySlot.set(slotOf(e.meetingUrl, e.startsAt), e);
  }
  id(id: string) {
    return this.byId.get(id);
  }
  ids() {
    return [...this.byId.keys()];
  }
  key(uid: string, recurrenceId: string) {
    return this.byKey.get(keyOf(uid, recurrenceId));
  }
  slot(meetingUrl: string, start: Date) {
    return this.bySlot.get(slotOf(meetingUrl, start));
  }
}

export interface ImportResult {
  /** Events of the agent this calendar now carries. */
  events: number;
  created: number;
  updated: number;
  removed: number;
  /** Occurrences left out because they carry no meeting link (nothing to join). */
  skippedNoLink: number;
}

/** Events this import creates are planned in memory under a placeholder id and inserted together. */
const PLANNED = "planned:";
const isPlanned = (e: Event) => e.id.startsWith(PLANNED);

export async function importEvents(tx: Prisma.TransactionClient, target: ImportTarget, instances: CalendarInstance[]): Promise<ImportResult> {
  const { calendarId, userId, agent } = target;
  // One import or event change per agent at a time: they share the agent's events and meetings.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`calendar-agent:${agent.id}`}))`;

  const linked = instances.flatMap((i) => {
    const link = findMeetingLink(i);
    return link ? [{ i, link }] : [];
  });
  const sources = new Map<string, CalendarEventSource>();
  for (const s of await tx.calendarEventSource.findMany({ where: { calendarId } })) sources.set(keyOf(s.uid, s.recurrenceId), s);
  const margin = 24 * 3600_000;
  const index = new EventIndex(
    await tx.calendarEvent.findMany({
      where: {
        agentId: agent.id,
        OR: [
          { id: { in: [...sources.values()].map((s) => s.eventId) } },
          { uid: { in: [...new Set(linked.map(({ i }) => i.uid))] } },
          { startsAt: { gte: new Date(target.window.from.getTime() - margin), lte: new Date(target.window.to.getTime() + margin) } },
        ],
      },
    }),
  );

  const withMeeting = new Set(
    (await tx.meeting.findMany({ where: { calendarEventId: { in: index.ids() } }, select: { calendarEventId: true } })).map((m) => m.calendarEventId!),
  );
  // Meetings follow their events; an unchanged event only needs one when it is confirmed and has none.
  const followMeeting = async (e: Event, changed: boolean) => {
    if (!changed && (e.status !== "confirmed" || withMeeting.has(e.id))) return;
    if (await syncEventMeeting(tx, e, "calendar_event_cancelled")) withMeeting.add(e.id);
  };

  const result: ImportResult = { events: 0, created: 0, updated: 0, removed: 0, skippedNoLink: instances.length - linked.length };
  const seen = new Set<string>();
  const carried = new Set<string>();
  // A first import creates hundreds of events, sources and meetings: they are planned here and written
  // in a few multi-row statements after the loop. Changes to existing rows are rare and stay one by one.
  const planned: Event[] = [];
  const newSources: { uid: string; recurrenceId: string; eventId: string; startsAt: Date }[] = [];
  const movedSources: { uid: string; recurrenceId: string; eventId: string; startsAt: Date; from: string }[] = [];
  const now = new Date();

  for (const { i, link } of linked) {
    const key = keyOf(i.uid, i.recurrenceId);
    if (seen.has(key)) continue;
    seen.add(key);
    const source = sources.get(key);
    let event = (source && index.id(source.eventId)) ?? index.key(i.uid, i.recurrenceId) ?? index.slot(link.url, i.start);

    if (!event) {
      event = {
        ...fieldsOf(i, link),
        id: `${PLANNED}${planned.length}`,
        userId,
        agentId: agent.id,
        uid: i.uid,
        recurrenceId: i.recurrenceId,
        sequence: i.sequence,
        ...joinFields(target, i, null, { title: i.title.slice(0, MAX_TITLE), organizerEmail: i.organizerEmail, status: i.cancelled ? "cancelled" : null }),
        joinOverride: null,
        editedAt: null,
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      planned.push(event);
      index.put(event);
      result.created++;
    } else if (!event.deletedAt && (i.sequence > event.sequence || (i.sequence === event.sequence && !event.editedAt))) {
      const fields = fieldsOf(i, link);
      const occupant = index.slot(fields.meetingUrl, fields.startsAt);
      if (occupant && occupant.id !== event.id) {
        // Moved onto another event of the agent (same link, same start): they are one meeting now.
        event = occupant;
      } else {
        const status = i.cancelled ? "cancelled" : event.status === "cancelled" ? null : event.status;
        const join = joinFields(target, i, event, { ...fields, status });
        const next = { ...fields, sequence: i.sequence, ...join, editedAt: i.sequence > event.sequence ? null : event.editedAt };
        const changed = differs(event, next);
        if (changed && isPlanned(event)) {
          // Two occurrences of this file for one planned event: the later one's details win, as they would in the database.
          const previous = { ...event };
          Object.assign(event, next);
          index.put(event, previous);
        } else if (changed) {
          const previous = event;
          event = await tx.calendarEvent.update({ where: { id: event.id }, data: next });
          index.put(event, previous);
          result.updated++;
        }
        if (!isPlanned(event)) await followMeeting(event, changed);
      }
    } else if (!event.deletedAt && !isPlanned(event)) {
      // A stale copy or the user's edit keeps the event's details; the owner's answer and the rule
      // (changed since, perhaps) still apply, to the title the event has.
      const next = joinFields(target, i, event, event);
      if (differs(event, next)) {
        const previous = event;
        event = await tx.calendarEvent.update({ where: { id: event.id }, data: next });
        index.put(event, previous);
        result.updated++;
        await followMeeting(event, true);
      }
    }

    if (!source) newSources.push({ uid: i.uid, recurrenceId: i.recurrenceId, eventId: event.id, startsAt: i.start });
    else if (source.eventId !== event.id || source.startsAt.getTime() !== i.start.getTime()) {
      movedSources.push({ uid: i.uid, recurrenceId: i.recurrenceId, eventId: event.id, startsAt: i.start, from: source.eventId });
    }
    carried.add(event.id);
  }

  // The planned events, in one statement per thousand; each is found again by its slot (agent, link
  // and start are unique), then their sources, then the meetings of the confirmed ones.
  const realId = new Map<string, string>();
  const created: Event[] = [];
  for (const batch of chunks(planned)) {
    const rows = await insertMany<Event>(tx, "CalendarEvent", batch.map(({ id: _, createdAt: _c, updatedAt: _u, ...data }) => data));
    const bySlot = new Map(rows.map((r) => [slotOf(r.meetingUrl, r.startsAt), r]));
    for (const p of batch) realId.set(p.id, bySlot.get(slotOf(p.meetingUrl, p.startsAt))!.id);
    created.push(...rows);
  }
  const idOf = (id: string) => realId.get(id) ?? id;
  for (const batch of chunks(newSources)) {
    await insertMany(tx, "CalendarEventSource", batch.map((s) => ({ ...s, calendarId, eventId: idOf(s.eventId) })));
  }
  await scheduleNewEventMeetings(tx, created);

  // Retiring waits until every source of this import is written: an event is retired only when no
  // calendar carries it any more, including what this import just gave it.
  const maybeUncarried = new Set<string>();
  for (const s of movedSources) {
    await tx.calendarEventSource.update({
      where: { calendarId_uid_recurrenceId: { calendarId, uid: s.uid, recurrenceId: s.recurrenceId } },
      data: { eventId: idOf(s.eventId), startsAt: s.startsAt },
    });
    if (s.from !== idOf(s.eventId)) maybeUncarried.add(s.from);
  }
  for (const id of maybeUncarried) await retireIfUncarried(tx, id);

  // Occurrences this calendar gave inside the window but no longer gives were deleted (or lost their
  // link) in the calendar. Outside the window they simply were not expanded this time.
  for (const [key, source] of sources) {
    if (seen.has(key) || source.startsAt < target.window.from || source.startsAt > target.window.to) continue;
    await tx.calendarEventSource.delete({ where: { calendarId_uid_recurrenceId: { calendarId, uid: source.uid, recurrenceId: source.recurrenceId } } });
    if (await retireIfUncarried(tx, source.eventId)) result.removed++;
  }
  result.events = new Set([...carried].map(idOf)).size;
  return result;
}

/**
 * An event no calendar carries any more was removed from its calendar: it becomes cancelled and its
 * meeting is cancelled (a user-deleted event stays as it is). Returns whether it was retired.
 */
async function retireIfUncarried(tx: Prisma.TransactionClient, eventId: string): Promise<boolean> {
  if ((await tx.calendarEventSource.count({ where: { eventId } })) > 0) return false;
  const event = await tx.calendarEvent.findUnique({ where: { id: eventId } });
  if (!event || event.deletedAt || event.status === "cancelled") return false;
  const cancelled = await tx.calendarEvent.update({ where: { id: eventId }, data: { status: "cancelled" } });
  await syncEventMeeting(tx, cancelled, "calendar_event_removed");
  return true;
}

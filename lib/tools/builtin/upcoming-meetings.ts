import { db } from "../../db/client.ts";
import { englishMeetingTitle } from "../../meetings/english-meeting-title.ts";
import type { BuiltinTool } from "./builtin-tool.ts";
import { localTime } from "./local-time.ts";

const MAX_LISTED = 15;

export const upcomingMeetings: BuiltinTool = {
  spec: {
    name: "upcoming_meetings",
    description: "Your upcoming meetings (your calendar): title, start in your time zone and whether each is confirmed.",
    parameters: {
      type: "object",
      properties: { days: { type: "integer", minimum: 1, maximum: 31, description: "How many days ahead to look (default 7)" } },
      additionalProperties: false,
    },
  },
  async run(args, _context, scope) {
    const days = typeof args.days === "number" && Number.isFinite(args.days) ? Math.min(31, Math.max(1, Math.round(args.days))) : 7;
    const from = new Date();
    const to = new Date(from.getTime() + days * 86_400_000);
    // The agent's calendar: its events still to come, and meetings it was sent to without one.
    const [events, meetings] = await Promise.all([
      db.calendarEvent.findMany({
        where: { agentId: scope.agentId, deletedAt: null, status: { in: ["pending", "confirmed"] }, startsAt: { gte: from, lt: to } },
        orderBy: [{ startsAt: "asc" }, { id: "asc" }],
        take: MAX_LISTED,
        select: { title: true, startsAt: true, status: true, meetingUrl: true, platform: true },
      }),
      db.meeting.findMany({
        where: { agentId: scope.agentId, status: "scheduled", calendarEventId: null, scheduledStart: { gte: from, lt: to } },
        orderBy: [{ scheduledStart: "asc" }, { id: "asc" }],
        take: MAX_LISTED,
        select: { title: true, scheduledStart: true, meetingUrl: true, platform: true },
      }),
    ]);
    const listed = [
      ...events.map((e) => ({ title: englishMeetingTitle(e), at: e.startsAt, status: e.status === "pending" ? "awaiting confirmation" : "confirmed" })),
      ...meetings.map((m) => ({ title: englishMeetingTitle(m), at: m.scheduledStart, status: "confirmed" })),
    ]
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .slice(0, MAX_LISTED)
      .map((m) => {
        const t = localTime(m.at, scope.timeZone);
        return { title: m.title, start: `${t.weekday} ${t.date} ${t.time}`, status: m.status };
      });
    if (listed.length === 0) return { text: `No meetings in the next ${days} days.` };
    return { text: JSON.stringify({ timeZone: scope.timeZone, meetings: listed }) };
  },
};

import { z } from "zod";

const text = (name: string, max: number) =>
  z.string({ error: `${name} must be text` }).trim().max(max, `${name} must be at most ${max} characters`);
const agentId = z.string({ error: "Choose an agent" }).trim().max(64, "Agent not found").optional();
const isoTime = (name: string) => z.iso.datetime({ offset: true, error: `${name} must be a date and time (ISO 8601)` });

/** POST /api/calendars with JSON: subscribe to an ICS address. */
export const subscribeSchema = z.object(
  {
    url: z.string({ error: "Enter the calendar's address" }).trim().min(1, "Enter the calendar's address").max(2048, "The address must be at most 2048 characters"),
    name: text("The name", 100).optional(),
    agentId,
  },
  { error: "The request body must be a JSON object" },
);

/** POST /api/calendars with a form: the fields beside the file. */
export const uploadFieldsSchema = z.object({ name: text("The name", 100).optional(), agentId });

/** PUT …/calendar/events/{eventId}: the fields a user may change; the rest of a sent event is ignored. */
export const updateEventSchema = z
  .object(
    {
      title: text("The title", 500).optional(),
      start: isoTime("The start").optional(),
      end: isoTime("The end").nullish(),
      meetingUrl: z.string({ error: "The meeting link must be text" }).trim().min(1, "Paste the meeting link").max(2048, "The meeting link must be at most 2048 characters").optional(),
    },
    { error: "The request body must be a JSON object" },
  );

/** ?from=&to= of the event lists (ISO times). */
export const rangeQuerySchema = z.object({
  from: isoTime("from").optional(),
  to: isoTime("to").optional(),
});

/** PATCH /api/calendars/{id}: which meetings the agent joins from a connected calendar (issue 28). */
export const joinRuleSchema = z
  .object(
    {
      joinRule: z.enum(["all", "organized", "accepted", "keyword"], { error: "Choose which meetings the agent joins: all, organized, accepted or keyword" }),
      joinKeyword: z.string({ error: "The word must be text" }).trim().max(100, "The word must be at most 100 characters").nullish(),
    },
    { error: "The request body must be a JSON object" },
  )
  .refine((b) => b.joinRule !== "keyword" || Boolean(b.joinKeyword), { path: ["joinKeyword"], message: "Enter the word the title must contain" });

/** PATCH …/calendar/events/{eventId}: the user's switch over the calendar's rule. */
export const switchEventSchema = z.object(
  { join: z.boolean({ error: "join must be true, false or null" }).nullable() },
  { error: "The request body must be a JSON object" },
);

import { z } from "zod";
import { MEETING_STATUSES } from "./status.ts";

const text = (name: string, max: number, missing = `${name} must be text`) =>
  z.string({ error: (issue) => (issue.input === undefined ? missing : `${name} must be text`) }).trim().max(max, `${name} must be at most ${max} characters`);

export const joinMeetingSchema = z.object({
  agentId: z.string({ error: "Choose an agent" }).trim().min(1, "Choose an agent").max(64, "Agent not found"),
  meetingUrl: text("The meeting link", 2048, "Paste the meeting link").min(1, "Paste the meeting link"),
  title: text("The title", 200).optional(),
  startAt: z.iso.datetime({ offset: true, error: "The start time must be a date and time (ISO 8601)" }).optional(),
});
export type JoinMeetingInput = z.infer<typeof joinMeetingSchema>;

const positiveInt = (name: string, max: number) =>
  z.coerce
    .number({ error: `${name} must be a positive whole number` })
    .int(`${name} must be a positive whole number`)
    .min(1, `${name} must be a positive whole number`)
    .max(max, `${name} must be at most ${max}`);

export const MEETING_VIEWS = ["upcoming", "past"] as const;

export const listMeetingsQuerySchema = z.object({
  agent_id: z.string().trim().min(1).max(64).optional(),
  /** upcoming: live meetings first, then scheduled ones soonest first; past: ended ones, latest first. */
  view: z.enum(MEETING_VIEWS, { error: `view must be one of ${MEETING_VIEWS.join(", ")}` }).optional(),
  /** Words of the title (or the link), any case. */
  q: z.string().trim().max(200, "q must be at most 200 characters").optional(),
  status: z.enum(MEETING_STATUSES, { error: `status must be one of ${MEETING_STATUSES.join(", ")}` }).optional(),
  page: positiveInt("page", 1_000_000).default(1),
  limit: positiveInt("limit", 100).default(20),
});

export const activationSchema = z.object({
  active: z.boolean({ error: "active must be true or false" }),
});

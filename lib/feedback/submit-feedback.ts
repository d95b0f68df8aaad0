import { z } from "zod";
import { time } from "../contract/fields.ts";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { LIMITS, enforce } from "../rate-limit/rate-limit.ts";
import { FEEDBACK_MAX, FEEDBACK_MIN, FEEDBACK_TOO_LONG, FEEDBACK_TOO_SHORT } from "./rules.ts";

export const feedbackSchema = z.object({
  message: z
    .string({ error: FEEDBACK_TOO_SHORT })
    .trim()
    .min(FEEDBACK_MIN, FEEDBACK_TOO_SHORT)
    .max(FEEDBACK_MAX, FEEDBACK_TOO_LONG),
  path: z.string().max(500).optional(),
});

export const feedbackResponse = z.object({ id: z.string(), createdAt: time });

/** Stores one trimmed feedback message; each user may send a limited number per window. */
export async function submitFeedback(userId: string, input: z.infer<typeof feedbackSchema>) {
  await enforce(`feedback:${userId}`, LIMITS.feedbackPerUser());
  const row = await db.feedback.create({ data: { userId, message: input.message, path: input.path ?? null } });
  return { id: row.id, createdAt: row.createdAt } satisfies Sent<typeof feedbackResponse>;
}

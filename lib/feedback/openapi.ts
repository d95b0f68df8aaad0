import type { Operation } from "../contract/operation.ts";
import { feedbackResponse, feedbackSchema } from "./submit-feedback.ts";

// Feedback to the Cohost team, from any page.

export const FEEDBACK_OPERATIONS: Operation[] = [
  { method: "post", path: "/api/feedback", operationId: "sendFeedback", tag: "Account", summary: "Send feedback to the Cohost team", auth: "user", body: feedbackSchema, responses: { 201: feedbackResponse } },
];

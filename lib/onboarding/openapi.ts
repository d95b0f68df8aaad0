import type { Operation } from "../contract/operation.ts";
import { checklistResponse } from "./checklist.ts";

// The dashboard's first-run checklist.

export const ONBOARDING_OPERATIONS: Operation[] = [
  { method: "get", path: "/api/me/checklist", operationId: "getChecklist", tag: "Account", summary: "The first-run checklist", auth: "user", responses: { 200: checklistResponse } },
  { method: "post", path: "/api/me/checklist/dismiss", operationId: "dismissChecklist", tag: "Account", summary: "Hide the first-run checklist", auth: "user", responses: { 204: null } },
];

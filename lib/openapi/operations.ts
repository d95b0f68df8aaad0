import { z } from "zod";
import { ACCOUNT_OPERATIONS } from "../account/openapi.ts";
import { AGENT_OPERATIONS } from "../agents/openapi.ts";
import { API_KEY_OPERATIONS } from "../api-keys/openapi.ts";
import { AUTH_OPERATIONS } from "../auth/openapi.ts";
import { BILLING_OPERATIONS } from "../billing/openapi.ts";
import { CALENDAR_OPERATIONS } from "../calendar/openapi.ts";
import type { Operation } from "../contract/operation.ts";
import { FEEDBACK_OPERATIONS } from "../feedback/openapi.ts";
import { MEETING_OPERATIONS } from "../meetings/openapi.ts";
import { ONBOARDING_OPERATIONS } from "../onboarding/openapi.ts";
import { PROVIDER_OPERATIONS } from "../providers/openapi.ts";
import { ROOM_OPERATIONS } from "../rooms/openapi.ts";
import { SUMMARY_OPERATIONS } from "../summaries/openapi.ts";
import { TOOL_OPERATIONS } from "../tools/openapi.ts";
import { USER_OPERATIONS } from "../users/openapi.ts";
import { VOICE_OPERATIONS } from "../voice/openapi.ts";
import { WEBHOOK_OPERATIONS } from "../webhooks/openapi.ts";

// Every route of /api, as each domain (and runtime) describes its own in its openapi.ts: the zod
// schemas its handlers validate input with and the response schemas its serializers satisfy. The
// document (build-document.ts) is generated from this list, in this order; test/openapi checks that
// every route.ts is in it and that the API tests' real responses validate against it.

/** The service's own routes, of no domain: the health check and this document. */
const SERVICE_OPERATIONS: Operation[] = [
  {
    method: "get", path: "/api/health", operationId: "health", tag: "Account", summary: "Liveness and database check", auth: "public",
    responses: { 200: z.object({ status: z.enum(["ok", "unavailable"]) }), 503: z.object({ status: z.literal("unavailable"), error: z.literal("service_unavailable"), message: z.string() }) },
  },
  { method: "get", path: "/api/openapi.json", operationId: "openApiDocument", tag: "Account", summary: "This document", auth: "public", responses: { 200: { mediaTypes: ["application/json"], description: "OpenAPI 3.1" } } },
];

export const OPERATIONS: Operation[] = [
  ...AUTH_OPERATIONS,
  ...ACCOUNT_OPERATIONS,
  ...ONBOARDING_OPERATIONS,
  ...USER_OPERATIONS,
  ...FEEDBACK_OPERATIONS,
  ...SERVICE_OPERATIONS,
  ...API_KEY_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  ...AGENT_OPERATIONS,
  ...PROVIDER_OPERATIONS,
  ...VOICE_OPERATIONS,
  ...TOOL_OPERATIONS,
  ...MEETING_OPERATIONS,
  ...SUMMARY_OPERATIONS,
  ...CALENDAR_OPERATIONS,
  ...BILLING_OPERATIONS,
  ...ROOM_OPERATIONS,
];

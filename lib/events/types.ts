// What other software can hear about (webhooks and the meeting event stream; docs/api.md).
export const EVENT_TYPES = [
  "meeting.status_changed",
  "meeting.transcript.segment",
  "meeting.ended",
  "calendar.event",
  "billing.balance_low",
  "billing.topup_succeeded",
  "recording.ready",
  "recording.deleted",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
/** Sent only by "Send test event", to the one endpoint it was asked for. */
export const TEST_EVENT_TYPE = "webhook.test";

/** The JSON body of a webhook and the data of a stream event (Standard Webhooks' payload shape). */
export interface EventBody {
  type: string;
  timestamp: string;
  data: unknown;
}

export function eventBody(e: { type: string; createdAt: Date; data: unknown }): EventBody {
  return { type: e.type, timestamp: e.createdAt.toISOString(), data: e.data };
}

/** NOTIFY channel of new events (sent by a trigger on ApiEvent); the payload is the meeting id or "". */
export const EVENTS_CHANNEL = "cohost_api_events";

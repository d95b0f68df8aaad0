import { z } from "zod";
import { API_KEY_SCOPES } from "../api-keys/schema.ts";
import { EVENT_TYPES } from "../events/types.ts";
import { MEETING_STATUSES } from "../meetings/status.ts";

// What the API answers, as zod schemas for the OpenAPI document (lib/openapi/operations.ts). They
// are the contract the serializers keep: the API tests validate every real response against the
// document (test/http.ts), and objects allow no undeclared field, so a serializer that changes
// shape fails them until its schema here says the same.

const time = z.iso.datetime();
const usd = z.number().meta({ description: "US dollars" });
const platform = z.enum(["zoom", "teams", "meet", "room"]);
const meetingStatus = z.enum(MEETING_STATUSES);
const pagination = z.object({ page: z.int(), limit: z.int(), total: z.int(), totalPages: z.int() }).meta({ id: "Pagination" });

export const ErrorResponse = z
  .object({
    error: z.string().meta({ description: "A stable code: validation_error, unauthorized, forbidden, not_found, conflict, payment_required, rate_limited, …" }),
    message: z.string().meta({ description: "What went wrong, in words to show a person" }),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional().meta({ description: "Each invalid field (validation_error)" }),
  })
  .meta({ id: "Error" });

export const Message = z.object({ message: z.string() }).meta({ id: "Message" });
export const EmailVerified = z
  .object({ status: z.enum(["confirmed", "already_confirmed"]), message: z.string() })
  .meta({ id: "EmailVerified", description: "A link followed twice is already_confirmed, not an error" });

export const Profile = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    photoURL: z.string().nullable(),
    creditBalanceUsd: usd,
    autoRefillEnabled: z.boolean(),
    autoRefillAmount: usd,
    stripeCustomerId: z.string().nullable(),
  })
  .meta({ id: "Profile" });

export const AccountSettings = z
  .object({
    email: z.string(),
    hasPassword: z.boolean(),
    google: z.boolean().meta({ description: "Google sign-in is linked" }),
    pendingEmail: z.string().nullable().meta({ description: "A new address waiting for its confirmation link" }),
    liveMeetings: z.int().meta({ description: "Agents in a meeting now (the account cannot be deleted then)" }),
    createdAt: time,
  })
  .meta({ id: "AccountSettings" });

export const EmailChangeConfirmed = z
  .object({ status: z.enum(["confirmed", "already_confirmed"]), email: z.string(), message: z.string() })
  .meta({ id: "EmailChangeConfirmed" });

export const Checklist = z
  .object({
    steps: z.array(z.object({ id: z.enum(["keys", "keyTested", "testRoom", "topUp", "calendar"]), done: z.boolean() })),
    visible: z.boolean().meta({ description: "Shown until every step is done or the user dismissed it" }),
  })
  .meta({ id: "Checklist", description: "The dashboard's first-run checklist; every step ticks itself from the account's data" });

export const TokenResponse = z
  .object({ access_token: z.string(), refresh_token: z.string(), token_type: z.literal("bearer"), expires_in: z.int(), expires_at: z.int().meta({ description: "Epoch seconds" }) })
  .meta({ id: "TokenResponse" });

export const Agent = z
  .object({
    id: z.string(),
    status: z.enum(["active", "paused"]),
    name: z.string(),
    description: z.string(),
    language: z.string(),
    wakeWord: z.string().nullable(),
    manualActivation: z.boolean(),
    transcript: z.boolean(),
    summaries: z.boolean().meta({ description: "A summary after each completed meeting (while transcripts are kept)" }),
    timeZone: z.string().meta({ description: "IANA time zone" }),
    sttProviderId: z.string(),
    sttHasKey: z.boolean(),
    sttKeyHint: z.string().nullable(),
    sttExtraParams: z.record(z.string(), z.unknown()),
    aiProviderId: z.string(),
    aiHasKey: z.boolean(),
    aiKeyHint: z.string().nullable(),
    aiExtraParams: z.record(z.string(), z.unknown()),
    ttsProviderId: z.string(),
    ttsHasKey: z.boolean(),
    ttsKeyHint: z.string().nullable(),
    ttsExtraParams: z.record(z.string(), z.unknown()),
    meetingPlatform: z.enum(["zoom", "teams", "meet"]),
    requireConfirmation: z.boolean(),
    whitelistedEmails: z.array(z.string()),
    accessControlEnabled: z.boolean(),
    zoomAppKey: z.string().nullable(),
    zoomHasSecret: z.boolean(),
    zoomSecretHint: z.string().nullable(),
    mcpServers: z.array(
      z
        .object({ id: z.string(), name: z.string(), url: z.string(), hasToken: z.boolean(), tokenHint: z.string().nullable(), headerNames: z.array(z.string()), disabledTools: z.array(z.string()) })
        .meta({ id: "McpServer", description: "An MCP tool server of the agent; its token and header values never leave the server." }),
    ),
    nextMeeting: z.object({ id: z.string(), title: z.string(), meetingUrl: z.string(), platform, scheduledStart: time }).nullable(),
    openMeetings: z.int(),
    retiringModels: z
      .array(
        z.object({
          kind: z.enum(["stt", "ai", "tts"]),
          providerId: z.string(),
          model: z.string(),
          retiresOn: z.iso.date(),
          replacement: z.string(),
          retired: z.boolean(),
        }),
      )
      .meta({ description: "The agent's models that retire within 30 days or have retired, with what to pick instead" }),
    missingKeys: z
      .array(z.enum(["stt", "ai", "tts"]))
      .meta({ description: "Steps whose provider needs a key and has none stored: the agent needs keys and is not sent to meetings (409)" }),
    keyProblems: z
      .array(z.object({ kind: z.enum(["stt", "ai", "tts"]), providerId: z.string(), source: z.enum(["test", "meeting"]), at: time, meetingId: z.string().nullable() }))
      .meta({ description: "Stored keys the provider refused, at the last Test key or in the last meeting, unless a later check or a new key says otherwise" }),
    createdAt: time,
    updatedAt: time,
  })
  .meta({ id: "Agent", description: "Keys never leave the server: only whether one is stored and a masked hint." });

export const Deleted = z.object({ deleted: z.literal(true), cancelledMeetings: z.int() }).meta({ id: "DeletedWithMeetings" });

export const Meeting = z
  .object({
    id: z.string(),
    agentId: z.string().nullable(),
    agentName: z.string().nullable(),
    agentStatus: z.enum(["active", "paused"]).nullable().meta({ description: "Null once the agent is deleted" }),
    title: z.string(),
    meetingUrl: z.string(),
    platform,
    status: meetingStatus,
    statusReason: z.string().nullable(),
    scheduledStart: time,
    scheduledEnd: time.nullable(),
    startedAt: time.nullable(),
    endedAt: time.nullable(),
    costUsd: usd,
    activated: z.boolean(),
    createdAt: time,
  })
  .meta({ id: "Meeting" });

export const MeetingList = z.object({ meetings: z.array(Meeting), pagination }).meta({ id: "MeetingList" });

const TranscriptSegment = z
  .object({
    id: z.string(),
    speaker: z.string(),
    isAgent: z.boolean(),
    text: z.string(),
    startMs: z.int(),
    endMs: z.int(),
    interrupted: z.boolean(),
    tool: z
      .object({ name: z.string(), server: z.string().nullable(), arguments: z.string(), durationMs: z.int(), ok: z.boolean(), error: z.string().nullable() })
      .nullable()
      .meta({ description: "A tool call of the agent (then `text` says it in short)" }),
  })
  .meta({ id: "TranscriptSegment" });

const actionItem = z.object({ text: z.string(), owner: z.string().nullable(), due: z.string().nullable().meta({ description: "YYYY-MM-DD" }) });

export const MeetingSummary = z
  .object({
    status: z.enum(["pending", "running", "done", "failed", "empty"]),
    summary: z.string(),
    decisions: z.array(z.string()),
    actionItems: z.array(actionItem),
    error: z.string().nullable(),
    model: z.string().nullable(),
    emailed: z.boolean(),
    updatedAt: time,
  })
  .meta({ id: "MeetingSummary", description: "Written after the meeting with the agent's own model (docs/tools.md)" });

export const McpTestResult = z
  .union([z.object({ ok: z.literal(true), tools: z.array(z.object({ name: z.string(), description: z.string() })) }), z.object({ ok: z.literal(false), message: z.string() })])
  .meta({ id: "McpTestResult" });

export const MeetingUsage = z
  .object({
    billedMinutes: z.int(),
    costUsd: usd,
    providers: z.array(
      z.object({
        kind: z.enum(["stt", "ai", "tts"]),
        providerId: z.string(),
        model: z.string(),
        audioSeconds: z.number(),
        inputTokens: z.int(),
        outputTokens: z.int(),
        characters: z.int(),
      }),
    ),
  })
  .meta({ id: "MeetingUsage" });

export const MeetingDetails = z
  .object({
    ...Meeting.shape,
    manualActivation: z.boolean(),
    events: z.array(
      z.object({ id: z.string(), fromStatus: meetingStatus.nullable(), toStatus: meetingStatus, reason: z.string().nullable(), data: z.unknown(), createdAt: time }),
    ),
    participants: z.array(z.object({ id: z.string(), name: z.string(), isAgent: z.boolean(), joinedAt: time, leftAt: time.nullable() })),
    transcript: z.array(TranscriptSegment),
    usage: MeetingUsage,
    turns: z.array(
      z.object({
        turnId: z.int(),
        transcriptMs: z.int().nullable(),
        llmFirstTokenMs: z.int().nullable(),
        ttsFirstAudioMs: z.int().nullable(),
        voiceToVoiceMs: z.int().nullable(),
        interrupted: z.boolean(),
        toolCalls: z.int(),
        toolMs: z.int().nullable(),
        createdAt: time,
      }),
    ),
    notes: z.array(
      z.object({ id: z.string(), kind: z.enum(["note", "action_item"]), text: z.string(), owner: z.string().nullable(), due: z.string().nullable(), askedBy: z.string().nullable(), createdAt: time }),
    ),
    summary: MeetingSummary.nullable(),
  })
  .meta({ id: "MeetingDetails" });

export const CalendarEvent = z
  .object({
    id: z.string(),
    title: z.string(),
    start: time,
    end: time.nullable(),
    meetingUrl: z.string(),
    platform,
    status: z.enum(["blocked", "pending", "confirmed", "cancelled"]),
    organizerEmail: z.string().nullable(),
    meetingId: z.string().nullable(),
    meetingStatus: meetingStatus.nullable(),
    agentId: z.string(),
    agentName: z.string(),
    description: z.string().nullable(),
    edited: z.boolean(),
  })
  .meta({ id: "CalendarEvent" });

export const CalendarEvents = z.object({ events: z.array(CalendarEvent), hasToken: z.boolean() }).meta({ id: "CalendarEvents" });

export const Calendar = z
  .object({
    id: z.string(),
    name: z.string(),
    source: z.enum(["upload", "subscription"]),
    agentId: z.string(),
    agentName: z.string(),
    eventCount: z.int(),
    lastSyncedAt: time.nullable(),
    importing: z.boolean().meta({ description: "An import is queued or running (the jobs process reads the calendar)" }),
    error: z.string().nullable(),
    urlHint: z.string().nullable().meta({ description: "Only the origin of a subscribed address: the address itself is a secret" }),
    createdAt: time,
  })
  .meta({ id: "Calendar" });

export const FeedToken = z.object({ token: z.string(), feedUrl: z.string() }).meta({ id: "FeedToken" });
export const FeedAddress = z
  .object({ feedUrl: z.string().nullable().meta({ description: "Null when there is no address to show (none made yet)" }) })
  .meta({ id: "FeedAddress" });

export const Provider = z
  .object({
    id: z.string(),
    kind: z.enum(["stt", "ai", "tts"]),
    name: z.string(),
    isActive: z.boolean(),
    isDefault: z.boolean(),
    defaultModel: z.string().nullable(),
    models: z.array(z.string()),
    voices: z.array(z.object({ id: z.string(), name: z.string() })),
    extraParams: z.array(z.looseObject({ name: z.string(), type: z.string(), description: z.string().optional() })),
    docsUrl: z.string().nullable(),
    retirements: z.record(z.string(), z.object({ retiresOn: z.iso.date(), replacement: z.string() })).meta({ description: "Known retirement dates by model" }),
    keyOptional: z.boolean().meta({ description: "An agent may use this provider without a key (a server of the user's own)" }),
  })
  .meta({ id: "Provider" });

const providerDefault = z.object({ providerId: z.string(), model: z.string().nullable() }).nullable();
export const ProviderDefaults = z.object({ stt: providerDefault, ai: providerDefault, tts: providerDefault }).meta({ id: "ProviderDefaults" });
export const KeyCheck = z
  .object({
    status: z.enum(["valid", "invalid", "unreachable"]),
    reason: z.enum(["valid", "rejected", "rate_limited", "provider_error", "timeout", "network", "private_address"]).meta({ description: "Why, as a code to word in the user's language" }),
    message: z.string(),
    providerStatus: z.int().optional().meta({ description: "provider_error: the provider's HTTP status" }),
    seconds: z.int().optional().meta({ description: "timeout: how long Cohost waited" }),
  })
  .meta({ id: "KeyCheck" });
const listSource = z.enum(["account", "catalogue"]).meta({ description: "account: the provider's list for this key; catalogue: Cohost's suggestions stand in" });
export const AccountModels = z
  .object({
    models: z.object({ source: listSource, items: z.array(z.string()) }),
    voices: z.object({ source: listSource, items: z.array(z.object({ id: z.string(), name: z.string() })) }),
    problem: KeyCheck.nullable().meta({ description: "Why the catalogue's list stands in (the provider refused or failed); null when nothing failed" }),
  })
  .meta({ id: "AccountModels", description: "The models (and voices) a key can use at the provider; any model id may still be used" });

export const AutoRefill = z
  .object({ enabled: z.boolean(), amount: usd, threshold: usd, hasCard: z.boolean(), failures: z.int(), lastError: z.string().nullable() })
  .meta({ id: "AutoRefill" });
export const Checkout = z.object({ id: z.string(), url: z.string().meta({ description: "Where to send the user to pay" }) }).meta({ id: "Checkout" });
export const PricingRate = z
  .object({ id: z.string(), action: z.string(), unit: z.string(), priceUsd: usd, description: z.string(), effectiveFrom: time })
  .meta({ id: "PricingRate" });
export const SpendDay = z.object({ day: z.iso.date(), costUsd: usd }).meta({ id: "SpendDay" });
export const TopUp = z
  .object({
    id: z.string(),
    amount: usd,
    status: z.enum(["pending", "completed", "failed", "expired", "refunded"]),
    method: z.enum(["checkout", "auto_refill", "test_checkout"]),
    createdAt: time,
    completedAt: time.nullable(),
  })
  .meta({ id: "TopUp" });
export const UsageHistory = z
  .object({
    data: z.array(
      z.object({
        id: z.string(),
        action: z.string(),
        cost: usd,
        timestamp: time,
        meetingId: z.string().nullable(),
        agentId: z.string().nullable(),
        agentName: z.string().nullable(),
        meetingTitle: z.string().nullable(),
        // With ?group=meeting: one row per meeting (id is the meeting's); timestamp is its first charge.
        quantity: z.number().int().optional().meta({ description: "group=meeting: units billed in the meeting (minutes of agent time)" }),
        lastTimestamp: time.optional().meta({ description: "group=meeting: the meeting's last charge" }),
        platform: z.string().nullable().optional().meta({ description: "group=meeting: the meeting's platform" }),
        meetingUrl: z.string().nullable().optional().meta({ description: "group=meeting: the meeting's link (names a meeting without a title)" }),
      }),
    ),
    pagination,
  })
  .meta({ id: "UsageHistory" });
export const TestPayment = z.object({ credited: z.boolean(), balanceUsd: usd }).meta({ id: "TestPayment" });

export const Room = z.object({ id: z.string(), url: z.string(), expiresAt: time }).meta({ id: "Room" });
export const RoomJoined = z
  .object({ participant: z.object({ id: z.string(), name: z.string() }), key: z.string(), iceServers: z.array(z.record(z.string(), z.unknown())) })
  .meta({ id: "RoomJoined" });

export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: "The key's first characters, to recognise it" }),
    scope: z.enum(API_KEY_SCOPES),
    expiresAt: time.nullable(),
    lastUsedAt: time.nullable().meta({ description: "To the minute" }),
    revokedAt: time.nullable(),
    createdAt: time,
  })
  .meta({ id: "ApiKey" });
export const CreatedApiKey = z.object({ apiKey: ApiKey, key: z.string().meta({ description: "The key itself (ck_…): shown this once only" }) }).meta({ id: "CreatedApiKey" });

export const WebhookEndpoint = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(EVENT_TYPES)),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().meta({ description: '"failing" when Cohost turned it off after 5 days of failed deliveries' }),
    failingSince: time.nullable(),
    createdAt: time,
  })
  .meta({ id: "WebhookEndpoint" });
export const CreatedWebhookEndpoint = z
  .object({ endpoint: WebhookEndpoint, secret: z.string().meta({ description: "The signing secret (whsec_…): shown this once only" }) })
  .meta({ id: "CreatedWebhookEndpoint" });
export const WebhookDelivery = z
  .object({
    id: z.string(),
    eventId: z.string().meta({ description: "The webhook-id header of every attempt" }),
    eventType: z.string(),
    status: z.enum(["pending", "succeeded", "failed"]),
    attempts: z.int(),
    lastAttemptAt: time.nullable(),
    nextAttemptAt: time.nullable(),
    createdAt: time,
    tries: z.array(
      z.object({
        attempt: z.int(),
        statusCode: z.int().nullable(),
        latencyMs: z.int(),
        responseExcerpt: z.string().nullable(),
        error: z.string().nullable(),
        manual: z.boolean(),
        createdAt: time,
      }),
    ),
  })
  .meta({ id: "WebhookDelivery" });
export const WebhookDeliveries = z.object({ deliveries: z.array(WebhookDelivery), pagination }).meta({ id: "WebhookDeliveries" });

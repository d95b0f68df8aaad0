import { z } from "zod";
import { time } from "../contract/fields.ts";
import type { Sent } from "../contract/sent.ts";
import type { Agent, AgentMcpServer, MeetingPlatform } from "../generated/prisma/client.ts";
import { platformField } from "../meetings/serialize.ts";
import { providerKind } from "../providers/queries.ts";
import { mcpServerResponse, serializeMcpServer } from "../tools/stored-mcp-server.ts";
import { builtinAudiences } from "../tools/tool-policies.ts";
import { agentRetirements, hasRetired } from "../providers/retirements.ts";
import type { KeyStanding } from "./key-checks.ts";
import { leavingOf, leavingSchema } from "./leaving.ts";
import { missingKeys } from "../providers/missing-keys.ts";

export const agentResponse = z
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
    recordMeetings: z.boolean().meta({ description: "Records each meeting's audio, announced to the meeting at admission (docs/recordings.md)" }),
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
    joinLeadMinutes: z
      .int()
      .nullable()
      .meta({ description: "Minutes before a scheduled meeting's start the agent joins (0–15); null: the server's default (MEETING_JOIN_LEAD_SECONDS)" }),
    requireConfirmation: z.boolean(),
    whitelistedEmails: z.array(z.string()),
    accessControlEnabled: z.boolean(),
    zoomAppKey: z.string().nullable(),
    zoomHasSecret: z.boolean(),
    zoomSecretHint: z.string().nullable(),
    botSession: z
      .object({
        provider: z.enum(["google", "microsoft"]),
        label: z.string(),
        uploadedAt: time,
        expiresAt: time.nullable().meta({ description: "When the session's latest cookie expires; null: no cookie says" }),
        signInAgain: z.boolean().meta({ description: "The session expired, or a meeting found the bot no longer signed in: upload a new one" }),
      })
      .nullable()
      .meta({ description: "The signed-in bot's browser session (issue 27): never the session itself, only whose it is and its dates" }),
    mcpServers: z.array(mcpServerResponse),
    leaving: leavingSchema,
    chatEntryEnabled: z.boolean().meta({ description: "On admission the agent writes its entry message in the meeting's chat" }),
    chatEntryText: z.string().nullable().meta({ description: "The entry message; null: the default, \"<agent> (Cohost) is here to help and transcribes this meeting for <owner>.\" in the agent's language" }),
    chatAnswerAloud: z.boolean().meta({ description: "A question typed in the chat is answered aloud too (always in the chat)" }),
    builtinTools: z
      .record(z.string(), z.enum(["owner", "everyone", "off"]))
      .meta({ description: "Who may use each built-in tool in a meeting: the owner only, everyone, or nobody (docs/tools.md, \"Who may use which tool\")" }),
    nextMeeting: z.object({ id: z.string(), title: z.string(), meetingUrl: z.string(), platform: platformField, scheduledStart: time }).nullable(),
    openMeetings: z.int(),
    retiringModels: z
      .array(z.object({ kind: providerKind, providerId: z.string(), model: z.string(), retiresOn: z.iso.date(), replacement: z.string(), retired: z.boolean() }))
      .meta({ description: "The agent's models that retire within 30 days or have retired, with what to pick instead" }),
    missingKeys: z
      .array(providerKind)
      .meta({ description: "Steps whose provider needs a key and has none stored: the agent needs keys and is not sent to meetings (409)" }),
    keyProblems: z
      .array(z.object({ kind: providerKind, providerId: z.string(), source: z.enum(["test", "meeting"]), at: time, meetingId: z.string().nullable() }))
      .meta({ description: "Stored keys the provider refused, at the last Test key or in the last meeting, unless a later check or a new key says otherwise" }),
    untestedKeys: z
      .array(providerKind)
      .meta({ description: "Steps whose stored key no Test key has passed since it was saved (and none refused): a hint to test it" }),
    createdAt: time,
    updatedAt: time,
  })
  .meta({ id: "Agent", description: "Keys never leave the server: only whether one is stored and a masked hint." });

export interface NextMeeting {
  id: string;
  title: string;
  meetingUrl: string;
  platform: MeetingPlatform;
  scheduledStart: Date;
}
export interface MeetingSummary {
  /** The earliest meeting still scheduled for this agent. */
  nextMeeting: NextMeeting | null;
  /** Scheduled or running meetings: what deleting the agent would cancel. */
  openMeetings: number;
}
const NO_MEETINGS: MeetingSummary = { nextMeeting: null, openMeetings: 0 };

/** What a query must include for serializeAgent: the agent's tool servers, in the user's order. */
export const WITH_MCP_SERVERS = { mcpServers: { orderBy: [{ position: "asc" as const }, { id: "asc" as const }] } };

/**
 * The API shape of an agent. Secrets never leave the server: only whether one is stored
 * (`sttHasKey`, …) and a masked hint (`sk-…9f2c`); for tool servers, the token's hint and the names
 * of their headers.
 */
export function serializeAgent(a: Agent & { mcpServers: AgentMcpServer[] }, meetings: MeetingSummary = NO_MEETINGS, keys: KeyStanding = { problems: [], untested: [] }) {
  return {
    id: a.id,
    status: a.status,
    name: a.name,
    description: a.description,
    language: a.language,
    wakeWord: a.wakeWord,
    manualActivation: a.manualActivation,
    transcript: a.transcript,
    summaries: a.summaries,
    recordMeetings: a.recordMeetings,
    timeZone: a.timeZone,
    sttProviderId: a.sttProviderId,
    sttHasKey: a.sttApiKeyEnc !== null,
    sttKeyHint: a.sttApiKeyHint,
    sttExtraParams: a.sttExtraParams as Record<string, unknown>,
    aiProviderId: a.aiProviderId,
    aiHasKey: a.aiApiKeyEnc !== null,
    aiKeyHint: a.aiApiKeyHint,
    aiExtraParams: a.aiExtraParams as Record<string, unknown>,
    ttsProviderId: a.ttsProviderId,
    ttsHasKey: a.ttsApiKeyEnc !== null,
    ttsKeyHint: a.ttsApiKeyHint,
    ttsExtraParams: a.ttsExtraParams as Record<string, unknown>,
    meetingPlatform: a.meetingPlatform,
    joinLeadMinutes: a.joinLeadMinutes,
    requireConfirmation: a.requireConfirmation,
    whitelistedEmails: a.whitelistedEmails,
    accessControlEnabled: a.accessControlEnabled,
    zoomAppKey: a.zoomAppKey,
    zoomHasSecret: a.zoomAppSecretEnc !== null,
    zoomSecretHint: a.zoomAppSecretHint,
    botSession: botSessionOf(a),
    mcpServers: a.mcpServers.map(serializeMcpServer),
    leaving: leavingOf(a),
    chatEntryEnabled: a.chatEntryEnabled,
    chatEntryText: a.chatEntryText,
    chatAnswerAloud: a.chatAnswerAloud,
    builtinTools: builtinAudiences(a.builtinToolAudience),
    /** Models of this agent that are retired or retire within 30 days (docs/providers.md "Retiring models"). */
    retiringModels: agentRetirements(a).map((r) => ({ ...r, retired: hasRetired(r) })),
    /** Steps whose provider needs a key and has none: the agent "Needs keys" and is not sent to meetings. */
    missingKeys: missingKeys(a),
    /** Stored keys a provider refused, at the last Test key or in the last meeting (docs/providers.md "Keys an agent needs"). */
    keyProblems: keys.problems,
    untestedKeys: keys.untested,
    nextMeeting: meetings.nextMeeting,
    openMeetings: meetings.openMeetings,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  } satisfies SentAgent;
}

/** Whose session the bot carries and its dates; the session itself is never sent. */
function botSessionOf(a: Agent) {
  if (!a.botSessionEnc || !a.botSessionUploadedAt) return null;
  const expired = a.botSessionExpiresAt !== null && a.botSessionExpiresAt <= new Date();
  return {
    provider: a.botSessionProvider === "microsoft" ? ("microsoft" as const) : ("google" as const),
    label: a.botSessionLabel ?? "",
    uploadedAt: a.botSessionUploadedAt,
    expiresAt: a.botSessionExpiresAt,
    signInAgain: expired || a.botSessionRejectedAt !== null,
  };
}

/**
 * The response schema, but for meetingPlatform: its column shares the meetings' enum (with "room"),
 * though an agent's is only ever written through agentInputSchema, which has none.
 */
type SentAgent = Omit<Sent<typeof agentResponse>, "meetingPlatform"> & { meetingPlatform: MeetingPlatform };

export type AgentDto = ReturnType<typeof serializeAgent>;
